// One judge per event kind: network connections, file operations, non-shell tool calls, MCP
// server connections, skill sources and agent configuration changes. Each returns hits (with
// spans) or the reason it has nothing to judge.
import type { Hit } from "./checks.ts";
import { classifyHost } from "./host-class.ts";
import { matchesHostList } from "./host-list.ts";
import { classifyIpLiteral } from "./ip-address.ts";
import { type EgressOptions, judgeBareHost, judgeUrl } from "./judge-host.ts";
import { type Located, locateField, spanOf, wholeOf } from "./located.ts";
import { namesOtherPackageSource } from "./package-sources.ts";
import { baseOf, type NormalPath, normalisePath } from "./paths.ts";
import { classifyRead } from "./read-rules.ts";
import { type FileOp, type FileTarget, extractToolTargets } from "./tool-targets.ts";
import { parseUrl } from "./url.ts";
import { isSystemOrHomeTarget } from "../shell/paths.ts";
import { classifyWrite, isDataStore } from "./write-rules.ts";

export type Judged = Hit[] | { abstain: string };

const INBOUND = new Set(["ingress", "inbound", "in", "listen", "accept", "incoming"]);
const SENDING_METHODS = new Set(["post", "put", "patch"]);
const BULK_BYTES = 4096;

const stringAt = (payload: Record<string, unknown>, key: string): Located | undefined => {
  const value = payload[key];
  return typeof value === "string" && value.trim() !== "" ? locateField(`payload.${key}`, value) : undefined;
};

const numberAt = (payload: Record<string, unknown>, keys: readonly string[]): number | undefined => {
  for (const key of keys) {
    const value = payload[key];
    if (typeof value === "number" && Number.isFinite(value)) return value;
  }
  return undefined;
};

export function judgeNetwork(payload: Record<string, unknown>, opts: EgressOptions): Judged {
  const direction = payload.direction;
  if (typeof direction === "string" && INBOUND.has(direction.toLowerCase())) return { abstain: "inbound connection" };
  const method = typeof payload.method === "string" ? payload.method.toLowerCase() : "";
  const sent = numberAt(payload, ["bytes_out", "bytes_sent", "tx_bytes", "request_bytes"]) ?? 0;
  const extra = { carriesData: SENDING_METHODS.has(method) || sent >= BULK_BYTES };
  const port = numberAt(payload, ["port", "dest_port", "remote_port"]);
  const hosts = ["host", "hostname", "sni", "domain"].map((k) => stringAt(payload, k)).filter((h) => h !== undefined);
  const url = stringAt(payload, "url");
  if (hosts.length === 0 && !url) return { abstain: "network event names no host" };
  const hits = hosts.flatMap((at) => judgeBareHost(at, port !== undefined && Number.isInteger(port) ? port : undefined, opts, extra)).map(observedConnection(port));
  if (url) hits.push(...judgeUrl(url, opts, { ...extra, schemeless: true }));
  return hits;
}

/**
 * A connection a sensor saw to a private address or an internal name, with no URL: a program
 * reaching its database, cache or service (`psql` to 10.0.3.15:5432), not a request someone
 * forged. Noted, not held; a control port, metadata or a disguised address on it still is, and
 * a URL the event carries is judged as a fetch's would be.
 */
function observedConnection(port: number | undefined): (hit: Hit) => Hit {
  const lateral = port !== undefined && LATERAL_PORTS.has(port);
  return (hit) => (!lateral && (hit.check === "egress.private_network" || hit.check === "egress.internal_hostname") ? { ...hit, severity: "info", decision: "allow" } : hit);
}

/** Remote shells and desktops, file sharing and Windows management: how an intruder moves between hosts. */
const LATERAL_PORTS = new Set([22, 23, 135, 139, 445, 3389, 5900, 5901, 5985, 5986]);

/** The check a file operation trips; reads and writes follow different rules. */
/** Deleting a database's files, or a system or home directory (the shell's `rm -rf` vocabulary). */
const deletesIrreplaceable = (target: FileTarget, path: NormalPath): boolean =>
  target.op === "delete" && (isSystemOrHomeTarget(target.at.text) || isDataStore(path));

function judgeFile(target: FileTarget, content: string | undefined, opts: EgressOptions): Hit[] {
  const path = normalisePath(target.at.text);
  if (!path) return [];
  const check = target.op === "read" ? classifyRead(path) : deletesIrreplaceable(target, path) ? "files.irreplaceable_delete" : classifyWrite(path, target.op, content);
  if (check) return [{ check, ...spanOf(target.at, 0, target.at.text.length) }];
  const redirects = target.op === "write" && content !== undefined && namesOtherPackageSource(baseOf(path), content, opts.allow);
  return redirects ? [{ check: "files.package_source_write", ...spanOf(target.at, 0, target.at.text.length) }] : [];
}

const WRITE_OPS = new Set([
  "write", "create", "edit", "modify", "append", "update", "truncate", "overwrite", "patch", "save", "put", "replace",
  "chmod", "chown", "link", "symlink", "setattr",
]);
const DELETE_OPS = new Set(["delete", "unlink", "remove", "rm", "rmdir"]);
const TRANSFER_OPS = new Set(["rename", "move", "mv", "copy", "cp"]);
/** Operations that reveal that a file exists, not what it holds. */
const METADATA_OPS = new Set(["stat", "list", "readdir", "exists", "glob", "lstat", "watch", "close"]);
const DESTINATION_FIELDS = ["dest", "destination", "new_path", "target", "to", "dst"];

/** An fopen() mode (`w`, `a`, `r+`) or open(2) flags (`O_WRONLY|O_CREAT`) that allow writing. */
const WRITE_MODE = /^[rb]*[wa+][rbt+]*$|\b(?:o_)?(?:wronly|rdwr|creat|trunc|append)\b/i;

const opensForWriting = (value: unknown): boolean =>
  typeof value === "string" && value.length <= 256 && WRITE_MODE.test(value.trim());

/** Operations that only read what a file holds. */
const READ_OPS = new Set(["read", "open", "get", "view", "cat", "load", "fetch", "head", "tail", "grep", "search"]);

function opOf(payload: Record<string, unknown>): FileOp | "transfer" | "unknown" | undefined {
  const raw = typeof payload.op === "string" ? payload.op : typeof payload.operation === "string" ? payload.operation : "";
  const op = raw.toLowerCase();
  if (METADATA_OPS.has(op)) return undefined;
  if (DELETE_OPS.has(op)) return "delete";
  if (TRANSFER_OPS.has(op)) return "transfer";
  if (WRITE_OPS.has(op) || opensForWriting(payload.mode) || opensForWriting(payload.flags)) return "write";
  return READ_OPS.has(op) ? "read" : "unknown";
}

/** An operation not named, or named in no known way, is judged as each thing it could be. */
const UNKNOWN_OPS: readonly FileOp[] = ["read", "write", "delete"];

const MAX_EXTRA_PATHS = 64;

/** A patch touches several files: `paths` lists them beside the first in `path`. */
function extraPaths(payload: Record<string, unknown>): Located[] {
  if (!Array.isArray(payload.paths)) return [];
  return payload.paths.slice(0, MAX_EXTRA_PATHS).flatMap((p, i) =>
    typeof p === "string" && p.trim() !== "" && p !== payload.path ? [locateField(`payload.paths[${i}]`, p)] : [],
  );
}

export function judgeFileEvent(payload: Record<string, unknown>, opts: EgressOptions): Judged {
  const at = stringAt(payload, "path") ?? stringAt(payload, "file_path") ?? stringAt(payload, "filename");
  const extra = extraPaths(payload);
  if (!at && extra.length === 0) return { abstain: "file event names no path" };
  const op = opOf(payload);
  if (op === undefined) return { abstain: "file metadata operation" };
  const content = typeof payload.content === "string" ? payload.content : undefined;
  const ops = op === "unknown" ? UNKNOWN_OPS : op === "transfer" ? [] : [op];
  if (op !== "transfer") return [...(at ? [at] : []), ...extra].flatMap((where) => ops.flatMap((each) => judgeFile({ at: where, op: each }, content, opts)));
  if (!at) return { abstain: "file transfer names no source path" };
  const hits = judgeFile({ at, op: "read" }, content, opts);
  for (const field of DESTINATION_FIELDS) {
    const dest = stringAt(payload, field);
    if (dest) hits.push(...judgeFile({ at: dest, op: "write" }, content, opts));
  }
  return hits;
}

export function judgeToolCall(payload: Record<string, unknown>, opts: EgressOptions): Judged {
  const targets = extractToolTargets(payload);
  if ("abstain" in targets) return targets;
  const extra = { carriesData: targets.carriesData, namesSecrets: targets.namesSecrets };
  const hits: Hit[] = [];
  for (const { at, schemeless } of targets.urls) hits.push(...judgeUrl(at, opts, { ...extra, schemeless }));
  for (const at of targets.hosts) hits.push(...judgeBareHost(at, undefined, opts, extra));
  for (const target of targets.files) hits.push(...judgeFile(target, targets.content, opts));
  for (const at of targets.fetchedFiles ?? []) hits.push({ check: "egress.local_file_url", ...wholeOf(at) });
  if (targets.search && huntsCredentials(targets.search.text, targets.files)) hits.push({ check: "files.credential_search", ...wholeOf(targets.search) });
  return hits;
}

/** Markers only credentials contain: key armour, cloud key names and prefixes, password stores. */
const CREDENTIAL_MARKERS = /private key|begin (?:rsa |ec |dsa |openssh |pgp )?private|aws_secret_access_key|aws_access_key_id|akia\[?|asia\[?|ghp_|github_pat_|xox[bap]-|sk_live_|_authtoken|password\s*=|passwd|id_rsa|id_ed25519|\.pem\b|kdbx/i;

/**
 * A search for credential markers across a home directory or the whole disk: hunting for keys,
 * not auditing a project (a search with no path runs in the project and stays allowed).
 */
function huntsCredentials(pattern: string, files: readonly FileTarget[]): boolean {
  if (files.length === 0 || !CREDENTIAL_MARKERS.test(pattern.slice(0, 1024))) return false;
  return files.every(({ at }) => {
    const path = normalisePath(at.text);
    return path !== undefined && ((path.home && path.segs.length === 0) || (path.absolute && (path.segs.length === 0 || (path.segs.length <= 2 && ["home", "users", "root"].includes(path.segs[0]!)))));
  });
}

/**
 * Code the agent loads (an MCP server, a skill) from a bare public IP: published servers and
 * skills live under a name with a certificate, throwaway hosts under an address.
 */
function judgeCodeSource(at: Located, opts: EgressOptions, schemeless: boolean): Hit[] {
  const hits = judgeUrl(at, opts, { schemeless });
  const url = parseUrl(at.text, schemeless);
  if (!url || hits.length > 0) return hits;
  const { name, cls } = classifyHost(url.host.raw);
  if (cls !== "public" || !classifyIpLiteral(name) || matchesHostList(opts.allow, name)) return hits;
  return [{ check: "egress.bare_ip_source", ...(url.exact ? spanOf(at, url.host.start, url.host.end) : wholeOf(at)) }];
}

/**
 * An MCP server URL, judged like any destination: a server behind a tunnel or on a paste site
 * is as suspect as a fetch there. Loopback servers stay allowed under `allow_loopback`.
 */
export function judgeMcpConnect(payload: Record<string, unknown>, opts: EgressOptions): Judged {
  const url = stringAt(payload, "url");
  if (!url) return { abstain: "MCP connection has no URL" };
  return judgeCodeSource(url, opts, true);
}

/**
 * Where a skill was fetched from. `source` may be written without a scheme; `content_ref` is
 * often a relative path (`skills/x/SKILL.md`), so only a URL with a scheme counts there.
 */
export function judgeSkillLoad(payload: Record<string, unknown>, opts: EgressOptions): Judged {
  const source = stringAt(payload, "source");
  const ref = stringAt(payload, "content_ref");
  if (!source && !ref) return { abstain: "skill load names no source" };
  return [
    ...(source ? judgeCodeSource(source, opts, true) : []),
    ...(ref ? judgeCodeSource(ref, opts, false) : []),
  ];
}

export function judgeConfigChange(payload: Record<string, unknown>): Judged {
  const at = stringAt(payload, "target");
  const target = at?.text.trim().toLowerCase() ?? "other";
  const check =
    target === "permissions" || target === "hooks"
      ? "config.guard_change"
      : target === "mcp_allowlist" || target === "skills"
        ? "config.extension_change"
        : "config.other_change";
  return [at ? { check, ...spanOf(at, 0, at.text.length) } : { check }];
}
