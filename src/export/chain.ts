// The hash chain over export records, one per workspace: each record's hash covers the previous
// record's hash and its own canonical JSON (RFC 8785), so editing, dropping or reordering any
// record breaks every link after it. Like any self-contained chain it cannot reveal a wholesale
// rewrite: that is what `warden audit head`, written down elsewhere, is for.
import { canonicalJson, sha256Hex } from "../lib/jcs.ts";
import type { ChainLink } from "../store/export-store.ts";
import type { ExportRecord, SealedRecord } from "./record.ts";

export const GENESIS = "genesis";

/** `sha256:` + hex SHA-256 of `prev_hash` + "\n" + JCS(record without `hash`). */
export function chainHash(unsealed: Record<string, unknown> & { prev_hash: string }): string {
  return `sha256:${sha256Hex(`${unsealed.prev_hash}\n${canonicalJson(unsealed)}`)}`;
}

export function sealRecord(record: ExportRecord, prevHash: string): SealedRecord {
  const unsealed = { ...record, prev_hash: prevHash };
  return { ...unsealed, hash: chainHash(unsealed) };
}

/** The one serialisation of a sealed record: its canonical JSON, so verify can demand exactly it. */
export const recordLine = (record: SealedRecord): string => canonicalJson(record);

export interface ChainBook {
  /** Links the record to its workspace's head, which it then becomes. */
  seal(record: ExportRecord): SealedRecord;
  /** The heads this book moved, with how many records each gained: what `advance` persists. */
  moved(): ChainLink[];
  heads(): ReadonlyMap<string, string>;
}

/** A working copy of the chain heads: discarded if delivery fails, persisted if it succeeds. */
export function openChainBook(heads: Iterable<ChainLink>): ChainBook {
  const current = new Map<string, string>();
  for (const link of heads) current.set(link.workspaceId, link.lastHash);
  const moved = new Map<string, ChainLink>();
  return {
    seal(record) {
      const sealed = sealRecord(record, current.get(record.workspace) ?? GENESIS);
      current.set(record.workspace, sealed.hash);
      const link = moved.get(record.workspace);
      moved.set(record.workspace, { workspaceId: record.workspace, lastSeq: record.seq, lastHash: sealed.hash, records: (link?.records ?? 0) + 1 });
      return sealed;
    },
    moved: () => [...moved.values()],
    heads: () => current,
  };
}
