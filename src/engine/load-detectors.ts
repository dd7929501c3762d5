// Validates every detector's configuration, then creates them: all errors are reported
// together, before warden serves a single request.
import { Value } from "@sinclair/typebox/value";
import type { DetectorDefinition } from "./detector.ts";
import type { LoadedDetector } from "./run-detector.ts";

export type Loaded = { ok: true; detectors: LoadedDetector[] } | { ok: false; errors: string[] };

export function loadDetectors(
  definitions: readonly DetectorDefinition<any>[],
  configs: Readonly<Record<string, unknown>> = {},
): Loaded {
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const id of Object.keys(configs)) {
    if (!definitions.some((d) => d.id === id)) errors.push(`detectors.${id}: no such detector`);
  }
  const valid: [DetectorDefinition<any>, unknown][] = [];
  for (const definition of definitions) {
    if (ids.has(definition.id)) errors.push(`detectors.${definition.id}: defined twice`);
    ids.add(definition.id);
    const config = configs[definition.id] ?? definition.defaultConfig;
    const problems = [...Value.Errors(definition.configSchema, config)];
    for (const p of problems) errors.push(`detectors.${definition.id}${p.path.replaceAll("/", ".")}: ${p.message}`);
    if (problems.length === 0) valid.push([definition, config]);
  }
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    detectors: valid.map(([definition, config]) => ({
      definition,
      detector: definition.create(config),
      kinds: new Set(definition.kinds),
      encodings: new Set(definition.encodings),
    })),
  };
}
