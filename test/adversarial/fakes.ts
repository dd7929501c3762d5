// Fake credentials for the bound and abuse suites: the shape detectors look for, never a real one.

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A GitHub-token-shaped fake, the same for the same seed and different across seeds. */
export function fakeToken(seed: number): string {
  let state = (seed * 2654435761) >>> 0;
  let body = "";
  for (let i = 0; i < 36; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    body += BASE62[state % 62];
  }
  return ["ghp", body].join("_");
}
