// One text field in, the credentials in it out: every scanner runs, then overlaps are settled
// in favour of the most specific scanner.
import { scanAssignments, scanKeyedValue, type AssignmentOptions } from "./assignments.ts";
import { scanAuthorizationHeaders, scanAuthorizationValue } from "./auth-headers.ts";
import { scanArgvCredential, scanCliCredentials, scanUserFlagValue } from "./cli-credentials.ts";
import { scanCloudCredentials } from "./cloud-credentials.ts";
import { scanConfigValues } from "./config-values.ts";
import { scanConnectionUris } from "./connection-uris.ts";
import { scanDottedTokens } from "./dotted-tokens.ts";
import { scanPrivateKeys } from "./private-keys.ts";
import { scanProgramPasswords } from "./program-passwords.ts";
import { scanProsePasswords } from "./prose-passwords.ts";
import { scanPositionalCredentials } from "./positional-credentials.ts";
import { scanMultipartFields } from "./multipart-fields.ts";
import { scanProviderTokens } from "./provider-rules.ts";
import { scanTableValues } from "./table-values.ts";
import { MAX_HITS_PER_FIELD, type SecretHit } from "./secret-kind.ts";
import { resolveOverlaps } from "../span-hits.ts";
import { spentAtStep, type Budget } from "../../engine/budget.ts";

export interface Span {
  start: number;
  end: number;
}


/** The scanners over the whole text, most specific first. */
const SCANNERS: readonly ((text: string, hits: SecretHit[], budget: Budget, options: AssignmentOptions) => void)[] = [
  scanPrivateKeys,
  scanCloudCredentials,
  scanProviderTokens,
  scanDottedTokens,
  scanConnectionUris,
  scanAuthorizationHeaders,
  scanCliCredentials,
  scanProgramPasswords,
  scanProsePasswords,
  scanPositionalCredentials,
  scanMultipartFields,
  (text, hits, budget, options) => scanAssignments(text, options, hits, budget),
  scanTableValues,
  scanConfigValues,
];

/**
 * Every credential in `text`, non-overlapping, sorted by start. `key` is the name the field is
 * filed under (see field-keys.ts), which can make the whole field a value; `program` the
 * program an argv element belongs to. Once `budget` is spent the scan stops with what it found
 * so far (the caller sees `budget.cutOff`).
 */
export function scanText(text: string, options: AssignmentOptions, budget: Budget, key?: string, program?: string): SecretHit[] {
  const hits: SecretHit[] = [];
  if (program !== undefined) scanArgvCredential(program, key, text, hits);
  if (key !== undefined) {
    scanKeyedValue(key, text, options, hits);
    scanAuthorizationValue(key, text, hits);
    scanUserFlagValue(key, text, hits);
  }
  for (const scan of SCANNERS) {
    if (spentAtStep(budget, text.length)) break;
    scan(text, hits, budget, options);
  }
  return resolveOverlaps(hits, MAX_HITS_PER_FIELD);
}
