// The built-in detectors, listed explicitly: a compiled binary cannot discover plugins on disk.
import type { DetectorDefinition } from "../engine/detector.ts";
const secretsDetector: any = null;
const shellDetector: any = null;

export const BUILTIN_DETECTORS: readonly DetectorDefinition<any>[] = [shellDetector, secretsDetector];
