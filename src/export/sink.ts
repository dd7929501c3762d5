// The contract between the exporter and a destination. Failures are values: a sink that cannot
// deliver says why, and the exporter keeps the cursor where it was and tries again later.
import type { SealedRecord } from "./record.ts";

/** `tooLarge`: the destination refused the batch for its size (HTTP 413), not for being down. */
export type Delivery = { ok: true } | { ok: false; reason: string; tooLarge?: boolean };

export const delivered: Delivery = { ok: true };
export const failed = (reason: string): Delivery => ({ ok: false, reason });
export const tooLarge = (reason: string): Delivery => ({ ok: false, reason, tooLarge: true });

export interface Sink {
  /** Stable across restarts: the cursor is stored under it (`file:/abs/path`, `hec:url`, `syslog:host:port`). */
  readonly id: string;
  /**
   * Called before the first delivery and after any failure: undo whatever a delivery that was
   * never confirmed left behind past `lastSeq`, so the next one starts clean.
   */
  recover(lastSeq: number): Promise<Delivery>;
  /** Resolves ok only once the records are durable at the destination (as far as it can tell). */
  deliver(records: readonly SealedRecord[]): Promise<Delivery>;
  close(): Promise<void>;
}

export const reasonOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.name : "error");
