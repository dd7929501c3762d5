// What a short-lived PEP process (`warden hook`, `warden exec`) keeps between runs: its enrolled
// signing key and the last degraded-mode directives, per warden URL and key, owner-only on disk.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Directives } from "../adapters/degraded.ts";

export interface Enrollment {
  key_id: string;
  guard_id: string;
  /** The Ed25519 private key as a JWK (RFC 8037); never leaves this file. */
  private_jwk: { kty: string; crv: string; d: string; x: string };
  enrolled_at: string;
}

export interface CachedDirectives {
  fetched_at: number;
  directives: Directives;
}

export interface PepState {
  enrollment?: Enrollment;
  config?: CachedDirectives;
  saveEnrollment(enrollment: Enrollment): void;
  saveConfig(config: CachedDirectives): void;
}

export function stateDirOf(env: Record<string, string | undefined>): string {
  if (env.WARDEN_STATE_DIR) return env.WARDEN_STATE_DIR;
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), ".local", "state");
  return join(base, "warden");
}

function readJson<T>(path: string, isValid: (value: unknown) => boolean): T | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    return isValid(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

const isText = (value: unknown) => typeof value === "string" && value !== "";

/** A kept enrollment the PEP can sign with; anything else (an older warden's bad reply) is enrolled again. */
const isEnrollment = (value: unknown): boolean => {
  const e = value as Partial<Enrollment> | null;
  return e !== null && typeof e === "object" && isText(e.key_id) && isText(e.guard_id) && isText(e.private_jwk?.d) && isText(e.private_jwk?.x);
};

const isCachedDirectives = (value: unknown): boolean => {
  const c = value as Partial<CachedDirectives> | null;
  const onUnreachable = c?.directives?.on_unreachable;
  return c !== null && typeof c === "object" && typeof c.fetched_at === "number" && onUnreachable !== null && typeof onUnreachable === "object";
};

/** Written whole or not at all: a hook killed mid-write never leaves a torn key file. */
function writeJsonAtomic(dir: string, path: string, value: unknown): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/** State for one (warden URL, API key) pair; the key itself is only ever stored as a hash prefix. */
export function openPepState(dir: string, url: string, apiKey: string): PepState {
  // Bun's hasher, not node:crypto: loading that costs every hook run ~10 ms.
  const id = new Bun.CryptoHasher("sha256").update(`${url}\n${apiKey}`).digest("hex").slice(0, 16);
  const enrollmentPath = join(dir, `pep-${id}.json`);
  const configPath = join(dir, `config-${id}.json`);
  return {
    enrollment: readJson<Enrollment>(enrollmentPath, isEnrollment),
    config: readJson<CachedDirectives>(configPath, isCachedDirectives),
    saveEnrollment: (enrollment) => writeJsonAtomic(dir, enrollmentPath, enrollment),
    saveConfig: (config) => writeJsonAtomic(dir, configPath, config),
  };
}
