// The `serve` flags of decision export and retention, validated with every problem listed. The
// Splunk token is read from its file here, once, so it never passes through argv, env or logs.
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

export const CONTENT_MODES = ["none", "redacted", "hmac", "full"] as const;
export type ContentMode = (typeof CONTENT_MODES)[number];

export interface FileSinkSettings {
  path: string;
  maxBytes: number;
  keep: number;
}

export interface ExportSettings {
  content: ContentMode;
  file?: FileSinkSettings;
  hec?: { url: string; token: string };
  syslog?: { host: string; port: number; cef: boolean };
  retention: { days?: number; maxDbBytes?: number; force: boolean };
}

export const EXPORT_OPTIONS = {
  "export-file": "value",
  "export-file-max-bytes": "value",
  "export-file-keep": "value",
  "export-splunk-hec": "value",
  "splunk-token-file": "value",
  "export-syslog": "value",
  cef: "flag",
  "export-content": "value",
  retention: "value",
  "max-db-bytes": "value",
  "retention-force": "flag",
} as const;

const MIB = 1024 * 1024;
type Pick = (flag: string, variable?: string) => string | undefined;

function whole(name: string, raw: string | undefined, min: number, max: number, errors: string[]): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (/^\d+$/.test(raw.trim()) && n >= min && n <= max) return n;
  errors.push(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return undefined;
}

function readToken(path: string, errors: string[]): string {
  let token: string;
  try {
    token = readFileSync(path, "utf8").trim();
  } catch (error) {
    errors.push(`--splunk-token-file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    return "";
  }
  if (!/^[\x21-\x7e]+$/.test(token)) errors.push(`--splunk-token-file ${path} must hold one token (printable, no spaces)`);
  return token;
}

function resolveHec(url: string | undefined, tokenFile: string | undefined, errors: string[]): ExportSettings["hec"] {
  if (url === undefined && tokenFile === undefined) return undefined;
  if (url === undefined || tokenFile === undefined) {
    errors.push("--export-splunk-hec and --splunk-token-file go together");
    return undefined;
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    errors.push(`--export-splunk-hec must be an http(s) URL, got ${JSON.stringify(url)}`);
  }
  if (parsed && parsed.protocol !== "http:" && parsed.protocol !== "https:") errors.push("--export-splunk-hec must be an http(s) URL");
  // Credentials in the URL would end up in cursor ids and error messages.
  if (parsed && (parsed.username || parsed.password)) errors.push("--export-splunk-hec must not carry credentials; use --splunk-token-file");
  return { url, token: readToken(tokenFile, errors) };
}

function resolveSyslog(raw: string | undefined, cef: boolean, errors: string[]): ExportSettings["syslog"] {
  if (raw === undefined) {
    if (cef) errors.push("--cef formats --export-syslog messages; give --export-syslog too");
    return undefined;
  }
  const match = /^tcp:\/\/(\[[^\]]+\]|[^:/\s]+):(\d{1,5})\/?$/.exec(raw);
  const port = match ? Number(match[2]) : 0;
  if (!match || port < 1 || port > 65535) {
    errors.push(`--export-syslog must be tcp://host:port, got ${JSON.stringify(raw)}`);
    return undefined;
  }
  return { host: match[1]!.replace(/^\[|\]$/g, ""), port, cef };
}

function resolveFile(pick: Pick, errors: string[]): FileSinkSettings | undefined {
  const path = pick("export-file", "WARDEN_EXPORT_FILE");
  const maxBytes = whole("--export-file-max-bytes", pick("export-file-max-bytes"), 4096, 1024 * 1024 * MIB, errors);
  const keep = whole("--export-file-keep", pick("export-file-keep"), 1, 10_000, errors);
  if (!path) {
    if (maxBytes !== undefined || keep !== undefined) errors.push("--export-file-max-bytes and --export-file-keep need --export-file");
    return undefined;
  }
  const absolute = resolve(path);
  // A sink that can never write would only retry and log: refuse it at boot instead.
  if (!statSync(dirname(absolute), { throwIfNoEntry: false })?.isDirectory()) errors.push(`--export-file ${path}: its directory does not exist`);
  return { path: absolute, maxBytes: maxBytes ?? 100 * MIB, keep: keep ?? 10 };
}

/** The export settings when any export or retention flag is given; undefined otherwise. */
export function resolveExportSettings(pick: Pick, errors: string[]): ExportSettings | undefined {
  const content = pick("export-content", "WARDEN_EXPORT_CONTENT") ?? "redacted";
  if (!(CONTENT_MODES as readonly string[]).includes(content)) {
    errors.push(`--export-content must be one of ${CONTENT_MODES.join(", ")}, got ${JSON.stringify(content)}`);
  }
  const settings: ExportSettings = {
    content: content as ContentMode,
    file: resolveFile(pick, errors),
    hec: resolveHec(pick("export-splunk-hec", "WARDEN_EXPORT_SPLUNK_HEC"), pick("splunk-token-file", "WARDEN_SPLUNK_TOKEN_FILE"), errors),
    syslog: resolveSyslog(pick("export-syslog", "WARDEN_EXPORT_SYSLOG"), pick("cef") === "true", errors),
    retention: {
      days: whole("--retention", pick("retention", "WARDEN_RETENTION_DAYS"), 1, 36_500, errors),
      maxDbBytes: whole("--max-db-bytes", pick("max-db-bytes", "WARDEN_MAX_DB_BYTES"), MIB, Number.MAX_SAFE_INTEGER, errors),
      force: pick("retention-force") === "true",
    },
  };
  const retains = settings.retention.days !== undefined || settings.retention.maxDbBytes !== undefined;
  if (settings.retention.force && !retains) errors.push("--retention-force needs --retention or --max-db-bytes");
  return settings.file || settings.hec || settings.syslog || retains ? settings : undefined;
}
