// Entry point of the `warden` executable: dispatch to a command in cli/.
import { runApprovals } from "./cli/approvals.ts";
import { runGrants } from "./cli/grants.ts";
import { HELP } from "./cli/help.ts";
import { runKeys } from "./cli/keys.ts";
import { runAgents, runFindings } from "./cli/inventory.ts";
import { runOperators } from "./cli/operators.ts";
import { runPep } from "./cli/pep.ts";
import { runPolicy } from "./cli/policy.ts";
import { runServe } from "./cli/serve.ts";
import { VERSION } from "./version.ts";

async function main(argv: string[]): Promise<number> {
  const [command = "serve", ...rest] = argv;
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(HELP);
    return 0;
  }
  switch (command) {
    case "serve":
      return runServe(rest, process.env);
    case "keys":
      return runKeys(rest, process.env);
    case "policy":
      return runPolicy(rest);
    case "pep":
      return runPep(rest, process.env);
    case "approvals":
      return runApprovals(rest, process.env);
    case "operators":
      return runOperators(rest, process.env);
    case "grants":
      return runGrants(rest, process.env);
    case "agents":
      return runAgents(rest, process.env);
    case "findings":
      return runFindings(rest, process.env);
    case "help":
    case "--help":
    case "-h":
      console.log(HELP);
      return 0;
    case "version":
    case "--version":
      console.log(VERSION);
      return 0;
    default:
      if (command.startsWith("--")) return runServe(argv, process.env);
      console.error(`warden: unknown command ${command}\n\n${HELP}`);
      return 2;
  }
}

process.exit(await main(process.argv.slice(2)));
