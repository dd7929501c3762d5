// Credentials given by position rather than by name: a user and password pair handed to an
// HTTP client (`auth=('user', 'pass')`, `HTTPBasicAuth('user', 'pass')`, `.basicAuth('u', 'p')`,
// `new NetworkCredential("u", "p")`), and a tool's `config set <name> <value>` whose name is a
// credential's (`aws configure set aws_secret_access_key X`, `dotnet user-secrets set ApiKey X`,
// `gh secret set NAME --body X`). A value read from the environment or a file is no literal.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { secretNameStrength } from "./secret-names.ts";
import { countClasses, looksLikePlaceholderValue } from "./value-filters.ts";

// The same check id as a named assignment: a typed password in a test file is exempt alike.
const PAIR_PASSWORD = defineKind(
  "password_assignment", CATEGORIES.password, "medium", "PASSWORD", "Hard-coded password or secret", PRIORITIES.generic,
);
const CONFIG_SECRET = defineKind(
  "cli_password", CATEGORIES.password, "high", "PASSWORD", "Password passed on a command line", PRIORITIES.url,
);

// `auth=(`, `HTTPBasicAuth(`, `BasicAuth(`, `basicAuth(`, `setBasicAuth(`, `NetworkCredential(`,
// `UsernamePasswordCredentials(`, `PasswordAuthentication(`: then two string literals.
const PAIR = /(?:\bauth[ \t]*=[ \t]*\(|\b(?:HTTPBasicAuth|HTTPDigestAuth|BasicAuth|basicAuth|setBasicAuth|NetworkCredential|UsernamePasswordCredentials|PasswordAuthentication|PasswordCredential)[ \t]*\()[ \t]*(['"])[^'"\n]{1,128}\1[ \t]*,[ \t]*(['"])([^'"\n]{6,128})\2/dg;
// `<tool> configure|config|user-secrets set <name> <value>`, and `gh secret set <NAME> --body|-b <value>`.
const CONFIG_SET = /\b(?:configure|config|user-secrets)[ \t]+set[ \t]+(['"]?)([\w.:/@-]{1,96})\1[ \t]+(['"]?)([^\s'"]{6,256})\3/dg;
const SECRET_SET = /\bsecret[ \t]+set[ \t]+[\w.-]{1,96}(?:[ \t]+-[\w-]+(?:[ \t]+[^\s-]\S*)?){0,4}?[ \t]+(?:--body|-b)(?:[ \t]+|=)(['"]?)([^\s'"]{6,256})\1/dg;

function isLiteral(value: string): boolean {
  return !looksLikePlaceholderValue(value) && countClasses(value) >= 2 && !/^\d+$/.test(value);
}

/** Appends passwords given by position in `text` to `hits`. */
export function scanPositionalCredentials(text: string, hits: SecretHit[], budget: Budget): void {
  if (text.includes("uth") || text.includes("Credential")) {
    PAIR.lastIndex = 0;
    for (let m = PAIR.exec(text); m !== null && !budget.spent(); m = PAIR.exec(text)) {
      const [start, end] = m.indices![3]!;
      if (isLiteral(m[3]!)) hits.push({ kind: PAIR_PASSWORD, start, end, score: 0.7 });
    }
  }
  if (!text.includes(" set")) return;
  CONFIG_SET.lastIndex = 0;
  for (let m = CONFIG_SET.exec(text); m !== null && !budget.spent(); m = CONFIG_SET.exec(text)) {
    const name = m[2]!.slice(m[2]!.search(/[^:/@.]*$/));
    if (secretNameStrength(name) !== "strong" || !isLiteral(m[4]!)) continue;
    const [start, end] = m.indices![4]!;
    hits.push({ kind: CONFIG_SECRET, start, end, score: 0.8 });
  }
  SECRET_SET.lastIndex = 0;
  for (let m = SECRET_SET.exec(text); m !== null && !budget.spent(); m = SECRET_SET.exec(text)) {
    const [start, end] = m.indices![2]!;
    if (isLiteral(m[2]!)) hits.push({ kind: CONFIG_SECRET, start, end, score: 0.8 });
  }
}
