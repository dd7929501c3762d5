// Whether decoded bytes are text: a secret or a name hidden in an encoding decodes to readable
// text, while hashes, keys, images and other binary blobs decode to noise and are left alone.

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Share of a decoded text that may be unprintable and still count as text. */
const NOISE = 0.05;

/** C0 controls other than tab and line breaks, DEL, and the replacement character. */
const isNoise = (code: number): boolean =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f || code === 0xfffd;

const noiseAllowed = (length: number): number => Math.floor(length * NOISE);

/**
 * A cheap first look at the head of a run before paying for the whole of it: control bytes
 * are rare in text and common (one in eight) in random bytes. Bytes >= 0x80 may be UTF-8 and
 * are left to the full check.
 */
export function looksTextual(bytes: Uint8Array): boolean {
  if (isUtf16le(bytes)) return true;
  let noise = 0;
  for (let i = 0; i < bytes.length; i++) if (isNoise(bytes[i]!)) noise++;
  return noise <= noiseAllowed(bytes.length);
}

const UTF16LE = new TextDecoder("utf-16le", { fatal: true });

/**
 * Whether `bytes` look like UTF-16LE text of the Latin range (Windows strings, PowerShell's
 * -EncodedCommand): a byte order mark, or a zero after nearly every byte at an even offset.
 */
function isUtf16le(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return true;
  let zeros = 0;
  const pairs = bytes.length >> 1;
  for (let i = 1; i < bytes.length; i += 2) if (bytes[i] === 0 && bytes[i - 1] !== 0) zeros++;
  return zeros >= pairs - noiseAllowed(pairs) - 1;
}

/** The text `bytes` spell (UTF-8, or UTF-16LE) when it is (almost all) printable, else undefined. */
export function readableText(bytes: Uint8Array, minLength = 1): string | undefined {
  if (bytes.length < minLength) return undefined;
  let text: string;
  try {
    text = isUtf16le(bytes) ? UTF16LE.decode(bytes.length % 2 === 0 ? bytes : bytes.subarray(0, -1)) : UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  return isReadableString(text, minLength) ? text : undefined;
}

/** Whether an already decoded string (from \u escapes) is (almost all) printable. */
export function isReadableString(text: string, minLength = 1): boolean {
  if (text.length < minLength) return false;
  let noise = 0;
  for (let i = 0; i < text.length; i++) if (isNoise(text.charCodeAt(i))) noise++;
  return noise <= noiseAllowed(text.length);
}
