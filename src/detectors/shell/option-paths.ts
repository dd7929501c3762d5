// Files a program reads or writes through an option rather than an operand: an output option
// (`-o F`, `--output F`, `--output=F`, openssl's `-out F`, nmap's `-oN F`), an input option
// (`-iL F`, `--input-file=F`, `-in F`, `--post-file F`), an `@F` argument (`curl -d @F`,
// `-F f=@F`, `gcc @F`) and a `file://` URL. One notion for every rule: the writes join
// effects.ts's, the reads join the credential readers. Options that *use* a key (`ssh -i`,
// `--key`, `--cert`, `--password-file`) are not reads: using a credential is not showing it.
import type { Field } from "./expand.ts";
import type { Invocation } from "./model.ts";

export interface OptionPath {
  path: string;
  access: "read" | "write";
  /** The argument holding the value when it is separate from its option (`-o F`): no operand. */
  valueArg: Field | undefined;
  /** The file is the payload the program sends (`-d @F`, `-F f=@F`, `-T F`, `--post-file F`), not input it consumes. */
  sent: boolean;
}

/** Long options (any program) whose value is a file the program writes. */
const LONG_WRITES = new Set(["--output", "--output-file", "--outfile", "--out", "--out-file", "--log-file", "--logfile"]);
/** Long options (any program) whose value is a file the program reads and shows or sends. */
const LONG_READS = new Set(["--input-file", "--post-file", "--body-file", "--upload-file"]);
const LONG_SENDS = new Set(["--post-file", "--body-file", "--upload-file"]);
/** Single-dash words: openssl's `-in`/`-out`, nmap's input list and output formats. */
const WORD_OPTIONS = new Map<string, "read" | "write">([
  ["-in", "read"], ["-iL", "read"], ["-out", "write"], ["-oN", "write"], ["-oG", "write"], ["-oX", "write"], ["-oA", "write"], ["-oS", "write"],
]);
/** Short options that read a file only for some programs (`wget -i F` prints each line it fails to fetch). */
const PROGRAM_READS: Record<string, string> = {
  wget: "-i", wget2: "-i", curl: "-T", curlie: "-T",
  // Lists read from a file whose lines come back in the errors (GTFOBins' file reads): `date -f F`,
  // `file -f F`, `arp -f F`, `ss -F F`, `dmesg -F F`.
  date: "-f", file: "-f", arp: "-f", ss: "-F", dmesg: "-F",
};
/**
 * Programs whose `-o` is no output file: a flag (`grep -o`), an option string (`ssh -o`,
 * `mount -o`, `apt-get -o`), or an OR (`find -o`). Downloaders' own outputs are effects.ts's.
 */
const O_IS_NOT_OUTPUT = new Set([
  "grep", "egrep", "fgrep", "rg", "ls", "ps", "ssh", "scp", "sftp", "autossh", "mount", "umount", "apt", "apt-get", "apt-cache",
  "aptitude", "find", "set", "sh", "bash", "dash", "zsh", "ksh", "ip", "ss", "netstat", "lsof", "df", "lsblk", "findmnt", "cut",
  "ssh-keygen", "pgrep", "pkill", "killall", "curl", "curlie", "wget", "wget2", "aria2c", "axel", "fetch", "tar", "unzip", "sshfs",
  "rsync", "cpio", "make",
]);

const MAX_PATHS = 64;

/** A value that can only be a path: absolute, home-relative or with a directory in it, no option syntax. */
const isPathLike = (text: string): boolean => text !== "" && /^(?:[~/.]|\$HOME|\$\{HOME\}|[\w.-]+\/)/.test(text) && !/^[\w.-]+=/.test(text);

/** `file:///etc/x`, `file://localhost/etc/x` -> `/etc/x`. */
function fileUrlPath(text: string): string | undefined {
  const match = /^file:\/\/(?:localhost)?(\/[^?#]*)/i.exec(text);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return match[1];
  }
}

/** `@F`, `name=@F`, `name:=@F` (httpie), `name=@F;type=x` (curl -F). */
function atFile(text: string): string | undefined {
  const match = /^(?:[\w.[\]-]*:?=)?@([^;]+)/.exec(text);
  return match?.[1];
}

/** Every file `inv` reads or writes through its options; operands are other rules' business. */
export function optionPaths(inv: Invocation): readonly OptionPath[] {
  inv.optionPaths ??= findOptionPaths(inv);
  return inv.optionPaths;
}

function findOptionPaths(inv: Invocation): OptionPath[] {
  const found: OptionPath[] = [];
  const args = inv.args;
  const programRead = PROGRAM_READS[inv.name];
  const oIsOutput = !O_IS_NOT_OUTPUT.has(inv.name);
  let valueArg: Field | undefined;
  const add = (path: string | undefined, access: "read" | "write", requirePathLike = false, sent = false) => {
    if (path !== undefined && path !== "" && path !== "-" && (!requirePathLike || isPathLike(path))) found.push({ path, access, valueArg, sent });
  };
  for (let i = 0; i < args.length && found.length < MAX_PATHS; i++) {
    const text = (args[i] as Field).text;
    const next = args[i + 1]?.text;
    if (text === "--") break;
    valueArg = undefined;
    // Most arguments are plain words: one character test each before any pattern runs.
    const first = text.charCodeAt(0);
    const fileUrl = first === 102 || first === 70 ? fileUrlPath(text) : undefined;
    if (fileUrl !== undefined) {
      add(fileUrl, "read");
      continue;
    }
    const at = text.includes("@") ? atFile(text) : undefined;
    if (at !== undefined) {
      add(at, "read", false, true);
      continue;
    }
    if (first !== 45) continue;
    const eq = text.indexOf("=");
    const flag = eq === -1 ? text : text.slice(0, eq);
    const inline = eq === -1 ? undefined : text.slice(eq + 1);
    valueArg = inline === undefined ? args[i + 1] : undefined;
    // `--data-binary=@F`; the separate form (`-d @F`) is the next argument's own `@`.
    if (inline !== undefined && !LONG_WRITES.has(flag) && !LONG_READS.has(flag) && flag !== "--data-urlencode") {
      add(atFile(inline), "read", false, true);
      continue;
    }
    // curl's `--data-urlencode name@F` sends F's content under a name.
    if (flag === "--data-urlencode") add(/^[\w.-]*@(.+)$/s.exec(inline ?? next ?? "")?.[1], "read", false, true);
    else if (LONG_WRITES.has(flag)) add(inline ?? next, "write", true);
    else if (LONG_READS.has(flag)) add(inline ?? next, "read", false, LONG_SENDS.has(flag));
    else if (WORD_OPTIONS.has(text)) add(next, WORD_OPTIONS.get(text) as "read" | "write", WORD_OPTIONS.get(text) === "write");
    else if (text === programRead) add(next, "read", false, text === "-T");
    else if (text === "-o" && oIsOutput) add(next, "write", true);
    else continue;
    // The value was the next argument: it is not an option or operand of its own.
    if (inline === undefined) i++;
  }
  return found;
}

/** `fields` less the arguments that are an option's value (`sort -o /etc/x list` reads only `list`). */
export function withoutOptionValues(inv: Invocation, fields: Field[]): Field[] {
  const values = optionPaths(inv).map((found) => found.valueArg);
  return values.some((value) => value !== undefined) ? fields.filter((field) => !values.includes(field)) : fields;
}
