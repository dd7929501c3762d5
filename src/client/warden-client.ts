// A small client for warden's own PEPs: every call has a deadline, requests are signed with the
// enrolled key (`svc-batch-signature`, a detached JWS per RFC 7515 Appendix F and RFC 7797 over
// the exact body, Ed25519 per RFC 8037), and enrollment and directives are fetched lazily. An
// answer a decision rests on is asked with `callProven`: without warden's proof that it answers
// this very request (trust/answer-proof.ts) it is warden being unreachable. Every answer is
// checked before it is kept: a malformed enrollment or set of directives is dropped, never
// cached, so one bad reply cannot leave the PEP unsigned or its degraded mode open for good.
import { hostname, userInfo } from "node:os";
import { encodeBase64Url } from "../lib/base64url.ts";
import { newNonce, NO_BODY, NONCE_HEADER, PROOF_HEADER, verifyAnswerProof } from "../trust/answer-proof.ts";
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

/** `bytes`: the answer's body as received; `body`: the same as text. */
export type Reply = { ok: true; status: number; body: string; bytes: Uint8Array; headers: Headers } | { ok: false; why: string };

export const UNPROVEN = "the answer carries no proof it is warden's, for this request";

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

const parseObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

const TOKEN = /^[\x21-\x7e]{1,256}$/;

/** decisions.md POST /v1/enroll: 201 {guard_id, key_id, max_attestation} or 200 {guard_id, key_id}, for the guard_id asked. */
export function readEnrollment(status: number, body: string, guardId: string): { key_id: string; guard_id: string } | undefined {
  if (status !== 201 && status !== 200) return undefined;
  const answer = parseObject(body);
  if (!answer || typeof answer.key_id !== "string" || !TOKEN.test(answer.key_id) || answer.guard_id !== guardId) return undefined;
  if (status === 201 && (typeof answer.max_attestation !== "string" || !/^[a-z_]{1,32}$/.test(answer.max_attestation))) return undefined;
  return { key_id: answer.key_id, guard_id: guardId };
}

const DIRECTIVES = new Set(["block", "allow", "require_local_approval"]);
const isRule = (rule: unknown): boolean => {
  const r = rule as Record<string, unknown> | null;
  return r !== null && typeof r === "object" && typeof r.id === "string" && typeof r.pattern === "string" && typeof r.reason === "string"
    && Array.isArray(r.kinds) && r.kinds.every((k) => typeof k === "string");
};

/** decisions.md GET /v1/config: `on_unreachable` of known directives, hard rules well formed. */
export function readDirectives(body: string): Directives | undefined {
  const answer = parseObject(body);
  const onUnreachable = answer?.on_unreachable;
  if (!onUnreachable || typeof onUnreachable !== "object" || Array.isArray(onUnreachable)) return undefined;
  if (!Object.values(onUnreachable).every((d) => typeof d === "string" && DIRECTIVES.has(d))) return undefined;
  const rules = answer!.hard_rules;
  if (rules !== undefined && !(Array.isArray(rules) && rules.every(isRule))) return undefined;
  return { on_unreachable: onUnreachable as Directives["on_unreachable"], ...(rules !== undefined ? { hard_rules: rules as Directives["hard_rules"] } : {}) };
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
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { ok: true, status: res.status, body: new TextDecoder().decode(bytes), bytes, headers: res.headers };
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      // The address is named: a wrong WARDEN_URL is the usual cause, and the person sees it here.
      return { ok: false, why: name === "TimeoutError" ? `no answer from ${options.baseUrl} within ${options.timeoutMs} ms` : `warden unreachable at ${options.baseUrl}` };
    }
  }

  /** `call` with a fresh nonce; an answer without warden's proof for this exchange is no answer. */
  async function callProven(method: string, path: string, body?: Uint8Array, headers: Record<string, string> = {}): Promise<Reply> {
    const nonce = newNonce();
    const reply = await call(method, path, body, { ...headers, [NONCE_HEADER]: nonce });
    if (!reply.ok) return reply;
    // `path` is the canonical path warden routes; a prefix in the base URL is not part of it.
    const exchange = { method, target: path, nonce, requestBody: body ?? NO_BODY, status: reply.status, responseBody: reply.bytes };
    return verifyAnswerProof(options.apiKey, exchange, reply.headers.get(PROOF_HEADER)) ? reply : { ok: false, why: UNPROVEN };
  }

  /** Enrolls a fresh Ed25519 key once; later calls are signed and raise the attestation ceiling. */
  async function enroll(): Promise<void> {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as unknown as CryptoKeyPair;
    const exported = await crypto.subtle.exportKey("jwk", pair.privateKey);
    const jwk = { kty: "OKP", crv: "Ed25519", d: exported.d!, x: exported.x! };
    const request = { public_key: jwk.x, guard_id: `pep:${agentUser() ?? "local"}:${options.pepName}`, name: options.pepName };
    const reply = await callProven("POST", "/v1/enroll", new TextEncoder().encode(JSON.stringify(request)));
    const answer = reply.ok ? readEnrollment(reply.status, reply.body, request.guard_id) : undefined;
    if (!answer) return;
    const enrollment = { key_id: answer.key_id, guard_id: answer.guard_id, private_jwk: jwk, enrolled_at: new Date().toISOString() };
    options.state.saveEnrollment(enrollment);
    options.state.enrollment = enrollment;
  }

  async function refreshDirectives(): Promise<void> {
    const reply = await callProven("GET", "/v1/config");
    const directives = reply.ok && reply.status === 200 ? readDirectives(reply.body) : undefined;
    if (directives) options.state.saveConfig({ fetched_at: Date.now(), directives });
  }

  return {
    call,
    callProven,
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
