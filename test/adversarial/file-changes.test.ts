// The file-changes table (test/adversarial/file-changes.cases.ts) through every door of the compiled
// binary: evaluate, both hook endpoints and both hook commands (property 4).
import { CASES } from "./file-changes.cases.ts";
import { testTable } from "./harness.ts";

testTable(CASES);
