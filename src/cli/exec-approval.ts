// How `warden exec` suspends on require_approval: it says where the request waits, then polls
// GET /v1/approvals until a person decides or the request expires (its TTL bounds the wait).
import { readApprovalStatus } from "../client/verdict-answer.ts";
import type { WardenClient } from "../client/warden-client.ts";

const FIRST_POLL_MS = 500;
const MAX_POLL_MS = 5000;

export type ApprovalOutcome = "approved" | "denied" | "expired" | "not_found" | "pending";

export async function waitForApproval(client: WardenClient, guardId: string, approvalId: string, reasons: string): Promise<ApprovalOutcome> {
  console.error(`warden: waiting for a person to approve ${approvalId} (${reasons})`);
  console.error(`warden: approve with: warden approvals approve ${approvalId} --workspace <workspace>   (Ctrl-C gives up)`);
  let delay = FIRST_POLL_MS;
  let failures = 0;
  for (;;) {
    await Bun.sleep(delay);
    delay = Math.min(delay * 2, MAX_POLL_MS);
    const reply = await client.callProven("GET", `/v1/approvals?guard_id=${encodeURIComponent(guardId)}`);
    const status = readApprovalStatus(reply);
    if (status === undefined) {
      // A warden that stays away (or an answer that is not warden's) is not an approval: give up
      // after a minute of failures. An approval is acted on only after a re-evaluation says allow.
      if (++failures * MAX_POLL_MS > 60_000) return "pending";
      continue;
    }
    failures = 0;
    if (status === "approved" || status === "denied" || status === "expired" || status === "not_found") return status;
  }
}
