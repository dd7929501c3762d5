// Decoded views of a field: what is left alone, how each encoding maps back, windows, bounds, sharing.
import { describe, expect, test } from "bun:test";
import { UNLIMITED, type Budget } from "../../engine/budget.ts";
import { DEFAULT_DECODE_LIMITS, createDecodeState, decodedViews, fieldViews, type DecodeLimits } from "./decoded-views.ts";
import type { TextView } from "./text-view.ts";

// Harmless sample values, built from parts: no real credential is ever written down whole.
const WORD = ["decoded", "needle", "value"].join("-");
const b64 = (s: string) => Buffer.from(s).toString("base64");
const b64url = (s: string) => Buffer.from(s).toString("base64url");
const hex = (s: string) => Buffer.from(s).toString("hex");
const percent = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");
const xEscapes = (s: string) => [...Buffer.from(s)].map((b) => `\\x${b.toString(16).padStart(2, "0")}`).join("");
const uEscapes = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

const viewsOf = (text: string, limits: DecodeLimits = DEFAULT_DECODE_LIMITS, budget: Budget = UNLIMITED) =>
  decodedViews(text, createDecodeState(limits), budget);

/** The original span of `needle` as read in the last (most decoded) view. */
function spanOf(text: string, needle: string): { view: TextView; start: number; end: number } {
  const { views } = viewsOf(text);
  const view = views[views.length - 1]!;
  const at = view.text.indexOf(needle);
  expect(at).toBeGreaterThanOrEqual(0);
  const span = view.toOriginal(at, at + needle.length)!;
  return { view, ...span };
}

describe("decodedViews: what is left alone", () => {
  test("a text with nothing to fold or decode is its only view", () => {
    expect(viewsOf("git status && npm test -- --watch").views).toHaveLength(1);
  });

  const sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  const gitSha = "34ced7df7042637a2740e61a8ee9f281faef6a07";
  const uuid = "c36a4336-c36a-4c36-ac36-c36cbc1432f0";
  const integrity = `sha512-${Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 97 + 13) % 256)).toString("base64")}`;
  const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 90 }, (_, i) => (i * 31 + 7) % 256)]).toString("base64")}`;
  const jwt = [b64url('{"alg":"HS256","typ":"JWT"}'), b64url('{"sub":"1234567890","name":"Jo"}'), "c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU"].join(".");
  for (const [name, text] of [
    ["sha256 hex digest", `sha256: ${sha256}`],
    ["git SHA", `commit ${gitSha}`],
    ["UUID", `request_id: ${uuid}`],
    ["npm integrity", `"integrity": "${integrity}"`],
    ["image data URI", `<img src="${png}">`],
    ["JWT", `Bearer ${jwt}`],
    ["dotted bot token opening with a base64 number", `token: ${b64("4539148803436467")}.Xk3bQw.${"Zq8vLm2Nc7Rt5Wp1Ks9Hd4Fj6Gb"}`],
    ["camel-case identifiers and paths", "getElementsByTagName /Users/someone/Projects/ServiceGateway"],
    ["a MAC address and CSS colours", "ether 3c:22:fb:7a:41:5e  color: #2e3440; background: #4c566a"],
    ["an HTML page with a few character references", "<p>Don&#39;t panic &#8212; it&#39;s fine</p>"],
    ["a query string with short = values", "https://example.com/?a=1F&b=2C&c=3D"],
    ["an SSH key fingerprint", "MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48"],
  ] as const) {
    test(`${name}: no derived view`, () => expect(viewsOf(text)).toEqual({ views: [expect.anything()], undecoded: false }));
  }
});

describe("decodedViews: each encoding maps back to the run that hides it", () => {
  const cases: [string, (s: string) => string][] = [
    ["base64", b64],
    ["base64url without padding", (s) => b64url(`${s}??>>`)],
    ["hex", hex],
    ["upper-case hex", (s) => hex(s).toUpperCase()],
    ["mixed-case hex with 0x", (s) => `0x${[...hex(s)].map((c, i) => (i % 3 ? c : c.toUpperCase())).join("")}`],
    ["\\x escapes", xEscapes],
    ["\\u escapes", uEscapes],
    ["octal escapes", (s) => [...Buffer.from(s)].map((b) => `\\${b.toString(8).padStart(3, "0")}`).join("")],
    ["\\u{} escapes", (s) => [...s].map((c) => `\\u{${c.charCodeAt(0).toString(16)}}`).join("")],
    ["decimal HTML character references", (s) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join("")],
    ["hex HTML character references with letters between", (s) => [...s].map((c, i) => (i % 2 ? c : `&#x${c.charCodeAt(0).toString(16)};`)).join("")],
    ["quoted-printable", (s) => [...Buffer.from(s)].map((b) => `=${b.toString(16).padStart(2, "0").toUpperCase()}`).join("")],
    ["hex bytes separated by colons", (s) => [...Buffer.from(s)].map((b) => b.toString(16).padStart(2, "0")).join(":")],
    ["a C array of 0x bytes", (s) => [...Buffer.from(s)].map((b) => `0x${b.toString(16).padStart(2, "0")}`).join(", ")],
    ["base64 of UTF-16LE (PowerShell -EncodedCommand)", (s) => Buffer.from(s, "utf16le").toString("base64")],
  ];
  for (const [name, encode] of cases) {
    test(name, () => {
      const run = encode(`key=${WORD}`);
      const text = `send ${run} now`;
      const { start, end } = spanOf(text, WORD);
      expect(text.slice(start, end)).toBe(run);
    });
  }

  test("percent escapes map escape by escape, plain characters one to one", () => {
    const text = `q=${percent("de")}coded-needle-value&x=1`;
    const { start, end } = spanOf(text, WORD);
    expect(text.slice(start, end)).toBe(`${percent("de")}coded-needle-value`);
  });

  test("percent escapes of full-width letters: decoded, then folded", () => {
    const wide = [...WORD].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join("");
    const run = percent(wide);
    const text = `u=${run}&v=2`;
    const { start, end } = spanOf(text, WORD);
    expect(text.slice(start, end)).toBe(run);
  });

  test("percent escapes of zero-width characters splitting a value: decoded, then removed", () => {
    const run = [...WORD].map((c) => `${c}${percent("\u200b")}`).join("");
    const text = `q=${run}`;
    const { start, end } = spanOf(text, WORD);
    expect(text.slice(start, end)).toBe(run.slice(0, -percent("\u200b").length));
  });

  test("zero-width characters split a value: the span covers them", () => {
    const split = [...WORD].join("\u200b");
    const text = `token ${split} end`;
    const { start, end } = spanOf(text, WORD);
    expect(text.slice(start, end)).toBe(split);
  });

  test("bidi controls and soft hyphens are removed", () => {
    const hidden = `deco\u202eded-nee\u00addle-va\u2066lue`;
    const { start, end } = spanOf(`a ${hidden} b`, WORD);
    expect(`a ${hidden} b`.slice(start, end)).toBe(hidden);
  });

  test("full-width letters fold one to one", () => {
    const wide = [...WORD].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join("");
    const text = `id: ${wide}.`;
    const { view, start, end } = spanOf(text, WORD);
    expect([text.slice(start, end), view.toOriginal(2, 3)]).toEqual([wide, { start: 2, end: 3 }]);
  });

  test("mathematical letters (two code units each) fold to one", () => {
    const bold = [..."decoded"].map((c) => String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97)).join("");
    const text = `x ${bold}-needle-value y`;
    const { start, end } = spanOf(text, WORD);
    expect(text.slice(start, end)).toBe(`${bold}-needle-value`);
  });

  test("base64 of hex is read two layers down and maps to the outer run", () => {
    const run = b64(hex(`key=${WORD}`));
    const text = `blob ${run}`;
    const { views } = viewsOf(text);
    expect(views.map((v) => v.depth)).toEqual([0, 1, 2]);
    const { start, end } = spanOf(text, WORD);
    expect(text.slice(start, end)).toBe(run);
  });

  test("percent-encoded base64 (padding and plus escaped) is read two layers down", () => {
    const inner = b64(`~>key=${WORD}~>`).replace(/\+/g, "%2B").replace(/=/g, "%3D");
    expect(inner).toMatch(/^[A-Za-z0-9]{16,}%2B.*%3D$/);
    const { start, end } = spanOf(`v=${inner}&y`, WORD);
    expect(`v=${inner}&y`.slice(start, end)).toBe(inner);
  });

  test("line-wrapped base64 in a PEM-like block is read as one run", () => {
    const body = b64(`${"config line with some words\n".repeat(4)}key=${WORD}\n`);
    const wrapped = body.match(/.{1,64}/g)!.join("\n");
    const text = `-----BEGIN CONFIG-----\n${wrapped}\n-----END CONFIG-----`;
    const { start, end } = spanOf(text, WORD);
    expect(text.slice(start, end)).toBe(wrapped);
  });

  test("base64 of ordinary prose is decoded but holds nothing", () => {
    const { views } = viewsOf(`note ${b64("the meeting moved to Thursday afternoon")}`);
    expect(views[1]!.text).toContain("the meeting moved to Thursday afternoon");
  });
});

describe("decodedViews: windows", () => {
  const far = `${"lorem ipsum ".repeat(2000)}key ${b64(`v=${WORD}`)} ${"dolor sit ".repeat(2000)}`;

  test("a long text with one change gives a view of the change and its context", () => {
    const { views } = viewsOf(far);
    expect(views[1]!.text.length).toBeLessThan(1000);
    const { start, end } = spanOf(far, WORD);
    expect(far.slice(start, end)).toBe(b64(`v=${WORD}`));
  });

  test("a span across the gap between two windows maps to nothing", () => {
    const two = `${b64(`a=${WORD}`)}${" pad".repeat(500)} ${b64(`b=${WORD}`)}`;
    const view = viewsOf(two).views[1]!;
    const gap = view.text.indexOf("\n");
    expect(gap).toBeGreaterThan(0);
    expect(view.toOriginal(gap - 2, gap + 2)).toBeUndefined();
  });
});

describe("decodedViews: bounds", () => {
  const run = (i: number) => b64(`field ${i} holds ${WORD}`);

  test("more runs than a field may decode: the rest is undecoded", () => {
    const limits = { ...DEFAULT_DECODE_LIMITS, maxRunsPerField: 2 };
    expect(viewsOf([1, 2, 3].map(run).join(" "), limits).undecoded).toBe(true);
    expect(viewsOf([1, 2].map(run).join(" "), limits).undecoded).toBe(false);
  });

  test("the decoded characters of an event are shared by its fields", () => {
    const state = createDecodeState({ ...DEFAULT_DECODE_LIMITS, maxDecodedChars: 40 });
    expect(decodedViews(run(1), state, UNLIMITED).undecoded).toBe(false);
    expect(decodedViews(run(2), state, UNLIMITED)).toMatchObject({ undecoded: true, views: [expect.anything()] });
  });

  test("an encoding nested deeper than maxDepth is undecoded", () => {
    const nested = b64(b64(b64(`key=${WORD}`)));
    expect(viewsOf(nested).undecoded).toBe(true);
    expect(viewsOf(b64(b64(`key=${WORD}`))).undecoded).toBe(false);
  });

  test("a spent budget stops decoding", () => {
    const spent: Budget = { ...UNLIMITED, spent: () => true, spentNow: () => true };
    expect(viewsOf(run(1), DEFAULT_DECODE_LIMITS, spent).views).toHaveLength(1);
  });
});

describe("fieldViews: once per event", () => {
  const text = `x ${b64(`key=${WORD}`)}`;
  const fields = [{ path: "payload.text", text }];

  test("the second detector to ask gets the views the first decoded", () => {
    const first = fieldViews(fields, 0, text, UNLIMITED);
    expect(first.views).toHaveLength(2);
    expect(fieldViews(fields, 0, text, UNLIMITED)).toBe(first);
  });

  test("another event, or the same field read differently, is decoded afresh", () => {
    const first = fieldViews(fields, 0, text, UNLIMITED);
    expect(fieldViews([...fields], 0, text, UNLIMITED)).not.toBe(first);
    expect(fieldViews(fields, 0, ` ${text.slice(1)}`, UNLIMITED)).not.toBe(first);
  });
});

describe("decodedViews: query strings and form bodies", () => {
  test("a form value reads `+` as a space and its escapes as bytes, in one step", () => {
    const text = `a=1&note=call+me%2C+${WORD}+%2B1&z=2`;
    const { views } = viewsOf(text);
    expect(views.map((v) => v.text)).toEqual([text, `a=1&note=call me, ${WORD} +1&z=2`]);
    const { start, end } = spanOf(text, `${WORD} +1`);
    expect(text.slice(start, end)).toBe(`call+me%2C+${WORD}+%2B1`);
  });

  test("a value that decodes as base64 text stays base64, plus signs and all", () => {
    const encoded = b64(`${WORD}>>${WORD}>`);
    expect(encoded).toContain("+");
    const { views } = viewsOf(`data=${encoded}`);
    expect(views.at(-1)!.text).toBe(`data=${WORD}>>${WORD}>`);
  });

  test("a `+` in code or prose is no form value", () => {
    expect(viewsOf("let total = price + tax; x == y+1").views).toHaveLength(1);
  });
});
