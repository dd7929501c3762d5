// Approval receipts (decisions.md): a compact JWS (RFC 7515) signed by warden with EdDSA
// (RFC 8037), `typ` svc-receipt+jws, that a PEP verifies offline against the published JWKS.
// Built from the stored decision, so the same approval always yields the same receipt.
import { encodeBase64Url } from "../lib/base64url.ts";
import type { ApprovalRecord } from "../store/types.ts";
import type { SigningKeyring } from "./signing-keys.ts";

export const RECEIPT_ISSUER = "warden";
/** How long a receipt can be presented after the decision. */
export const RECEIPT_VALIDITY_MS = 15 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const b64 = (text: string) => encodeBase64Url(new TextEncoder().encode(text));

export function issueReceipt(record: ApprovalRecord, keyring: SigningKeyring): string | undefined {
  if (record.status !== "approved" || record.decidedAt === null || record.payloadDigest === null) return undefined;
  const claims = {
    svc_version: "0.5",
    receipt_id: `rcpt_${record.approvalId.slice(4)}`,
    issuer: RECEIPT_ISSUER,
    scope: "single_action",
    guard_id: record.guardId,
    session_id: record.sessionId,
    bindings: [{ kind: record.kind, payload_digest: record.payloadDigest }],
    approver: record.decidedBy,
    approved_at: iso(record.decidedAt),
    expires_at: iso(record.decidedAt + RECEIPT_VALIDITY_MS),
  };
  const key = keyring.current();
  const header = b64(JSON.stringify({ alg: "EdDSA", typ: "svc-receipt+jws", kid: key.kid }));
  const payload = b64(JSON.stringify(claims));
  const signature = keyring.sign(key, new TextEncoder().encode(`${header}.${payload}`));
  return `${header}.${payload}.${encodeBase64Url(signature)}`;
}
