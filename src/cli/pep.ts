// `warden pep list|revoke|set-ceiling`: the PEP signing keys enrolled in a workspace.
import { row } from "./terminal.ts";
import { parseArgs } from "../config/args.ts";
import { systemClock } from "../lib/clock.ts";
import { ATTESTATIONS, type Attestation } from "../wire/guard-event.ts";
import { openDataDir } from "./data-dir.ts";

const OPTIONS = { workspace: "value", data: "value" } as const;
const USAGE = "usage: warden pep list --workspace W | revoke KEY_ID --workspace W | set-ceiling KEY_ID LEVEL --workspace W";

export async function runPep(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const [action, ...rest] = argv;
  const args = parseArgs(rest, OPTIONS);
  const workspace = args.options.get("workspace");
  const wanted = action === "list" ? 0 : action === "revoke" ? 1 : action === "set-ceiling" ? 2 : -1;
  const errors = [...args.errors];
  if (wanted < 0 || args.positional.length !== wanted || !workspace) errors.push(USAGE);
  const level = args.positional[1];
  if (action === "set-ceiling" && level && !ATTESTATIONS.includes(level as Attestation)) errors.push(`LEVEL must be one of ${ATTESTATIONS.join(", ")}`);
  if (errors.length) {
    for (const e of errors) console.error(`warden pep: ${e}`);
    return 2;
  }
  const storage = openDataDir(args.options, env);
  try {
    if (action === "list") {
      for (const k of await storage.pepKeys.list(workspace!)) {
        const state = k.revokedAt === null ? "active" : `revoked ${new Date(k.revokedAt).toISOString()}`;
        console.log(row([k.keyId, k.guardId, k.maxAttestation, new Date(k.createdAt).toISOString(), state, k.name ?? ""]));
      }
      return 0;
    }
    const keyId = args.positional[0]!;
    const done = action === "revoke"
      ? await storage.pepKeys.revoke(workspace!, keyId, systemClock.now())
      : await storage.pepKeys.setCeiling(workspace!, keyId, level as Attestation);
    if (!done) {
      console.error(`warden pep: no ${action === "revoke" ? "active " : ""}key ${keyId} in workspace ${workspace}`);
      return 1;
    }
    console.error(action === "revoke" ? `revoked ${keyId}; it can never be enrolled again` : `${keyId} may now vouch for ${level} at most`);
    return 0;
  } finally {
    await storage.close();
  }
}
