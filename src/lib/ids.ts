// Identifiers: random ones for things warden mints, time-ordered ones for decisions.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

// Random bytes are drawn from the CSPRNG in blocks: one system call per ~250 ids, not per id.
const pool = new Uint8Array(4096);
let used = pool.length;

/** `length` characters of Crockford base32 from the system CSPRNG. */
export function randomId(length: number): string {
  if (length > pool.length) throw new RangeError("id too long");
  if (used + length > pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[pool[used + i]! & 31];
  used += length;
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
