// A data directory's secret key files (export HMAC key, event digest key): random bytes, owner-only,
// made on first use by whichever process needs one first, never half-written, never replaced.
import { closeSync, fchmodSync, fsyncSync, linkSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

export const KEY_BYTES = 32;

export function loadOrCreateKeyFile(path: string): { ok: true; key: Uint8Array } | { ok: false; reason: string } {
  const draft = `${path}.${process.pid}.${crypto.randomUUID()}`;
  try {
    const fd = openSync(draft, "wx", 0o600);
    try {
      fchmodSync(fd, 0o600);
      writeSync(fd, crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // A hard link appears whole or not at all, and fails if another process made the key first.
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return { ok: false, reason: `cannot create ${path} (${(error as NodeJS.ErrnoException).code})` };
  } finally {
    rmSync(draft, { force: true });
  }
  const key = new Uint8Array(readFileSync(path));
  if (key.length !== KEY_BYTES) return { ok: false, reason: `${path} must hold ${KEY_BYTES} bytes, holds ${key.length}` };
  return { ok: true, key };
}
