// One text field in, the credentials in it out: every scanner runs, then overlaps are settled
// in favour of the most specific scanner.
import { scanAssignments, scanKeyedValue, type AssignmentOptions } from "./assignments.ts";
import { scanAuthorizationHeaders, scanAuthorizationValue } from "./auth-headers.ts";
import { scanCliCredentials, scanUserFlagValue } from "./cli-credentials.ts";
import { scanCloudCredentials } from "./cloud-credentials.ts";
import { scanConnectionUris } from "./connection-uris.ts";
import { scanPrivateKeys } from "./private-keys.ts";
import { scanProviderTokens } from "./provider-rules.ts";
import { MAX_HITS_PER_FIELD, type SecretHit } from "./secret-kind.ts";
import { resolveOverlaps } from "../span-hits.ts";

export interface Span {
  start: number;
  end: number;
}


/**
 * Every credential in `text`, non-overlapping, sorted by start. `key` is the name the field is
 * filed under (see field-keys.ts), which can make the whole field a value.
 */
export function scanText(text: string, options: AssignmentOptions, key?: string): SecretHit[] {
  const hits: SecretHit[] = [];
  if (key !== undefined) {
    scanKeyedValue(key, text, options, hits);
    scanAuthorizationValue(key, text, hits);
    scanUserFlagValue(key, text, hits);
  }
  scanPrivateKeys(text, hits);
  scanCloudCredentials(text, hits);
  scanProviderTokens(text, hits);
  scanConnectionUris(text, hits);
  scanAuthorizationHeaders(text, hits);
  scanCliCredentials(text, hits);
  scanAssignments(text, options, hits);
  return resolveOverlaps(hits, MAX_HITS_PER_FIELD);
}
