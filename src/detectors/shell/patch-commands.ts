// Codex runs `apply_patch` as a command of its shell tool (`["apply_patch", patch]`, or
// `bash -lc "apply_patch <<'EOF' ... EOF"`), and a running shell's `applypatch` does the same:
// the patch such a command is given is judged as the apply_patch tool's is, each hunk's added
// lines as what they add to the file they land in (written-patch.ts).
import type { ShellModel } from "./model.ts";
import { patchTexts, type Written } from "./written-patch.ts";

const PATCH_COMMANDS = new Set(["apply_patch", "applypatch"]);

/** The texts the patches a command applies leave in files; findings point at the command. */
export function patchesApplied(model: ShellModel): Written[] {
  const texts: Written[] = [];
  for (const inv of model.invocations) {
    if (!PATCH_COMMANDS.has(inv.name)) continue;
    const given = inv.args[0]?.text;
    const patch = given ?? (inv.stdin?.kind === "heredoc" ? inv.stdin.body.text : undefined);
    // A patch from a file or a pipe is not in the text: nothing to judge but the command itself.
    if (patch !== undefined) texts.push(...patchTexts(patch, inv.span.path, inv.span));
  }
  return texts;
}
