// scripts/probe-pii: runs the pii detector over fixture files and prints, per case, whether its
// decision and planted values came out as expected, with the spans found. A tuning aid for new
// fixture files before they gate tests: `bun scripts/probe-pii.ts FILE...`.
import { readFileSync } from "node:fs";
import { createInspectedEvent } from "../src/engine/inspected-event.ts";
import { piiDetector } from "../src/detectors/pii/index.ts";
import { inspectWith, makeEvent } from "../src/detectors/test-support.ts";

interface Fixture {
  name: string;
  kind: string;
  payload: Record<string, unknown>;
  planted?: string[];
  expect: { decision: string };
}

let failed = 0;
let total = 0;
for (const file of process.argv.slice(2)) {
  for (const fixture of JSON.parse(readFileSync(file, "utf8")) as Fixture[]) {
    const event = makeEvent(fixture.kind, fixture.payload);
    const outcome = inspectWith(piiDetector, event);
    const texts = new Map(createInspectedEvent(event).texts().map((f) => [f.path, f.text]));
    const found = outcome.findings.map((f) => `${f.check_id}=${JSON.stringify(texts.get(f.path!)!.slice(f.start, f.end))}`);
    const values = outcome.findings.map((f) => texts.get(f.path!)!.slice(f.start, f.end));
    const planted = fixture.planted ?? [];
    const ok =
      outcome.decision === fixture.expect.decision &&
      planted.every((p) => values.includes(p)) &&
      (planted.length === 0 || values.length === planted.length);
    total++;
    if (!ok) failed++;
    console.log(`${ok ? "ok  " : "MISS"} ${fixture.name}${ok ? "" : `\n       got ${outcome.decision}: ${found.join(" ")}`}`);
  }
}
console.log(`${total - failed}/${total} as expected`);
