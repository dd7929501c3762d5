// Passwords (and tokens, API keys) told in a sentence rather than assigned: "the admin password for the staging box is
// X", "Das Passwort für den Router ist X", "le mot de passe est X", "log in with password X". No
// operator marks the value, so the value itself must look made to be a password (letters with
// digits or symbols, no spaces) and be no placeholder; "the password is incorrect", "password is
// 8-64 characters" and "password is $DB_PASS" stay prose.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { countClasses, looksLikePlaceholderValue } from "./value-filters.ts";

const PROSE_PASSWORD = defineKind(
  "prose_password", CATEGORIES.password, "high", "PASSWORD", "Password given in a sentence", PRIORITIES.generic,
);

// The word for a password in the languages warden reads; one case-insensitive scan gates the rest.
// A token or API key told the same way (`the deploy token is X`) counts too.
const HINT = /pass|wort|mot de|contrase|senha|wachtwoord|as[łl]o|clave|пароль|密码|パスワード|token|secret|api.?key|access.?key/i;
const NOUN =
  "passwords?|passwort|kennwort|passphrase|pass\\s?code|mot\\s+de\\s+passe|contrase[ñn]a|clave|senha|wachtwoord|has[łl]o|пароль|密码|パスワード|" +
  "tokens?|secret|api[\\s_-]?key|access[\\s_-]?key";
// Letters of the scripts above, so a noun is never read inside a longer word (`bypassword`).
const LETTER = "A-Za-z\\u00C0-\\u024F\\u0400-\\u04FF";
// The noun, found first; everything else is read from it (sticky) or just before it, so a text
// costs one scan for the nouns however long it is.
const NOUN_AT = new RegExp(`(?:${NOUN})(?![${LETTER}])`, "gi");
const IS_LETTER = new RegExp(`[${LETTER}]`);
// After the noun: `[up to five words: for the staging box] <verb> <value>`; each word is bounded,
// so a near miss costs a few steps. The verb: is/was, ist/lautet, est, es/era, é/è, to (Polish);
// `password: X` is an assignment (assignments.ts).
const TOLD_AFTER = new RegExp(
  "(?<words>(?:[ \\t]+[^\\s:=]{1,24}){0,5}?)[ \\t]+(?:is|was|ist|lautet|war|est|es|era|[éè]|to|je|är|er):?[ \\t]+" +
    "(?:(?:now|now:|jetzt|maintenant|ahora|agora|nu|teraz)[ \\t]+)?(?<quote>['\"`]?)(?<value>[^\\s'\"`]{6,64})",
  "iy",
);
// `log in as root with password X`, `use the passphrase X`, `mit dem Passwort X`: the words before the noun.
const GIVEN_BEFORE = new RegExp(`(?<![${LETTER}])(?:with|using|use|mit|avec|con|com|met)[ \\t]+(?:(?:the|das|dem|le|la|el|o|a|het)[ \\t]+)?$`, "i");
const GIVEN_AFTER = /[ \t]+(?<quote>['"`]?)(?<value>[^\s'"`]{6,64})/y;

// A word right after the noun that makes the phrase about something else: `password policy is`.
const OTHER_THING =
  /^[ \t]+(?:policy|policies|requirements?|rules?|length|field|hash|manager|reset|prompt|expiry|expiration|format|strength|complexity|change|history|file|option|flag|parameter|setting|hint|recovery|protection|authentication|auth|login|screen|page|dialog|check|validation)\b/i;
/** Lower-case words joined by hyphens (`case-sensitive`, `one-time`) are prose. */
const HYPHENATED_WORDS = /^[a-z\u00C0-\u024F]+(?:-[a-z\u00C0-\u024F]+)+$/i;
const TRAILING = /[.,;:!?)\]]+$/;
/** A URL, a path, a dotted name or a number range is what a sentence says about a password, not one. */
const NOT_A_PASSWORD = /^(?:https?:|\/|~\/|\.\/|[a-z]+\.[a-z]+(?:\.[a-z]+)*$|[\d\s.,\-–x]+$)/i;

function looksMadeUp(value: string): boolean {
  const letters = /[A-Za-z\u00C0-\u024F]/.test(value);
  const digits = /\d/.test(value);
  const symbols = /[^A-Za-z\u00C0-\u024F\d]/.test(value);
  const mixedCase = /[a-z]/.test(value) && /[A-Z]/.test(value);
  // A word with a digit or symbol in it, or a mixed-case run: `Pl4net!Orbit77`, `hunter2x`, `xQzTrWlm`.
  if (!letters) return false;
  if (!digits && !symbols) return mixedCase && /[a-z][A-Z]/.test(value.slice(1));
  return true;
}

// A token is many things besides a credential (a model's, a form's, a cursor): the word before it
// says which; and a token or key told in prose must look drawn (long, letters and digits mixed).
const NOT_A_CREDENTIAL_BEFORE = /(?:csrf|xsrf|next|page|pagination|eos|bos|pad|unk|sep|cls|mask|special|input|output|prompt|completion|sync|cursor|continuation|cancellation|public|publishable)[ \t_-]*$/i;
const PASSWORD_NOUN = /^(?:pass|wort|kenn|mot|contra|clave|senha|wacht|has|пар|密|パ)/i;
const looksDrawn = (value: string): boolean => value.length >= 16 && /\d/.test(value) && /[a-z]/i.test(value) && countClasses(value) >= 2;

function pushValue(text: string, m: RegExpExecArray, hits: SecretHit[], isPassword = true): void {
  const { words, quote, value: raw } = m.groups as { words?: string; quote: string; value: string };
  if (words && OTHER_THING.test(words)) return;
  const value = quote ? raw : raw.replace(TRAILING, "");
  if (value.length < 6 || NOT_A_PASSWORD.test(value) || HYPHENATED_WORDS.test(value)) return;
  if (looksLikePlaceholderValue(value) || !looksMadeUp(value) || (!isPassword && !looksDrawn(value))) return;
  const start = m.index + m[0].length - raw.length;
  hits.push({ kind: PROSE_PASSWORD, start, end: start + value.length, score: 0.7 });
}

/** Appends passwords told in prose in `text` to `hits`. */
export function scanProsePasswords(text: string, hits: SecretHit[], budget: Budget): void {
  if (!HINT.test(text)) return;
  NOUN_AT.lastIndex = 0;
  for (let n = NOUN_AT.exec(text); n !== null && !budget.spent(); n = NOUN_AT.exec(text)) {
    if (n.index > 0 && IS_LETTER.test(text[n.index - 1]!)) continue;
    const isPassword = PASSWORD_NOUN.test(n[0]);
    if (!isPassword && NOT_A_CREDENTIAL_BEFORE.test(text.slice(Math.max(0, n.index - 16), n.index))) continue;
    const end = n.index + n[0].length;
    TOLD_AFTER.lastIndex = end;
    const told = TOLD_AFTER.exec(text);
    if (told) {
      pushValue(text, told, hits, isPassword);
      continue;
    }
    if (!GIVEN_BEFORE.test(text.slice(Math.max(0, n.index - 24), n.index))) continue;
    GIVEN_AFTER.lastIndex = end;
    const given = GIVEN_AFTER.exec(text);
    if (given) pushValue(text, given, hits, isPassword);
  }
}
