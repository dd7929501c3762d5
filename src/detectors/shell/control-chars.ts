// Control characters in a command: each program that reads it may see a different text. A C
// string (execve, `bash -c`) ends at the first NUL; bash drops NULs from input it reads; other
// shells and terminals drop the rest. A text carrying any is judged as every one of those.
import type { Target, TextItem } from "./payload.ts";

/** C0 controls other than tab, newline and carriage return, and DEL: never in an honest command. */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/** The targets plus, for each text with control characters, the readings listed above. */
export function withControlReadings(targets: readonly Target[]): Target[] {
  const readings: Target[] = [];
  for (const target of targets) {
    if (target.kind === "script" && CONTROL.test(target.item.text)) {
      for (const text of readingsOf(target.item.text)) readings.push({ kind: "script", item: detached(target.item, text), keep: target.keep });
    } else if (target.kind === "argv" && target.items.some((item) => CONTROL.test(item.text))) {
      const cut = target.items.map((item) => detached(item, cutAtNul(item.text)));
      const dropped = target.items.map((item) => detached(item, item.text.replace(CONTROLS, "")));
      readings.push({ kind: "argv", items: cut, keep: target.keep }, { kind: "argv", items: dropped, keep: target.keep });
    }
  }
  return readings.length === 0 ? (targets as Target[]) : [...targets, ...readings];
}

const cutAtNul = (text: string): string => (text.includes("\0") ? text.slice(0, text.indexOf("\0")) : text);

function readingsOf(text: string): string[] {
  const dropped = text.replace(CONTROLS, "");
  const cut = cutAtNul(text);
  return cut === text || cut === dropped ? [dropped] : [cut, dropped];
}

/** A derived text: offsets no longer match the field, so findings point at all of it. */
const detached = (item: TextItem, text: string): TextItem => ({ path: item.path, text, whole: item.whole ?? regionOf(item) });

function regionOf(item: TextItem): { path: string; start: number; end: number } {
  const at = (offset: number) => (item.offsets ? item.offsets(offset) : (item.base ?? 0) + offset);
  return { path: item.path, start: at(0), end: at(item.text.length) };
}
