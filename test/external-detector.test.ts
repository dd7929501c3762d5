// External detectors: a service of the tests' own on loopback, speaking GuardEvent in, Verdict
// out, named in a policy file with its timeout; its failures never become a 500 or a silent allow.
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadPolicyFile } from "../src/config/policy-file.ts";
import { BUILTIN_DETECTORS } from "../src/detectors/index.ts";
import type { PolicySet } from "../src/engine/policy-set.ts";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, startWarden, tempDir } from "./helpers.ts";

/** The timeout where the service answers: idle, it does in a few ms; room for a loaded machine. */
const ANSWERS_MS = 5_000;
/** The timeout where it never answers in time: "slow" requests are held until the file is done. */
const TIMES_OUT_MS = 100;

const seenAuth: (string | null)[] = [];
/** Where a redirect points: anything that reaches it is the event leaving for a host nobody named. */
const redirectedTo: string[] = [];
const elsewhere = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    redirectedTo.push(await request.text());
    return Response.json({ svc_version: "0.5", event_id: "x", guard_id: "x", provider: "elsewhere", decision: "allow" });
  },
});
let releaseSlow!: () => void;
const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
const service = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    seenAuth.push(request.headers.get("authorization"));
    const event = (await request.json()) as { event_id: string; guard_id: string; payload: { text?: string } };
    const text = event.payload.text ?? "";
    const verdict = (decision: string, extra: object = {}) =>
      Response.json({ svc_version: "0.5", event_id: event.event_id, guard_id: event.guard_id, provider: "acme", decision, ...extra });
    if (text.includes("slow")) await slowReleased;
    if (text.includes("crash")) return new Response("boom", { status: 500 });
    if (text.includes("garbage")) return Response.json({ decision: "maybe" });
    // An answer of 2 MiB: past the 1 MiB cap it is not read, let alone parsed.
    if (text.includes("huge")) return verdict("allow", { reasons: ["x".repeat(2 * 1024 * 1024)] });
    if (text.includes("redirect")) return new Response(null, { status: 307, headers: { location: `${elsewhere.url.href}v1/evaluate` } });
    if (text.includes("other-event")) return Response.json({ svc_version: "0.5", event_id: "another-event", guard_id: event.guard_id, provider: "acme", decision: "allow" });
    if (text.includes("forbidden")) {
      return verdict("block", {
        reasons: ["acme: forbidden topic"],
        findings: [{ category: "safety.illicit", severity: "high", score: 0.97, check_id: "acme.topic", matched: "forbidden words", path: "payload.text", start: 0, end: 9 }],
      });
    }
    return verdict("allow");
  },
});
const dir = tempDir();
afterAll(() => {
  releaseSlow();
  service.stop(true);
  elsewhere.stop(true);
  dir[Symbol.dispose]();
});

async function policySet(extra = "", timeoutMs = ANSWERS_MS): Promise<PolicySet> {
  const file = join(dir.path, `policy-${Math.random()}.yaml`);
  writeFileSync(file, `external:\n  - { id: acme, url: "${service.url.href}v1/evaluate", timeout_ms: ${timeoutMs}, kinds: [user_input], bearer_token_env: ACME_TOKEN }\n${extra}`);
  const loaded = await loadPolicyFile(file, BUILTIN_DETECTORS, { ACME_TOKEN: "acme-secret" });
  if (!loaded.ok) throw new Error(loaded.errors.join("\n"));
  return loaded.set;
}

const ask = async (set: PolicySet, text: string) => {
  await using w = await startWarden({ policySet: set });
  const res = await w.evaluate(makeEvent({ kind: "user_input", payload: { text } }));
  expect(res.status).toBe(200);
  return (await res.json()) as Verdict;
};

describe("external detectors", () => {
  test("its decision composes deny-wins, its findings are kept to the contract's fields", async () => {
    const verdict = await ask(await policySet(), "forbidden stuff");
    expect(verdict.decision).toBe("block");
    expect(verdict.reasons).toContain("acme: forbidden topic");
    const finding = verdict.findings!.find((f) => f.detector === "acme")!;
    expect(finding).toEqual({ category: "safety.illicit", detector: "acme", path: "payload.text", start: 0, end: 9, score: 0.97, severity: "high", check_id: "acme.topic" });
    expect(seenAuth.at(-1)).toBe("Bearer acme-secret");
  });

  test("an allow is an allow, and kinds it does not handle are abstentions", async () => {
    const set = await policySet();
    expect((await ask(set, "hello")).decision).toBe("allow");
    await using w = await startWarden({ policySet: set });
    const verdict = (await (await w.evaluate(makeEvent())).json()) as Verdict;
    const acme = (verdict["x.svc.providers"] as { provider: string; status: string }[]).find((p) => p.provider === "acme");
    expect(acme!.status).toBe("abstained");
  });

  for (const [name, text] of [
    ["a timeout", "slow"], ["a 500", "crash"], ["a malformed verdict", "garbage"],
    ["an answer over 1 MiB", "huge"], ["a redirect", "redirect"], ["a verdict about another event", "other-event"],
  ]) {
    test(`${name} leaves the action unjudged: held by default, allowed only by an explicit opt-out, blocked if the policy says so`, async () => {
      const timeoutMs = text === "slow" ? TIMES_OUT_MS : ANSWERS_MS;
      const held = await ask(await policySet("", timeoutMs), text!);
      expect(held.decision).toBe("require_approval");
      expect(held["x.svc.unjudged"]).toEqual(["payload"]);
      expect(held.findings!.map((f) => f.check_id)).toContain("policy.unjudged");
      const optedOut = await ask(await policySet("composition: { on_unjudged: { security: allow } }\n", timeoutMs), text!);
      expect(optedOut.decision).toBe("allow");
      expect(optedOut["x.svc.unjudged"]).toEqual(["payload"]);
      expect(optedOut["x.svc.unjudged_accepted"]).toBe(true);
      const strict = await ask(await policySet("composition: { on_timeout: block }\n", timeoutMs), text!);
      expect(strict.decision).toBe("block");
    });
  }

  test("a redirect is never followed: the event goes to no other host", () => {
    expect(redirectedTo).toEqual([]);
  });

  test("a missing token variable is a policy error", async () => {
    const file = join(dir.path, "no-token.yaml");
    writeFileSync(file, `external: [{ id: acme, url: "http://127.0.0.1:1/x", bearer_token_env: NOT_SET_ANYWHERE }]\n`);
    const loaded = await loadPolicyFile(file, BUILTIN_DETECTORS, {});
    expect(loaded.ok).toBe(false);
  });
});

describe("short_circuit", () => {
  const keyed = () => makeEvent({ kind: "user_input", payload: { text: `slow ${["AKIA", "Q3EGRVXM", "5PLTZ7WB"].join("")}` } });
  const acmeOf = (v: Verdict) => (v["x.svc.providers"] as { provider: string; status: string; reasons: string[] }[]).find((p) => p.provider === "acme")!;

  test("a local block means the external detector is not asked", async () => {
    const before = seenAuth.length;
    await using w = await startWarden({ policySet: await policySet("composition: { short_circuit: true }\ndetectors: { secrets: { config: { decision: block } } }\n", TIMES_OUT_MS) });
    const verdict = (await (await w.evaluate(keyed())).json()) as Verdict;
    expect(verdict.decision).toBe("block");
    expect(seenAuth.length).toBe(before);
    expect(acmeOf(verdict)).toMatchObject({ status: "abstained", reasons: ["skipped: another detector already blocked"] });
  });

  test("without a local block, or without short_circuit, it is asked", async () => {
    const before = seenAuth.length;
    await using w = await startWarden({ policySet: await policySet("composition: { short_circuit: true }\n", TIMES_OUT_MS) });
    expect(acmeOf((await (await w.evaluate(keyed())).json()) as Verdict).status).toBe("failed");
    await using v = await startWarden({ policySet: await policySet("detectors: { secrets: { config: { decision: block } } }\n", TIMES_OUT_MS) });
    expect(acmeOf((await (await v.evaluate(keyed())).json()) as Verdict).status).toBe("failed");
    expect(seenAuth.length).toBe(before + 2);
  });
});
