// scripts/explain-cases: prints the decision and the finding checks warden gives the cases of one
// probe-style JSON file whose names start with any of the given prefixes, to see which rule holds
// a case. Usage: bun scripts/explain-cases.ts FILE [NAME-PREFIX...]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { createRuntime } from "../src/runtime.ts";
import { loadCases } from "./corpus.ts";

const [file, ...prefixes] = process.argv.slice(2);
if (!file) {
  console.error("usage: bun scripts/explain-cases.ts FILE [NAME-PREFIX...]");
  process.exit(2);
}
const wanted = (name: string) => prefixes.length === 0 || prefixes.some((p) => name.includes(`: ${p}`));
const cases = loadCases(dirname(file)).filter((c) => c.name.includes(`/${basename(file)}: `) && wanted(c.name));
const dir = mkdtempSync(join(tmpdir(), "warden-explain-"));
const runtime = createRuntime({ dataDir: dir, rateLimit: 0 });
try {
  const caller = { keyId: "explain", workspaceId: "explain", ceiling: "self_declared" as const };
  for (const c of cases) {
    const verdict = await runtime.engine.evaluate(c.event, caller, { partial: true });
    const checks = (verdict.findings ?? []).map((f) => `${f.detector}:${f.check_id ?? f.category}`);
    console.log(`${verdict.decision.padEnd(16)} ${c.name.replace(/^.*?: /, "")}  [${checks.join(", ")}]`);
  }
} finally {
  await runtime.close();
  rmSync(dir, { recursive: true, force: true });
}
