// The one place that reads the environment: flags win over WARDEN_* variables, which win over
// defaults. Every problem is reported together.
import type { LogFormat, LogLevel } from "../lib/log.ts";
import { EXPORT_OPTIONS, resolveExportSettings, type ExportSettings } from "./export-config.ts";
import type { SyncMode } from "../store/sqlite/database.ts";

export interface ServeConfig {
  host: string;
  port: number;
  dataDir: string;
  rateLimit: number;
  maxBodyBytes: number;
  sync: SyncMode;
  /** How long events sharing a guard_id are correlated as one action (decision units). */
  correlationWindowS: number;
  /** Policy file (YAML or JSON); absent: the built-in policy. */
  policyFile?: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  /** Prometheus metrics at /metrics. */
  metrics: boolean;
  /** Requests in progress at once before 503 overloaded. */
  maxInFlight: number;
  /** Seconds a connection may sit silent before it is closed. */
  idleTimeoutS: number;
  /** Milliseconds a client may take to send a request body before 408. */
  bodyTimeoutMs: number;
  /** Decision export sinks and retention; absent when neither is asked for. */
  exports?: ExportSettings;
}

export const DEFAULTS: ServeConfig = {
  host: "127.0.0.1",
  port: 8787,
  dataDir: ".warden",
  rateLimit: 600,
  maxBodyBytes: 1024 * 1024,
  sync: "normal",
  correlationWindowS: 600,
  logLevel: "info",
  logFormat: "json",
  metrics: true,
  maxInFlight: 512,
  idleTimeoutS: 30,
  bodyTimeoutMs: 10_000,
};

export const SERVE_OPTIONS = {
  host: "value",
  port: "value",
  data: "value",
  "rate-limit": "value",
  "max-body-bytes": "value",
  sync: "value",
  policy: "value",
  "correlation-window": "value",
  "log-level": "value",
  "log-format": "value",
  metrics: "value",
  "max-inflight": "value",
  "idle-timeout": "value",
  "body-timeout-ms": "value",
  ...EXPORT_OPTIONS,
} as const;

type Env = Record<string, string | undefined>;

function integer(name: string, raw: string, min: number, max: number, errors: string[]): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < min || n > max) {
    errors.push(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
    return 0;
  }
  return n;
}

function oneOf<T extends string>(name: string, raw: string, allowed: readonly T[], errors: string[]): T {
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  errors.push(`${name} must be one of ${allowed.join(", ")}, got ${JSON.stringify(raw)}`);
  return allowed[0]!;
}

export function resolveServeConfig(options: Map<string, string>, env: Env): { config: ServeConfig; errors: string[] } {
  const errors: string[] = [];
  const pick = (flag: string, variable: string) => options.get(flag) ?? env[variable];
  const numberOr = (flag: string, variable: string, fallback: number, min: number, max: number) => {
    const raw = pick(flag, variable);
    return raw === undefined ? fallback : integer(`--${flag}`, raw, min, max, errors);
  };
  const host = pick("host", "WARDEN_HOST") ?? DEFAULTS.host;
  const port = pick("port", "WARDEN_PORT");
  const rate = pick("rate-limit", "WARDEN_RATE_LIMIT");
  const body = pick("max-body-bytes", "WARDEN_MAX_BODY_BYTES");
  const sync = pick("sync", "WARDEN_SYNC") ?? DEFAULTS.sync;
  const window = pick("correlation-window", "WARDEN_CORRELATION_WINDOW");
  if (sync !== "normal" && sync !== "full") errors.push(`--sync must be normal or full, got ${JSON.stringify(sync)}`);
  if (host.trim() === "") errors.push("--host must not be empty");
  const config: ServeConfig = {
    host,
    port: port === undefined ? DEFAULTS.port : integer("--port", port, 0, 65535, errors),
    dataDir: pick("data", "WARDEN_DATA") || DEFAULTS.dataDir,
    rateLimit: rate === undefined ? DEFAULTS.rateLimit : integer("--rate-limit", rate, 0, 10_000_000, errors),
    maxBodyBytes: body === undefined ? DEFAULTS.maxBodyBytes : integer("--max-body-bytes", body, 1024, 64 * 1024 * 1024, errors),
    sync: sync as SyncMode,
    correlationWindowS: window === undefined ? DEFAULTS.correlationWindowS : integer("--correlation-window", window, 1, 86_400, errors),
    logLevel: oneOf("--log-level", pick("log-level", "WARDEN_LOG_LEVEL") ?? DEFAULTS.logLevel, ["debug", "info", "error"], errors),
    logFormat: oneOf("--log-format", pick("log-format", "WARDEN_LOG_FORMAT") ?? DEFAULTS.logFormat, ["json", "text"], errors),
    metrics: oneOf("--metrics", pick("metrics", "WARDEN_METRICS") ?? "on", ["on", "off"], errors) !== "off",
    maxInFlight: numberOr("max-inflight", "WARDEN_MAX_INFLIGHT", DEFAULTS.maxInFlight, 1, 1_000_000),
    idleTimeoutS: numberOr("idle-timeout", "WARDEN_IDLE_TIMEOUT", DEFAULTS.idleTimeoutS, 1, 255),
    bodyTimeoutMs: numberOr("body-timeout-ms", "WARDEN_BODY_TIMEOUT_MS", DEFAULTS.bodyTimeoutMs, 10, 600_000),
  };
  const policyFile = pick("policy", "WARDEN_POLICY");
  if (policyFile) config.policyFile = policyFile;
  const exports = resolveExportSettings((flag, variable) => options.get(flag) ?? (variable ? env[variable] : undefined), errors);
  if (exports) config.exports = exports;
  return { config, errors };
}

export const isLoopback = (host: string) =>
  host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
