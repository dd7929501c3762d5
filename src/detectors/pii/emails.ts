// Email addresses. Found from each `@` outwards (linear, no regex backtracking over long local
// parts), then filtered: documentation placeholders, role and bot mailboxes, package@version,
// retina assets, URL userinfo and ssh/scp `user@host` targets are not personal addresses.
import type { Budget } from "../../engine/budget.ts";
import { PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";

const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

const isLocalChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 37 ||
  c === 43 || c === 45;
const isDomainChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 45;

const DOMAIN_SHAPE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/;

// Two-letter TLDs are all country codes; longer ones must be a real, commonly mailed gTLD, so
// `weights@inputs.shape` and `icon@2x.png` in code are not addresses.
const GENERIC_TLDS = new Set(
  ("com net org edu gov mil int info biz name pro mobi app dev cloud email mail online site tech xyz " +
    "store shop blog live life world today space top club agency company solutions services systems digital " +
    "network group global media studio design consulting finance bank health care academy school university " +
    "team works tools software ventures capital partners law legal asia africa berlin london paris tokyo nyc " +
    "amsterdam wien swiss")
    .split(" "),
);

// Country-code TLDs that are far more often a file extension in agent traffic.
const EXTENSION_TLDS = new Set(
  "js ts md py rb rs go sh so cs pl ps gz bz xz ml hs kt vm tf sc jl do im ms".split(" "),
);

const PLACEHOLDER_DOMAINS =
  /(?:^|\.)(?:example(?:\.(?:com|org|net|edu))?|test|invalid|localhost|local|localdomain|internal|lan|home|corp|example-\w+\.\w+|(?:your|my|some)(?:domain|company|site|email|org|corp)\.\w+|(?:domain|company|email|mail|acme|foo|bar|baz|qux|sample|test|dummy|fake|site|website|host)\.(?:com|org|net|io)|noreply\.[a-z.]+|users\.noreply\.github\.com)$/;

const PLACEHOLDER_LOCALS =
  /^(?:user|username|user\.name|you|your[._-]?(?:name|email|mail|address|user)?|name|first[._-]?(?:name)?[._-]?last[._-]?(?:name)?|email|e-mail|mail|someone|somebody|anybody|foo|bar|baz|test|tester|testing|example|sample|dummy|fake|xxx+|abc|me|john[._-]?doe|jane[._-]?doe|[a-z])$/;

// Mailboxes of a function rather than a person: the sender of receipts, the ops rota, a build
// system. `dev@`, `ops@` and `receipts@` name a job anyone on the team may hold.
const ROLE_LOCALS =
  /^(?:no[._-]?reply|do[._-]?not[._-]?reply|donotreply|notifications?|notify|mailer[._-]?daemon|mailer|postmaster|hostmaster|webmaster|abuse|security|privacy|support|help|helpdesk|service[._-]?desk|info|contact|enquiries|inquiries|sales|billing|invoices?|receipts?|orders|payments|accounts|accounting|finance|admin|administrator|root|hello|team|office|press|media|legal|careers|jobs|hr|marketing|newsletter|news|updates|feedback|service|bounces?|ops|devops|sre|on[._-]?call|alerts?|monitoring|it|dev|devs|developers|engineering|release|releases|builds?|deploy|git|bot|ci|dependabot|renovate|github-actions|actions|maintainers?|authors|core[._-]?team|community|opensource|oss|packaging|security[._-]?team|soporte|suporte|supporto|ayuda|ajuda|hilfe|kontakt|contacto|contato|contatti|ventas|vendas|vendite|vertrieb|facturacion|faturamento|rechnung|buchhaltung|pedidos|bestellung|kundenservice|service[._-]?client|accueil|assistance)(?:\+.*)?$|^no[._-]?reply/;

// `ssh -i key.pem -p 22 deploy@host`: the login is the command's target, options may come first.
const SSH_LOGIN = /(?<![\w-])(?:ssh|sftp|mosh|ssh-copy-id|telnet)(?:\s+-\S+(?:\s+[^\s-]\S*)?)*\s+$/;
// `https://user:pass@host`, `postgres://u@db`: userinfo of a URL in the same token.
const URL_USERINFO = /:\/\/[^\s/]*$/;

/** Expands a local part leftwards from `at`; returns its start. */
function findLocalStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && at - start < MAX_LOCAL && isLocalChar(text.charCodeAt(start - 1))) start--;
  while (start < at && text.charCodeAt(start) === 46) start++;
  return start;
}

/** Expands a domain rightwards from `at`; returns its end, without a trailing dot or hyphen. */
function findDomainEnd(text: string, at: number): number {
  let end = at + 1;
  while (end < text.length && end - at <= MAX_DOMAIN && isDomainChar(text.charCodeAt(end))) end++;
  while (end > at + 1 && (text.charCodeAt(end - 1) === 46 || text.charCodeAt(end - 1) === 45)) end--;
  return end;
}

// Where a country code is also a file extension, its people still have mail: Poland's webmail
// providers (`wp.pl`, `o2.pl`, `interia.pl`) and second-level domains (`firma.com.pl`).
const MAILED_UNDER_EXTENSION =
  /(?:^|\.)(?:wp|onet|op|o2|interia|gazeta|tlen|vp|go2|poczta|autograf|buziaczek|int|onet\.eu)\.pl$|\.(?:com|net|org|edu|gov|co|ac|biz|info)\.[a-z]{2}$/;

function isAcceptedDomain(domain: string): boolean {
  if (!DOMAIN_SHAPE.test(domain) || PLACEHOLDER_DOMAINS.test(domain)) return false;
  const tld = domain.slice(domain.lastIndexOf(".") + 1);
  if (tld.length === 2 && EXTENSION_TLDS.has(tld)) return MAILED_UNDER_EXTENSION.test(domain);
  return tld.length === 2 || GENERIC_TLDS.has(tld);
}

/** Not an address but a URL's userinfo, an scp/git remote (`git@host:org/repo`) or an ssh login. */
function isHostTarget(text: string, start: number, end: number, argvBefore: string): boolean {
  const after = text.charCodeAt(end + 1);
  if (text.charCodeAt(end) === 58 && after > 32 && after !== 160) return true;
  const before = argvBefore + text.slice(Math.max(0, start - 200), start);
  return URL_USERINFO.test(before) || SSH_LOGIN.test(before);
}

function checkCandidate(text: string, at: number, argvBefore: string): { start: number; end: number } | undefined {
  const start = findLocalStart(text, at);
  const end = findDomainEnd(text, at);
  if (start === at || end <= at + 3) return undefined;
  // `@scope/pkg@1.0.0`, `a@b@c`: another `@` glued on either side means not an address.
  if (text.charCodeAt(start - 1) === 64 || text.charCodeAt(end) === 64) return undefined;
  const local = text.slice(start, at).toLowerCase();
  const domain = text.slice(at + 1, end).toLowerCase();
  if (local.endsWith(".") || local.includes("..") || !isAcceptedDomain(domain)) return undefined;
  if (PLACEHOLDER_LOCALS.test(local) || ROLE_LOCALS.test(local)) return undefined;
  if (isHostTarget(text, start, end, argvBefore)) return undefined;
  return { start, end };
}

// Output a fake-data library printed (`faker.internet.email(); // Norma13@hotmail.com`) is made up.
const FAKER = /(?<![a-z])(?:faker|fakerjs|chance\.email|mimesis)(?![a-z])/i;
const FAKER_WINDOW = 200;
const hasFaker = (text: string): boolean => /faker|chance\.email|mimesis/i.test(text);

export function scanEmails(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  const faked = hasFaker(text);
  let at = text.indexOf("@");
  while (at !== -1 && !budget.spent()) {
    const found = checkCandidate(text, at, context.argvBefore);
    const madeUp = found !== undefined && faked && FAKER.test(text.slice(Math.max(0, found.start - FAKER_WINDOW), found.start));
    if (found && !madeUp) hits.push({ kind: PII_KINDS.email, start: found.start, end: found.end, score: 0.9 });
    at = text.indexOf("@", found ? found.end : at + 1);
  }
}

// Addresses written to dodge scrapers: `jane.doe [at] gmail [dot] com`, `jane(at)web(dot)de`,
// `jane.doe AT gmail DOT com`. The same domain and mailbox checks apply once they are read back.
const AT = "(?:\\s?[\\[({]\\s?at\\s?[\\])}]\\s?| AT )";
const DOT = "(?:\\s?[\\[({]\\s?dot\\s?[\\])}]\\s?| DOT |\\.)";
const OBFUSCATED = new RegExp(`(?<![\\w.%+-])([A-Za-z0-9._%+-]{1,64})${AT}([A-Za-z0-9-]{1,63}(?:${DOT}[A-Za-z0-9-]{1,63}){1,4})(?![\\w])`, "g");
const OBFUSCATED_PREFILTER = /[\[({]\s?at\s?[\])}]| AT /i;
const DOT_TOKEN = new RegExp(DOT, "g");

export function scanObfuscatedEmails(text: string, _context: FieldContext, hits: PiiHit[], budget: Budget): void {
  if (!OBFUSCATED_PREFILTER.test(text)) return;
  OBFUSCATED.lastIndex = 0;
  for (let m = OBFUSCATED.exec(text); m !== null && !budget.spent(); m = OBFUSCATED.exec(text)) {
    const local = m[1]!.toLowerCase();
    const domain = m[2]!.replace(DOT_TOKEN, ".").toLowerCase();
    if (local.endsWith(".") || !isAcceptedDomain(domain) || PLACEHOLDER_LOCALS.test(local) || ROLE_LOCALS.test(local)) continue;
    hits.push({ kind: PII_KINDS.email, start: m.index, end: m.index + m[0].length, score: 0.85 });
  }
}
