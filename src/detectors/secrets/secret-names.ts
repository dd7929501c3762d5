// Which key names hold a credential. A `strong` name says so outright (`password`, `api_key`,
// `client_secret`); a `weak` one only suggests it (`upstream_auth`, `hmacSalt`, `client-sig`,
// `session_cookie`, `app_key`): its value must look drawn at random before it counts.

export type NameStrength = "strong" | "weak";

// Lower-cased, separator-free name endings that name a credential.
const SECRET_NAME =
  /(?:password|passwd|passphrase|pwd|pass|pw|secret|secretkey|apikey|apisecret|token|accesskey|privatekey|credentials?|signingkey|encryptionkey|masterkey|authkey|storepass|keypass|passin|passout)$/;
// Names that end like a credential but hold counts, cursors or model vocabulary.
// A CSRF token under any name (`csrfmiddlewaretoken`, `xsrf_form_token`) guards one form, unlocks nothing.
const NOT_SECRET_NAME =
  /(?:page|continuation|pagination|csrf|xsrf|cancel|cancellation|sync|cursor|max|min|num|total|input|output|completion|prompt|eos|bos|pad|unk|sep|mask|cls|special)token$|^(?:csrf|xsrf)[a-z]*token$/;
// `pass`, `pwd` and `pw` only as a whole word part: `db_pass`, `dbPass`, `user.pw`, not `bypass` or `compass`.
const SHORT_NAME = /(?:^|[_.-]|[a-z](?=[PW]))(?:pass|pwd|pw|PASS|PWD|PW|Pass|Pwd|Pw)$/;

// The last word of a weak name: authentication material, signatures, salts, cookies, sessions,
// and the seeds and shared values keys are made from (`signing_seed`, `hmacMaterial`, `PartnerHandshake`).
const WEAK_LAST_WORD =
  /^(?:[a-z]*auth|[a-z]*sig|signature|[a-z]*salt|pepper|[a-z]*cookies?|session(?:id|key)?|bearer|[a-z]*hmac|private|creds?|key|seed|material|handshake|passcode)$/;
// The same endings on the separator-free name: a cheap test before the name is split into words.
const WEAK_ENDING = /(?:auth|sig|signature|salt|pepper|cookies?|session|sessionid|sessionkey|bearer|hmac|private|creds?|key|seed|material|handshake|passcode)$/;
// Keys that index data rather than unlock anything: `primary_key`, `sort_key`, `cache_key`.
const NOT_SECRET_KEY_OWNER = new Set(
  ("public publishable primary foreign sort partition range cache idempotency hot shortcut row lookup object s3 " +
    "bucket translation i18n message field column index unique composite label tag entry record table lock " +
    "dedup dedupe routing shard sharding group event item map react keyboard press up down")
    .split(" "),
);
// Words that make a weak name about something other than a credential (`auth_url`, `sig_alg`
// end elsewhere; these are the few that end in a weak word yet mean a setting or a count).
const NOT_SECRET_WORD = new Set(["public", "publishable", "enable", "enabled", "disable", "use", "require", "no", "skip", "max", "min", "ttl", "timeout", "length", "size", "count", "type", "mode", "method", "name", "path", "file", "dir", "url"]);

// An API's sync or cancellation token (`syncToken`, `cancellation_token`) is a cursor, but an
// environment variable of that name (`INVENTORY_SYNC_TOKEN`) is the sync service's credential.
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const isEnvSyncToken = (raw: string, normal: string): boolean =>
  ENV_NAME.test(raw) && /(?:sync|cancel|cancellation|continuation)token$/.test(normal);

/** `upstream_auth` -> [upstream, auth]; `hmacSalt` -> [hmac, salt]; `HTTPCookie` -> [http, cookie]. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** How strongly an identifier (`DB_PASSWORD`, `apiKey`, `--token`, `upstream_auth`) names a credential. */
export function secretNameStrength(name: string): NameStrength | undefined {
  const raw = name.replace(/[.-]+$/, "");
  const normal = raw.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (SECRET_NAME.test(normal) && (!NOT_SECRET_NAME.test(normal) || isEnvSyncToken(raw, normal))) {
    const short = (normal.endsWith("pass") || normal.endsWith("pwd") || normal.endsWith("pw")) && !/(?:store|key)pass$/.test(normal);
    if (!short || SHORT_NAME.test(raw)) return "strong";
  }
  if (!WEAK_ENDING.test(normal)) return undefined;
  const words = wordsOf(raw);
  const last = words[words.length - 1];
  if (last === undefined || !WEAK_LAST_WORD.test(last) || words.some((w) => NOT_SECRET_WORD.has(w))) return undefined;
  if (last === "key" && words.length > 1 && NOT_SECRET_KEY_OWNER.has(words[words.length - 2]!)) return undefined;
  return "weak";
}

/** Whether an identifier names a credential, strongly or weakly. */
export const isSecretName = (name: string): boolean => secretNameStrength(name) !== undefined;
