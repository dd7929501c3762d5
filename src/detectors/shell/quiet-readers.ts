// Readers whose output holds no secret they read. `grep -q KEY .env` gives only an exit status,
// `grep -c` a count, `grep -l` file names, `diff -q` "files differ", `cmp -s` nothing: an agent
// checks that a setting exists this way, and the value never reaches its context. openssl's
// certificate commands print only public material, and those that sign with a key use it unseen.
import type { Invocation } from "./model.ts";
import { allOptions, type OptionSpec } from "./options.ts";

interface QuietSpec {
  options: OptionSpec;
  /** Flags (as `allOptions` reports them) that replace the matched lines with a status, count or name. */
  quiet: ReadonlySet<string>;
}

const GREP: QuietSpec = {
  options: { shortWithValue: "efmABCdD", longWithValue: ["regexp", "file", "max-count", "after-context", "before-context", "context", "directories", "devices", "label", "include", "exclude", "exclude-dir", "color", "colour", "binary-files"] },
  quiet: new Set(["-q", "--quiet", "--silent", "-c", "--count", "-l", "--files-with-matches", "-L", "--files-without-match"]),
};

const QUIET_READERS = new Map<string, QuietSpec>([
  ["grep", GREP],
  ["egrep", GREP],
  ["fgrep", GREP],
  ["rg", {
    options: { shortWithValue: "efmABCgtTjMrE", longWithValue: ["regexp", "file", "max-count", "after-context", "before-context", "context", "glob", "iglob", "type", "type-not", "threads", "max-columns", "replace", "encoding", "pre", "pre-glob", "max-depth", "sort", "sortr", "color", "colors"] },
    quiet: new Set(["-q", "--quiet", "-c", "--count", "--count-matches", "-l", "--files-with-matches", "--files-without-match"]),
  }],
  ["ag", {
    options: { shortWithValue: "GmABCp", longWithValue: ["file-search-regex", "max-count", "after", "before", "context", "path-to-ignore", "ignore", "ignore-dir", "depth"] },
    quiet: new Set(["-c", "--count", "-l", "--files-with-matches", "-L", "--files-without-matches"]),
  }],
  ["ack", {
    options: { shortWithValue: "mABCg", longWithValue: ["max-count", "after-context", "before-context", "context", "type", "ignore-dir", "ignore-file", "output"] },
    quiet: new Set(["-c", "--count", "-l", "--files-with-matches", "-L", "--files-without-matches"]),
  }],
  ["diff", { options: { shortWithValue: "CUFIxXSL", longWithValue: ["label", "exclude", "exclude-from", "ignore-matching-lines", "starting-file", "from-file", "to-file"] }, quiet: new Set(["-q", "--brief"]) }],
  ["cmp", { options: { shortWithValue: "inb", longWithValue: ["ignore-initial", "bytes"] }, quiet: new Set(["-s", "--silent", "--quiet"]) }],
]);

/**
 * `openssl x509 -in F`, `verify`, `crl`: certificates parsed and their public fields printed;
 * `req -key K`, `dgst -sign K`, `s_client -key K`: a key used to sign or connect. (`rsa` and `pkey`
 * without `-noout`, `pkcs12` and `asn1parse` print or repackage a key, and `enc` decrypts: they
 * stay readers.)
 */
const OPENSSL_KEY_USERS = new Set(["x509", "crl", "verify", "req", "dgst", "s_client", "s_server", "ocsp"]);

/** Commands that print a key unless told `-noout` (and not `-text`, which prints its parts). */
const OPENSSL_KEY_PRINTERS = new Set(["rsa", "pkey", "ec", "dsa"]);

/** openssl reading certificates, using a key it names, or checking one (`rsa -noout -check`), without printing a secret. */
export function usesKeyUnseen(inv: Invocation): boolean {
  if (inv.name !== "openssl") return false;
  const command = inv.args[0]?.text ?? "";
  if (OPENSSL_KEY_USERS.has(command)) return true;
  const flags = inv.args.map((arg) => arg.text);
  return OPENSSL_KEY_PRINTERS.has(command) && flags.includes("-noout") && !flags.includes("-text") && !flags.includes("-out");
}

/** sed's in-place flag, alone or in a cluster (`-i`, `-i.bak`, `-Ei`, `--in-place=.orig`). */
const IN_PLACE = /^(?:-[a-zA-Z]*i|--in-place(?:=|$))/;
/** A `w` (write a copy elsewhere) or `e` (run) command or `s///` flag in a sed script. */
const SED_ESCAPES = /\/[gpIiMm0-9]*[we]|(?:^|[;{}\n])\s*[we](?:\s|$)/;

/**
 * `sed -i 's/^LOG_LEVEL=info$/LOG_LEVEL=debug/' .env`: the file is rewritten in place and sed prints
 * nothing, as an Edit of the file would; unless the script writes lines elsewhere or runs them.
 */
function editsInPlace(inv: Invocation): boolean {
  if (inv.name !== "sed") return false;
  const args = inv.args.map((arg) => arg.text);
  return args.some((arg) => IN_PLACE.test(arg)) && !args.some((arg) => !arg.startsWith("-") && SED_ESCAPES.test(arg));
}

/** True when the reader is asked for a status, a count or file names instead of the lines it reads. */
export function printsNoContent(inv: Invocation): boolean {
  if (editsInPlace(inv)) return true;
  const spec = QUIET_READERS.get(inv.name);
  if (!spec || inv.args.length === 0) return false;
  // Each of these flags wins over the ones that shape printed lines (`-o`, `--replace`, `-y`).
  return allOptions(inv.args, spec.options).some((option) => spec.quiet.has(option.flag));
}
