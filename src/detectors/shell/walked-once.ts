// The parsed and walked model of each command an event carries, shared by the detectors that
// read commands (shell judges them, egress reads their destinations), so a command is parsed
// and walked once per event. Detectors bound that work differently (text length, invocations,
// nesting, time); a limit that binds marks the model incomplete, and a complete model is the same
// whatever the limits were, so only a complete one is reused: a detector that finds an
// incomplete one builds its own under its own bounds.
import { sharedKey, type InspectedEvent } from "../../engine/detector.ts";
import type { Script } from "./ast.ts";
import type { ShellModel } from "./model.ts";
import type { Target, TextItem } from "./payload.ts";

export interface Walked {
  script: Script;
  model: ShellModel;
}

/** Per event: field path, then the exact text parsed there (argv items joined by NUL). */
const WALKED = sharedKey<Map<string, Map<string, Walked>>>("shell.walked");

/** Only texts whose offsets are their field's own are shared: elsewhere spans depend on the caller's mapping. */
const mappedAsIs = (item: TextItem): boolean => item.whole === undefined && item.offsets === undefined && !item.base;

/**
 * The model of `target` as `texts` (its texts, each cut to the caller's length), built by `build`
 * unless this event already holds a complete one. `input` is absent when a caller judges a bare
 * event (unit tests, benches): nothing is shared.
 */
export function walkedOnce(input: InspectedEvent | undefined, target: Exclude<Target, { kind: "code" }>, texts: readonly string[], build: () => Walked): Walked {
  const items = target.kind === "script" ? [target.item] : target.items;
  if (!input || !items.every(mappedAsIs)) return build();
  const path = items[0]?.path ?? "";
  const text = texts.join("\u0000");
  const byPath = input.shared(WALKED, () => new Map<string, Map<string, Walked>>());
  let byText = byPath.get(path);
  const found = byText?.get(text);
  if (found && !found.model.incomplete) return found;
  const walked = build();
  if (!byText) byPath.set(path, (byText = new Map()));
  byText.set(text, walked);
  return walked;
}
