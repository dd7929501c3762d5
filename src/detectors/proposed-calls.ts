// Tool calls a model proposes, as a gateway's `model_output` carries them: OpenAI `tool_calls[]`
// (`{function: {name, arguments}}`) or a flat `{name, input|arguments}` list, and Anthropic
// `tool_use` content blocks. The shell detector judges the shell ones as if already run; egress
// judges every call where it would reach.
import { childPath } from "../engine/text-fields.ts";

export interface ProposedCall {
  name: string;
  /** The arguments as given: an object, or the JSON string OpenAI sends. */
  raw: unknown;
  /** Where the arguments sit in the event (`payload.tool_calls[0].function.arguments`). */
  root: string;
}

/** At most this many calls are read per list: the rest of a longer one is not a model's output. */
const MAX_CALLS = 64;

export function proposedCalls(payload: Record<string, unknown>): ProposedCall[] {
  const calls: ProposedCall[] = [];
  for (const key of ["tool_calls", "content"] as const) {
    const list = payload[key];
    if (!Array.isArray(list)) continue;
    for (const [i, entry] of list.slice(0, MAX_CALLS).entries()) {
      const call = proposedCall(entry, childPath(childPath("payload", key), i), key === "content");
      if (call) calls.push(call);
    }
  }
  return calls;
}

function proposedCall(entry: unknown, path: string, block: boolean): ProposedCall | undefined {
  if (typeof entry !== "object" || entry === null) return undefined;
  const record = entry as Record<string, unknown>;
  if (block && record.type !== "tool_use") return undefined;
  const fn = record.function;
  const holder = typeof fn === "object" && fn !== null ? (fn as Record<string, unknown>) : record;
  const holderPath = holder === record ? path : `${path}.function`;
  if (typeof holder.name !== "string") return undefined;
  const key = holder.arguments !== undefined ? "arguments" : "input";
  return { name: holder.name, raw: holder[key], root: childPath(holderPath, key) };
}
