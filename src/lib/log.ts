// Structured log lines on stderr, JSON by default or `key=value` text for people. Callers pass
// identifiers and counts, never payload content, keys or matched text.
export type LogFields = Record<string, string | number | boolean | undefined>;
export type LogLevel = "debug" | "info" | "error";
export type LogFormat = "json" | "text";

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  readonly level: LogLevel;
}

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, error: 2 };

const quote = (value: string) => (/^[\w.:/@+-]*$/.test(value) && value !== "" ? value : JSON.stringify(value));

function line(format: LogFormat, level: LogLevel, message: string, fields?: LogFields): string {
  const time = new Date().toISOString();
  if (format === "json") return `${JSON.stringify({ time, level, message, ...fields })}\n`;
  const rest = Object.entries(fields ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${quote(String(v))}`);
  return `${[time, level.toUpperCase(), quote(message), ...rest].join(" ")}\n`;
}

export function createLogger(options: { level?: LogLevel; format?: LogFormat; write?: (text: string) => void } = {}): Logger {
  const level = options.level ?? "info";
  const format = options.format ?? "json";
  const write = options.write ?? ((text: string) => void process.stderr.write(text));
  const at = (wanted: LogLevel) => (message: string, fields?: LogFields) => {
    if (RANK[wanted] >= RANK[level]) write(line(format, wanted, message, fields));
  };
  return { debug: at("debug"), info: at("info"), error: at("error"), level };
}

export const stderrLogger: Logger = createLogger();

export const silentLogger: Logger = { debug: () => {}, info: () => {}, error: () => {}, level: "error" };
