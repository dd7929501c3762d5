// Property 5 (decoders) through every door of the compiled binary: secrets and personal data
// encoded (base64, hex, percent, escapes, full-width, zero-width splits) are found where they are
// sent out, and encoded look-alikes stay allowed (test/adversarial/encodings.cases.ts).
import { CASES } from "./encodings.cases.ts";
import { testTable } from "./harness.ts";

testTable(CASES);
