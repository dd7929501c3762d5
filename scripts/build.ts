// Builds the one self-contained executable. The checkpointer runs in a Worker, so its module is
// a second entry point compiled into the same binary. Bytecode spares each start parsing the
// bundle: `warden hook` runs once per tool call, so its start-up is on the agent's critical path.
import { join } from "node:path";

const root = join(import.meta.dir, "..");
export const ENTRY_POINTS = ["src/main.ts", "src/store/sqlite/checkpointer.ts"].map((p) => join(root, p));

export function buildBinary(outfile: string): { ok: boolean; output: string } {
  const build = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", "--bytecode", ...ENTRY_POINTS, "--outfile", outfile], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  return { ok: build.exitCode === 0, output: build.stdout.toString() + build.stderr.toString() };
}

if (import.meta.main) {
  const outfile = process.argv[2] ?? join(root, "dist", "warden");
  const result = buildBinary(outfile);
  process.stdout.write(result.output);
  process.exit(result.ok ? 0 : 1);
}
