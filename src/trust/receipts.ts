// Approval receipts (decisions.md): a compact JWS (RFC 7515) signed by warden with EdDSA
// (RFC 8037), `typ` svc-receipt+jws, that a PEP verifies offline against the published JWKS.
// Built from the stored decision, so the same approval always yields the same receipt. Beyond the
// claims decisions.md lists (kept as they are: public clients verify them), a receipt names the
// workspace it was decided in, its audience (the agent whose action it answers), the event that
// asked, and RFC 7519 `jti`/`iat`/`exp`, so a verifier can hold it to one use in one place; its
// binding adds `action_digest`, over the whole action, since decisions.md's `payload_digest`
// covers a subset (a file's path but not its content, a host but not the URL).
import { encodeBase64Url } from "../lib/base64url.ts";
import type { ApprovalRecord } from "../store/types.ts";
import type { SigningKeyring } from "./signing-keys.ts";

export const RECEIPT_ISSUER = "warden";
/** How long a receipt can be presented after the decision. */
export const RECEIPT_VALIDITY_MS = 15 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const b64 = (text: string) => encodeBase64Url(new TextEncoder().encode(text));

const seconds = (ms: number) => Math.floor(ms / 1000);

export function issueReceipt(record: ApprovalRecord, keyring: SigningKeyring, workspaceId: string): string | undefined {
  if (record.status !== "approved" || record.decidedAt === null || record.payloadDigest === null) return undefined;
  const receiptId = `rcpt_${record.approvalId.slice(4)}`;
  const expiresAt = record.decidedAt + RECEIPT_VALIDITY_MS;
  const claims = {
    svc_version: "0.5",
    receipt_id: receiptId,
    issuer: RECEIPT_ISSUER,
    scope: "single_action",
    guard_id: record.guardId,
    session_id: record.sessionId,
    bindings: [{ kind: record.kind, payload_digest: record.payloadDigest, ...(record.actionDigest ? { action_digest: record.actionDigest } : {}) }],
    approver: record.decidedBy,
    approved_at: iso(record.decidedAt),
    expires_at: iso(expiresAt),
    workspace: workspaceId,
    aud: record.agentId,
    event_id: record.eventId,
    jti: receiptId,
    iat: seconds(record.decidedAt),
    exp: seconds(expiresAt),
  };
  const key = keyring.current();
  const header = b64(JSON.stringify({ alg: "EdDSA", typ: "svc-receipt+jws", kid: key.kid }));
  const payload = b64(JSON.stringify(claims));
  const signature = keyring.sign(key, new TextEncoder().encode(`${header}.${payload}`));
  return `${header}.${payload}.${encodeBase64Url(signature)}`;
}
