// What `warden exec` takes as warden's verdict on the event it sent: a 200 whose body is a
// Verdict by the wire schema (wire/responses.ts) and echoes the event_id and guard_id sent. The
// event_id holds a fresh UUID, so the echo ties the answer to this request; anything else (a
// `{}` or `{"status":"ok"}` from whatever holds the port) is warden being unreachable.
import { Value } from "@sinclair/typebox/value";
import { Verdict as VerdictSchema } from "../wire/responses.ts";
import type { Verdict } from "../wire/verdict.ts";
import type { Reply } from "./warden-client.ts";

export function readVerdict(reply: Reply | undefined, sent: { event_id: string; guard_id: string }): Verdict | undefined {
  if (!reply?.ok || reply.status !== 200) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(reply.body);
  } catch {
    return undefined;
  }
  if (!Value.Check(VerdictSchema, value)) return undefined;
  const verdict = value as Verdict;
  return verdict.event_id === sent.event_id && verdict.guard_id === sent.guard_id ? verdict : undefined;
}

const POLL_STATUSES = new Set(["pending", "approved", "denied", "expired", "not_found"]);

/** decisions.md GET /v1/approvals: `{status, ...}` with a known status, else undefined. */
export function readApprovalStatus(reply: Reply): string | undefined {
  if (!reply.ok || (reply.status !== 200 && reply.status !== 404)) return undefined;
  try {
    const status = (JSON.parse(reply.body) as { status?: unknown } | null)?.status;
    return typeof status === "string" && POLL_STATUSES.has(status) && (reply.status === 200) === (status !== "not_found") ? status : undefined;
  } catch {
    return undefined;
  }
}
