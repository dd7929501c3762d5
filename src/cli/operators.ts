// `warden operators create|list|revoke`: tokens for the admin API (deciding approvals over HTTP).
import { parseArgs } from "../config/args.ts";
import { systemClock } from "../lib/clock.ts";
import { mintOperatorToken } from "../trust/operators.ts";
import { openDataDir } from "./data-dir.ts";

const USAGE = "usage: warden operators create --name NAME [--scope admin|metrics] [--create] | list | revoke OPERATOR_ID  [--data DIR]";

export async function runOperators(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const [action, ...rest] = argv;
  const args = parseArgs(rest, { name: "value", data: "value", scope: "value", create: "flag" });
  const arity = action === "revoke" ? 1 : 0;
  const errors = [...args.errors];
  if (!["create", "list", "revoke"].includes(action ?? "") || args.positional.length !== arity) errors.push(USAGE);
  if (action === "create" && !args.options.get("name")) errors.push("operators create needs --name (decisions record it)");
  const scope = args.options.get("scope") ?? "admin";
  if (scope !== "admin" && scope !== "metrics") errors.push("--scope must be admin or metrics");
  if (errors.length) {
    for (const e of errors) console.error(`warden operators: ${e}`);
    return 2;
  }
  // `--create` makes the installation (an operator provisioned before the first start).
  const storage = openDataDir(args.options, env, action === "create" && args.options.has("create"));
  try {
    if (action === "create") {
      const { token, operator } = await mintOperatorToken(storage.operators, args.options.get("name")!, systemClock, scope as "admin" | "metrics");
      console.error(`created ${operator.scope} operator ${operator.id} (${operator.name}); the token is shown only now:`);
      console.log(token);
      return 0;
    }
    if (action === "list") {
      for (const o of await storage.operators.list()) {
        console.log([o.id, o.name, o.scope, new Date(o.createdAt).toISOString(), o.revokedAt === null ? "active" : "revoked"].join("\t"));
      }
      return 0;
    }
    const done = await storage.operators.revoke(args.positional[0]!, systemClock.now());
    if (!done) console.error(`warden operators: no active operator ${args.positional[0]}`);
    return done ? 0 : 1;
  } finally {
    await storage.close();
  }
}
