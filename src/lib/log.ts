// Structured log lines on stderr. Callers pass identifiers and counts, never payload content.
export type LogFields = Record<string, string | number | boolean | undefined>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const write = (level: string, message: string, fields?: LogFields) =>
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);

export const stderrLogger: Logger = {
  info: (message, fields) => write("info", message, fields),
  error: (message, fields) => write("error", message, fields),
};

export const silentLogger: Logger = { info: () => {}, error: () => {} };
