// Entry point of the `warden` executable: dispatch to a command in cli/. Commands load lazily so
// a short-lived one (`warden hook`, run once per tool call) never pays for the server's modules.

type Env = Record<string, string | undefined>;
type Command = (args: string[], env: Env) => Promise<number> | number;

const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import("./cli/serve.ts")).runServe,
  keys: async () => (await import("./cli/keys.ts")).runKeys,
  policy: async () => (await import("./cli/policy.ts")).runPolicy,
  pep: async () => (await import("./cli/pep.ts")).runPep,
  approvals: async () => (await import("./cli/approvals.ts")).runApprovals,
  operators: async () => (await import("./cli/operators.ts")).runOperators,
  console: async () => (await import("./cli/console.ts")).runConsole,
  grants: async () => (await import("./cli/grants.ts")).runGrants,
  agents: async () => (await import("./cli/inventory.ts")).runAgents,
  findings: async () => (await import("./cli/inventory.ts")).runFindings,
  events: async () => (await import("./cli/inventory.ts")).runEvents,
  export: async () => (await import("./cli/export.ts")).runExport,
  audit: async () => (await import("./cli/audit.ts")).runAudit,
  hook: async () => (await import("./cli/hook.ts")).runHook,
  exec: async () => (await import("./cli/exec.ts")).runExec,
  init: async () => (await import("./cli/init.ts")).runInit,
};

async function printHelp(command?: string): Promise<number> {
  const { HELP, helpFor } = await import("./cli/help.ts");
  console.log((command && helpFor(command)) || HELP);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command = "serve", ...rest] = argv;
  // `warden exec -- CMD --help` (or `warden exec CMD --help`) passes --help to CMD; `warden exec
  // --help` and every other command's --help ask for that command's help.
  const own = command === "exec" ? (rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest.slice(0, 1)) : rest;
  if (own.includes("--help") || own.includes("-h")) return printHelp(command);
  if (command === "help" || command === "--help" || command === "-h") return printHelp();
  if (command === "version" || command === "--version") {
    console.log((await import("./version.ts")).VERSION);
    return 0;
  }
  const load = (Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined) ?? (command.startsWith("--") ? COMMANDS.serve : undefined);
  if (!load) {
    console.error(`warden: unknown command ${command}\n\n${(await import("./cli/help.ts")).HELP}`);
    return 2;
  }
  const args = load === COMMANDS.serve && command.startsWith("--") ? argv : rest;
  try {
    return await (await load())(args, process.env);
  } catch (error) {
    const { NoInstallation } = await import("./cli/data-dir.ts");
    if (!(error instanceof NoInstallation)) throw error;
    console.error(`warden ${command}: ${error.message}`);
    return 1;
  }
}

export {};

main(process.argv.slice(2)).then((code) => process.exit(code));
