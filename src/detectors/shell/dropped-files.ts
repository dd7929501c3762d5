// Files holding fetched or decoded content, and directories an archive of it was unpacked into,
// looked up the way a later command names them: exactly, below an unpacked directory, or as the
// same file through another relative prefix (`x.sh` written, `/tmp/x.sh` run from /tmp).
import { baseName, normalizePath } from "./paths.ts";

export type Taint = "network" | "decoded";

/** Paths kept per base name and unpacked directories kept: the newest win, lookups stay cheap. */
const MAX_PER_NAME = 64;
const MAX_DIRS = 64;

export class DroppedFiles {
  private readonly files = new Map<string, Taint>();
  private readonly byName = new Map<string, string[]>();
  private readonly dirs = new Map<string, Taint>();
  /** An archive unpacked into the working directory: every relative path below it. */
  private here: Taint | undefined;

  get size(): number {
    return this.files.size + this.dirs.size + (this.here ? 1 : 0);
  }

  set(path: string, taint: Taint): void {
    const normal = normalizePath(path);
    if (!this.files.has(normal)) {
      const name = baseName(normal);
      const same = this.byName.get(name) ?? [];
      if (same.length >= MAX_PER_NAME) this.files.delete(same.shift() as string);
      same.push(normal);
      this.byName.set(name, same);
    }
    this.files.set(normal, taint);
  }

  /** A clean write over a dropped file: it no longer holds what was fetched. */
  delete(path: string): void {
    this.files.delete(normalizePath(path));
  }

  /** Every path below `dir` holds `taint` (an archive unpacked there). */
  setDirectory(dir: string, taint: Taint): void {
    if (normalizePath(dir) === ".") {
      this.here = taint;
      return;
    }
    if (this.dirs.size >= MAX_DIRS) this.dirs.delete(this.dirs.keys().next().value as string);
    this.dirs.set(`${normalizePath(dir)}/`, taint);
  }

  at(path: string): Taint | undefined {
    if (this.size === 0) return undefined;
    const wanted = normalizePath(path);
    const exact = this.files.get(wanted);
    if (exact) return exact;
    for (const [dir, taint] of this.dirs) if (wanted.startsWith(dir)) return taint;
    if (this.here && isRelative(wanted) && !wanted.startsWith("../")) return this.here;
    for (const written of this.byName.get(baseName(wanted)) ?? []) {
      const taint = this.files.get(written);
      if (!taint) continue;
      if (isRelative(written) && wanted.endsWith(`/${written}`)) return taint;
      if (isRelative(wanted) && written.endsWith(`/${wanted}`)) return taint;
    }
    return undefined;
  }

  /** Dropped files whose base name `test` accepts (`find -name PATTERN`). */
  matching(test: (name: string) => boolean): Taint[] {
    const found: Taint[] = [];
    for (const [name, paths] of this.byName) {
      if (!test(name)) continue;
      for (const path of paths) {
        const taint = this.files.get(path);
        if (taint) found.push(taint);
      }
    }
    return found;
  }
}

const isRelative = (path: string): boolean => !path.startsWith("/") && !path.startsWith("~") && !path.startsWith("$");
