// `warden console`: prints a one-time login link to the web console (valid five minutes, usable
// once), minted straight into the data directory so it works while the server runs; or ends
// every console session (`--logout-all`).
import { userInfo } from "node:os";
import { parseArgs } from "../config/args.ts";
import { systemClock } from "../lib/clock.ts";
import { LOGIN_TOKEN_TTL_MS, mintLoginToken } from "../trust/console-sessions.ts";
import { openDataDir } from "./data-dir.ts";

export const CONSOLE_USAGE = "usage: warden console [--name NAME] [--url URL] [--data DIR] | warden console --logout-all [--data DIR]";
const DEFAULT_URL = "http://127.0.0.1:8787";
const NAME = /^[\w.@+-]{1,64}$/;

export async function runConsole(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  const args = parseArgs(argv, { name: "value", url: "value", data: "value", "logout-all": "flag" });
  const errors = [...args.errors, ...args.positional.map((p) => `unexpected argument ${p}`)];
  const name = args.options.get("name") || env.USER || userInfo().username || "operator";
  if (!NAME.test(name)) errors.push("--name is 1 to 64 letters, digits or . _ @ + - (decisions record it)");
  const base = (args.options.get("url") ?? env.WARDEN_URL ?? DEFAULT_URL).replace(/\/+$/, "");
  if (!/^https?:\/\/[^/?#]+$/.test(base)) errors.push("--url is warden's address, like http://127.0.0.1:8787");
  if (errors.length) {
    for (const e of [...errors, CONSOLE_USAGE]) console.error(`warden console: ${e}`);
    return 2;
  }
  const storage = openDataDir(args.options, env);
  try {
    if (args.options.has("logout-all")) {
      console.error(`warden console: ended ${await storage.console.endAllSessions(systemClock.now())} session(s)`);
      return 0;
    }
    const { token } = await mintLoginToken(storage.console, name, systemClock);
    console.error(`Open this link within ${LOGIN_TOKEN_TTL_MS / 60_000} minutes; it logs in once, as ${name}:`);
    console.log(`${base}/console/login?token=${token}`);
    return 0;
  } finally {
    await storage.close();
  }
}
