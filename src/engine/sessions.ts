// Session attribution (decisions.md, "Sessions") and the per-session placeholder counters of
// redaction (`${SVC_<TYPE>_<n>}`, counted per session, never per event). Hot state lives in
// bounded in-memory maps (sessions, refs per session, refs in all); storage holds the counters
// for restarts.
import type { Clock } from "../lib/clock.ts";
import { timeOrderedId } from "../lib/ids.ts";
import type { SessionStore } from "../store/types.ts";

export const DERIVED_SESSION_IDLE_MS = 30 * 60 * 1000;

export interface PlaceholderBook {
  /** The placeholder for this value in this session, minting the next number for a new one. */
  placeholderFor(label: string, fingerprint: string): string;
  /** Counters after allocation, to be stored with the event; undefined when nothing changed. */
  changedCounters(): Record<string, number> | undefined;
}

interface Book {
  counters: Record<string, number>;
  refs: Map<string, string>;
}

export interface SessionTracker {
  /**
   * The session of an event: its own `session_id`, or the derived one for (agent, user). With
   * `dryRun` (partial evaluate) nothing is kept: a session it would start is not remembered and
   * an existing one's idle clock is not moved.
   */
  resolve(workspaceId: string, agentId: string, agentUser: string, explicit: string | undefined, dryRun?: boolean): Promise<{ sessionId: string; derived: boolean }>;
  /** Placeholders for one evaluation; with `dryRun` nothing it mints is kept (partial evaluate). */
  placeholders(workspaceId: string, sessionId: string, dryRun: boolean): Promise<PlaceholderBook>;
}

/** Placeholder refs one session remembers; past it the least recently used ref is retired. */
export const MAX_REFS_PER_SESSION = 1024;
/** Refs remembered over all sessions; past it the least recently used sessions' books are dropped. */
const MAX_REFS_TOTAL = 200_000;

/** A Map that forgets its least recently used entries past `max` (told to `onForget`). */
class BoundedMap<V> {
  private readonly map = new Map<string, V>();
  constructor(
    private readonly max: number,
    private readonly onForget: (value: V) => void = () => {},
  ) {}
  /** Forgets the least recently used entry; false when there is none. */
  forgetOldest(): boolean {
    const oldest = this.map.entries().next().value;
    if (!oldest) return false;
    this.map.delete(oldest[0]);
    this.onForget(oldest[1]);
    return true;
  }
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    const old = this.map.get(key);
    this.map.delete(key);
    if (old !== undefined && old !== value) this.onForget(old);
    this.map.set(key, value);
    if (this.map.size > this.max) this.forgetOldest();
  }
}

export function createSessionTracker(store: SessionStore, clock: Clock, maxCached = 50_000): SessionTracker {
  const derived = new BoundedMap<{ sessionId: string; lastSeen: number }>(maxCached);
  let refsKept = 0;
  const books = new BoundedMap<Book>(maxCached, (book) => (refsKept -= book.refs.size));

  const loadBook = async (workspaceId: string, sessionId: string, dryRun: boolean): Promise<Book> => {
    const key = `${workspaceId}\u0000${sessionId}`;
    const cached = books.get(key);
    if (cached) return cached;
    const stored = await store.get(workspaceId, sessionId);
    const book = books.get(key) ?? { counters: { ...stored?.redactionCounters }, refs: new Map() };
    if (!dryRun) books.set(key, book);
    return book;
  };

  return {
    async resolve(workspaceId, agentId, agentUser, explicit, dryRun = false) {
      if (explicit !== undefined && explicit !== "") return { sessionId: explicit, derived: false };
      const key = `${workspaceId}\u0000${agentId}\u0000${agentUser}`;
      const now = clock.now();
      let current = derived.get(key);
      if (!current) {
        const stored = await store.latestDerived(workspaceId, agentId, agentUser);
        current = derived.get(key) ?? (stored && { sessionId: stored.sessionId, lastSeen: stored.lastSeenAt });
      }
      if (!current || now - current.lastSeen > DERIVED_SESSION_IDLE_MS) {
        current = { sessionId: timeOrderedId("ses_", now), lastSeen: now };
      }
      if (dryRun) return { sessionId: current.sessionId, derived: true };
      current.lastSeen = Math.max(current.lastSeen, now);
      derived.set(key, current);
      return { sessionId: current.sessionId, derived: true };
    },

    async placeholders(workspaceId, sessionId, dryRun) {
      const stored = await loadBook(workspaceId, sessionId, dryRun);
      const book: Book = dryRun ? { counters: { ...stored.counters }, refs: new Map(stored.refs) } : stored;
      let changed = false;
      return {
        placeholderFor(label, fingerprint) {
          const ref = `${label}\u0000${fingerprint}`;
          const known = book.refs.get(ref);
          if (known) {
            // Used again: the most recently used, so the last to be retired.
            book.refs.delete(ref);
            book.refs.set(ref, known);
            return known;
          }
          const n = (book.counters[label] ?? 0) + 1;
          book.counters[label] = n;
          const placeholder = `\${SVC_${label}_${n}}`;
          book.refs.set(ref, placeholder);
          if (!dryRun) refsKept++;
          // Bounded: a value whose ref was retired gets a fresh number if it comes back (numbers
          // only grow, so no placeholder ever names two values).
          if (book.refs.size > MAX_REFS_PER_SESSION) {
            book.refs.delete(book.refs.keys().next().value!);
            if (!dryRun) refsKept--;
          }
          while (!dryRun && refsKept > MAX_REFS_TOTAL && books.forgetOldest());
          changed = true;
          return placeholder;
        },
        changedCounters: () => (changed && !dryRun ? { ...book.counters } : undefined),
      };
    },
  };
}
