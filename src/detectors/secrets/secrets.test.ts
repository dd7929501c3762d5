import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import type { DetectorOutcome } from "../../engine/detector.ts";
import { createInspectedEvent } from "../../engine/inspected-event.ts";
import type { GuardEvent, Redaction } from "../../wire/guard-event.ts";
import negativeCases from "./fixtures/negative.json";
import positiveCases from "./fixtures/positive.json";
import tableCases from "./fixtures/tables.json";
import encodedNegative from "./fixtures/encoded-negative.json";
import encodedPositive from "./fixtures/encoded-positive.json";
import data4Negative from "./fixtures/data4-negative.json";
import data4Positive from "./fixtures/data4-positive.json";
import data4Round2 from "./fixtures/data4-round2.json";
import data4Round3 from "./fixtures/data4-round3.json";
import { secretsDetector, type SecretsConfig } from "./index.ts";
import { hasValidTokenChecksum } from "./token-checks.ts";
import { describeDecoding, inspectWith, makeEvent } from "../test-support.ts";

interface Fixture {
  name: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Secret values planted in the payload; each must be found exactly and never echoed. */
  planted?: string[];
  expect: { decision: string; categories?: string[]; check_ids?: string[] };
}


const inspect = (event: GuardEvent, config: SecretsConfig = secretsDetector.defaultConfig): DetectorOutcome => inspectWith(secretsDetector, event, config);

const unique = (values: readonly (string | undefined)[]): string[] =>
  [...new Set(values.filter((v): v is string => v !== undefined))].sort();

/** The text of every string leaf, by path, as findings address them. */
function textsOf(event: GuardEvent): Map<string, string> {
  return new Map(createInspectedEvent(event).texts().map((f) => [f.path, f.text]));
}

function expectFixture(fixture: Fixture): void {
  const event = makeEvent(fixture.kind, fixture.payload);
  const outcome = inspect(event);
  expect(outcome.decision).toBe(fixture.expect.decision as DetectorOutcome["decision"]);
  if (fixture.expect.categories) {
    expect(unique(outcome.findings.map((f) => f.category))).toEqual(unique(fixture.expect.categories));
  }
  if (fixture.expect.check_ids) {
    expect(unique(outcome.findings.map((f) => f.check_id))).toEqual(unique(fixture.expect.check_ids));
  }
  const texts = textsOf(event);
  const found = outcome.findings.map((f) => texts.get(f.path!)!.slice(f.start, f.end));
  const serialized = JSON.stringify(outcome);
  for (const secret of fixture.planted ?? []) {
    expect(found).toContain(secret);
    expect(serialized).not.toContain(secret);
  }
}

describe("secrets detector: positive fixtures", () => {
  test("the corpus is large enough", () => expect(positiveCases.length).toBeGreaterThanOrEqual(40));
  for (const fixture of positiveCases as Fixture[]) test(fixture.name, () => expectFixture(fixture));
});

describe("secrets detector: negative fixtures", () => {
  test("the corpus is large enough", () => expect(negativeCases.length).toBeGreaterThanOrEqual(30));
  for (const fixture of negativeCases as Fixture[]) test(fixture.name, () => expectFixture(fixture));
});
// Credentials where they really appear (argv options, prose in several languages, setters,
// unfamiliar config keys) and their neighbours: references, placeholders, prose about passwords.
describe("secrets detector: credentials in use", () => {
  for (const fixture of data4Positive as Fixture[]) test(`finds ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of data4Negative as Fixture[]) test(`allows ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of data4Round2 as Fixture[]) test(`judges ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of data4Round3 as Fixture[]) test(`judges ${fixture.name}`, () => expectFixture(fixture));
});

// Credentials in table exports, query results and INSERT statements, named by their column.
describe("secrets detector: tables", () => {
  for (const fixture of tableCases as Fixture[]) test(fixture.name, () => expectFixture(fixture));
});


describeDecoding("secrets detector", (event) => inspect(event), { positive: encodedPositive as Fixture[], negative: encodedNegative as Fixture[] }, expectFixture);

describe("findings and redactions", () => {
  const token = `ghp_${"aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1"}xYz12A`;
  const password = "Vq7#Lm2!Rx9z";
  const text = `clone with ${token} and DB_PASSWORD=${password} please`;
  const outcome = inspect(makeEvent("model_output", { text }));

  test("pair every finding with a redaction over the same span and category", () => {
    expect(outcome.findings).toHaveLength(2);
    expect(outcome.redactions).toHaveLength(2);
    for (const [i, finding] of outcome.findings.entries()) {
      const redaction = outcome.redactions![i]!;
      expect(redaction).toMatchObject({
        path: finding.path,
        start: finding.start,
        end: finding.end,
        category: finding.category,
      });
      expect(redaction.fingerprint).not.toContain(text.slice(finding.start, finding.end));
    }
  });

  test("label placeholders by secret type, and describe findings generically", () => {
    expect(outcome.redactions!.map((r) => r.label)).toEqual(["GITHUB_TOKEN", "PASSWORD"]);
    expect(outcome.findings[0]).toMatchObject({
      detector: "secrets",
      severity: "high",
      check_id: "secrets.github_token",
      title: "GitHub token",
    });
    expect(outcome.findings[1]).toMatchObject({ severity: "medium", check_id: "secrets.password_assignment" });
    expect(outcome.reasons).toEqual(["2 credential(s) found: api_key, password"]);
  });

  test("give one value one fingerprint wherever it appears", () => {
    const twice = inspect(makeEvent("tool_call", { a: `x ${token}`, b: { c: `${token} y` } }));
    const [first, second] = twice.redactions!;
    expect(first!.fingerprint).toBe(second!.fingerprint);
    expect(first!.path).toBe("payload.a");
    expect(second!.path).toBe('payload.b.c');
  });

  test("rate live payment keys critical and test keys low", () => {
    const live = inspect(makeEvent("model_output", { text: `sk_live_${"4fR9kL2mN7pQ1sT6vX3zB8cD5gH0jW2y"}` }));
    const testKey = inspect(makeEvent("model_output", { text: `sk_test_${"4fR9kL2mN7pQ1sT6vX3zB8cD5gH0jW2y"}` }));
    expect(live.findings[0]!.severity).toBe("critical");
    expect(testKey.findings[0]!.severity).toBe("low");
  });
});

describe("github token checksum", () => {
  const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const encode = (n: number): string => {
    let out = "";
    for (let v = n; v > 0; v = Math.floor(v / 62)) out = base62[v % 62] + out;
    return out.padStart(6, "0");
  };
  const body = "Zq8vT3nL0pX7rW2kJ5mF9hB1cD4gY6";
  const valid = `ghp_${body}${encode(Bun.hash.crc32(body))}`;

  test("accept a token whose last six characters are the base62 CRC32 of its body", () => {
    expect(hasValidTokenChecksum(valid)).toBe(true);
    expect(hasValidTokenChecksum(`${valid.slice(0, -1)}${valid.endsWith("A") ? "B" : "A"}`)).toBe(false);
  });

  test("score checksummed tokens above merely well-shaped ones", () => {
    const invalid = `ghp_${body}Q7w2Zk`;
    const scores = [valid, invalid].map((t) => inspect(makeEvent("model_output", { text: t })).findings[0]!.score!);
    expect(scores[0]!).toBeGreaterThan(scores[1]!);
  });
});

describe("exec env_keys", () => {
  test("flag secret-named variables as a low-severity signal without redacting", () => {
    const outcome = inspect(
      makeEvent("exec", { argv: ["make", "deploy"], env_keys: ["PATH", "AWS_SECRET_ACCESS_KEY", "PWD", "NPM_TOKEN"] }),
    );
    expect(outcome.decision).toBe("allow");
    expect(outcome.redactions).toBeUndefined();
    expect(outcome.findings).toEqual([
      expect.objectContaining({ path: "payload.env_keys[1]", start: 0, end: 21, severity: "low", check_id: "secrets.env_secret_passed", category: "security.secret_leak" }),
      expect.objectContaining({ path: "payload.env_keys[3]", start: 0, end: 9 }),
    ]);
  });

  test("ignore env_keys outside exec events", () => {
    const outcome = inspect(makeEvent("tool_call", { env_keys: ["GITHUB_TOKEN"] }));
    expect(outcome.findings).toEqual([]);
  });
});

describe("redacted encoding", () => {
  test("skip spans that are placeholders already and still find the rest", () => {
    const planted = "AKIAZ3MQWE7RT2YUP4LK";
    const placeholder = "${SVC_GITHUB_TOKEN_1}";
    const text = `token ${placeholder} key ${planted}`;
    const start = text.indexOf(placeholder);
    const redactions: Redaction[] = [{ path: "payload.text", start, end: start + placeholder.length }];
    const outcome = inspect(makeEvent("model_output", { text }, { content_encoding: "redacted", redactions }));
    expect(outcome.findings.map((f) => [f.check_id, text.slice(f.start, f.end)])).toEqual([
      ["secrets.aws_access_key", planted],
    ]);
  });

  test("do not report a credential-shaped value inside an already redacted span", () => {
    const text = `export GITHUB_TOKEN=ghp_${"Zq8vT3nL0pX7rW2kJ5mF9hB1cD4gY6"}sA8eR0`;
    const start = text.indexOf("ghp_");
    const redactions: Redaction[] = [{ path: "payload.text", start, end: text.length }];
    const outcome = inspect(makeEvent("model_output", { text }, { content_encoding: "redacted", redactions }));
    expect(outcome.decision).toBe("allow");
    expect(outcome.findings).toEqual([]);
  });
});

describe("configuration", () => {
  test("the default configuration validates against the schema", () => {
    expect(Value.Check(secretsDetector.configSchema, secretsDetector.defaultConfig)).toBe(true);
    expect(Value.Check(secretsDetector.configSchema, { decision: "allow" })).toBe(false);
    expect(Value.Check(secretsDetector.configSchema, { unknown: 1 })).toBe(false);
  });

  test("block instead of redact when configured", () => {
    const outcome = inspect(makeEvent("model_output", { text: "AKIAZ3MQWE7RT2YUP4LK" }), { decision: "block" });
    expect(outcome.decision).toBe("block");
    expect(outcome.redactions).toHaveLength(1);
  });

  test("a stricter min_entropy drops weak generic passwords but keeps provider tokens", () => {
    const text = "password=hunter22x AKIAZ3MQWE7RT2YUP4LK";
    expect(inspect(makeEvent("model_output", { text })).findings).toHaveLength(2);
    const strict = inspect(makeEvent("model_output", { text }), { min_entropy: 4 });
    expect(strict.findings.map((f) => f.check_id)).toEqual(["secrets.aws_access_key"]);
  });
});

describe("large and unextracted payloads", () => {
  test("scan a 1 MiB text and find a key planted at its end", () => {
    const planted = "AKIAZ3MQWE7RT2YUP4LK";
    const filler = "lorem ipsum dolor sit amet, token count 42; see https://example.org/keys. ";
    const text = `${filler.repeat(Math.ceil((1 << 20) / filler.length)).slice(0, (1 << 20) - planted.length - 1)} ${planted}`;
    const outcome = inspect(makeEvent("tool_result", { output: text }));
    expect(outcome.findings).toHaveLength(1);
    expect(outcome.findings[0]!.start).toBe(text.length - planted.length);
  });

  test("report fields too large to extract as unjudged", () => {
    const outcome = inspect(makeEvent("tool_result", { small: "ok", huge: "a".repeat((1 << 20) + 1) }));
    expect(outcome.unjudged).toEqual(["payload.huge"]);
    expect(outcome.decision).toBe("allow");
  });
});
