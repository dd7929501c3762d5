// Micro-benchmark of the shell detector: µs per event for typical agent commands and for the
// fixture corpora. Run: `node_modules/.bin/bun src/detectors/shell/bench.ts [rounds] [group]`.
// Fixture command texts are only ever handed to the detector, never to a shell.
import { createInspectedEvent } from "../../engine/inspected-event.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import benignCases from "./fixtures/benign.json";
import maliciousCases from "./fixtures/malicious.json";
import { shellDetector } from "./index.ts";

interface Fixture {
  argv?: string[];
  tool?: { name: string; arguments: unknown };
}

/** Commands shaped like what coding agents run all day (50–200 characters). */
const TYPICAL = [
  "cd /home/dev/project && npm run build -- --mode production && git status --short | head -n 20",
  "git log --oneline -n 20 --decorate && git diff --stat HEAD~1 -- src/ tests/",
  "npm install --save-dev typescript@5.6.3 @types/node && npx tsc --noEmit -p tsconfig.json",
  "ls -la /home/dev/project/src && cat package.json | grep -n '\"version\"'",
  "grep -rn --include='*.ts' 'createInspectedEvent' src/ | sort | uniq -c | head -50",
  "python3 scripts/generate_report.py --input data/results.csv --output /tmp/report.html --verbose",
  "docker build -t myorg/api:latest -f docker/Dockerfile --build-arg NODE_ENV=production .",
  "curl -fsSL -o /tmp/node-v20.tar.xz https://nodejs.org/dist/v20.11.0/node-v20.11.0-linux-x64.tar.xz",
  "find . -name '*.test.ts' -not -path './node_modules/*' | xargs wc -l | tail -n 1",
  "mkdir -p build/out && cp -r assets/ build/out/ && tar czf build.tgz build/out && echo done",
  "pytest tests/ -x -q --maxfail=3 2>&1 | tail -n 40",
  "git add -A && git commit -m \"Fix parser edge case for heredocs\" && git push origin feature/parser",
];

let counter = 0;
function makeEvent(kind: "exec" | "tool_call", payload: Record<string, unknown>): GuardEvent {
  counter++;
  return {
    svc_version: "0.5",
    event_id: `evt-bench-${counter}`,
    guard_id: "guard-bench",
    timestamp: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    observation_point: "execution",
    kind,
    payload,
  };
}

const fromFixture = (fixture: Fixture): GuardEvent =>
  fixture.argv ? makeEvent("exec", { argv: fixture.argv, cwd: "/work" }) : makeEvent("tool_call", fixture.tool ?? {});
const bashCall = (command: string): GuardEvent => makeEvent("tool_call", { name: "Bash", arguments: { command } });

const detector = shellDetector.create(shellDetector.defaultConfig);

const TRIALS = 7;
const WARM_UP_NS = 1.5e9;

interface Timing {
  /** Median wall-clock µs per event over the trials. */
  median: number;
  /** The best trial: the one least disturbed by GC pauses and other processes. */
  best: number;
  /** Median process CPU µs per event (includes GC threads; unaffected by time spent descheduled). */
  cpu: number;
}

/** Times TRIALS runs of `rounds` passes through `events`, after a warm-up. */
function measure(events: readonly GuardEvent[], rounds: number): Timing {
  const run = () => {
    for (const event of events) detector.inspect(createInspectedEvent(event));
  };
  // Warm up by time, not passes: JIT tiers compile on background threads that would otherwise
  // still be burning CPU during the first trials.
  for (const until = Bun.nanoseconds() + WARM_UP_NS; Bun.nanoseconds() < until; ) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  const perEvent = (micros: number) => micros / (rounds * events.length);
  for (let trial = 0; trial < TRIALS; trial++) {
    const start = Bun.nanoseconds();
    const usage = process.cpuUsage();
    for (let i = 0; i < rounds; i++) run();
    const used = process.cpuUsage(usage);
    wall.push(perEvent((Bun.nanoseconds() - start) / 1000));
    cpu.push(perEvent(used.user + used.system));
  }
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  return { median: sorted(wall)[TRIALS >> 1] as number, best: wall[0] as number, cpu: sorted(cpu)[TRIALS >> 1] as number };
}

const rounds = Number(process.argv[2] ?? 1000);
/** Optional substring of a group label, to profile one group alone (`bench.ts 8000 typical`). */
const only = process.argv[3];
const groups: [string, GuardEvent[], number][] = [
  ["typical benign", TYPICAL.map(bashCall), rounds],
  ["benign fixtures", (benignCases as Fixture[]).map(fromFixture), Math.ceil(rounds / 5)],
  ["malicious fixtures", (maliciousCases as Fixture[]).map(fromFixture), Math.ceil(rounds / 5)],
];
for (const [label, events, passes] of groups) {
  if (only && !label.includes(only)) continue;
  const { median, best, cpu } = measure(events, passes);
  const µs = (value: number) => value.toFixed(2).padStart(6);
  const figures = `${µs(median)} µs/event median, ${µs(best)} best, ${µs(cpu)} CPU`;
  console.log(`${label.padEnd(20)}${figures}  (${events.length} events x ${passes}, ${TRIALS} trials)`);
}
