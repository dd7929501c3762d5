// Programs known to only read, transform, store or show what they are fed: the short list a
// download may flow into without being run. Anything else fed by the network (a program warden
// does not know, an interpreter it has no table for, `sed` with its `e` command, `awk -f -`)
// is judged as running what it reads: failing closed is the point of the list being short.
import type { Field } from "./expand.ts";
import type { Invocation } from "./model.ts";

const PURE_CONSUMERS = new Set([
  // search, select, count, sort, show
  "grep", "egrep", "fgrep", "rg", "ag", "ack", "head", "tail", "wc", "sort", "uniq", "less", "more", "most", "cat", "tac", "nl",
  "cut", "paste", "column", "fold", "fmt", "pr", "rev", "comm", "diff", "cmp", "tr", "expand", "unexpand", "jq", "yq", "gojq",
  "xmllint", "bat", "pv", "echo", "printf", "true", "false", "read", ":", "null", "html2text", "lynx", "w3m",
  "htmlq", "pup", "hxselect", "gron", "mlr", "xq", "tomlq", "dasel", "fx", "glow", "pandoc", "csvlook",
  // keys and signatures checked or stored, not run (`curl .. | sudo apt-key add -`, `| gpg --dearmor`)
  "apt-key", "ssh-keygen", "gpgv", "minisign",
  // digests and encodings
  "sha256sum", "sha1sum", "sha512sum", "sha224sum", "sha384sum", "md5sum", "md5", "shasum", "b2sum", "cksum", "sum",
  "base64", "base32", "basenc", "xxd", "od", "hexdump", "hd", "strings", "file", "iconv", "dos2unix", "unix2dos", "uudecode",
  // archives and compression (what they unpack is tracked as dropped files)
  "tar", "gtar", "bsdtar", "unzip", "gunzip", "gzip", "zcat", "gzcat", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat",
  "zstd", "unzstd", "zstdcat", "lzcat", "unlzma", "lzma", "cpio", "7z", "7za", "gpg", "gpg2", "openssl",
  // stores (what they write is tracked as dropped files)
  "tee", "dd", "cp", "install", "sponge", "split", "csplit", "mv", "wl-copy", "xclip", "xsel", "pbcopy",
  // send elsewhere (exfiltration rules judge these)
  "curl", "wget", "nc", "ncat", "netcat", "socat", "ssh", "logger",
]);

/** `sed`'s `e` command or `s///e` flag runs the pattern space as a shell command (GNU). */
const SED_EXECUTES = /(?:^|[;{}\n]\s*|\d\s*|\$\s*|\/\s*)e(?:\s|;|$)|s(.).*?\1.*?\1[gpIiMm0-9w]*e/;

/** awk's program read from the input or a substitution (`awk -f -`, `-f /dev/stdin`, `-f <(..)`). */
function awkProgramFromInput(args: readonly Field[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Field).text;
    const file = text === "-f" || text === "--file" ? args[i + 1] : text.startsWith("--file=") ? { ...(args[i] as Field), text: text.slice(7) } : undefined;
    if (file && (file.procsub || /^(?:-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/self\/fd\/0)$/.test(file.text))) return true;
  }
  return false;
}

/** Whether `inv` only reads, transforms, stores or shows what it is fed. */
export function isPureConsumer(inv: Invocation): boolean {
  if (inv.name === "" || inv.name === "{}") return true;
  if (inv.name === "sed" || inv.name === "gsed") return !inv.args.some((arg) => SED_EXECUTES.test(arg.text.slice(0, 4096)));
  if (inv.name === "awk" || inv.name === "gawk" || inv.name === "mawk" || inv.name === "nawk") return !awkProgramFromInput(inv.args);
  return PURE_CONSUMERS.has(inv.name);
}

/** The direction of a process substitution: `<(..)` feeds the command, `>(..)` is fed by it. */
export function procsubDirection(field: Field): "<" | ">" | undefined {
  for (const part of field.word.parts) {
    if (part.kind === "procsub") {
      const sign = field.word.source.text[part.start];
      return sign === "<" || sign === ">" ? sign : undefined;
    }
  }
  return undefined;
}
