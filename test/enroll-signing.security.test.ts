// Enrollment and signed requests (RFC 7515 Appendix F, RFC 7797 b64:false, RFC 8037 EdDSA),
// with named suites for each attack. The signer here is the tests' own, written as a PEP would.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { ed25519 } from "@noble/curves/ed25519.js";
import { createHmac } from "node:crypto";
import type { Verdict } from "../src/wire/verdict.ts";
import { makeEvent, SLOW_TEST_MS, startWarden } from "./helpers.ts";

setDefaultTimeout(SLOW_TEST_MS);

type W = Awaited<ReturnType<typeof startWarden>>;
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const concat = (a: Uint8Array, b: Uint8Array) => new Uint8Array([...a, ...b]);

function pep() {
  const secret = ed25519.utils.randomSecretKey();
  return { secret, publicKey: b64url(ed25519.getPublicKey(secret)) };
}

function sign(body: string, kid: string, secret: Uint8Array, header: Record<string, unknown> = { alg: "EdDSA", kid, b64: false, crit: ["b64"] }) {
  const encoded = b64url(JSON.stringify(header));
  const signature = ed25519.sign(concat(new TextEncoder().encode(`${encoded}.`), new TextEncoder().encode(body)), secret);
  return `${encoded}..${b64url(signature)}`;
}

async function enroll(w: W, publicKey: unknown, extra: Record<string, unknown> = {}, key?: string) {
  const res = await w.request("POST", "/v1/enroll", { body: { public_key: publicKey, ...extra }, ...(key ? { auth: key } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

async function signedEvaluate(w: W, body: string, signature: string | undefined, key?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== undefined) headers["svc-batch-signature"] = signature;
  const res = await w.request("POST", "/v1/evaluate", { body, headers, ...(key ? { auth: key } : {}) });
  return { status: res.status, verdict: (await res.json()) as Verdict };
}

const claimed = () => JSON.stringify(makeEvent({ subject: { agent_id: "agent-1", attestation: "client_key" } }));

describe("POST /v1/enroll", () => {
  test("201 the first time, 200 for the same key, a new key_id for a new key under one guard_id", async () => {
    await using w = await startWarden();
    const a = pep();
    const first = await enroll(w, a.publicKey, { guard_id: "laptop-7", name: "claude hook" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ guard_id: "laptop-7", max_attestation: "client_key" });
    expect(first.body.key_id).toMatch(/^kid_/);
    const again = await enroll(w, a.publicKey, { guard_id: "laptop-7" });
    expect(again).toEqual({ status: 200, body: { guard_id: "laptop-7", key_id: first.body.key_id! } });
    const second = await enroll(w, pep().publicKey, { guard_id: "laptop-7" });
    expect(second.status).toBe(201);
    expect(second.body.key_id).not.toBe(first.body.key_id);
    const minted = await enroll(w, pep().publicKey);
    expect(minted.body.guard_id).toMatch(/^pep_/);
  });

  test("not a valid key is 400 invalid_public_key", async () => {
    await using w = await startWarden();
    for (const bad of [undefined, 42, "", "not base64!", b64url(new Uint8Array(31)), b64url(new Uint8Array(33)), b64url(new Uint8Array(32).fill(255))]) {
      expect(await enroll(w, bad)).toEqual({ status: 400, body: { error: "invalid_public_key" } });
    }
  });

  test("a revoked key is 403 key_revoked and can never be enrolled again", async () => {
    await using w = await startWarden();
    const a = pep();
    const { body } = await enroll(w, a.publicKey);
    await w.runtime.storage.pepKeys.revoke("ws-test", body.key_id!, w.clock.now());
    expect(await enroll(w, a.publicKey)).toEqual({ status: 403, body: { error: "key_revoked" } });
  });

  test("needs a workspace key", async () => {
    await using w = await startWarden();
    expect((await w.request("POST", "/v1/enroll", { body: { public_key: pep().publicKey }, auth: null })).status).toBe(401);
  });
});

describe("svc-batch-signature", () => {
  test("a valid signature raises the ceiling to the enrollment's; claims are still clamped", async () => {
    await using w = await startWarden();
    const a = pep();
    const { body } = await enroll(w, a.publicKey);
    const event = claimed();
    expect((await signedEvaluate(w, event, undefined)).verdict["x.svc.attestation"]).toBe("self_declared");
    const signed = await signedEvaluate(w, claimed(), undefined);
    expect(signed.verdict["x.svc.attestation"]).toBe("self_declared");
    const fresh = claimed();
    expect((await signedEvaluate(w, fresh, sign(fresh, body.key_id!, a.secret))).verdict["x.svc.attestation"]).toBe("client_key");
    await w.runtime.storage.pepKeys.setCeiling("ws-test", body.key_id!, "network");
    const lowered = claimed();
    expect((await signedEvaluate(w, lowered, sign(lowered, body.key_id!, a.secret))).verdict["x.svc.attestation"]).toBe("network");
  });

  test("ingest: the events of a signed batch are stored at the raised level", async () => {
    await using w = await startWarden();
    const a = pep();
    const { body } = await enroll(w, a.publicKey);
    const event = makeEvent({ subject: { agent_id: "x", attestation: "mtls" } });
    const batch = JSON.stringify({ batch: [event] });
    const res = await w.request("POST", "/v1/ingest", { body: batch, headers: { "content-type": "application/json", "svc-batch-signature": sign(batch, body.key_id!, a.secret) } });
    expect(res.status).toBe(207);
    expect((await w.runtime.storage.events.get("ws-test", event.event_id))!.attestation).toBe("mtls");
  });

  describe("attacks land at the self_declared floor, never rejected", () => {
    const setup = async () => {
      const w = await startWarden();
      const a = pep();
      const kid = (await enroll(w, a.publicKey)).body.key_id!;
      return { w, a, kid };
    };
    const floor = async (w: W, body: string, signature: string, key?: string) => {
      const res = await signedEvaluate(w, body, signature, key);
      expect(res.status).toBe(200);
      expect(res.verdict["x.svc.attestation"]).toBe("self_declared");
    };

    test("algorithm confusion: alg none, HS256 keyed with the public key, ES256", async () => {
      const { w, a, kid } = await setup();
      await using _ = w;
      const body = claimed();
      const none = b64url(JSON.stringify({ alg: "none", kid, b64: false, crit: ["b64"] }));
      await floor(w, body, `${none}..`);
      const hs = b64url(JSON.stringify({ alg: "HS256", kid, b64: false, crit: ["b64"] }));
      const mac = createHmac("sha256", Buffer.from(a.publicKey, "base64url")).update(`${hs}.${body}`).digest();
      await floor(w, body, `${hs}..${b64url(mac)}`);
      await floor(w, body, sign(body, kid, a.secret, { alg: "ES256", kid, b64: false, crit: ["b64"] }));
    });

    test("body tampering: one byte changed after signing", async () => {
      const { w, a, kid } = await setup();
      await using _ = w;
      const body = claimed();
      const signature = sign(body, kid, a.secret);
      await floor(w, body.replace("agent-1", "agent-2"), signature);
    });

    test("kid from another workspace", async () => {
      const { w, a, kid } = await setup();
      await using _ = w;
      const other = await w.mintKey("ws-other");
      const body = claimed();
      await floor(w, body, sign(body, kid, a.secret), other);
    });

    test("replay of a signature on another body", async () => {
      const { w, a, kid } = await setup();
      await using _ = w;
      const signature = sign(claimed(), kid, a.secret);
      await floor(w, claimed(), signature);
    });

    test("malformed headers: b64 true, missing crit, unknown crit, attached payload, junk", async () => {
      const { w, a, kid } = await setup();
      await using _ = w;
      const body = claimed();
      await floor(w, body, sign(body, kid, a.secret, { alg: "EdDSA", kid, b64: true, crit: ["b64"] }));
      await floor(w, body, sign(body, kid, a.secret, { alg: "EdDSA", kid, b64: false }));
      await floor(w, body, sign(body, kid, a.secret, { alg: "EdDSA", kid, b64: false, crit: ["b64", "exp"] }));
      const [h, , s] = sign(body, kid, a.secret).split(".");
      await floor(w, body, `${h}.${b64url(body)}.${s}`);
      for (const junk of ["", "...", "a.b.c", "x".repeat(5000), `${b64url("{")}..${s}`]) await floor(w, body, junk);
    });

    test("a signature by a revoked key is 403 key_revoked", async () => {
      const { w, a, kid } = await setup();
      await using _ = w;
      await w.runtime.storage.pepKeys.revoke("ws-test", kid, w.clock.now());
      const body = claimed();
      const res = await signedEvaluate(w, body, sign(body, kid, a.secret));
      expect(res.status).toBe(403);
      expect(res.verdict).toEqual({ error: "key_revoked" } as unknown as Verdict);
    });
  });
});

describe("RFC 8037 Appendix A vectors", () => {
  test("the Ed25519 key and JWS of A.1-A.4 reproduce with @noble/curves", () => {
    const d = Buffer.from("nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A", "base64url");
    expect(b64url(ed25519.getPublicKey(d))).toBe("11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo");
    const input = new TextEncoder().encode("eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc");
    const signature = "hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg";
    expect(b64url(ed25519.sign(input, d))).toBe(signature);
    expect(ed25519.verify(Buffer.from(signature, "base64url"), input, ed25519.getPublicKey(d))).toBe(true);
  });
});

describe("warden pep", () => {
  test("list, set-ceiling and revoke through the CLI reach a running warden", async () => {
    const { join } = await import("node:path");
    const { startServer } = await import("./process.ts");
    const { tempDir } = await import("./helpers.ts");
    using dir = tempDir();
    const main = join(import.meta.dir, "..", "src", "main.ts");
    const cli = (...args: string[]) => Bun.spawnSync([process.execPath, main, "pep", ...args, "--workspace", "default", "--data", dir.path], { stdout: "pipe", stderr: "pipe" });
    const server = await startServer([process.execPath, main, "serve", "--port", "0", "--data", dir.path]);
    try {
      const post = (path: string, body: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${server.firstKey}`, "content-type": "application/json", ...headers }, body });
      const a = pep();
      const { key_id: kid } = (await (await post("/v1/enroll", JSON.stringify({ public_key: a.publicKey, name: "hook" }))).json()) as { key_id: string };
      expect(cli("list").stdout.toString()).toContain(`${kid}\t`);
      expect(cli("set-ceiling", kid, "inferred").exitCode).toBe(0);
      const body = claimed();
      const lowered = (await (await post("/v1/evaluate", body, { "svc-batch-signature": sign(body, kid, a.secret) })).json()) as Verdict;
      expect(lowered["x.svc.attestation"]).toBe("inferred");
      expect(cli("set-ceiling", kid, "godmode").exitCode).toBe(2);
      expect(cli("revoke", kid).exitCode).toBe(0);
      const again = claimed();
      expect((await post("/v1/evaluate", again, { "svc-batch-signature": sign(again, kid, a.secret) })).status).toBe(403);
      expect(cli("list").stdout.toString()).toContain("revoked");
    } finally {
      server.proc.kill("SIGTERM");
      await server.proc.exited;
    }
  });
});

describe("policy minimum attestation", () => {
  test("a tool or a category that needs a stronger identity gets a stricter decision", async () => {
    const { parsePolicyText, resolvePolicy } = await import("../src/config/policy-file.ts");
    const parsed = parsePolicyText("min_attestation: { tools: { Deploy: client_key }, categories: { security.secret_leak: client_key } }");
    if (!parsed.ok) throw new Error(parsed.errors.join());
    await using w = await startWarden({ policy: resolvePolicy(parsed.file, parsed.version, undefined) });
    const a = pep();
    const kid = (await enroll(w, a.publicKey)).body.key_id!;
    const deploy = () => JSON.stringify(makeEvent({ subject: { agent_id: "ci", attestation: "client_key" }, payload: { name: "Deploy", arguments: { env: "prod" } } }));
    expect((await signedEvaluate(w, deploy(), undefined)).verdict.decision).toBe("require_approval");
    const signed = deploy();
    expect((await signedEvaluate(w, signed, sign(signed, kid, a.secret))).verdict.decision).toBe("allow");
    const leak = () => JSON.stringify(makeEvent({ subject: { agent_id: "ci", attestation: "client_key" }, kind: "user_input", payload: { text: `k ${["AKIA", "Q3EGRVXM", "5PLTZ7WB"].join("")}` } }));
    expect((await signedEvaluate(w, leak(), undefined)).verdict.decision).toBe("block");
    const vouched = leak();
    expect((await signedEvaluate(w, vouched, sign(vouched, kid, a.secret))).verdict.decision).toBe("redact");
  });
});
