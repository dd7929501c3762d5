// Which data came from the network or from a decoder: a fetch's output, anything reading it
// (through pipes, substitutions, variables, here-strings) and files written with it. Rules
// walk invocations in execution order and tell the tracker what each one wrote.
import { writesOf } from "./effects.ts";
import { invocationsIn, isDecoder, isFetcher, isSocketTool, operandFields } from "./facts.ts";
import { DroppedFiles, type Taint } from "./dropped-files.ts";
import type { Feed, Invocation, PipeUpstream, ShellModel, ValueOrigin } from "./model.ts";
import { baseName, normalizePath } from "./paths.ts";

export type { Taint };

/** Programs whose output is what they read from the files named as their operands. */
const FILE_READERS = new Set([
  "cat", "tac", "head", "tail", "less", "more", "sed", "grep", "cut", "sort", "uniq", "tr", "base64", "xxd", "gunzip", "zcat",
  "gzip", "bzcat", "xzcat", "rev", "awk", "strings", "nl", "fold", "iconv", "openssl", "jq", "dd",
]);
/** Programs that never read their input: what they print owes nothing to it. */
const IGNORE_STDIN = new Set([
  "echo", "printf", "which", "type", "command", "true", "false", ":", "ls", "pwd", "date", "id", "whoami", "uname", "hostname",
  "sleep", "test", "[", "mkdir", "touch", "rm", "cp", "mv", "ln", "chmod", "chown", "kill", "env", "basename", "dirname",
]);
/** Programs that never read their input (`$(which jq)` run inside a pipeline stage reads nothing). */
export const ignoresStdin = (inv: Invocation): boolean => IGNORE_STDIN.has(inv.name);

/** Copies carry a file's content to a new path. */
const COPIERS = new Set(["cp", "mv", "install", "ln", "rsync", "scp"]);

const STDIN_PATHS = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-"]);

const isRemotePath = (text: string): boolean => /^(?:rsync|scp|sftp):\/\//i.test(text) || /^[^/\s:]+:/.test(text);

/** Text browsers that print a page's source (`lynx -source U`, `w3m -dump_source U`). */
const PAGE_PRINTERS = new Set(["lynx", "links", "elinks", "w3m"]);
/** Inline code that fetches (`urllib.request.urlopen`, `requests.get`, `https.get`, `fetch(`). */
const FETCHING_CODE = /urlopen|urllib\.request|requests\.(?:get|post)|http\.client|urlretrieve|\bhttps?\.get\b|\bfetch\s*\(|LWP::|Net::HTTP|open-uri|file_get_contents\s*\(\s*["']https?:/;

/**
 * Output that came over the network: fetchers, raw sockets, a command run on another host, a
 * page printed by a text browser, a program that fetches (`python3 -m urllib.request U`,
 * inline code calling urlopen), and a program warden cannot name (`c${x}url`, `/usr/bin/cu?l`)
 * given a URL, which may well be a fetcher.
 */
function isNetworkSource(inv: Invocation): boolean {
  if (isFetcher(inv) || isSocketTool(inv) || inv.name === "ssh") return true;
  // `gh api ..`, `gh gist view --raw`, `glab api ..`: a hosting service's content printed.
  if (inv.name === "gh" || inv.name === "glab") return ["api", "gist", "snippet"].includes(inv.args[0]?.text ?? "");
  if (inv.unresolved) return inv.args.some((arg) => /^[a-z][a-z0-9+.-]*:\/\//i.test(arg.text));
  if (PAGE_PRINTERS.has(inv.name)) return inv.args.some((arg) => /^-(?:source|dump|dump_source|mime_header)$/.test(arg.text));
  const program = inv.program;
  if (program?.kind === "module") return inv.args.some((arg) => /^(?:urllib\.request|http\.client|requests)$/.test(arg.text));
  return program?.kind === "inline" && FETCHING_CODE.test(program.code.text.slice(0, 1 << 16));
}

/**
 * Whether anything in the model can be fetched or decoded content: with no network source, no
 * decoder and no /dev/tcp redirection, nothing is tainted and the rules built on it have nothing
 * to find (most commands: they skip the tracker entirely).
 */
export function mayBeTainted(invocations: readonly Invocation[]): boolean {
  for (const inv of invocations) {
    if (isNetworkSource(inv) || isDecoder(inv) || inv.name === "rsync" || inv.name === "scp") return true;
    for (const redirect of inv.redirects) if (redirect.target?.text.startsWith("/dev/")) return true;
  }
  return false;
}

interface UpstreamScan {
  scanned: number;
  network: number;
  decoded: number;
}

export class TaintTracker {
  private readonly memo = new Map<Invocation, Taint | null>();
  private readonly scans = new Map<Invocation[], UpstreamScan>();
  /** Files holding fetched or decoded content. */
  readonly dropped = new DroppedFiles();
  /** Those dropped into a PATH directory, by the bare name that runs them. */
  readonly onPath = new Map<string, Taint>();

  constructor(private readonly model: ShellModel) {}

  /** Whether `inv`'s output is fetched or decoded content (network wins over decoded). */
  of(inv: Invocation): Taint | undefined {
    if (inv.inert) return undefined;
    const known = this.memo.get(inv);
    if (known !== undefined) return known ?? undefined;
    this.memo.set(inv, null);
    const taint = this.compute(inv);
    this.memo.set(inv, taint ?? null);
    return taint;
  }

  private compute(inv: Invocation): Taint | undefined {
    if (isNetworkSource(inv)) return "network";
    const printed = inv.outputOrigins.length > 0 ? this.origins(inv.outputOrigins) : undefined;
    if (printed === "network") return printed;
    const fed = IGNORE_STDIN.has(inv.name) ? printed : (this.feed(inv.stdin) ?? printed);
    if (fed === "network") return fed;
    const read = FILE_READERS.has(inv.name) ? this.readsDropped(inv) : undefined;
    return read === "network" ? read : isDecoder(inv) ? "decoded" : (fed ?? read);
  }

  private readsDropped(inv: Invocation): Taint | undefined {
    if (this.dropped.size === 0) return undefined;
    const dd = inv.name === "dd" ? inv.args.find((arg) => arg.text.startsWith("if="))?.text.slice(3) : undefined;
    const paths = dd === undefined ? operandFields(inv).map((field) => field.text) : [dd];
    return strongest(paths.map((path) => this.droppedAt(path)));
  }

  /** The taint of what a feed delivers on stdin. */
  feed(feed: Feed | undefined): Taint | undefined {
    if (!feed) return undefined;
    if (feed.kind === "pipe") return this.upstream(feed.upstream);
    if (feed.kind === "heredoc") return feed.body.subs.length > 0 ? this.invocations(invocationsIn(this.model, feed.body.subs)) : undefined;
    if (feed.kind === "herestring") return strongest([this.invocations(invocationsIn(this.model, feed.field.subs)), this.origins(feed.origins)]);
    if (feed.field.procsub) return this.invocations(invocationsIn(this.model, [feed.field.procsub]));
    if (/^\/dev\/(?:tcp|udp)\//.test(feed.field.text)) return "network";
    return this.droppedAt(feed.field.text);
  }

  /** Earlier stages of one pipeline share a growing list: it is scanned once, in order. */
  private upstream(upstream: PipeUpstream): Taint | undefined {
    let scan = this.scans.get(upstream.all);
    if (!scan) {
      scan = { scanned: 0, network: Infinity, decoded: Infinity };
      this.scans.set(upstream.all, scan);
    }
    while (scan.scanned < upstream.count) {
      const index = scan.scanned++;
      const taint = this.of(upstream.all[index] as Invocation);
      if (taint === "network") scan.network = Math.min(scan.network, index);
      if (taint === "decoded") scan.decoded = Math.min(scan.decoded, index);
    }
    if (scan.network < upstream.count) return "network";
    return scan.decoded < upstream.count ? "decoded" : undefined;
  }

  invocations(invocations: readonly Invocation[]): Taint | undefined {
    let found: Taint | undefined;
    for (const inv of invocations) {
      const taint = this.of(inv);
      if (taint === "network") return taint;
      found ??= taint;
    }
    return found;
  }

  origins(origins: readonly ValueOrigin[]): Taint | undefined {
    return strongest(origins.map((origin) => (origin.kind === "output" ? this.invocations(origin.invocations) : this.feed(origin.feed))));
  }

  droppedAt(path: string): Taint | undefined {
    return this.dropped.at(path);
  }

  /** After `inv` ran: files it wrote now hold its taint, or lose one they held. Returns the tainted ones. */
  noteWrites(inv: Invocation): { path: string; taint: Taint }[] {
    const unpacked = EXTRACTORS.has(inv.name) ? extractionOf(inv) : undefined;
    if (unpacked) {
      const taint = unpacked.archive === undefined || unpacked.archive === "-" ? this.feed(inv.stdin) : this.droppedAt(unpacked.archive);
      // A directory key (trailing `/`) taints every path below it.
      if (taint) this.dropped.setDirectory(unpacked.dir, taint);
    }
    const writes = writesOf(inv);
    if (writes.length === 0) return NO_WRITES;
    const taint = COPIERS.has(inv.name) ? this.copiedTaint(inv) : this.of(inv);
    const tainted: { path: string; taint: Taint }[] = [];
    for (const write of writes) {
      const path = normalizePath(write.path);
      if (taint) {
        this.dropped.set(path, taint);
        if (isOnPath(path)) this.onPath.set(baseName(path), taint);
        tainted.push({ path, taint });
      } else if (write.mode === "overwrite" || write.mode === "truncate" || write.clearing) this.dropped.delete(path);
    }
    return tainted;
  }

  /** A copy carries its sources' taint; a copy from another host (`scp h:f .`) is a download. */
  private copiedTaint(inv: Invocation): Taint | undefined {
    const sources = operandFields(inv).slice(0, -1);
    if (sources.some((field) => isRemotePath(field.text))) return "network";
    // `curl .. | cp /dev/stdin F`, `install -m755 /dev/stdin F`: the copy is of what was piped in.
    const piped = sources.some((field) => STDIN_PATHS.has(field.text)) ? this.feed(inv.stdin) : undefined;
    return strongest([piped, ...sources.map((field) => this.droppedAt(field.text))]);
  }
}

function strongest(taints: readonly (Taint | undefined)[]): Taint | undefined {
  return taints.includes("network") ? "network" : taints.includes("decoded") ? "decoded" : undefined;
}

const NO_WRITES: { path: string; taint: Taint }[] = [];

const EXTRACTORS = new Set(["tar", "gtar", "bsdtar", "unzip"]);

/**
 * `tar -xzf A -C DIR`, `curl .. | tar xz -C DIR`, `unzip A -d DIR`: an archive unpacked into a
 * named directory or the working directory, whose programs a later command may run
 * (`curl .. | tar xz && sh setup.sh` runs the download as surely as `curl .. | sh`).
 */
function extractionOf(inv: Invocation): { dir: string; archive: string | undefined } | undefined {
  const texts = inv.args.map((arg) => arg.text);
  let dir: string | undefined;
  let archive: string | undefined;
  let extracting = inv.name === "unzip";
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as string;
    const long = /^--(directory|file|extract|get)(?:=(.*))?$/.exec(text);
    if (long) {
      if (long[1] === "extract" || long[1] === "get") extracting = true;
      else if (long[1] === "directory") dir = long[2] ?? texts[++i];
      else archive = long[2] ?? texts[++i];
      continue;
    }
    const cluster = text.startsWith("-") ? text.slice(1) : i === 0 && inv.name !== "unzip" ? text : "";
    if (inv.name === "unzip") {
      if (text === "-d") dir = texts[++i];
      else if (!text.startsWith("-") && archive === undefined) archive = text;
      continue;
    }
    for (const letter of /^[a-zA-Z]+$/.test(cluster) ? cluster : "") {
      if (letter === "x") extracting = true;
      else if (letter === "C") dir = texts[++i];
      else if (letter === "f") archive = texts[++i];
    }
  }
  // With no -C/-d the archive lands in the working directory: relative paths run later are its files.
  return extracting ? { dir: dir ?? ".", archive } : undefined;
}


/** Directories on PATH: a program dropped there runs by its bare name (`/usr/local/bin/x`). */
const PATH_DIRS = new Set(["/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin", "~/bin", "~/.local/bin", "/opt/homebrew/bin"]);

export const isOnPath = (path: string): boolean => PATH_DIRS.has(path.slice(0, path.lastIndexOf("/")));
