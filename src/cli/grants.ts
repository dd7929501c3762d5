// `warden grants create|list|revoke`: pre-authorise a known-safe unattended job, for one agent
// or session, a bounded number of uses, until a deadline.
import { row } from "./terminal.ts";
import { userInfo } from "node:os";
import { parseArgs } from "../config/args.ts";
import { systemClock } from "../lib/clock.ts";
import { timeOrderedId } from "../lib/ids.ts";
import { KINDS } from "../wire/guard-event.ts";
import { openDataDir } from "./data-dir.ts";

const OPTIONS = {
  workspace: "value", data: "value", agent: "value", session: "value", kinds: "value", tool: "value",
  "argv-prefix": "value", "command-prefix": "value", "max-uses": "value", ttl: "value", reason: "value", by: "value",
} as const;
const USAGE = "usage: warden grants create --workspace W (--agent A | --session S) --kinds K[,K] " +
  "[--tool T] [--argv-prefix 'cmd args'] [--command-prefix 'cmd'] --max-uses N --ttl SECONDS [--reason R] | list | revoke ID";

function createErrors(o: Map<string, string>): string[] {
  const errors: string[] = [];
  if (!o.get("agent") && !o.get("session")) errors.push("a grant is for --agent A or --session S");
  const kinds = (o.get("kinds") ?? "").split(",").filter(Boolean);
  if (kinds.length === 0 || kinds.some((k) => !(KINDS as readonly string[]).includes(k))) errors.push(`--kinds takes kinds from ${KINDS.join(", ")}`);
  const uses = Number(o.get("max-uses"));
  if (!Number.isInteger(uses) || uses < 1 || uses > 1_000_000) errors.push("--max-uses must be a whole number from 1");
  const ttl = Number(o.get("ttl"));
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 30 * 86_400) errors.push("--ttl must be 1 to 2592000 seconds");
  return errors;
}

export async function runGrants(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const [action, ...rest] = argv;
  const args = parseArgs(rest, OPTIONS);
  const o = args.options;
  const workspace = o.get("workspace");
  const errors = [...args.errors];
  const arity = action === "revoke" ? 1 : 0;
  if (!["create", "list", "revoke"].includes(action ?? "") || args.positional.length !== arity || !workspace) errors.push(USAGE);
  if (action === "create" && errors.length === 0) errors.push(...createErrors(o));
  if (errors.length) {
    for (const e of errors) console.error(`warden grants: ${e}`);
    return 2;
  }
  const storage = openDataDir(o, env);
  const now = systemClock.now();
  try {
    if (action === "list") {
      for (const g of await storage.grants.list(workspace!)) {
        const state = g.revokedAt !== null ? "revoked" : g.expiresAt <= now ? "expired" : g.uses >= g.maxUses ? "used up" : "live";
        console.log(row([g.grantId, state, g.agentId ?? "", g.sessionId ?? "", g.kinds.join(","), g.tool ?? "", g.argvPrefix?.join(" ") ?? g.commandPrefix ?? "", `${g.uses}/${g.maxUses}`, new Date(g.expiresAt).toISOString()]));
      }
      return 0;
    }
    if (action === "revoke") {
      const done = await storage.grants.revoke(workspace!, args.positional[0]!, now);
      if (!done) console.error(`warden grants: no live grant ${args.positional[0]} in workspace ${workspace}`);
      return done ? 0 : 1;
    }
    const argvPrefix = o.get("argv-prefix")?.split(/\s+/).filter(Boolean);
    const grant = await storage.grants.create(workspace!, {
      grantId: timeOrderedId("grt_", now),
      agentId: o.get("agent") ?? null,
      sessionId: o.get("session") ?? null,
      kinds: o.get("kinds")!.split(",").filter(Boolean),
      tool: o.get("tool") ?? null,
      argvPrefix: argvPrefix?.length ? argvPrefix : null,
      commandPrefix: o.get("command-prefix") ?? null,
      maxUses: Number(o.get("max-uses")),
      createdAt: now,
      expiresAt: now + Number(o.get("ttl")) * 1000,
      createdBy: o.get("by") || env.USER || userInfo().username || "cli",
      reason: o.get("reason") ?? null,
    });
    console.log(grant.grantId);
    return 0;
  } finally {
    await storage.close();
  }
}
