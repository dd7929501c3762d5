// The guard-gaps table (test/adversarial/guard-gaps.cases.ts) through every door of the compiled
// binary: evaluate, both hook endpoints, both hook commands and warden exec --check.
import { CASES } from "./guard-gaps.cases.ts";
import { testTable } from "./harness.ts";

testTable(CASES);
