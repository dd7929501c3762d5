// Reverse and bind shells built from shell parts: an interpreter whose stdio is a network
// socket (`/dev/tcp` redirections, a socket fd opened with `exec`), netcat/socat told to run
// a program, or a pipeline joining a socket tool and a shell reading commands from stdin.
import { isSocketTool } from "../facts.ts";
import type { Invocation, ResolvedRedirect } from "../model.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

export const reverseShellRule: Rule = (ctx) => [...socketRedirectHits(ctx), ...execFlagHits(ctx), ...pipelineHits(ctx)];

const NET_DEVICE = /^\/dev\/(tcp|udp)\/([^/]*)/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "0.0.0.0"]);

/** The program reads commands from stdin: an interpreter with no inline code or script. */
function readsCommands(inv: Invocation): boolean {
  if (inv.loginShell) return true;
  const program = inv.program;
  if (program?.kind !== "stdin") return false;
  return inv.stdin === undefined || inv.stdin.kind === "pipe" || inv.stdin.kind === "file";
}

const isDynamicCommand = (inv: Invocation): boolean => inv.nameField?.dynamic === true;

function socketRedirectHits(ctx: RuleContext): Hit[] {
  const socketFds = new Set<string>();
  return eachInvocation(ctx, (inv) => {
    // zsh's `ztcp host port` opens a socket and leaves its descriptor in $REPLY.
    if (inv.name === "ztcp") socketFds.add("$REPLY");
    if (inv.redirects.length === 0) return undefined;
    const network = inv.redirects.filter((redirect) => NET_DEVICE.test(redirect.target?.text ?? ""));
    for (const redirect of network) if (redirect.fd !== undefined && redirect.fd > 2) socketFds.add(String(redirect.fd));
    const usesSocketFd = inv.redirects.some((redirect) => isFdDuplication(redirect) && socketFds.has(redirect.target?.text ?? ""));
    if ((network.length > 0 || usesSocketFd) && (readsCommands(inv) || inv.program !== undefined || isDynamicCommand(inv))) {
      return hit("shell.reverse_shell", inv);
    }
    if (network.some((redirect) => !LOCAL_HOSTS.has(NET_DEVICE.exec(redirect.target?.text ?? "")?.[2] ?? ""))) {
      return hit("shell.raw_socket_redirect", inv);
    }
    return undefined;
  });
}

const isFdDuplication = (redirect: ResolvedRedirect): boolean => redirect.op === "<&" || redirect.op === ">&" || redirect.op === "<>";

const NETCAT_EXEC_LONG = ["--exec", "--sh-exec", "--lua-exec", "--lua-exec-internal"];
const SHELL_PATH = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh|ksh)$|^cmd(?:\.exe)?$|^powershell(?:\.exe)?$/i;
const PEER_HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i;
const PEER_PORT = /^\d{2,5}$/;

/**
 * Any program told to run a shell (`-s /bin/sh`, `--exec=bash`) with a host and a port to reach:
 * the netcat shape under another name (`rcat connect -s /bin/sh HOST PORT`). `chsh -s /bin/bash`
 * names no peer.
 */
function handsShellToPeer(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text);
  const shellOption = texts.some((text, i) => (i > 0 && /^-/.test(texts[i - 1] as string) && !/=/.test(texts[i - 1] as string) && SHELL_PATH.test(text)) || /^--?[a-z-]*(?:exec|shell|sh|cmd)=/.test(text) && SHELL_PATH.test(text.slice(text.indexOf("=") + 1)));
  if (!shellOption) return false;
  return texts.some((text) => PEER_HOST.test(text)) && texts.some((text) => PEER_PORT.test(text));
}
const NETCATS = new Set(["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "sbd", "cryptcat", "pwncat"]);

/** `nc -e /bin/sh`, `ncat --exec`, `socat exec:.. tcp:..`, `xterm -display host:1`. */
function execFlagHits(ctx: RuleContext): Hit[] {
  return eachInvocation(ctx, (inv) => {
    if (!NETCATS.has(inv.name) && inv.name !== "socat" && inv.name !== "xterm") return handsShellToPeer(inv) ? hit("shell.reverse_shell", inv) : undefined;
    const texts = inv.args.map((arg) => arg.text);
    if (NETCATS.has(inv.name)) {
      const runs = texts.some((text) => NETCAT_EXEC_LONG.includes(text.split("=")[0] as string) || /^-[a-zA-Z]*[ec]/.test(text));
      return runs ? hit("shell.reverse_shell", inv) : undefined;
    }
    if (inv.name === "socat") {
      const lower = texts.map((text) => text.toLowerCase());
      const runs = lower.some((text) => /^(exec|system):/.test(text));
      const network = lower.some((text) => /^(tcp|udp|ssl|openssl|sctp|socks|tcp4|tcp6|udp4|udp6)[a-z0-9-]*:/.test(text));
      return runs && network ? hit("shell.reverse_shell", inv) : undefined;
    }
    if (inv.name === "xterm") {
      const display = texts[texts.indexOf("-display") + 1];
      return texts.includes("-display") && display !== undefined && !display.startsWith(":") ? hit("shell.reverse_shell", inv) : undefined;
    }
    return undefined;
  });
}

/** `nc host port | sh`, `sh -i 2>&1 | nc host port`, the mkfifo and telnet relays. */
function pipelineHits(ctx: RuleContext): Hit[] {
  if (!ctx.invocations.some(isSocketTool)) return [];
  const byPipeline = new Map<number, Invocation[]>();
  for (const inv of ctx.invocations) {
    const members = byPipeline.get(inv.pipeline) ?? [];
    members.push(inv);
    byPipeline.set(inv.pipeline, members);
  }
  const hits: Hit[] = [];
  for (const members of byPipeline.values()) {
    if (members.length < 2 || !members.some(isSocketTool)) continue;
    const shell = members.find(readsCommands);
    if (shell) hits.push(hit("shell.reverse_shell", shell));
  }
  return hits;
}
