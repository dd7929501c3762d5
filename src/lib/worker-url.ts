// Where a Worker's module is, given its path under src/. From source, relative to this file;
// inside a `bun build --compile` executable, modules live under the bundle root (src/) and are
// found by that relative path (the worker must be one of the build's entry points).
export function workerModule(pathUnderSrc: string): string {
  const compiled = import.meta.url.includes("/$bunfs/");
  return compiled ? `./${pathUnderSrc}` : new URL(`../${pathUnderSrc}`, import.meta.url).href;
}
