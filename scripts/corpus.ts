// The labelled corpus: every detector's fixture files, read into one list of GuardEvents with
// the decision and category expected of warden as a whole. Used by scripts/bench-detection and
// by the end-to-end corpus test.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GuardEvent, Kind, Provenance } from "../src/wire/guard-event.ts";
import type { Decision } from "../src/wire/verdict.ts";

export interface CorpusCase {
  /** `<detector>/<fixture file>: <case name>` */
  name: string;
  detector: string;
  event: GuardEvent;
  expected: Decision;
  /** Category id (or prefix) a positive must be reported under. */
  category?: string;
  /** Where the case's content came from (the shared corpus: its `owner/repo`). */
  source?: string;
}

interface FixtureCase {
  name: string;
  argv?: string[];
  tool?: { name: string; arguments: Record<string, unknown> };
  kind?: Kind;
  payload?: Record<string, unknown>;
  provenance?: Provenance[];
  content_encoding?: GuardEvent["content_encoding"];
  redactions?: GuardEvent["redactions"];
  expect: { decision: Decision; category?: string; categories?: string[] };
}

const detectorsDir = join(import.meta.dir, "..", "src", "detectors");
/** Cases written apart from any detector, so they measure what the detectors were not tuned on. */
const independentDir = join(import.meta.dir, "..", "test", "corpus");

function toEvent(c: FixtureCase, id: string): GuardEvent | undefined {
  const base = {
    svc_version: "0.5" as const,
    event_id: id,
    guard_id: id,
    timestamp: "2026-11-23T10:00:00Z",
    observation_point: "invocation" as const,
  };
  const extra = {
    ...(c.provenance ? { provenance: c.provenance } : {}),
    ...(c.content_encoding ? { content_encoding: c.content_encoding } : {}),
    ...(c.redactions ? { redactions: c.redactions } : {}),
  };
  if (c.argv) return { ...base, kind: "exec", observation_point: "execution", payload: { argv: c.argv }, ...extra };
  if (c.tool) return { ...base, kind: "tool_call", payload: { name: c.tool.name, arguments: c.tool.arguments }, ...extra };
  if (c.kind && c.payload) return { ...base, kind: c.kind, payload: c.payload, ...extra };
  return undefined;
}

function readCases(dir: string, label: string): CorpusCase[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  return files.flatMap((file) =>
    (JSON.parse(readFileSync(join(dir, file), "utf8")) as FixtureCase[]).flatMap((c, i) => {
      const event = toEvent(c, `${label}-${file}-${i}`);
      if (!event || !c.expect?.decision) return [];
      const category = c.expect.category ?? c.expect.categories?.[0];
      return [{ name: `${label}/${file}: ${c.name}`, detector: label, event, expected: c.expect.decision, ...(category ? { category } : {}) }];
    }),
  );
}

/** The cases of every JSON file in `dir` (a probe set kept outside the corpus, for example). */
export const loadCases = (dir: string): CorpusCase[] => readCases(dir, "independent");

/** Every detector's fixtures plus the independent cases; `independentOnly` for the latter alone. */
export function loadCorpus(independentOnly = false): CorpusCase[] {
  const independent = readCases(independentDir, "independent");
  if (independentOnly) return independent;
  const detectors = readdirSync(detectorsDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  return [...detectors.flatMap((d) => readCases(join(detectorsDir, d.name, "fixtures"), d.name)), ...independent];
}

/** One line of a `<suite>.jsonl` file of the shared development corpus (its README). */
interface SharedLine {
  id: string;
  suite: string;
  source: string;
  unsafe: boolean;
  category?: string;
  event: Omit<GuardEvent, "event_id" | "guard_id" | "timestamp">;
}

/**
 * The shared development corpus (`--shared DIR`): read where it lies, never copied into the
 * repository (its text is others'). Each case gets fresh ids and its own session, as its README
 * asks; a case is judged by the whole verdict, and `detector` names its suite.
 */
export function loadSharedCorpus(dir: string): CorpusCase[] {
  const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort();
  return files.flatMap((file) =>
    readFileSync(join(dir, file), "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => {
      const c = JSON.parse(line) as SharedLine;
      const id = `shared-${c.id}`;
      const event = { ...c.event, event_id: id, guard_id: id, session_id: id, timestamp: "2026-11-23T10:00:00Z" } as GuardEvent;
      const source = c.source.split("@")[0]!;
      return { name: `${c.suite}: ${c.id}`, detector: `suite:${c.suite}`, event, expected: c.unsafe ? "block" : "allow", source, ...(c.category ? { category: c.category } : {}) };
    }),
  );
}
