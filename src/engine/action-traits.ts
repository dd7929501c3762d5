// What an action can do, judged from its kind and shape: send data out of the machine, change
// state, or bring untrusted content into the session. Coarse on purpose: it feeds the session
// flow, which only asks whether a chain of such steps has completed.
import type { GuardEvent, Provenance } from "../wire/guard-event.ts";

export interface ActionTraits {
  sendsOut: boolean;
  changesState: boolean;
  /** The event itself carries content from outside (a web page, an MCP server, a fetched file). */
  intakeUntrusted: boolean;
}

const UNTRUSTED_SOURCES = new Set(["web", "mcp", "retrieved"]);

export const isUntrusted = (p: Provenance): boolean =>
  p.trust === "untrusted" || (p.trust !== "trusted" && UNTRUSTED_SOURCES.has(p.source));

const SHELL_TOOL = /(^|[_.:/-])(bash|shell|sh|exec|terminal|run_command|execute_command|run_shell_command|local_shell)$/i;
const EGRESS_TOOL = /(fetch|http|request|curl|wget|browse|navigate|upload|send|post|mail|slack|webhook|publish|tweet|message)/i;
const WEB_TOOL = /(webfetch|websearch|web_search|fetch|browse|navigate|search|scrape|crawl|read_url|http)/i;
const WRITE_TOOL = /(write|edit|create|delete|remove|move|rename|patch|apply|install|commit|push|deploy|update|insert|drop)/i;
const NETWORK_COMMAND = /(^|[\s;&|(`$'"/])(curl|wget|nc|ncat|netcat|socat|ssh|scp|sftp|rsync|ftp|telnet|http|https|aws|gsutil|az|gh|git\s+push|npm\s+publish|twine\s+upload|python[0-9.]*\s+-m\s+http)(?=$|[\s;&|)`'"])/;

const str = (value: unknown): string => (typeof value === "string" ? value : "");

function commandOf(event: GuardEvent): string | undefined {
  const p = event.payload;
  if (event.kind === "exec") return Array.isArray(p.argv) ? p.argv.filter((a) => typeof a === "string").join(" ") : undefined;
  if (event.kind !== "tool_call" || !SHELL_TOOL.test(str(p.name))) return undefined;
  const args = (p.arguments ?? {}) as Record<string, unknown>;
  const command = args.command ?? args.cmd ?? args.script;
  return Array.isArray(command) ? command.join(" ") : str(command);
}

export function classifyAction(event: GuardEvent): ActionTraits {
  const p = event.payload;
  const name = str(p.name);
  const command = commandOf(event)?.slice(0, 65_536);
  switch (event.kind) {
    case "network":
      return { sendsOut: str(p.direction || "egress") === "egress", changesState: false, intakeUntrusted: false };
    case "exec":
      return { sendsOut: NETWORK_COMMAND.test(command ?? ""), changesState: true, intakeUntrusted: false };
    case "tool_call":
      if (command !== undefined) return { sendsOut: NETWORK_COMMAND.test(command), changesState: true, intakeUntrusted: false };
      return {
        sendsOut: EGRESS_TOOL.test(name) || name.startsWith("mcp__"),
        changesState: WRITE_TOOL.test(name) || name.startsWith("mcp__"),
        intakeUntrusted: false,
      };
    case "tool_result":
      return { sendsOut: false, changesState: false, intakeUntrusted: WEB_TOOL.test(name) || name.startsWith("mcp__") };
    case "file":
      return { sendsOut: false, changesState: !/^(read|open|stat|list|access)/i.test(str(p.op)), intakeUntrusted: false };
    case "agent_spawn":
    case "config_change":
      return { sendsOut: false, changesState: true, intakeUntrusted: false };
    default:
      return { sendsOut: false, changesState: false, intakeUntrusted: false };
  }
}
