// Credentials in HTTP Authorization headers (RFC 9110 section 11.6.2): bearer tokens as API
// credentials, Basic credentials (RFC 7617) as passwords once they decode to `user:password`.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { looksLikePlaceholderValue, shannonEntropy } from "./value-filters.ts";

const BEARER = defineKind(
  "authorization_header", CATEGORIES.apiKey, "high", "AUTH_TOKEN", "Credential in an Authorization header", PRIORITIES.url,
);
const BASIC = defineKind(
  "basic_auth_header", CATEGORIES.password, "high", "PASSWORD", "Basic credentials in an Authorization header", PRIORITIES.url,
);

const AUTHORIZATION =
  /authorization\\?["']?[ \t]*[:=][ \t]*\\?["']?(bearer|basic|token|bot)[ \t]+([A-Za-z0-9._~+\/-]{8,4096}=*)/gi;

function isBasicCredential(encoded: string): boolean {
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0 || /[\u0000-\u001f\ufffd]/.test(decoded)) return false;
  const password = decoded.slice(colon + 1);
  return password.length >= 3 && !looksLikePlaceholderValue(password);
}

function pushCredential(scheme: string, credential: string, end: number, hits: SecretHit[]): void {
  const start = end - credential.length;
  if (scheme.toLowerCase() === "basic") {
    if (isBasicCredential(credential)) hits.push({ kind: BASIC, start, end, score: 0.9 });
    return;
  }
  if (looksLikePlaceholderValue(credential) || shannonEntropy(credential) < 3) return;
  hits.push({ kind: BEARER, start, end, score: 0.85 });
}

/** Appends the credential of every `Authorization: <scheme> <credential>` in `text` to `hits`. */
export function scanAuthorizationHeaders(text: string, hits: SecretHit[], budget: Budget): void {
  if (!text.includes("uthoriz") && !text.includes("UTHORIZ")) return;
  for (const match of text.matchAll(AUTHORIZATION)) {
    if (budget.spent()) return;
    pushCredential(match[1]!, match[2]!, match.index + match[0].length, hits);
  }
}

const HEADER_NAME = /^(?:proxy-)?authorization$/i;
const HEADER_VALUE = /^[ \t]*(bearer|basic|token|bot)[ \t]+([A-Za-z0-9._~+\/-]{8,4096}=*)[ \t]*$/i;

/** A header map entry (`{"authorization": "Bearer ..."}`): the key names the header. */
export function scanAuthorizationValue(key: string, text: string, hits: SecretHit[]): void {
  if (!HEADER_NAME.test(key)) return;
  const match = HEADER_VALUE.exec(text);
  if (match) pushCredential(match[1]!, match[2]!, match.index + match[0].trimEnd().length, hits);
}
