// Attack tooling (issue 17 item 5, "opaque offensive tools by behaviour"). A payload built to
// call back to a listener, or the listener itself, is judged by what it is told to do whatever
// the program is called: payload options (LHOST=, LPORT=) beside a payload naming a reverse or
// bind shell or meterpreter, a renamed msfvenom included. Tools whose whole job is attacking
// other systems (online password guessing, SQL injection, relaying credentials, wireless
// attacks, content discovery on someone's site) ask for a person: pentesters use them, an
// agent should not run them on its own. Dispatched by program name, except the cheap look at
// payload options every invocation gets.
import type { Invocation } from "../model.ts";
import { eachInvocation, type Hit, hit, type Rule } from "./rule.ts";

export const offensiveToolRule: Rule = (ctx) => {
  const venvs = virtualEnvsMade(ctx.invocations);
  return eachInvocation(ctx, (inv) => judgeOffensive(inv, venvs));
};

/**
 * Directories the same command made into a Python virtual environment (`python3 -m venv DIR`,
 * `virtualenv DIR`, `uv venv DIR`): their `bin/` holds a copy of the system's interpreter and
 * what pip installs, not something planted.
 */
function virtualEnvsMade(invocations: readonly Invocation[]): string[] {
  const dirs: string[] = [];
  for (const inv of invocations) {
    const args = inv.args.map((arg) => arg.text);
    const operands = args.filter((arg) => !arg.startsWith("-"));
    if (/^python(?:\d(?:\.\d+)?)?$/.test(inv.name) && args[args.indexOf("-m") + 1] === "venv" && args.includes("-m")) dirs.push(...operands.slice(1));
    else if (inv.name === "virtualenv") dirs.push(...operands);
    else if (inv.name === "uv" && operands[0] === "venv") dirs.push(...operands.slice(1));
  }
  return dirs.map((dir) => dir.replace(/\/+$/, ""));
}

/** Payload options of exploit frameworks: where the payload calls back to, or listens on. */
const PAYLOAD_OPTION = /^(?:[lr]host|[lr]port|lhosts?)=\S/i;
/** Payload names that are remote shells: meterpreter, reverse/bind shells over any transport. */
const SHELL_PAYLOAD = /(?:^|[/_])(?:meterpreter|(?:shell_)?reverse_(?:tcp|https?|udp|dns|php|bash|perl|python|ruby|netcat|nc|powershell|shell|ipv6_tcp|winhttps?)|(?:shell_)?bind_(?:tcp|udp|ipv6_tcp|php|perl|netcat)|jsp_shell_reverse_tcp|powershell_reverse_tcp)(?:$|[/_\s])/i;
/** Programs that build payloads: any payload they are given is looked at. */
const GENERATORS = new Set(["msfvenom", "msfpc", "venom", "veil", "veil-evasion", "donut", "shellter", "sharpshooter"]);
/** Tools whose job is attacking other systems; a person approves them. */
const ATTACK_TOOLS = new Set([
  // online password guessing and credential relaying
  "hydra", "medusa", "ncrack", "patator", "crowbar", "kerbrute", "crackmapexec", "cme", "netexec", "nxc", "responder", "mitm6",
  "ntlmrelayx.py", "evil-winrm", "mimikatz", "mimikatz.exe", "pypykatz", "lazagne", "rubeus", "rubeus.exe",
  // passwords scraped from a Linux machine's memory, swap and keyrings
  "mimipenguin", "linikatz", "3snake", "swap_digger",
  // offline cracking of captured hashes
  "hashcat", "john",
  // exploitation and web attacks
  "sqlmap", "commix", "xsstrike", "beef-xss", "setoolkit", "routersploit", "weevely",
  // wireless attacks
  "aircrack-ng", "airmon-ng", "aireplay-ng", "airodump-ng", "airbase-ng", "airgeddon", "reaver", "bully", "wifite", "mdk3", "mdk4", "pixiewps",
  "hcxdumptool", "hcxpcaptool", "hcxpcapngtool", "kismet", "hostapd-wpe", "eaphammer", "wifiphisher", "fluxion", "wifipumpkin3",
  // interception and spoofing
  "bettercap", "ettercap", "arpspoof", "dnsspoof",
  // discovery on other people's hosts at scale
  "masscan", "zmap", "nikto", "wpscan", "gobuster", "dirb", "dirbuster", "ffuf", "wfuzz", "feroxbuster", "enum4linux", "enum4linux-ng",
  // command and control, pivoting
  "sliver-server", "sliver-client", "sliver", "empire", "powershell-empire", "starkiller", "pupy", "chisel", "ligolo-ng", "msfconsole", "msfd", "armitage",
]);
/** impacket's examples run as `impacket-<name>` or `<name>.py`. */
const IMPACKET = /^(?:impacket-\w+|(?:secretsdump|psexec|wmiexec|smbexec|atexec|dcomexec|getuserspns|getnpusers|gettgt|getst|ntlmrelayx|smbrelayx|ticketer|lookupsid|samrdump|reg|rpcdump)\.py)$/i;

const HANDLER = /\b(?:exploit\/|multi\/handler|payload\s+\S*(?:reverse|bind|meterpreter))/i;

/**
 * Public exploits go by their CVE or by what they are: `./CVE-2021-4034.sh`, `python3
 * cve-2021-3156.py`, `gcc exploit.c`, `./pwnkit`, and the privilege-escalation scouts.
 */
const EXPLOIT_NAME = /(?:^|[/_.-])(?:cve-?\d{4}-\d{4,}|exploit|pwnkit|dirty_?(?:cow|pipe|cred|sock)|dirtyc0w|privesc|linpeas|winpeas|linux-exploit-suggester|pspy(?:32|64)?|mimipenguin|linikatz|lazagne|swap_digger)(?:[/_.-]|$)/i;
const RUNNERS = new Set(["python", "python2", "python3", "perl", "ruby", "bash", "sh", "node", "php", "gcc", "cc", "clang", "g++", "tcc", "go", "chmod"]);

/** The program itself, or the script or source a runner or compiler is given, is a public exploit. */
function runsExploit(inv: Invocation): boolean {
  if (EXPLOIT_NAME.test(inv.argv0)) return true;
  if (!RUNNERS.has(inv.name)) return false;
  return inv.args.some((arg) => !arg.text.startsWith("-") && /\.(?:c|cpp|py|pl|rb|sh|js|php|go)$/i.test(arg.text) && EXPLOIT_NAME.test(arg.text));
}

/** Mining software by name, and a pool or algorithm option whatever the binary is called. */
const MINERS = new Set(["xmrig", "xmr-stak", "xmr-stak-rx", "cpuminer", "cpuminer-multi", "minerd", "ethminer", "t-rex", "lolminer", "nbminer", "phoenixminer", "gminer", "nanominer", "srbminer-multi", "teamredminer", "bzminer", "cgminer", "bfgminer"]);
const MINING_URL = /^(?:stratum\+(?:tcp|ssl|tls)|stratum\d?):\/\/|(?:^|[.@/])(?:moneroocean|supportxmr|nanopool|minexmr|2miners|hashvault|f2pool|c3pool|herominers|unmineable|nicehash|ethermine|xmrpool|viabtc)\.[a-z.]+(?::\d+)?/i;
const MINING_ALGO = /^(?:rx\/0|rx\/wow|rx\/arq|cn\/r|cn\/half|randomx|cryptonight\S*|ethash|etchash|kawpow|autolykos2?|ghostrider|argon2\/chukwa|astrobwt)$/i;

/** One argument of a miner: a pool URL, an algorithm after `-a`/`--algo`, a donate level. */
function minesWith(text: string, previous: string | undefined): boolean {
  if (text.length < 4) return false;
  if (MINING_ALGO.test(text)) return previous === "-a" || previous === "--algo" || previous === "--algorithm";
  if (text.startsWith("--")) return /^--donate-level(?:=|$)/.test(text) || (/^--(?:algo|coin)=/.test(text) && MINING_ALGO.test(text.slice(text.indexOf("=") + 1))) || MINING_URL.test(text.replace(/^--?[\w-]+=/, ""));
  return MINING_URL.test(text);
}

/**
 * A binary run from memory-backed storage (`/dev/shm/x`), or under a kernel thread's name from
 * a temporary or hidden place (`/tmp/.cache/kworker`): how implants hide; no installer does it.
 */
const HIDING_PLACE = /^(?:\/dev\/shm\/|\/run\/shm\/)/;
const KERNEL_NAME = /^\[?(?:kworker|kthreadd|ksoftirqd|kswapd\d*|migration|rcu_\w+|watchdogd?|kdevtmpfs|khugepaged|jbd2|irq)\b/;
const runsHidden = (inv: Invocation): boolean => {
  const path = inv.argv0;
  if (!path.includes("/")) return false;
  if (HIDING_PLACE.test(path)) return true;
  return /^(?:\/tmp|\/var\/tmp|~|\/home\/[^/]+)\/(?:.*\/)?\./.test(path.replace(/[^/]*$/, "")) && KERNEL_NAME.test(path.slice(path.lastIndexOf("/") + 1));
};

/** Public tunnels (ngrok, cloudflared, bore, localtunnel) handed a remote-access or database port. */
const TUNNELS = new Set(["ngrok", "cloudflared", "bore", "lt", "localtunnel", "frpc", "chisel"]);
const EXPOSED_PORTS = new Set(["22", "23", "3389", "5900", "5901", "2375", "2376", "6443", "10250", "5432", "3306", "6379", "27017", "9200", "11211", "5984"]);
/**
 * `ssh -R 2222:localhost:22 host`: this machine's ssh, desktop or database port opened on
 * another host; `ssh -R 1080 host`: a reverse SOCKS proxy into this machine's whole network.
 * Sharing a dev server's port (`-R 8080:localhost:3000`) is neither.
 */
function reverseForwardExposes(inv: Invocation): boolean {
  const args = inv.args.map((arg) => arg.text);
  return args.some((arg, i) => {
    const spec = arg === "-R" ? args[i + 1] : /^-R(.+)$/.exec(arg)?.[1];
    if (spec === undefined) return false;
    if (/^(?:[^:]*:)?\d{1,5}$/.test(spec)) return true;
    const parts = spec.replace(/\[[^\]]*\]/g, "v6").split(":");
    return parts.length >= 3 && EXPOSED_PORTS.has(parts[parts.length - 1]!);
  });
}

/** Package runners that fetch and start a tool by its package name (`npx localtunnel --port 22`). */
const PACKAGE_RUNNERS = new Set(["npx", "bunx", "pnpx"]);

/** Directories that hold a person's or the machine's everything: served as a site, all of it is readable. */
const WHOLE_TREES = /^(?:~|\$HOME|\/|\/root|\/home(?:\/[^/]+)?|\/Users\/[^/]+|\/etc)\/?$/;
const LOOPBACK_BIND = /^(?:127\.\d+\.\d+\.\d+|localhost|::1)$/;

/**
 * `python3 -m http.server --directory ~ --bind 0.0.0.0`: the home directory (or the root, or /etc)
 * served to every host that can reach this one. Serving a build folder, or anything on loopback,
 * is a preview.
 */
function servesWholeTree(inv: Invocation): boolean {
  if (!/^python(?:\d(?:\.\d+)?)?$/.test(inv.name)) return false;
  const args = inv.args.map((arg) => arg.text);
  const module = args[args.indexOf("-m") + 1];
  if (!args.includes("-m") || (module !== "http.server" && module !== "SimpleHTTPServer")) return false;
  const valueOf = (...flags: string[]) => {
    const at = args.findIndex((arg) => flags.includes(arg));
    return at === -1 ? undefined : args[at + 1];
  };
  const dir = valueOf("-d", "--directory") ?? args.find((arg) => arg.startsWith("--directory="))?.slice(12);
  const bind = valueOf("-b", "--bind") ?? args.find((arg) => arg.startsWith("--bind="))?.slice(7);
  return dir !== undefined && WHOLE_TREES.test(dir) && !(bind !== undefined && LOOPBACK_BIND.test(bind));
}

function exposesPort(inv: Invocation): boolean {
  if (inv.name === "ssh" || inv.name === "autossh") return reverseForwardExposes(inv);
  if (servesWholeTree(inv)) return true;
  const runner = PACKAGE_RUNNERS.has(inv.name);
  const tool = runner ? inv.args.find((arg) => !arg.text.startsWith("-"))?.text.replace(/@[^/]*$/, "") : inv.name;
  if (tool === undefined || !TUNNELS.has(tool)) return false;
  return inv.args.some((arg) => EXPOSED_PORTS.has(arg.text.replace(/^(?:--(?:url|local-port|port)=)?(?:tcp:\/\/|https?:\/\/)?(?:localhost|127\.0\.0\.1|0\.0\.0\.0)?:?/, "")));
}

function judgeOffensive(inv: Invocation, venvs: readonly string[]): Hit | undefined {
  if (runsExploit(inv)) return hit("shell.offensive_tool", inv);
  if (runsHidden(inv) && !venvs.some((dir) => inv.argv0.startsWith(`${dir}/bin/`))) return hit("shell.hidden_binary", inv);
  if (exposesPort(inv)) return hit("shell.port_exposed", inv);
  const name = inv.name.toLowerCase();
  if (MINERS.has(name)) return hit("shell.cryptominer", inv);
  const generator = GENERATORS.has(name);
  const known = generator || ATTACK_TOOLS.has(name) || IMPACKET.test(name);
  // Most commands are none of these: one look at their arguments for payload and mining options.
  let payload = false;
  for (let i = 0; i < inv.args.length; i++) {
    const text = (inv.args[i] as Invocation["args"][number]).text;
    if (minesWith(text, inv.args[i - 1]?.text)) return hit("shell.cryptominer", inv);
    payload ||= PAYLOAD_OPTION.test(text);
  }
  if (!known && !payload) return undefined;
  if (inv.args.some((arg) => SHELL_PAYLOAD.test(arg.text))) return hit("shell.offensive_payload", inv);
  if (name === "msfconsole" && inv.args.some((arg) => HANDLER.test(arg.text))) return hit("shell.offensive_payload", inv);
  if (name === "weevely" && inv.args[0]?.text === "generate") return hit("shell.offensive_payload", inv);
  return known ? hit("shell.offensive_tool", inv) : undefined;
}
