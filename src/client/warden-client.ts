// A small client for warden's own PEPs: every call has a deadline, requests are signed with the
// enrolled key (`svc-batch-signature`, a detached JWS per RFC 7515 Appendix F and RFC 7797 over
// the exact body, Ed25519 per RFC 8037), and enrollment and directives are fetched lazily.
import { hostname, userInfo } from "node:os";
import { encodeBase64Url } from "../lib/base64url.ts";
import type { Directives } from "../adapters/degraded.ts";
import type { Enrollment, PepState } from "./pep-state.ts";

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  state: PepState;
  /** Names this PEP at enrollment (`warden hook claude-code`, `warden exec`). */
  pepName: string;
}

export type Reply = { ok: true; status: number; body: string } | { ok: false; why: string };

/** How long cached directives are trusted before a successful call refreshes them. */
const CONFIG_MAX_AGE_MS = 10 * 60_000;

export const agentUser = (): string | undefined => {
  try {
    return `${userInfo().username}@${hostname()}`.slice(0, 128);
  } catch {
    return undefined;
  }
};

async function sign(enrollment: Enrollment, body: Uint8Array): Promise<string> {
  const header = encodeBase64Url(new TextEncoder().encode(JSON.stringify({ alg: "EdDSA", kid: enrollment.key_id, b64: false, crit: ["b64"] })));
  const key = await crypto.subtle.importKey("jwk", enrollment.private_jwk, { name: "Ed25519" }, false, ["sign"]);
  const prefix = new TextEncoder().encode(`${header}.`);
  const input = new Uint8Array(prefix.length + body.length);
  input.set(prefix);
  input.set(body, prefix.length);
  const signature = new Uint8Array(await crypto.subtle.sign("Ed25519", key, input));
  return `${header}..${encodeBase64Url(signature)}`;
}

export function createWardenClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const auth = { authorization: `Bearer ${options.apiKey}` };

  async function call(method: string, path: string, body?: Uint8Array, headers: Record<string, string> = {}): Promise<Reply> {
    try {
      const all: Record<string, string> = { ...auth, ...headers };
      if (body) all["content-type"] = "application/json";
      if (body && options.state.enrollment) all["svc-batch-signature"] = await sign(options.state.enrollment, body);
      const res = await fetch(`${base}${path}`, {
        method,
        body,
        headers: all,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      return { ok: true, status: res.status, body: await res.text() };
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      return { ok: false, why: name === "TimeoutError" ? `no answer within ${options.timeoutMs} ms` : "warden unreachable" };
    }
  }

  /** Enrolls a fresh Ed25519 key once; later calls are signed and raise the attestation ceiling. */
  async function enroll(): Promise<void> {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as unknown as CryptoKeyPair;
    const exported = await crypto.subtle.exportKey("jwk", pair.privateKey);
    const jwk = { kty: "OKP", crv: "Ed25519", d: exported.d!, x: exported.x! };
    const request = { public_key: jwk.x, guard_id: `pep:${agentUser() ?? "local"}:${options.pepName}`, name: options.pepName };
    const reply = await call("POST", "/v1/enroll", new TextEncoder().encode(JSON.stringify(request)));
    if (!reply.ok || (reply.status !== 201 && reply.status !== 200)) return;
    const answer = JSON.parse(reply.body) as { key_id: string; guard_id: string };
    const enrollment = { key_id: answer.key_id, guard_id: answer.guard_id, private_jwk: jwk, enrolled_at: new Date().toISOString() };
    options.state.saveEnrollment(enrollment);
    options.state.enrollment = enrollment;
  }

  async function refreshDirectives(): Promise<void> {
    const reply = await call("GET", "/v1/config");
    if (!reply.ok || reply.status !== 200) return;
    const directives = JSON.parse(reply.body) as Directives;
    if (directives === null || typeof directives.on_unreachable !== "object") return;
    options.state.saveConfig({ fetched_at: Date.now(), directives });
  }

  return {
    call,
    /** After a successful exchange: enroll if not yet, refresh directives if stale. Never throws. */
    async maintain(): Promise<void> {
      try {
        if (!options.state.enrollment) await enroll();
        const cached = options.state.config;
        if (!cached || Date.now() - cached.fetched_at > CONFIG_MAX_AGE_MS) await refreshDirectives();
      } catch {
        // Maintenance is best effort: the next run tries again.
      }
    },
  };
}

export type WardenClient = ReturnType<typeof createWardenClient>;
