// One line that says what an event did, for lists (the console's live view): the command, the
// path, the host, the tool. Built from the stored event, whose secrets are already masked; cut
// to a bound, control characters shown as spaces.
const MAX = 160;

const str = (v: unknown): string | undefined => (typeof v === "string" && v.length > 0 ? v : undefined);

function describe(kind: string, payload: Record<string, unknown>): string {
  const args = (payload.arguments ?? {}) as Record<string, unknown>;
  const name = str(payload.name);
  switch (kind) {
    case "tool_call": {
      const detail = str(args.command) ?? str(args.cmd) ?? str(args.file_path) ?? str(args.path) ?? str(args.url) ?? str(args.query) ?? str(args.pattern);
      return name ? (detail ? `${name}: ${detail}` : name) : "tool call";
    }
    case "tool_result":
      return `${name ?? "tool"} result`;
    case "exec":
      return Array.isArray(payload.argv) ? payload.argv.map(String).join(" ") : "exec";
    case "network": {
      const host = str(payload.host);
      return str(payload.url) ?? (host ? `${str(payload.direction) ?? "network"} ${host}${payload.port ? `:${String(payload.port)}` : ""}` : "network");
    }
    case "file":
      return `${str(payload.op) ?? "file"} ${str(payload.path) ?? ""}`.trim();
    case "user_input":
      return `prompt: ${str(payload.text) ?? ""}`;
    case "mcp_connect":
      return `mcp connect ${str(payload.server) ?? str(payload.url) ?? ""}`.trim();
    default:
      return name ? `${kind} ${name}` : kind;
  }
}

export function actionSummary(kind: string, payload: unknown): string {
  const text = describe(kind, payload !== null && typeof payload === "object" ? (payload as Record<string, unknown>) : {});
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  return flat.length > MAX ? `${flat.slice(0, MAX - 1)}…` : flat;
}
