// Tool calls a model proposes (a gateway's `model_output` with OpenAI `tool_calls`, a flat
// `{name, arguments}` list, or Anthropic `tool_use` content blocks) reach where the call would
// reach once the agent runs it: a proposed fetch of the metadata service is held before it is
// run, like the shell detector holds a proposed `curl | sh`. Shell calls go through the shell's
// own extraction (judge-shell.ts); every other call is judged as the tool call it would become.
import type { Budget } from "../../engine/budget.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import type { Hit } from "./checks.ts";
import { type Judged, judgeToolCall } from "./judge-events.ts";
import type { EgressOptions } from "./judge-host.ts";
import { judgeShellCommand } from "./judge-shell.ts";
import { isShellTool } from "./tool-names.ts";
import { type ProposedCall, proposedCalls } from "../proposed-calls.ts";

const MAX_ARGUMENT_CHARS = 256 * 1024;

interface Call {
  name: string;
  args: unknown;
  /** Where the arguments sit in the event; findings inside them are placed here. */
  root: string;
  /** Arguments given as a JSON string: offsets inside the parsed value mean nothing in the event. */
  encoded: boolean;
}

export function judgeModelCalls(event: GuardEvent, opts: EgressOptions, budget: Budget): Judged {
  const calls = proposedCalls(event.payload).flatMap((call) => decoded(call) ?? []);
  if (calls.length === 0) return { abstain: "model output proposes no tool call" };
  const hits: Hit[] = [];
  if (calls.some((call) => isShellTool(call.name))) {
    const shell = judgeShellCommand(event, opts, budget);
    if (!("abstain" in shell)) hits.push(...shell);
  }
  for (const call of calls) {
    if (isShellTool(call.name) || typeof call.args !== "object" || call.args === null) continue;
    const judged = judgeToolCall({ name: call.name, arguments: call.args }, opts);
    if ("abstain" in judged) continue;
    for (const found of judged) hits.push(placed(found, call));
  }
  return hits;
}

/** A hit found in `{name, arguments}` moved to where the call's arguments sit in the event. */
function placed(found: Hit, call: Call): Hit {
  if (found.path === undefined || !found.path.startsWith("payload.arguments")) return found;
  if (call.encoded) return { check: found.check, path: call.root, ...(found.severity ? { severity: found.severity } : {}), ...(found.decision ? { decision: found.decision } : {}) };
  return { ...found, path: call.root + found.path.slice("payload.arguments".length) };
}

/** A call with its arguments as a value; none when a JSON string of them is too long or no JSON. */
function decoded(call: ProposedCall): Call | undefined {
  if (typeof call.raw !== "string") return { name: call.name, args: call.raw, root: call.root, encoded: false };
  if (call.raw.length > MAX_ARGUMENT_CHARS) return undefined;
  try {
    return { name: call.name, args: JSON.parse(call.raw), root: call.root, encoded: true };
  } catch {
    return undefined;
  }
}
