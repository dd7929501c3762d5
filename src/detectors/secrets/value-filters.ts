// Cheap tests that tell a real credential from the look-alikes docs and configs are full of:
// placeholders, templated references, masked values, sequences and low-entropy filler.

const counts = new Uint16Array(256);

/** Shannon entropy in bits per character (non-ASCII code units share buckets: a lower bound). */
export function shannonEntropy(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  counts.fill(0);
  for (let i = 0; i < n; i++) counts[value.charCodeAt(i) & 0xff]!++;
  let bits = 0;
  for (let i = 0; i < 256; i++) {
    const c = counts[i]!;
    if (c === 0) continue;
    const p = c / n;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Six or more consecutive ascending characters (`123456`, `abcdef`): typed by a human, not drawn. */
export function hasAscendingRun(value: string, run = 6): boolean {
  let length = 1;
  for (let i = 1; i < value.length; i++) {
    length = value.charCodeAt(i) === value.charCodeAt(i - 1) + 1 ? length + 1 : 1;
    if (length >= run) return true;
  }
  return false;
}

/** The same character six or more times in a row (`xxxxxx`, `000000`, `******`). */
export function hasRepeatedRun(value: string, run = 6): boolean {
  let length = 1;
  for (let i = 1; i < value.length; i++) {
    length = value.charCodeAt(i) === value.charCodeAt(i - 1) ? length + 1 : 1;
    if (length >= run) return true;
  }
  return false;
}

// Substrings that mark a value as an illustration rather than a credential. Matched on the
// lower-cased value, so they must stay lower-case.
const PLACEHOLDER_MARKERS = [
  "example",
  "placeholder",
  "changeme",
  "change_me",
  "change-me",
  "replace_me",
  "replaceme",
  "your_",
  "your-",
  "yourtoken",
  "yourkey",
  "yourpass",
  "yoursecret",
  "insert",
  "dummy",
  "sample",
  "redacted",
  "fake",
  "xxxx",
  "****",
  "...",
  "\u2022\u2022",
];

/** Markers of a templated or masked value: `${VAR}`, `{{ x }}`, `<your-key>`, `%s`, `$(cmd)`. */
const TEMPLATE_MARKERS = ["${", "{{", "}}", "<", ">", "%s", "%(", "$(", "#{", "[redacted"];

// Well-known values published in vendor documentation (AWS's example keys contain EXAMPLE and
// are caught above); these are not secrets anyone can use.
const DOCUMENTED_EXAMPLES = new Set([
  // Azure Storage emulator account key (devstoreaccount1), published by Microsoft.
  "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
  // Stripe's public documentation test keys.
  "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
  "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
]);

/** True for a value that only looks like a token: documentation filler, masking, templates. */
export function looksLikePlaceholderToken(value: string): boolean {
  if (DOCUMENTED_EXAMPLES.has(value)) return true;
  const lower = value.toLowerCase();
  for (const marker of PLACEHOLDER_MARKERS) if (lower.includes(marker)) return true;
  for (const marker of TEMPLATE_MARKERS) if (lower.includes(marker)) return true;
  return hasRepeatedRun(value) || hasAscendingRun(value);
}

// Whole values (letters only, lower-cased) that are words people write instead of a secret.
const PLACEHOLDER_WORDS = new Set([
  "password",
  "passwd",
  "pass",
  "pwd",
  "secret",
  "mysecret",
  "mypassword",
  "yourpassword",
  "token",
  "apikey",
  "key",
  "value",
  "test",
  "testing",
  "none",
  "null",
  "nil",
  "undefined",
  "true",
  "false",
  "todo",
  "tbd",
  "foo",
  "bar",
  "foobar",
  "abc",
  "qwerty",
  "admin",
  "root",
  "guest",
  "user",
  "username",
  "string",
  "required",
  "optional",
  "hidden",
  "empty",
]);

// The same words with the qualifier a usage line gives them: `-P oldpassword -Z newpassword`,
// `--token=yourtoken`, `currentpassword`.
const QUALIFIED_PLACEHOLDER = /^(?:old|new|current|my|your|the|some|other)(?:password|passwd|pass|pwd|secret|token|apikey|key)$/;

// A YAML tag read where the value would be: `password: !vault |` (Ansible's encrypted block),
// `MasterUserPassword: !Ref DBPassword` (CloudFormation), `api_password: !secret http_password`
// (Home Assistant). What follows the tag is ciphertext or the name of a secret, never the secret.
const YAML_TAG = /^!(?:vault|secret|Ref|Sub|GetAtt|ImportValue|FindInMap|Join|Select|Base64|If|env_var|ENV|env|include|input)$/;

// A pointer to where the secret is kept, resolved at deploy time: `vault:secret/data/app#password`,
// `ref+awssm://...`, `op://vault/item/field`, `arn:aws:secretsmanager:...`, `sops:`, `ENC[...]`;
// or at run time, as openssl's pass-phrase arguments name it: `env:VAR`, `file:PATH`, `fd:N`
// (only `pass:` carries the phrase itself).
const SECRET_REFERENCE =
  /^(?:vault|awssm|awsssm|ssm|secretsmanager|gcpsm|gcp-secret|azkv|keyvault|azure-keyvault|sops|op|bw|doppler|infisical|k8s|kubernetes|secretref|ref\+[a-z0-9]+):|^arn:aws[a-z-]*:(?:secretsmanager|ssm|kms):|^ENC\[|^projects\/[^/]+\/secrets\/|^env:[A-Za-z_]\w*$|^file:\S+$|^fd:\d+$/i;

// Words that declare a value unfit for production: `local-dev-only`, `insecure-dev-key`,
// `not-a-real-secret`, `demo_only`. Only a value made of such lower-case words and separators.
const SELF_DECLARED_WORD = /^(?:local|dev|development|insecure|only|not|no|a|real|fake|dummy|example|sample|placeholder|demo|changeme|unsafe|do|use|in|prod|production)$/;
const isSelfDeclaredPlaceholder = (value: string): boolean => {
  if (!/^[a-z]+(?:[-_][a-z]+){1,5}$/.test(value)) return false;
  const words = value.split(/[-_]/);
  return words.filter((w) => SELF_DECLARED_WORD.test(w)).length >= Math.max(2, words.length - 1);
};

/** Placeholder check for free-form values (passwords), stricter than for prefixed tokens. */
export function looksLikePlaceholderValue(value: string): boolean {
  if (looksLikePlaceholderToken(value) || SECRET_REFERENCE.test(value) || isSelfDeclaredPlaceholder(value)) return true;
  const first = value.charCodeAt(0);
  // `$VAR`, `%VAR%`, `@var`, `:param`, `?` bind parameters and `*` masks all stand in for a value.
  if (first === 36 || first === 37 || first === 64 || first === 58 || first === 63 || first === 42) {
    return true;
  }
  const lower = value.toLowerCase();
  if (lower.includes("test")) return true;
  const letters = lower.replace(/[^a-z]/g, "");
  return PLACEHOLDER_WORDS.has(letters) || QUALIFIED_PLACEHOLDER.test(letters) || YAML_TAG.test(value);
}

export const countClasses = (value: string): number =>
  (/[a-z]/.test(value) ? 1 : 0) + (/[A-Z]/.test(value) ? 1 : 0) + (/[0-9]/.test(value) ? 1 : 0);
