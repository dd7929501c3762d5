// The vocabulary every secrets scanner reports in: what was found (a SecretKind) and where.
import type { Severity } from "../../wire/verdict.ts";

export const CATEGORIES = {
  leak: "security.secret_leak",
  cloud: "security.secret_leak.cloud_credential",
  apiKey: "security.secret_leak.api_key",
  privateKey: "security.secret_leak.private_key",
  db: "security.secret_leak.db_connection",
  password: "security.secret_leak.password",
} as const;

/** On overlap the more specific scanner wins: a token inside `password=` is a token. */
export const PRIORITIES = {
  privateKey: 100,
  cloud: 90,
  provider: 80,
  jwt: 70,
  db: 60,
  url: 50,
  generic: 40,
} as const;

export interface SecretKind {
  checkId: string;
  category: string;
  severity: Severity;
  /** Placeholder type the engine turns into `${SVC_<LABEL>_<n>}`. */
  label: string;
  /** Generic, never derived from the matched text. */
  title: string;
  priority: number;
}

export interface SecretHit {
  kind: SecretKind;
  start: number;
  end: number;
  score: number;
}

export const defineKind = (
  name: string,
  category: string,
  severity: Severity,
  label: string,
  title: string,
  priority: number,
): SecretKind => ({ checkId: `secrets.${name}`, category, severity, label, title, priority });

/** Upper bound on reported secrets per text field, so a hostile payload cannot bloat a verdict. */
export const MAX_HITS_PER_FIELD = 256;
