// Identifiers: random ones for things warden mints, time-ordered ones for decisions.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

/** `length` characters of Crockford base32 from the system CSPRNG. */
export function randomId(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

/** Sortable id: 10 chars of millisecond time then 16 random chars (a ULID-like layout). */
export function timeOrderedId(prefix: string, nowMs: number): string {
  let time = "";
  let t = nowMs;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return `${prefix}${time}${randomId(16)}`;
}
