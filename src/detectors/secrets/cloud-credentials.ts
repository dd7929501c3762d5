// AWS and Azure credentials. AWS secret keys have no prefix, so they are only trusted next to a
// telling name (`aws_secret_access_key = ...`) or near an access key id; a `session_token` is
// only read as AWS's when its value has the length of an STS token.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, MAX_HITS_PER_FIELD, PRIORITIES, defineKind, type SecretHit, type SecretKind } from "./secret-kind.ts";
import { countClasses, looksLikePlaceholderToken, shannonEntropy } from "./value-filters.ts";

const cloudKind = (name: string, label: string, title: string) =>
  defineKind(name, CATEGORIES.cloud, "critical", label, title, PRIORITIES.cloud);

const AWS_ACCESS_KEY = cloudKind("aws_access_key", "AWS_ACCESS_KEY", "AWS access key id");
const AWS_SECRET_KEY = cloudKind("aws_secret_key", "AWS_SECRET_KEY", "AWS secret access key");
const AWS_SESSION_TOKEN = cloudKind("aws_session_token", "AWS_SESSION_TOKEN", "AWS session token");
const AZURE_STORAGE_KEY = cloudKind("azure_storage_key", "AZURE_STORAGE_KEY", "Azure storage account key");
const AZURE_SHARED_KEY = cloudKind("azure_shared_access_key", "AZURE_SHARED_ACCESS_KEY", "Azure shared access key");

// Long-term (AKIA) and temporary (ASIA) key ids use the RFC 4648 base32 alphabet.
const AWS_KEY_ID = /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?![A-Za-z0-9])/g;
const ASSIGN = String.raw`\\?["']?(?:[ \t]*[:=][ \t]*|[ \t]+)\\?["']?`;
const AWS_SECRET_ASSIGNMENT = new RegExp(
  String.raw`(?:aws[_.-]?secret[_.-]?(?:access[_.-]?)?key|secret[_.-]?access[_.-]?key)${ASSIGN}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
  "gi",
);
const AWS_SESSION_ASSIGNMENT = new RegExp(
  String.raw`(?:aws[_.-]?)?session[_.-]?token${ASSIGN}([A-Za-z0-9/+=]{100,4096})`,
  "gi",
);
const BARE_SECRET_KEY = /(?<![A-Za-z0-9\/+=])[A-Za-z0-9\/+]{40}(?![A-Za-z0-9\/+=])/g;
const AZURE_ACCOUNT_KEY = /AccountKey=([A-Za-z0-9+\/]{86}==)/g;
const AZURE_SHARED_ACCESS_KEY = /SharedAccessKey=([A-Za-z0-9+\/]{43}=)/g;

/** How far around an access key id a bare secret key is still read as its pair. */
const PAIR_WINDOW = 256;

const isRandomSecret = (value: string, minEntropy: number): boolean =>
  !looksLikePlaceholderToken(value) && countClasses(value) >= 2 && shannonEntropy(value) >= minEntropy;

/** Pushes a hit for capture group 1, which every pattern here ends with. */
function pushGroupHits(
  text: string,
  pattern: RegExp,
  kind: SecretKind,
  accept: (value: string) => boolean,
  hits: SecretHit[],
  budget: Budget,
): void {
  for (const match of text.matchAll(pattern)) {
    if (budget.spent()) return;
    const value = match[1]!;
    if (!accept(value)) continue;
    const end = match.index + match[0].length;
    hits.push({ kind, start: end - value.length, end, score: 0.95 });
  }
}

function scanPairedSecret(text: string, idStart: number, idEnd: number, hits: SecretHit[]): void {
  const from = Math.max(0, idStart - PAIR_WINDOW);
  const window = text.slice(from, Math.min(text.length, idEnd + PAIR_WINDOW));
  for (const match of window.matchAll(BARE_SECRET_KEY)) {
    // All three classes and high entropy: 40-char git SHAs and words never qualify.
    if (countClasses(match[0]) < 3 || !isRandomSecret(match[0], 4)) continue;
    const start = from + match.index;
    hits.push({ kind: AWS_SECRET_KEY, start, end: start + 40, score: 0.85 });
  }
}

// One pass tells which of the scans below can match at all.
const CLOUD_ANCHOR = /A(?:KIA|SIA|BIA|CCA)|ecret|ECRET|ession|ESSION|AccountKey=|SharedAccessKey=/g;

function findCloudAnchors(text: string, budget: Budget): Set<string> {
  const found = new Set<string>();
  CLOUD_ANCHOR.lastIndex = 0;
  for (let match = CLOUD_ANCHOR.exec(text); match && !budget.spent(); match = CLOUD_ANCHOR.exec(text)) {
    found.add(match[0].startsWith("A") && match[0].length === 4 ? "AKIA" : match[0].toLowerCase());
  }
  return found;
}

function scanAwsKeyIds(text: string, hits: SecretHit[], budget: Budget): void {
  for (const match of text.matchAll(AWS_KEY_ID)) {
    if (budget.spent()) return;
    if (!isRandomSecret(match[0], 3)) continue;
    const end = match.index + match[0].length;
    hits.push({ kind: AWS_ACCESS_KEY, start: match.index, end, score: 0.95 });
    // Past the per-field report limit more pairs cannot be reported; stop paying for them.
    if (hits.length < MAX_HITS_PER_FIELD) scanPairedSecret(text, match.index, end, hits);
  }
}

/** Appends AWS and Azure credential matches in `text` to `hits`. */
export function scanCloudCredentials(text: string, hits: SecretHit[], budget: Budget): void {
  const anchors = findCloudAnchors(text, budget);
  if (anchors.size === 0) return;
  if (anchors.has("AKIA")) scanAwsKeyIds(text, hits, budget);
  if (anchors.has("ecret")) {
    pushGroupHits(text, AWS_SECRET_ASSIGNMENT, AWS_SECRET_KEY, (v) => isRandomSecret(v, 3.5), hits, budget);
  }
  if (anchors.has("ession")) {
    pushGroupHits(text, AWS_SESSION_ASSIGNMENT, AWS_SESSION_TOKEN, (v) => isRandomSecret(v, 4), hits, budget);
  }
  const accept = (value: string) => isRandomSecret(value, 4);
  if (anchors.has("accountkey=")) pushGroupHits(text, AZURE_ACCOUNT_KEY, AZURE_STORAGE_KEY, accept, hits, budget);
  if (anchors.has("sharedaccesskey=")) {
    pushGroupHits(text, AZURE_SHARED_ACCESS_KEY, AZURE_SHARED_KEY, accept, hits, budget);
  }
}
