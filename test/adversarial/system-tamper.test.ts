// The system-tampering table (test/adversarial/system-tamper.cases.ts) through every door of the
// compiled binary: evaluate, both hook endpoints, both hook commands and warden exec --check.
import { CASES } from "./system-tamper.cases.ts";
import { testTable } from "./harness.ts";

testTable(CASES);
