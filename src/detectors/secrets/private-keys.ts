// Private key material: PEM blocks (RFC 7468), OpenSSH and PuTTY key files, and Google Cloud
// service-account JSON, where the PEM key is the credential and reported as a cloud one.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { shannonEntropy } from "./value-filters.ts";

const PRIVATE_KEY = defineKind(
  "private_key", CATEGORIES.privateKey, "critical", "PRIVATE_KEY", "Private key", PRIORITIES.privateKey,
);
const GCP_SERVICE_ACCOUNT_KEY = defineKind(
  "gcp_service_account_key", CATEGORIES.cloud, "critical", "GCP_SERVICE_ACCOUNT_KEY",
  "Google Cloud service account key", PRIORITIES.privateKey,
);
const GCP_PRIVATE_KEY_ID = defineKind(
  "gcp_private_key_id", CATEGORIES.cloud, "high", "GCP_PRIVATE_KEY_ID",
  "Google Cloud service account key id", PRIORITIES.cloud,
);

const PEM_BEGIN =
  /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP |SSH2 ENCRYPTED )?PRIVATE KEY(?: BLOCK)?)-----/g;
const GCP_KEY_ID = /private_key_id\\?["']\s*:\s*\\?["']([a-f0-9]{40})/g;

/** A real key body is long and random; `...`, `<your key>` and `XXXX` fillers are neither. */
const MIN_BODY_CHARS = 64;

function hasKeyBody(text: string, start: number, end: number): boolean {
  let chars = 0;
  const sampleEnd = Math.min(end, start + 256);
  for (let i = start; i < sampleEnd && chars < MIN_BODY_CHARS; i++) {
    const c = text.charCodeAt(i);
    const isBase64 = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47;
    if (isBase64) chars++;
  }
  return chars >= MIN_BODY_CHARS && shannonEntropy(text.slice(start, sampleEnd)) >= 3.5;
}

/**
 * A block runs to its END line; a truncated one (an agent printing the head of a key file)
 * runs to the end of the text, or to the closing quote when the key sits in a JSON string.
 * Searches that found nothing are remembered, so many unterminated headers stay linear.
 */
function createBlockEndFinder(text: string): (type: string, bodyStart: number) => number {
  const missingFooters = new Set<string>();
  let nextQuote = -2;
  return (type, bodyStart) => {
    const footer = `-----END ${type}-----`;
    const footerAt = missingFooters.has(footer) ? -1 : text.indexOf(footer, bodyStart);
    if (footerAt >= 0) return footerAt + footer.length;
    missingFooters.add(footer);
    if (nextQuote !== -1 && nextQuote < bodyStart) nextQuote = text.indexOf('"', bodyStart);
    return nextQuote >= 0 ? nextQuote : text.length;
  };
}

function scanPemBlocks(text: string, hits: SecretHit[], inServiceAccount: boolean, budget: Budget): number {
  const findBlockEnd = createBlockEndFinder(text);
  let found = 0;
  for (const match of text.matchAll(PEM_BEGIN)) {
    if (budget.spent()) break;
    const bodyStart = match.index + match[0].length;
    const end = findBlockEnd(match[1]!, bodyStart);
    if (!hasKeyBody(text, bodyStart, end)) continue;
    const kind = inServiceAccount ? GCP_SERVICE_ACCOUNT_KEY : PRIVATE_KEY;
    hits.push({ kind, start: match.index, end, score: 0.99 });
    found++;
  }
  return found;
}

const PUTTY_HEADER = "PuTTY-User-Key-File-";
const PUTTY_MAC = /Private-(?:MAC|Hash): [0-9a-f]{40,64}/g;
const MAX_PUTTY_FILE = 16384;

/** PuTTY .ppk files: from the header to the MAC line, which closes every such file. */
function scanPuttyKeys(text: string, hits: SecretHit[], budget: Budget): void {
  let macEnd = -1;
  let macStart = -1;
  for (let at = text.indexOf(PUTTY_HEADER); at >= 0 && !budget.spent(); at = text.indexOf(PUTTY_HEADER, Math.max(at + 1, macEnd))) {
    if (macStart < at) {
      PUTTY_MAC.lastIndex = at;
      const mac = PUTTY_MAC.exec(text);
      if (!mac) return;
      macStart = mac.index;
      macEnd = mac.index + mac[0].length;
    }
    if (macStart - at > MAX_PUTTY_FILE || !text.slice(at, macStart).includes("Private-Lines:")) continue;
    hits.push({ kind: PRIVATE_KEY, start: at, end: macEnd, score: 0.95 });
  }
}

/** Appends private keys (and service-account key ids when the key itself is absent) to `hits`. */
export function scanPrivateKeys(text: string, hits: SecretHit[], budget: Budget): void {
  const inServiceAccount = text.includes("service_account");
  const pemCount = text.includes("PRIVATE KEY") ? scanPemBlocks(text, hits, inServiceAccount, budget) : 0;
  scanPuttyKeys(text, hits, budget);
  if (inServiceAccount && pemCount === 0 && text.includes("private_key_id")) {
    for (const match of text.matchAll(GCP_KEY_ID)) {
      if (budget.spent()) return;
      const end = match.index + match[0].length;
      hits.push({ kind: GCP_PRIVATE_KEY_ID, start: end - 40, end, score: 0.8 });
    }
  }
}
