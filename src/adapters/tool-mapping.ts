// The one table of how a harness tool call becomes a GuardEvent (kind + payload + provenance),
// and how an edited payload goes back into the tool's input. README "Hook mapping" mirrors it.
import type { Kind, Provenance } from "../wire/guard-event.ts";

export type ToolInput = Record<string, unknown>;

export interface ToolAction {
  kind: Kind;
  payload: Record<string, unknown>;
  /** Where the tool's output comes from, for the PostToolUse `tool_result`. */
  resultSource: Provenance["source"];
  resultTrust: Provenance["trust"];
  /** MCP server named by an `mcp__S__T` tool; its calls carry MCP provenance. */
  mcpServer?: string;
  /** The tool input with a rewritten or redacted payload applied; undefined when it cannot be. */
  toInput(payload: Record<string, unknown>): ToolInput | undefined;
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

const SHELL_TOOLS = new Set(["Bash", "shell", "exec_command", "local_shell", "container.exec", "unified_exec", "BashOutput"]);
const READ_TOOLS = new Set(["Read", "NotebookRead", "Grep", "Glob", "LS"]);

function parseMcpName(name: string): { server: string; tool: string } | undefined {
  const match = /^mcp__(.+?)__(.+)$/.exec(name);
  return match ? { server: match[1]!, tool: match[2]! } : undefined;
}

const asToolCall = (name: string, input: ToolInput): Omit<ToolAction, "resultSource" | "resultTrust"> => ({
  kind: "tool_call",
  payload: { name, arguments: input },
  toInput: (payload) => {
    const args = payload.arguments;
    return args !== null && typeof args === "object" && !Array.isArray(args) ? (args as ToolInput) : undefined;
  },
});

/** Paths named in an apply_patch body (`*** Add File: p`, `*** Update File: p`, `*** Move to: p`...). */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  const header = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$|^(?:\+\+\+|---) (?:[ab]\/)?(.+)$/gm;
  for (const match of patch.slice(0, 1 << 20).matchAll(header)) {
    const path = (match[1] ?? match[2] ?? match[3] ?? "").trim();
    if (path && path !== "/dev/null" && !paths.includes(path) && paths.length < 64) paths.push(path);
  }
  return paths;
}

function fileAction(name: string, input: ToolInput, cwd: string | undefined): Omit<ToolAction, "resultSource" | "resultTrust"> | undefined {
  const path = str(input.file_path) ?? str(input.notebook_path) ?? str(input.path);
  switch (name) {
    case "Read":
    case "NotebookRead":
      return path === undefined ? undefined : { kind: "file", payload: { op: "read", path }, toInput: () => input };
    case "Grep":
      return { kind: "file", payload: { op: "read", path: path ?? cwd ?? ".", pattern: input.pattern ?? "" }, toInput: () => input };
    case "Glob":
      return { kind: "file", payload: { op: "glob", path: path ?? cwd ?? ".", pattern: input.pattern ?? "" }, toInput: () => input };
    case "LS":
      return path === undefined ? undefined : { kind: "file", payload: { op: "list", path }, toInput: () => input };
    case "Write":
      if (path === undefined) return undefined;
      return { kind: "file", payload: { op: "write", path, content: input.content ?? "" }, toInput: (p) => ({ ...input, content: p.content }) };
    case "Edit":
      if (path === undefined) return undefined;
      return { kind: "file", payload: { op: "edit", path, content: input.new_string ?? "" }, toInput: (p) => ({ ...input, new_string: p.content }) };
    case "NotebookEdit":
      if (path === undefined) return undefined;
      return { kind: "file", payload: { op: "edit", path, content: input.new_source ?? "" }, toInput: (p) => ({ ...input, new_source: p.content }) };
    case "MultiEdit": {
      if (path === undefined) return undefined;
      const edits = Array.isArray(input.edits) ? input.edits : [];
      const content = edits.map((e) => str((e as ToolInput | null)?.new_string) ?? "").join("\n");
      // The joined text cannot be split back reliably, so an edited payload is not applied.
      return { kind: "file", payload: { op: "edit", path, content }, toInput: (p) => (p.content === content ? input : undefined) };
    }
  }
  return undefined;
}

const PATCH_PROGRAMS = new Set(["apply_patch", "applypatch"]);
/** The script Codex itself reads as a patch: `apply_patch <<'EOF' ... EOF`, maybe after a `cd DIR &&`. */
const PATCH_HEREDOC = /^\s*(?:cd\s+[^\n;&|]+&&\s*)?apply_?patch\s*<<-?\s*(['"]?)(\w+)\1[ \t]*\n([\s\S]*?\n)\2\s*$/;

/**
 * Codex applies patches through its shell tool too: `["apply_patch", patch]`, or
 * `["bash", "-lc", "apply_patch <<'EOF' ... EOF"]`. Such a call is the apply_patch tool's file
 * change, and is mapped as one; any other shell command stays a shell command.
 */
function shellPatch(input: ToolInput): string | undefined {
  const argv = input.command;
  if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === "string")) return undefined;
  const [program, first, second] = argv as string[];
  if (argv.length === 2 && PATCH_PROGRAMS.has(program ?? "")) return first;
  if (argv.length !== 3 || !/^(?:\/(?:usr\/)?bin\/)?(?:ba|z)?sh$/.test(program ?? "") || !/^-l?c$/.test(first ?? "")) return undefined;
  return PATCH_HEREDOC.exec(second ?? "")?.[3];
}

function applyPatchAction(input: ToolInput, given?: string): Omit<ToolAction, "resultSource" | "resultTrust"> {
  const patch = given ?? str(input.command) ?? str(input.patch) ?? str(input.input) ?? "";
  const paths = patchPaths(patch);
  return {
    kind: "file",
    payload: { op: "patch", path: paths[0] ?? "", paths, content: patch },
    toInput: (p) => (p.content === patch ? input : undefined),
  };
}

function webAction(name: string, input: ToolInput): Omit<ToolAction, "resultSource" | "resultTrust"> | undefined {
  if (name === "WebFetch") {
    const url = str(input.url);
    if (url === undefined) return undefined;
    let host = "";
    let port: number | undefined;
    try {
      const parsed = new URL(url);
      host = parsed.hostname;
      port = parsed.port ? Number(parsed.port) : parsed.protocol === "http:" ? 80 : 443;
    } catch {
      // Not a URL: the egress detector judges the raw text.
    }
    const payload: Record<string, unknown> = { host, direction: "egress", url, method: "GET", prompt: input.prompt ?? "" };
    if (port !== undefined) payload.port = port;
    return { kind: "network", payload, toInput: (p) => ({ ...input, url: p.url, prompt: p.prompt }) };
  }
  if (name === "WebSearch") {
    const payload = { direction: "egress", service: "web_search", query: input.query ?? "", allowed_domains: input.allowed_domains ?? [], blocked_domains: input.blocked_domains ?? [] };
    return { kind: "network", payload, toInput: (p) => ({ ...input, query: p.query }) };
  }
  return undefined;
}

function spawnAction(input: ToolInput, toolUseId: string): Omit<ToolAction, "resultSource" | "resultTrust"> {
  const type = str(input.subagent_type) ?? "general-purpose";
  return {
    kind: "agent_spawn",
    payload: { child_agent_id: `subagent:${toolUseId}`, child_agent_type: type, granted_scopes: [], description: input.description ?? "", prompt: input.prompt ?? "" },
    toInput: (p) => ({ ...input, description: p.description, prompt: p.prompt }),
  };
}

/** Provenance of a tool's output: the web, MCP servers and files are content nobody vouched for. */
function resultOrigin(name: string, kind: Kind): Pick<ToolAction, "resultSource" | "resultTrust"> {
  if (name.startsWith("mcp__")) return { resultSource: "mcp", resultTrust: "untrusted" };
  if (name === "WebFetch" || name === "WebSearch") return { resultSource: "web", resultTrust: "untrusted" };
  if (READ_TOOLS.has(name) || (kind === "file" && name !== "Write" && name !== "Edit")) return { resultSource: "file", resultTrust: "untrusted" };
  return { resultSource: "tool_result", resultTrust: "unverified" };
}

function shellAction(name: string, input: ToolInput): Omit<ToolAction, "resultSource" | "resultTrust"> {
  const patch = shellPatch(input);
  return patch === undefined ? asToolCall(name, input) : applyPatchAction(input, patch);
}

/** The GuardEvent shape of one harness tool call (the table in README "Hook mapping"). */
export function mapToolCall(name: string, input: ToolInput, toolUseId: string, cwd?: string): ToolAction {
  const mcp = parseMcpName(name);
  const base =
    (SHELL_TOOLS.has(name) ? shellAction(name, input) : undefined) ??
    fileAction(name, input, cwd) ??
    (name === "apply_patch" ? applyPatchAction(input) : undefined) ??
    webAction(name, input) ??
    (name === "Task" || name === "Agent" ? spawnAction(input, toolUseId) : undefined) ??
    asToolCall(name, input);
  return { ...base, ...resultOrigin(name, base.kind), ...(mcp ? { mcpServer: mcp.server } : {}) };
}
