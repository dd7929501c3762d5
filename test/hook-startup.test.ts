// `warden hook` runs once per tool call, so what its code loads is on the agent's critical path.
// Two Node compatibility modules cost a run about ten milliseconds each: node:crypto, and Node's
// stream library (behind process.stdout and process.stderr). The hook's module graph holds neither.
import { expect, test } from "bun:test";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

test("the hook command's code loads neither node:crypto nor Node's streams", async () => {
  const build = await Bun.build({ entrypoints: [join(root, "src/cli/hook.ts")], target: "bun" });
  expect(build.success).toBe(true);
  const code = (await Promise.all(build.outputs.map((o) => o.text()))).join("\n");
  expect(code).toContain("runHook");
  // What is found, not the whole bundle, is what a failure shows.
  const heavy = /from\s*["'](?:node:)?(?:crypto|stream)["']|require\(["'](?:node:)?(?:crypto|stream)["']\)|process\.std(?:out|err)\b/g;
  expect(code.match(heavy) ?? []).toEqual([]);
});
