// Constant-time comparison of two byte strings, for a short-lived PEP: node:crypto's
// timingSafeEqual (also behind the global crypto's) costs a hook run ~10 ms to load.

/** True when `a` and `b` hold the same bytes; the time taken depends only on their lengths. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
