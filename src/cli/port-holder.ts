// Who holds a TCP port, so `warden serve` can say more than "in use": on Linux, the listening
// socket's inode from /proc/net/tcp{,6}, then the process whose file descriptors include it. Best
// effort and read-only: another user's processes may not be readable, and elsewhere it says nothing.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

const LISTEN = "0A";

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== LISTEN) continue;
      if (parseInt(cols[1]!.split(":")[1] ?? "", 16) === port) inodes.add(cols[9]!);
    }
  }
  return inodes;
}

/** `pid 1234 (warden serve --port 8787)`, or undefined when it cannot be told. */
export function portHolder(port: number): string | undefined {
  const pid = portHolderPid(port);
  if (pid === undefined) return undefined;
  let command = "";
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ").slice(0, 200);
  } catch {
    // Unreadable: the pid alone.
  }
  return command ? `pid ${pid} (${command})` : `pid ${pid}`;
}

/** The pid listening on `port`, or undefined when it cannot be told. */
export function portHolderPid(port: number): number | undefined {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return undefined;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return Number(pid);
    }
  }
  return undefined;
}

/** Whether something already listens on host:port (a listen attempt, released at once). */
export function portInUse(host: string, port: number): boolean {
  if (port === 0) return false;
  try {
    const probe = Bun.listen({ hostname: host, port, socket: { data() {} } });
    probe.stop(true);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === "EADDRINUSE";
  }
}
