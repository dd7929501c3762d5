// `warden agents`, `warden findings` and `warden events`: what a workspace's agents are, what was
// found and what happened, read from a data directory (also while a server runs on it).
import { row } from "./terminal.ts";
import { parseArgs } from "../config/args.ts";
import type { SqliteStorage } from "../store/sqlite/storage.ts";
import { openDataDir } from "./data-dir.ts";

const OPTIONS = { workspace: "value", data: "value", category: "value", limit: "value" } as const;

async function withStorage(
  command: string,
  argv: readonly string[],
  env: Record<string, string | undefined>,
  run: (storage: SqliteStorage, workspace: string, options: Map<string, string>) => Promise<void>,
): Promise<number> {
  const args = parseArgs(argv, OPTIONS);
  const workspace = args.options.get("workspace");
  const errors = [...args.errors, ...args.positional.map((p) => `unexpected argument ${p}`)];
  if (!workspace) errors.push(`usage: warden ${command} --workspace W [--data DIR]`);
  const limit = args.options.get("limit");
  if (limit !== undefined && !/^[1-9][0-9]{0,4}$/.test(limit)) errors.push("--limit must be a whole number from 1 to 10000");
  if (errors.length) {
    for (const e of errors) console.error(`warden ${command}: ${e}`);
    return 2;
  }
  const storage = openDataDir(args.options, env);
  try {
    await run(storage, workspace!, args.options);
    return 0;
  } finally {
    await storage.close();
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** `--limit` as checked above (1 to 10000), 50 when absent. */
const limitOf = (options: Map<string, string>): number => Math.min(Number(options.get("limit") ?? 50), 10_000);

export const runAgents = (argv: readonly string[], env: Record<string, string | undefined>) =>
  withStorage("agents", argv, env, async (storage, workspace) => {
    console.log(row(["agent_id", "types", "agent_workspace", "owner", "users", "chain", "attestation", "first_seen", "last_seen"]));
    for (const a of await storage.agents.list(workspace)) {
      console.log(row([a.agentId, a.agentTypes.join(","), a.agentWorkspace ?? "", a.owner ?? "", a.users.join(","), a.delegationChain.join(">"), a.attestation, iso(a.firstSeenAt), iso(a.lastSeenAt)]));
    }
  });

export const runFindings = (argv: readonly string[], env: Record<string, string | undefined>) =>
  withStorage("findings", argv, env, async (storage, workspace, options) => {
    const limit = limitOf(options);
    console.log(row(["at", "severity", "category", "check_id", "title", "agent_id", "session_id", "event_id"]));
    for (const f of await storage.events.recentFindings(workspace, limit, options.get("category"))) {
      console.log(row([iso(f.at), f.severity ?? "", f.category, f.check_id ?? "", f.title ?? "", f.agent_id, f.session_id, f.event_id]));
    }
    // Fleet-level findings (a sensor gone dark) belong to no event.
    const prefix = options.get("category");
    for (const f of await storage.liveness.recent(workspace, limit)) {
      if (prefix && f.category !== prefix && !f.category.startsWith(`${prefix}.`)) continue;
      const state = f.clearedAt === null ? "" : ` (cleared ${iso(f.clearedAt)})`;
      console.log(row([iso(f.createdAt), f.severity, f.category, f.checkId, `${f.title}${state}`, "", "", f.subject]));
    }
  });

/** The audit trail: every recorded event, newest first, with its decision and reasons; never payloads. */
export const runEvents = (argv: readonly string[], env: Record<string, string | undefined>) =>
  withStorage("events", argv, env, async (storage, workspace, options) => {
    const limit = limitOf(options);
    console.log(row(["at", "kind", "decision", "source", "agent_id", "session_id", "guard_id", "event_id", "reasons"]));
    for (const e of await storage.events.recent(workspace, limit)) {
      console.log(row([iso(e.receivedAt), e.kind, e.decision ?? "recorded", e.source, e.agentId, e.sessionId, e.guardId, e.eventId, e.reasons.join("; ")]));
    }
  });
