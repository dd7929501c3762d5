// GET /v1/approvals?guard_id= (decisions.md): the human decision behind require_approval, proven
// to a PEP that sent a nonce (http/prove-answer.ts).
import type { Clock } from "../../lib/clock.ts";
import type { ApprovalStore } from "../../store/types.ts";
import { issueReceipt } from "../../trust/receipts.ts";
import type { SigningKeyring } from "../../trust/signing-keys.ts";
import { errors, json } from "../errors.ts";
import { authenticate, type GuardDeps } from "../guard.ts";
import { proveAnswer } from "../prove-answer.ts";
import { NO_BODY } from "../../trust/answer-proof.ts";

export async function handleApprovals(
  request: Request,
  deps: GuardDeps & { approvals: ApprovalStore; clock: Clock; keyring: SigningKeyring },
): Promise<Response> {
  const caller = await authenticate(request, deps);
  if (caller instanceof Response) return caller;
  return proveAnswer(request, NO_BODY, await poll(request, caller.workspaceId, deps));
}

async function poll(request: Request, workspaceId: string, deps: { approvals: ApprovalStore; clock: Clock; keyring: SigningKeyring }): Promise<Response> {
  const guardId = new URL(request.url).searchParams.get("guard_id");
  if (!guardId) return errors.invalidBody("guard_id is required");
  const record = await deps.approvals.get(workspaceId, guardId, deps.clock.now());
  // A 404 with a `status` key tells the public SDKs the route exists (decisions.md).
  if (!record) return json({ status: "not_found" }, 404);
  const body: Record<string, unknown> = { status: record.status };
  if (record.decidedAt !== null) body.decided_at = new Date(record.decidedAt).toISOString();
  // Which action the decision is about: a PEP compares it with the action it holds, so an
  // approval of X never lets it run X' under the same guard_id.
  if (record.payloadDigest !== null) body.payload_digest = record.payloadDigest;
  // decisions.md's payload_digest covers a subset of the action (a path, not the content): a PEP
  // that can compare the whole action compares this one.
  if (record.actionDigest !== null) body.action_digest = record.actionDigest;
  // A receipt vouches that a person approved through an operator channel; a harness prompt's yes
  // answered one call that has run, and vouches for nothing a PEP could present later.
  const receipt = record.decidedVia === "operator" ? issueReceipt(record, deps.keyring, workspaceId) : undefined;
  if (receipt) body.receipt = receipt;
  return json(body);
}

/** GET /.well-known/jwks.json: current and retired receipt verification keys (public). */
export const handleJwks = (keyring: SigningKeyring): Response => json(keyring.jwks());
