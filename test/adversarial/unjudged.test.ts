// Property 1 through every door of the compiled binary: what warden could not read is never let
// through as judged (test/adversarial/unjudged.cases.ts).
import { CASES } from "./unjudged.cases.ts";
import { testTable } from "./harness.ts";

testTable(CASES);
