// A safe rewrite for the commonest remote-code shape, `curl URL | sh`: keep the download, drop
// the execution (`curl URL -o ./downloaded-script`). Offered only when the whole command is that
// one two-stage pipeline, so the rewrite cannot change anything else the command does.
import { isFetcher } from "./facts.ts";
import type { ShellModel } from "./model.ts";

export const DOWNLOAD_ONLY_FILE = "./downloaded-script";

export interface Rewrite {
  /** Payload path of the field to replace, e.g. `payload.arguments.command`, `payload.argv[2]`. */
  path: string;
  text: string;
}

const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh"]);

/**
 * `textOf` gives the original text of a payload field. An outer `bash -c` (exec argv) is looked
 * through: the rewrite then replaces its script string.
 */
export function downloadOnly(model: ShellModel, textOf: (path: string) => string | undefined): Rewrite | undefined {
  if (model.incomplete) return undefined;
  let invocations = model.invocations;
  const outer = invocations[0];
  if (invocations.length === 3 && outer && SHELLS.has(outer.name) && outer.program?.kind === "inline") invocations = invocations.slice(1);
  if (invocations.length !== 2) return undefined;
  const [fetch, run] = invocations as [ShellModel["invocations"][0], ShellModel["invocations"][0]];
  if (!isFetcher(fetch) || (fetch.name !== "curl" && fetch.name !== "wget")) return undefined;
  if (fetch.wrappers.length > 0 || fetch.redirects.length > 0 || fetch.background) return undefined;
  if (run.stdin?.kind !== "pipe" || run.pipeline !== fetch.pipeline || run.stage !== 1 || run.span.path !== fetch.span.path) return undefined;
  const text = textOf(fetch.span.path);
  if (text === undefined || text.slice(0, fetch.span.start).trim() !== "" || text.slice(run.span.end).trim() !== "") return undefined;
  const download = text.slice(fetch.span.start, fetch.span.end).trimEnd();
  // Both tools take the last output option given, so appending one overrides `-o -` / `-O-`.
  return { path: fetch.span.path, text: `${download} ${fetch.name === "curl" ? "-o" : "-O"} ${DOWNLOAD_ONLY_FILE}` };
}
