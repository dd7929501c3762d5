// Secret-named environment variables handed to a process. Passing a secret to a child process
// is normal, so this is a low-severity signal for later correlation, never a reason to redact.
import type { Finding } from "../../wire/verdict.ts";
import { CATEGORIES } from "./secret-kind.ts";

export const ENV_KEY_PATH = /^payload\.env_keys\[\d+\]$/;

const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;
const SECRET_ENV_NAME =
  /(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|_PWD|_PASS|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|SECRET_?KEY|_KEY|CREDENTIALS?|DATABASE_URL|_DSN|CONNECTION_STRING)$/;
// `PWD`/`OLDPWD` are working directories; public and publishable keys are meant to be shared.
const NOT_SECRET_ENV_NAME = /^(?:OLD)?PWD$|PUBLIC|PUBLISHABLE|_KEY_ID$|TOKENIZERS?_/;

export function isSecretEnvName(name: string): boolean {
  const upper = name.toUpperCase();
  if (!ENV_NAME.test(upper) || NOT_SECRET_ENV_NAME.test(upper)) return false;
  return SECRET_ENV_NAME.test(upper) || upper.includes("SECRET");
}

export function createEnvSecretFinding(path: string, name: string, detector: string): Finding {
  return {
    category: CATEGORIES.leak,
    path,
    start: 0,
    end: name.length,
    score: 0.5,
    detector,
    severity: "low",
    check_id: "secrets.env_secret_passed",
    title: "Secret-named environment variable passed to a process",
  };
}
