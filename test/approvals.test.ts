// Approvals over the real HTTP path: require_approval creates a request bound to the payload
// digest; an operator decides on the CLI; the same action then gets the human's answer, and a
// changed argument never inherits it. Expiry is driven by the injected clock.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, SLOW_TEST_MS, startWarden } from "./helpers.ts";

setDefaultTimeout(SLOW_TEST_MS);

type W = Awaited<ReturnType<typeof startWarden>>;
const main = join(import.meta.dir, "..", "src", "main.ts");
const risky = (guard: string, line = "neofetch") =>
  makeEvent({ guard_id: guard, kind: "tool_call", payload: { name: "Bash", arguments: { command: `echo '${line}' >> ~/.bashrc` } } });
const verdictOf = async (w: W, event: unknown) => (await (await w.evaluate(event)).json()) as Verdict;
const poll = async (w: W, guard: string) => {
  const res = await w.request("GET", `/v1/approvals?guard_id=${encodeURIComponent(guard)}`);
  return [res.status, await res.json()] as const;
};
const cli = (w: W, ...args: string[]) =>
  Bun.spawnSync([process.execPath, main, "approvals", ...args, "--workspace", "ws-test", "--data", w.dataDir, "--by", "alice"], { stdout: "pipe", stderr: "pipe" });

describe("approval flow", () => {
  test("pending, approved on the CLI, then allow for the same action only", async () => {
    await using w = await startWarden();
    w.clock.set(Date.now());
    const first = await verdictOf(w, risky("g-1"));
    expect(first.decision).toBe("require_approval");
    const approvalId = first["x.svc.approval_id"] as string;
    expect(approvalId).toMatch(/^apr_/);
    expect(await poll(w, "g-1")).toEqual([200, { status: "pending", payload_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), action_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }]);

    const shown = cli(w, "show", approvalId).stdout.toString();
    expect(shown).toContain("\"command\":\"echo 'neofetch' >> ~/.bashrc\"");
    expect(cli(w, "list", "--status", "pending").stdout.toString()).toContain(approvalId);
    expect(cli(w, "approve", approvalId, "--reason", "dotfiles setup").exitCode).toBe(0);

    const [status, body] = await poll(w, "g-1");
    expect([status, (body as { status: string }).status]).toEqual([200, "approved"]);
    expect((body as { decided_at: string }).decided_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const again = await verdictOf(w, risky("g-1"));
    expect(again.decision).toBe("allow");
    expect(again.reasons).toEqual(["approved by alice"]);
    // Approve X, run X': judged afresh, never allowed by X's approval.
    const changed = await verdictOf(w, risky("g-1", "export FOO=2"));
    expect(changed.decision).toBe("require_approval");
    expect(changed["x.svc.approval_id"]).toBeUndefined();
    // The poll names the action it is about, so a PEP holding X' can tell X's approval is not its own.
    const { payloadDigest } = await import("../src/engine/payload-digest.ts");
    const polled = (await poll(w, "g-1"))[1] as { payload_digest: string };
    expect(polled.payload_digest).toBe(payloadDigest(risky("g-1"))!);
    expect(polled.payload_digest).not.toBe(payloadDigest(risky("g-1", "export FOO=2"))!);
    // Terminal states never change.
    expect(cli(w, "deny", approvalId).exitCode).toBe(1);
  });

  test("denied means block for that action", async () => {
    await using w = await startWarden();
    w.clock.set(Date.now());
    const id = (await verdictOf(w, risky("g-2")))["x.svc.approval_id"] as string;
    expect(cli(w, "deny", id, "--reason", "not on this host").exitCode).toBe(0);
    const again = await verdictOf(w, risky("g-2"));
    expect(again.decision).toBe("block");
    expect(again.reasons![0]).toBe("denied by alice");
  });

  test("nothing is approved by waiting: expired behaves as denied", async () => {
    await using w = await startWarden();
    await verdictOf(w, risky("g-3"));
    w.clock.advance(15 * 60_000 + 1);
    expect(await poll(w, "g-3")).toEqual([200, { status: "expired", decided_at: expect.any(String), payload_digest: expect.any(String), action_digest: expect.any(String) }]);
    expect((await verdictOf(w, risky("g-3"))).decision).toBe("block");
  });

  test("an approval racing its expiry has one winner", async () => {
    await using w = await startWarden();
    const id = (await verdictOf(w, risky("g-4")))["x.svc.approval_id"] as string;
    const record = await w.runtime.storage.approvals.byId("ws-test", id, w.clock.now());
    const atExpiry = record!.expiresAt;
    const [approve, read] = await Promise.all([
      w.runtime.storage.approvals.decide("ws-test", id, "approved", "bob", null, atExpiry),
      w.runtime.storage.approvals.get("ws-test", "g-4", atExpiry),
    ]);
    expect(approve).toEqual({ ok: false, reason: "not_pending" });
    expect(read!.status).toBe("expired");
    const before = await w.runtime.storage.approvals.decide("ws-test", id, "approved", "bob", null, atExpiry - 1);
    expect(before).toEqual({ ok: false, reason: "not_pending" });
  });

  test("GET /v1/approvals: 400 without guard_id, 404 with a status key when unknown, per workspace", async () => {
    await using w = await startWarden();
    const missing = await w.request("GET", "/v1/approvals");
    expect([missing.status, await missing.json()]).toEqual([400, { error: "invalid_body", message: "guard_id is required" }]);
    expect(await poll(w, "nope")).toEqual([404, { status: "not_found" }]);
    await verdictOf(w, risky("g-5"));
    const other = await w.mintKey("ws-other");
    const res = await w.request("GET", "/v1/approvals?guard_id=g-5", { auth: other });
    expect(res.status).toBe(404);
    expect((await w.request("GET", "/v1/approvals?guard_id=g-5", { auth: null })).status).toBe(401);
  });
});

describe("receipts", () => {
  const b64json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

  async function approvedReceipt(w: W, guard: string) {
    const id = (await verdictOf(w, risky(guard)))["x.svc.approval_id"] as string;
    await w.runtime.storage.approvals.decide("ws-test", id, "approved", "alice", null, w.clock.now());
    const [, body] = await poll(w, guard);
    return (body as { receipt: string }).receipt;
  }

  /** What a PEP does offline: signature against the JWKS, then the receipt's own validity window. */
  async function verify(w: W, receipt: string, now = w.clock.now()): Promise<boolean> {
    const { ed25519 } = await import("@noble/curves/ed25519.js");
    const jwks = (await (await w.request("GET", "/.well-known/jwks.json", { auth: null })).json()) as { keys: { kid: string; x: string }[] };
    const [h, p, s] = receipt.split(".");
    const key = jwks.keys.find((k) => k.kid === b64json(h!).kid);
    if (!key) return false;
    if (!ed25519.verify(Buffer.from(s!, "base64url"), new TextEncoder().encode(`${h}.${p}`), Buffer.from(key.x, "base64url"))) return false;
    return now < Date.parse(b64json(p!).expires_at);
  }

  test("an approved request carries a receipt verifiable with nothing but the JWKS", async () => {
    await using w = await startWarden();
    const receipt = await approvedReceipt(w, "g-r");
    const [h, p] = receipt.split(".");
    expect(b64json(h!)).toMatchObject({ alg: "EdDSA", typ: "svc-receipt+jws" });
    const claims = b64json(p!);
    expect(claims).toMatchObject({ svc_version: "0.5", issuer: "warden", scope: "single_action", guard_id: "g-r", approver: "alice" });
    expect(claims.bindings).toEqual([{ kind: "tool_call", payload_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), action_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) }]);
    expect(Date.parse(claims.expires_at)).toBeGreaterThan(Date.parse(claims.approved_at));
    expect(await verify(w, receipt)).toBe(true);
    // Tampered claims fail; an expired receipt is recognisable from its own claims.
    const forged = { ...claims, bindings: [{ kind: "tool_call", payload_digest: `sha256:${"0".repeat(64)}` }] };
    expect(await verify(w, `${h}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${receipt.split(".")[2]}`)).toBe(false);
    expect(await verify(w, receipt, Date.parse(claims.expires_at) + 1)).toBe(false);
  });

  test("pending and denied requests carry no receipt; rotation keeps old receipts verifiable", async () => {
    await using w = await startWarden();
    await verdictOf(w, risky("g-p"));
    expect((await poll(w, "g-p"))[1]).toEqual({ status: "pending", payload_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), action_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    const old = await approvedReceipt(w, "g-old");
    const { openKeyring } = await import("../src/trust/signing-keys.ts");
    const { signingKeysPath } = await import("../src/runtime.ts");
    const { statSync } = await import("node:fs");
    expect(statSync(signingKeysPath(w.dataDir)!).mode & 0o777).toBe(0o600);
    openKeyring(signingKeysPath(w.dataDir), () => w.clock.now()).rotate(w.clock.now());
    const fresh = await approvedReceipt(w, "g-new");
    expect(b64json(fresh.split(".")[0]!).kid).not.toBe(b64json(old.split(".")[0]!).kid);
    expect(await verify(w, old)).toBe(true);
    expect(await verify(w, fresh)).toBe(true);
  });
});
