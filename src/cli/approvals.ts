// `warden approvals list|show|approve|deny`: a person decides about the exact action that will
// run. What is shown is the whole action the decision binds to (secrets masked), not what the
// agent said of it.
import { printable, row } from "./terminal.ts";
import { userInfo } from "node:os";
import { parseArgs } from "../config/args.ts";
import { systemClock } from "../lib/clock.ts";
import type { ApprovalRecord, ApprovalStatus } from "../store/types.ts";
import { openDataDir } from "./data-dir.ts";

const OPTIONS = { workspace: "value", data: "value", reason: "value", by: "value", status: "value", session: "value", agent: "value", limit: "value" } as const;
const USAGE = "usage: warden approvals list [--status S] [--session S] [--agent A] [--limit N] | show ID | approve ID [--reason R] | deny ID [--reason R]  (--workspace W)";
const ARITY: Record<string, number> = { list: 0, show: 1, approve: 1, deny: 1 };

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

function describe(r: ApprovalRecord): string {
  // Every stored value is agent-controlled text: shown escaped, so none can forge a line. The
  // action comes first, the one thing a yes binds to, before any field the agent chose.
  const p = (value: string | null | undefined) => printable(value ?? "");
  return [
    `approval ${p(r.approvalId)} (${r.status})`,
    `action (${p(r.kind)}, ${r.actionDigest ?? "recorded before actions were bound whole: approves nothing"}):`,
    `  ${r.digestInput === null ? "(no action text)" : p(r.digestInput)}`,
    `guard_id:   ${p(r.guardId)}`,
    `agent:      ${p(r.agentId)}   session: ${p(r.sessionId)}`,
    `asked:      ${iso(r.createdAt)}   expires: ${iso(r.expiresAt)}`,
    `categories: ${p(r.categories.join(", ")) || "(none)"}`,
    `why:        ${p(r.reasons.join("; "))}`,
    ...(r.decidedAt !== null ? [`decided:    ${iso(r.decidedAt)} by ${p(r.decidedBy ?? "expiry")}${r.decisionReason ? `: ${p(r.decisionReason)}` : ""}`] : []),
    ...(r.claimedBy !== null ? [`used by:    ${p(r.claimedBy)}`] : []),
  ].join("\n");
}

export async function runApprovals(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const [action = "", ...rest] = argv;
  const args = parseArgs(rest, OPTIONS);
  const workspace = args.options.get("workspace");
  const status = args.options.get("status") as ApprovalStatus | undefined;
  const errors = [...args.errors];
  if (!Object.hasOwn(ARITY, action) || args.positional.length !== ARITY[action] || !workspace) errors.push(USAGE);
  if (status && !["pending", "approved", "denied", "expired"].includes(status)) errors.push("--status must be pending, approved, denied or expired");
  const limit = args.options.get("limit");
  if (limit !== undefined && !/^[1-9][0-9]{0,5}$/.test(limit)) errors.push("--limit must be a positive number");
  if (errors.length) {
    for (const e of errors) console.error(`warden approvals: ${e}`);
    return 2;
  }
  const storage = openDataDir(args.options, env);
  const now = systemClock.now();
  try {
    if (action === "list") {
      const query = { status, sessionId: args.options.get("session"), agentId: args.options.get("agent"), limit: limit === undefined ? undefined : Number(limit) };
      // Pending first, fairly across sessions (a flood from one cannot hide another's), then decided.
      console.log(row(["approval_id", "status", "guard_id", "agent_id", "session_id", "categories", "asked", "expires"]));
      for (const r of await storage.approvals.list(workspace!, now, query)) {
        console.log(row([r.approvalId, r.status, r.guardId, r.agentId, r.sessionId, r.categories.join(","), iso(r.createdAt), iso(r.expiresAt)]));
      }
      return 0;
    }
    const id = args.positional[0]!;
    if (action === "show") {
      const record = await storage.approvals.byId(workspace!, id, now);
      if (!record) return notFound(id);
      console.log(describe(record));
      return 0;
    }
    const by = args.options.get("by") || env.USER || userInfo().username || "cli";
    const result = await storage.approvals.decide(workspace!, id, action === "approve" ? "approved" : "denied", by, args.options.get("reason") ?? null, now);
    if (!result.ok) {
      if (result.reason === "not_found") return notFound(id);
      const current = await storage.approvals.byId(workspace!, id, now);
      console.error(`warden approvals: ${id} is ${current?.status}; a decided or expired request never changes`);
      return 1;
    }
    console.error(`${id} ${result.record.status} by ${by}`);
    return 0;
  } finally {
    await storage.close();
  }
}

function notFound(id: string): number {
  console.error(`warden approvals: no approval ${id} in this workspace`);
  return 1;
}
