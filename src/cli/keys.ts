// `warden keys create|list|revoke`: manage workspace API keys in a data directory, also while
// a server is running on it (SQLite WAL lets both open the database).
import { parseArgs } from "../config/args.ts";
import { systemClock } from "../lib/clock.ts";
import { databasePath, signingKeysPath } from "../runtime.ts";
import { openKeyring } from "../trust/signing-keys.ts";
import { mintApiKey } from "../trust/api-keys.ts";
import { existsSync } from "node:fs";
import { dataDirOf, NoInstallation, noInstallationMessage, openDataDir } from "./data-dir.ts";

const OPTIONS = { workspace: "value", name: "value", data: "value", create: "flag" } as const;

export async function runKeys(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const [action, ...rest] = argv;
  const args = parseArgs(rest, OPTIONS);
  const workspace = args.options.get("workspace");
  const errors = [...args.errors];
  if (action === "rotate-signing") return rotateSigning(dataDirOf(args.options, env), errors, env);
  if (action !== "create" && action !== "list" && action !== "revoke") errors.push("usage: warden keys create|list|revoke|rotate-signing");
  if ((action === "create" || action === "revoke") && !workspace) errors.push(`keys ${action} needs --workspace W`);
  if (action === "revoke" && args.positional.length !== 1) errors.push("usage: warden keys revoke KEY_ID --workspace W");
  if (action !== "revoke" && args.positional.length > 0) errors.push(`unexpected argument ${args.positional[0]}`);
  if (errors.length) {
    for (const e of errors) console.error(`warden keys: ${e}`);
    return 2;
  }
  // `--create` makes the installation (keys provisioned before the first start).
  const storage = openDataDir(args.options, env, action === "create" && args.options.has("create"));
  try {
    if (action === "create") {
      const minted = await mintApiKey(storage.keys, workspace!, systemClock, args.options.get("name") ?? null);
      console.error(`created ${minted.record.id} in workspace ${workspace}; the key is shown only now:`);
      console.log(minted.key);
      return 0;
    }
    if (action === "list") {
      console.log(["key_id", "workspace", "prefix", "created", "state", "name"].join("\t"));
      for (const k of await storage.keys.list(workspace)) {
        const state = k.revokedAt === null ? "active" : `revoked ${new Date(k.revokedAt).toISOString()}`;
        console.log([k.id, k.workspaceId, `${k.prefix}...`, new Date(k.createdAt).toISOString(), state, k.name ?? ""].join("\t"));
      }
      return 0;
    }
    const id = args.positional[0]!;
    if (!(await storage.keys.revoke(workspace!, id, systemClock.now()))) {
      console.error(`warden keys: no active key ${id} in workspace ${workspace}`);
      return 1;
    }
    console.error(`revoked ${id}`);
    return 0;
  } finally {
    await storage.close();
  }
}

/** A new receipt signing key; the previous one is retired but stays in the JWKS for verifying. */
function rotateSigning(dataDir: string, errors: string[], env: Record<string, string | undefined>): number {
  if (errors.length) {
    for (const e of errors) console.error(`warden keys: ${e}`);
    return 2;
  }
  if (!existsSync(databasePath(dataDir))) throw new NoInstallation(noInstallationMessage(dataDir, env));
  const keyring = openKeyring(signingKeysPath(dataDir), Date.now);
  keyring.current();
  const next = keyring.rotate(Date.now());
  console.error(`receipt signing key is now ${next.kid}; earlier keys stay published for verification`);
  return 0;
}
