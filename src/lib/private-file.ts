// Files that hold warden's records and keys are the owner's alone (mode 0600) from the moment
// they exist, before a byte is written to them, whatever the process umask says.
import { closeSync, constants, fchmodSync, lstatSync, chmodSync, openSync } from "node:fs";

export const PRIVATE_MODE = 0o600;

/**
 * Takes every group and other permission from an existing file, and adds none: a file made
 * read-only on purpose stays so. A symlink or a file that is not ours to change is left alone.
 */
export function tightenMode(path: string): void {
  try {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat?.isFile() && (stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
  } catch {
    // A read-only copy (a management command reading someone else's file) stays as it is.
  }
}

/**
 * Makes `path` exist as an empty 0600 file (O_EXCL, so a file or symlink already there is never
 * followed or truncated), or narrows the one that is there. SQLite then gives its -wal and -shm
 * files the database file's own mode.
 */
export function ensurePrivateFile(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, PRIVATE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    tightenMode(path);
    return;
  }
  try {
    // The umask may have taken bits from the mode asked for; fchmod sets exactly 0600.
    fchmodSync(fd, PRIVATE_MODE);
  } finally {
    closeSync(fd);
  }
}
