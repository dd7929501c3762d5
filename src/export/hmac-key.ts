// The data directory's export HMAC key (`export-hmac.key`): 32 random bytes, owner-only, made on
// first use, so `hmac` content stays matchable across restarts and one-off exports.
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

const KEY_BYTES = 32;

export const hmacKeyPath = (dataDir: string) => join(dataDir, "export-hmac.key");

export function loadOrCreateHmacKey(dataDir: string): { ok: true; key: Uint8Array } | { ok: false; reason: string } {
  const path = hmacKeyPath(dataDir);
  const draft = `${path}.${process.pid}.${crypto.randomUUID()}`;
  try {
    const fd = openSync(draft, "wx", 0o600);
    try {
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
