// The shell-effects table (test/adversarial/shell-effects.cases.ts) through every door of the compiled
// binary: evaluate, both hook endpoints, both hook commands and warden exec --check (property 5).
import { CASES } from "./shell-effects.cases.ts";
import { testTable } from "./harness.ts";

testTable(CASES);
