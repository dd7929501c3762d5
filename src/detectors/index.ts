// The built-in detectors, listed explicitly: a compiled binary cannot discover plugins on disk.
import type { DetectorDefinition } from "../engine/detector.ts";
import { egressDetector } from "./egress/index.ts";
import { injectionDetector } from "./injection/index.ts";
import { piiDetector } from "./pii/index.ts";
import { secretsDetector } from "./secrets/index.ts";
import { shellDetector } from "./shell/index.ts";

export const BUILTIN_DETECTORS: readonly DetectorDefinition<any>[] = [shellDetector, secretsDetector, piiDetector, injectionDetector, egressDetector];
