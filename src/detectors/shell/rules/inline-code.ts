// Programs handed to non-shell interpreters (`python -c`, `perl -e`, `php -r`, PowerShell
// `-Command`/`-EncodedCommand`, awk). Their syntax is not parsed; instead the rule looks for
// capabilities that only combine in attacks (a socket plus a process, a decoder plus eval, a
// download plus eval) and judges any shell command string they pass to system()/exec().
import { feedOutput } from "../content.ts";
import type { CheckId } from "../checks.ts";
import type { Invocation } from "../model.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

const NETWORK = [
  "socket", "sockaddr_in", "inet_addr(", "inet_pton(", "fsockopen", "net.dial", "tcpsocket", "tcpclient", "net.connect", "createconnection", "/inet/tcp/", "/inet/udp/",
  "stream_socket_client", "io::socket", "socket_create", "/dev/tcp/", "/dev/udp/",
];
const PROCESS = [
  "subprocess", "pty.spawn", "dup2", "exec", "system(", "popen", "spawn", "passthru", "shell_exec", "proc_open",
  "/bin/sh", "/bin/bash", "cmd.exe", "invoke-expression", "os.execute", "child_process", "|&", "getstream(", "fdopen(",
  // A shell's stdio duplicated onto the socket's descriptor (`bash <&3 >&3`, php's backticks).
  "<&3", ">&3",
  "system$", "system ",
];
const DECODE = [
  "b64decode", "b32decode", "decode_base64", "frombase64string", "base64_decode", "'base64'", '"base64"', "atob(",
  "unhexlify", "fromhex(", "codecs.decode", "zlib.decompress", "marshal.loads", "decode('hex')", 'unpack("m', "unpack('m",
  "gzinflate", "str_rot13", "base64.decode", "decode64", "pack('h", 'pack("h',
];
const EVALUATE = [
  "exec(", "eval(", "invoke-expression", "system(", "popen", "assert(", "create_function", "instance_eval",
  "loadstring(", "subprocess", "exec ", "eval ", "start-process", ".invoke(",
  // JavaScript's evaluators handed the text as a value: `.then(eval)`, `new Function(src)`, the vm module.
  "(eval)", ",eval)", "new function(", "runinthiscontext", "runinnewcontext", "vm.script(",
];
const FETCH = [
  "urllib", "urlopen", "requests.get", "requests.post", "http.client", "httplib", "lwp::simple", "lwp::useragent",
  "getstore(", "net::http", "open-uri", "uri.open", "file_get_contents(\"http", "file_get_contents('http", "curl_exec",
  "https.get", "http.get", "fetch(", "downloadstring", "downloadfile", "downloaddata", "invoke-webrequest",
  "net.webclient", "invoke-restmethod", "xmlhttp", "start-bitstransfer", "socket.http", "http.request", "require('http",
  'require("http', "require('axios", 'require("axios',
];
/**
 * Collecting what only a thief wants whole: the entire environment (not one variable, which
 * every API client reads), private keys, browser cookie and password stores, cloud and git
 * credentials, wallets.
 */
const HARVEST = [
  "dict(os.environ", "os.environ.copy()", "json.dumps(os.environ", "str(os.environ", "os.environ.items()",
  "json.stringify(process.env", "object.entries(process.env", "...process.env}", "object.assign({}, process.env",
  "get-childitem env:", "[environment]::getenvironmentvariables(", ".ssh/id_", "id_rsa", "id_ed25519",
  "chrome/user data", "google-chrome/default", "google/chrome/default", "cookies.sqlite", "key4.db", "logins.json",
  ".aws/credentials", ".git-credentials", ".netrc", "wallet.dat",
  // The key directory joined in parts: `Path.home().joinpath('.ssh').glob('id_*')`.
  "joinpath('.ssh')", 'joinpath(".ssh")', "/ '.ssh'", '/ ".ssh"', "'.ssh', 'id_", '".ssh", "id_',
];
/** Reading the keyboard as it is typed. */
const KEYLOG = ["pynput", "keyboard.on_press", "keyboard.listener(", "keyboard.hook(", "getasynckeystate", "wh_keyboard_ll", "setwindowshookex", "iohook", "uiohook", "/dev/input/event", "xinput test"];
/** Files walked over a whole tree, encrypted, and the originals removed: ransomware's three steps. */
const WALK = ["os.walk(", "glob('**", 'glob("**', "rglob(", "readdirsync(", "files.walk(", "filepath.walk(", "walkdir", "get-childitem -recurse", "find -type f"];
const ENCRYPT = ["fernet", "aes.new(", "createcipheriv(", ".encrypt(", "cipher.init(", "protectedata", "openssl enc"];
const REMOVE_ORIGINAL = ["os.remove(", "os.unlink(", "unlinksync(", ".unlink(", "remove-item", "files.delete(", "os.removeall("];
/** Sending over the network from code. */
const SEND = [
  "requests.post", "requests.put", "httpx.post", "urlopen(", "urllib.request.request(", "fetch(", "axios.post", "axios(",
  "http.request(", "https.request(", "xmlhttprequest", "sendmessage", "webhook", "smtplib", ".sendall(", "socket.send",
  "invoke-restmethod", "invoke-webrequest", "uploadstring", "uploadfile", "net::http.post", "curl_exec", "http.post(",
];
/** Unbounded self-multiplying loops (`fork while fork`, `while True: os.fork()`). */
const FORK_LOOPS = ["fork while fork", "fork while 1", "fork while true", "fork until 0", "while(1){fork", "while (1) {fork", "while(true){fork", "loop { fork", "loop{fork", "loop do fork", "for(;;)fork", "for(;;){fork", "for (;;) { fork"];
/** Loops Python never leaves: `while True`, `while 1`, `iter(int, 1)`, `itertools.count()`. */
const ENDLESS_PYTHON = ["while true", "while 1", "iter(int", "itertools.count(", "itertools.repeat(", "count():"];
const isForkLoop = (text: string): boolean => includesAny(text, FORK_LOOPS) || (text.includes("os.fork()") && includesAny(text, ENDLESS_PYTHON));
const DEFENDER = ["set-mppreference", "add-mppreference"];
const DEFENDER_TAMPER = ["-disable", "-exclusionpath", "-exclusionprocess", "-exclusionextension"];

const includesAny = (text: string, needles: readonly string[]): boolean => needles.some((needle) => text.includes(needle));

/** PowerShell aliases must be whole tokens: `iex` inside another word is not an alias. */
function hasToken(text: string, token: string): boolean {
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + token.length] ?? " ";
    if (!/[a-z0-9_-]/.test(before) && !/[a-z0-9_-]/.test(after)) return true;
  }
  return false;
}

const MAX_CODE_CHARS = 1 << 16;

export const inlineCodeRule: Rule = (ctx) =>
  eachInvocation(ctx, (inv) => {
    const program = inv.program;
    if (!program || program.language === "shell") return undefined;
    const fed = program.kind === "stdin" ? feedOutput(inv.stdin)?.text : undefined;
    if (program.kind !== "inline" && fed === undefined) return undefined;
    const whole = program.kind === "inline" ? program.code.text : (fed ?? "");
    // Capabilities are searched in the first 64 KiB; a longer program's rest is not judged.
    if (whole.length > MAX_CODE_CHARS) ctx.markIncomplete();
    const code = whole.slice(0, MAX_CODE_CHARS);
    const text = `${inv.args.map((arg) => arg.text).join(" ").slice(0, 1 << 16)} ${code}`.toLowerCase();
    const hits = judgeCapabilities(inv, text, program.language === "powershell");
    if (program.language === "powershell" && isEncodedCommand(inv)) hits.push(hit("shell.decode_then_execute", inv));
    for (const command of embeddedCommands(code)) hits.push(...ctx.analyzeEmbedded(command, inv.span));
    return hits;
  });

/** Capability combinations in lower-cased program text that only attacks need. */
export function judgeCapabilities(inv: Pick<Invocation, "span">, text: string, powershell: boolean): Hit[] {
  return capabilityChecks(text, powershell).map((check) => ({ check, span: inv.span }));
}

/**
 * In a source file (not a one-line program) running a process or calling a method named
 * `exec`/`eval` (`re.exec(`, `model.eval()`, `cursor.execute(`) is ordinary; only evaluation
 * of code and a shell handed to a socket count there.
 */
const CODE_EVALUATE = /(?<![\w.$])(?:exec|eval|loadstring|assert|create_function)\s*\(|new function\s*\(|invoke-expression|instance_eval/;
const CODE_SHELL = [
  "pty.spawn", "dup2", "/bin/sh", "/bin/bash", "cmd.exe", "popen", "proc_open", "shell_exec", "passthru", "os.execute",
  "getstream(", "invoke-expression",
];
/** Starting a process is ordinary in a source file; next to a socket it matters when the process is a shell. */
const CODE_SPAWN = ["subprocess", "child_process", "spawn(", "process.start(", "processbuilder", "runtime.getruntime().exec", "command::new(", "exec.command(", "process.new(", "process.run(", "startinfo.filename"];
const SHELL_NAMES = ["'sh'", '"sh"', "'bash'", '"bash"', "'zsh'", '"zsh"', "powershell", "'cmd'", '"cmd"', "shell=true", "shell:true", "shell: true", "'-i'", '"-i"'];
const runsShellInCode = (text: string): boolean =>
  includesAny(text, CODE_SHELL) || (includesAny(text, CODE_SPAWN) && includesAny(text, SHELL_NAMES));
/** A database file or dump named in a program's strings (`open('db/dump.sql')`). */
const DATABASE_FILE_IN_CODE = /['"][^'"\n]{0,200}\.(?:db|sqlite3?|sql|dump)(?:\.gz)?['"]/;
/** What a web request carries in, and what runs it: a web shell is a shell bound to HTTP. */
const REQUEST_INPUT = ["$_get", "$_post", "$_request", "$_cookie", "request.getparameter(", "request.querystring", "request.form[", "request.args"];
const RUNS_REQUEST = ["system(", "shell_exec(", "passthru(", "exec(", "popen(", "proc_open(", "`$_", "runtime.getruntime().exec(", "process.start(", "eval("];

/** The checks the capabilities found in lower-cased program text amount to (`sourceFile`: a whole file's lines). */
export function capabilityChecks(text: string, powershell: boolean, sourceFile = false): CheckId[] {
  const hits: CheckId[] = [];
  const evaluates = (sourceFile ? CODE_EVALUATE.test(text) : includesAny(text, EVALUATE)) || (powershell && hasToken(text, "iex"));
  const fetches = includesAny(text, FETCH) || (powershell && (hasToken(text, "iwr") || hasToken(text, "irm")));
  const runs = (sourceFile ? runsShellInCode(text) : includesAny(text, PROCESS)) || (powershell && hasToken(text, "iex"));
  if ((includesAny(text, NETWORK) && runs) || (includesAny(text, REQUEST_INPUT) && includesAny(text, RUNS_REQUEST))) hits.push("shell.reverse_shell");
  else if (fetches && evaluates) hits.push("shell.pipe_to_interpreter");
  if (includesAny(text, DECODE) && evaluates) hits.push("shell.decode_then_execute");
  if (includesAny(text, KEYLOG) && includesAny(text, SEND)) hits.push("shell.keystroke_capture");
  if (includesAny(text, WALK) && includesAny(text, ENCRYPT) && includesAny(text, REMOVE_ORIGINAL)) hits.push("shell.mass_encryption");
  if (includesAny(text, HARVEST) && includesAny(text, SEND)) hits.push("shell.data_exfiltration");
  else if (DATABASE_FILE_IN_CODE.test(text) && includesAny(text, SEND)) hits.push("shell.bulk_data_upload");
  if (isForkLoop(text)) hits.push("shell.fork_bomb");
  if (includesAny(text, DEFENDER) && includesAny(text, DEFENDER_TAMPER)) hits.push("shell.disable_security_control");
  return hits;
}

function isEncodedCommand(inv: Invocation): boolean {
  return inv.args.some((arg) => {
    const flag = arg.text.toLowerCase().replace(/^\//, "-");
    return flag === "-e" || flag === "-ec" || (flag.length >= 3 && "-encodedcommand".startsWith(flag));
  });
}

const CALLS = [
  "os.system(", "os.popen(", "subprocess.call(", "subprocess.run(", "subprocess.popen(", "subprocess.check_output(",
  "subprocess.check_call(", "subprocess.getoutput(", "subprocess.getstatusoutput(", "system(", "exec(", "shell_exec(",
  "passthru(", "popen(", "execsync(", "spawnsync(", "io.popen(", "os.execute(", "proc_open(",
  // Haskell's System.Process, Java's ProcessBuilder (its arguments a list of literals).
  "callcommand ", "callcommand(", "spawncommand ", "readcreateprocess (shell ", "processbuilder(",
];
const MAX_EMBEDDED = 16;
const MAX_EMBEDDED_CHARS = 8192;

/** Shell command strings passed to process-spawning calls, in order of appearance. */
export function embeddedCommands(code: string): string[] {
  const lower = code.toLowerCase();
  const found: string[] = [];
  for (const call of CALLS) {
    for (let at = lower.indexOf(call); at !== -1 && found.length < MAX_EMBEDDED; at = lower.indexOf(call, at + 1)) {
      const command = readArgument(code, at + call.length);
      if (command) found.push(command);
    }
  }
  return found;
}

/** The string literal (or list of literals, joined as argv) starting at `from`. */
function readArgument(code: string, from: number): string | undefined {
  let i = from;
  while (code[i] === " ") i++;
  if (code[i] !== "[") {
    const first = readLiteral(code, i);
    if (!first) return undefined;
    // `ProcessBuilder("bash", "-c", "...")`: literals separated by commas are one argv.
    const parts = [first.value];
    for (let at = first.end; parts.length < 64; ) {
      const comma = /^\s*,\s*/.exec(code.slice(at, at + 64));
      const next = comma ? readLiteral(code, at + comma[0].length) : undefined;
      if (!next) break;
      parts.push(next.value);
      at = next.end;
    }
    return parts.join(" ");
  }
  const parts: string[] = [];
  i++;
  while (i < code.length && code[i] !== "]" && parts.length < 64) {
    const literal = readLiteral(code, i);
    if (!literal) {
      i++;
      continue;
    }
    parts.push(literal.value);
    i = literal.end;
  }
  return parts.length > 0 ? parts.join(" ") : undefined;
}

function readLiteral(code: string, at: number): { value: string; end: number } | undefined {
  const quote = code[at];
  if (quote !== '"' && quote !== "'" && quote !== "`") return undefined;
  let value = "";
  let i = at + 1;
  while (i < code.length && code[i] !== quote && value.length < MAX_EMBEDDED_CHARS) {
    if (code[i] === "\\" && i + 1 < code.length) {
      const next = code[i + 1] as string;
      value += next === "n" ? "\n" : next === "t" ? "\t" : next;
      i += 2;
      continue;
    }
    value += code[i];
    i++;
  }
  return { value, end: i + 1 };
}
