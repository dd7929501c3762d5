// Whether a policy's regular expression can backtrack without bound. Hard rules run in PEPs over
// agent text (the hook in degraded mode), where JavaScript's backtracking engine cannot be
// interrupted: `^(a+)+$` takes a second on 28 characters. At policy load each pattern is timed on
// "pump" strings built from its own characters (and common ones), growing in small steps, then
// doubling, up to the longest input a PEP feeds it: time that multiplies with every few
// characters is exponential, and any pump that takes over MAX_MS is refused. A growth that would
// carry the next length far past the bound stops the check before running it, so the check
// itself stays within a few hundred milliseconds.

/** The longest text a PEP matches hard rules against (adapters/degraded.ts). */
export const MAX_RULE_INPUT = 16 * 1024;
/** Time one hard rule may take on any input up to the longest a PEP feeds it. */
export const MAX_MS = 250;
/** Below this a measurement is noise: growth is judged from the first one above it. */
const MEASURABLE_MS = 0.5;
/** Pump characters at most, beyond the pattern's own literals. */
const MAX_PUMPS = 32;

const COMMON = [" ", "a", "A", "1", "-", "/", ".", "_", "\t", "x"];

/** Literal runs of the pattern (`curl`, `sudo`), and each character it names, as pump units. */
function pumpsOf(pattern: string): string[] {
  const units = new Set<string>(COMMON);
  for (const run of pattern.replace(/\\[a-zA-Z]/g, " ").match(/[A-Za-z0-9_-]{2,}/g) ?? []) units.add(run);
  for (const c of pattern.replace(/\\([^a-zA-Z0-9])/g, "$1")) if (c.trim() && !"()[]{}*+?|^$\\".includes(c)) units.add(c);
  return [...units].slice(0, MAX_PUMPS + COMMON.length);
}

/** The lengths tried: small steps (exponential shows there), then doubling up to the cap. */
function lengthsFor(unit: number): number[] {
  const lengths = [4, 8, 12, 16, 20, 24, 28, 32];
  for (let n = 64; n * unit <= MAX_RULE_INPUT; n *= 2) lengths.push(n);
  return lengths;
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU milliseconds one match takes: work, not waiting, so a loaded machine does not fail a policy. */
function timed(regex: RegExp, text: string): number {
  const start = cpuMs();
  regex.test(text);
  return cpuMs() - start;
}

/** Why `pattern` may backtrack without bound, or undefined when it stays within the bound. */
export function backtrackingRisk(pattern: string, flags = "i"): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags);
  } catch {
    return undefined;
  }
  for (const unit of pumpsOf(pattern)) {
    let previous: { n: number; ms: number } | undefined;
    for (const n of lengthsFor(unit.length)) {
      // A character no pattern matches at the end forces every way of matching to be tried. A
      // measurement that matters is taken three times and the least kept: a JIT compile or a
      // collection in one run is not the pattern's cost.
      const text = `${unit.repeat(n)}\u0001`;
      let ms = timed(regex, text);
      for (let retry = 0; retry < 2 && ms >= MEASURABLE_MS && ms <= MAX_MS; retry++) ms = Math.min(ms, timed(regex, text));
      if (ms > MAX_MS) return `it takes over ${MAX_MS} ms on ${n * unit.length + 1} characters (heavy backtracking)`;
      if (previous && ms >= MEASURABLE_MS) {
        if (n - previous.n <= 4) {
          if (ms >= 2 && ms > Math.max(previous.ms, 0.1) * 2.5) return "its matching time multiplies with every few characters (catastrophic backtracking)";
          previous = { n, ms };
          continue;
        }
        // The next length doubles this one: if its growth so far would carry it far past the
        // bound, it is not run (a degree-5 polynomial would take seconds to prove it).
        const degree = Math.max(1, Math.log(ms / Math.max(previous.ms, 0.01)) / Math.log(n / previous.n));
        if (ms * 2 ** degree > MAX_MS) return `it would take over ${MAX_MS} ms on ${MAX_RULE_INPUT} characters (heavy backtracking)`;
      }
      previous = { n, ms };
    }
  }
  return undefined;
}
