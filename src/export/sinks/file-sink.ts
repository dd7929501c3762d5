// The JSONL file sink: canonical records appended and fsynced before the cursor moves, rotated
// by size (PATH -> PATH.1 -> ... PATH.K) with the chain running on into the new file, mode 0600.
// The file is never reached through a symlink (O_NOFOLLOW on every open): whoever can write the
// directory must not redirect the decision log into a file of their choosing.
import { constants } from "node:fs";
import { lstat, open, rename, rm, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import type { FileSinkSettings } from "../../config/export-config.ts";
import { recordLine } from "../chain.ts";
import { delivered, failed, reasonOf, type Delivery, type Sink } from "../sink.ts";

const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
const REWRITE = constants.O_RDWR | constants.O_NOFOLLOW;
const FIRST_WINDOW = 1024 * 1024;

export function createFileSink(settings: FileSinkSettings): Sink {
  let handle: FileHandle | undefined;
  let size = 0;

  const ensureOpen = async (): Promise<FileHandle> => {
    if (handle) return handle;
    const opened = await open(settings.path, APPEND, 0o600);
    // O_NOFOLLOW refuses a symlink (ELOOP); a FIFO or device under the name is refused too.
    const kind = await opened.stat();
    if (!kind.isFile()) {
      await opened.close();
      throw new Error(`${settings.path} is not a regular file`);
    }
    handle = opened;
    await handle.chmod(0o600);
    size = (await handle.stat()).size;
    return handle;
  };
  const closeHandle = async () => {
    const h = handle;
    handle = undefined;
    await h?.close().catch(() => {});
  };

  const rotate = async () => {
    await closeHandle();
    await rm(`${settings.path}.${settings.keep}`, { force: true });
    for (let i = settings.keep - 1; i >= 1; i--) {
      await rename(`${settings.path}.${i}`, `${settings.path}.${i + 1}`).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ENOENT") throw e;
      });
    }
    await rename(settings.path, `${settings.path}.1`);
    await syncDirectory(dirname(settings.path));
  };

  return {
    id: `file:${settings.path}`,
    async recover(lastSeq) {
      try {
        await closeHandle();
        await truncatePast(settings.path, lastSeq);
        return delivered;
      } catch (error) {
        return failed(reasonOf(error));
      }
    },
    async deliver(records): Promise<Delivery> {
      const bytes = new TextEncoder().encode(records.map((r) => `${recordLine(r)}\n`).join(""));
      try {
        await ensureOpen();
        if (size > 0 && size + bytes.length > settings.maxBytes) await rotate();
        const h = await ensureOpen();
        for (let at = 0; at < bytes.length;) at += (await h.write(bytes, at)).bytesWritten;
        await h.sync();
        size += bytes.length;
        return delivered;
      } catch (error) {
        await closeHandle();
        return failed(reasonOf(error));
      }
    },
    close: closeHandle,
  };
}

async function syncDirectory(dir: string): Promise<void> {
  const d = await open(dir, constants.O_RDONLY);
  try {
    await d.sync();
  } finally {
    await d.close();
  }
}

/**
 * Cuts the file back to the last complete record at or before `lastSeq`: what a delivery left
 * that the cursor never confirmed (a torn last line, a batch written before a crash). A line
 * that cannot be read stops the cut: it stays for `audit verify` to report, never silently lost.
 */
export async function truncatePast(path: string, lastSeq: number): Promise<void> {
  const size = await lstat(path).then((s) => s.size, (e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? 0 : Promise.reject(e)));
  if (size === 0) return;
  const h = await open(path, REWRITE);
  try {
    const keep = await keptLength(h, size, lastSeq);
    if (keep < size) {
      await h.truncate(keep);
      await h.sync();
    }
  } finally {
    await h.close();
  }
}

async function keptLength(h: FileHandle, size: number, lastSeq: number): Promise<number> {
  for (let window = FIRST_WINDOW; ; window *= 2) {
    const from = Math.max(0, size - window);
    const buffer = Buffer.alloc(size - from);
    await h.read(buffer, 0, buffer.length, from);
    // Bytes after the last newline are a torn write.
    let end = buffer.lastIndexOf(10);
    if (end === -1 && from === 0) return 0;
    while (end !== -1) {
      // (lastIndexOf counts a negative offset from the end, so the first byte is its own case.)
      const start = end === 0 ? 0 : buffer.lastIndexOf(10, end - 1) + 1;
      if (start === 0 && from > 0) break; // this line may begin before the window
      const seq = seqOf(buffer.subarray(start, end));
      if (seq === undefined || seq <= lastSeq) return from + end + 1;
      end = start - 1;
      if (end < 0) return from;
    }
    if (from === 0) return 0;
  }
}

function seqOf(line: Uint8Array): number | undefined {
  try {
    const seq = (JSON.parse(new TextDecoder().decode(line)) as { seq?: unknown }).seq;
    return Number.isSafeInteger(seq) ? (seq as number) : undefined;
  } catch {
    return undefined;
  }
}
