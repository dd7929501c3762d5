// Where a Worker's module is, given its path under src/. From source, relative to this file;
// inside a `bun build --compile` executable, modules live under the bundle root (src/) and are
// found by that relative path (the worker must be one of the build's entry points).
/**
 * Inside a `bun build --compile` executable, whose entry is served from /$bunfs/. Bun.main, not
 * import.meta.url: bytecode builds keep each module's build-time path in import.meta.
 */
export const isCompiledBinary = (): boolean => Bun.main.startsWith("/$bunfs/") || Bun.main.startsWith("B:/~BUN/");

export function workerModule(pathUnderSrc: string): string {
  return isCompiledBinary() ? `./${pathUnderSrc}` : new URL(`../${pathUnderSrc}`, import.meta.url).href;
}
