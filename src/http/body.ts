// Reads a request body within the size limit: refused from Content-Length before reading, or
// cut off while streaming when the length is not declared. Bytes are kept for signature checks.

export type Body =
  | { ok: true; bytes: Uint8Array; text: string }
  | { ok: false; problem: "too_large" | "not_utf8" | "unreadable" };

const decoder = new TextDecoder("utf-8", { fatal: true });

export async function readBody(request: Request, limitBytes: number): Promise<Body> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) return { ok: false, problem: "too_large" };
  let bytes: Uint8Array;
  try {
    bytes = declared !== null ? new Uint8Array(await request.arrayBuffer()) : await readCapped(request, limitBytes);
  } catch (error) {
    return { ok: false, problem: error instanceof BodyTooLarge ? "too_large" : "unreadable" };
  }
  if (bytes.byteLength > limitBytes) return { ok: false, problem: "too_large" };
  try {
    return { ok: true, bytes, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, problem: "not_utf8" };
  }
}

class BodyTooLarge extends Error {}

async function readCapped(request: Request, limitBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
