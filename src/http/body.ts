// Reads a request body within the size limit and a deadline: refused from Content-Length before
// reading, cut off while streaming past the limit, and abandoned when the client stops sending
// (a slow body holds a request slot; it must not hold it for ever). Bytes are kept for signatures.

export type Body =
  | { ok: true; bytes: Uint8Array; text: string }
  | { ok: false; problem: "too_large" | "not_utf8" | "unreadable" | "timeout" };

const decoder = new TextDecoder("utf-8", { fatal: true });

/** How long a client may take to send its whole body. */
export const BODY_TIMEOUT_MS = 10_000;

class BodyTooLarge extends Error {}
class BodyTimeout extends Error {}

export async function readBody(request: Request, limitBytes: number, timeoutMs = BODY_TIMEOUT_MS): Promise<Body> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) return { ok: false, problem: "too_large" };
  let bytes: Uint8Array;
  try {
    // A declared length within the limit cannot run past it: Bun buffers the body natively,
    // far cheaper than pulling chunks through a stream reader. Chunked bodies are streamed.
    bytes = declared !== null ? await readDeclared(request, timeoutMs) : await readCapped(request, limitBytes, timeoutMs);
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, problem: "too_large" };
    return { ok: false, problem: error instanceof BodyTimeout ? "timeout" : "unreadable" };
  }
  try {
    return { ok: true, bytes, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, problem: "not_utf8" };
  }
}

/** A promise that rejects with BodyTimeout after `timeoutMs`, and the means to call it off. */
function deadline(timeoutMs: number): { expired: Promise<never>; clear(): void } {
  let timer: Timer | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyTimeout()), timeoutMs);
  });
  return { expired, clear: () => clearTimeout(timer) };
}

async function readDeclared(request: Request, timeoutMs: number): Promise<Uint8Array> {
  const due = deadline(timeoutMs);
  try {
    return await Promise.race([request.bytes(), due.expired]);
  } finally {
    due.clear();
  }
}

async function readCapped(request: Request, limitBytes: number, timeoutMs: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const due = deadline(timeoutMs);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), due.expired]);
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) throw new BodyTooLarge();
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    due.clear();
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
