// Web console login tokens and sessions in SQLite, both only as SHA-256 hashes. Tokens come from
// `warden console` (another process, another connection); redeeming one goes through the writer
// so the check and the use are one transaction.
import type { Database } from "bun:sqlite";
import type { ConsoleSession, ConsoleStore } from "../types.ts";
import type { Writer } from "./writer.ts";

interface SessionRow {
  session_id: string;
  operator: string;
  created_at: number;
  expires_at: number;
}

const toSession = (r: SessionRow): ConsoleSession => ({
  sessionId: r.session_id,
  operator: r.operator,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

/** Dead rows are kept a day for the record, then dropped so the tables stay small. */
const KEEP_DEAD_MS = 24 * 60 * 60 * 1000;

export function createConsoleRepo(db: Database, writer: Writer): ConsoleStore {
  const insertToken = db.prepare("INSERT INTO console_login_tokens (hash, operator, created_at, expires_at) VALUES (?, ?, ?, ?)");
  const purgeTokens = db.prepare("DELETE FROM console_login_tokens WHERE expires_at < ?");
  const useToken = db.prepare<{ operator: string }, [number, Uint8Array, number]>(
    "UPDATE console_login_tokens SET used_at = ?1 WHERE hash = ?2 AND used_at IS NULL AND expires_at > ?3 RETURNING operator",
  );
  const insertSession = db.prepare(
    "INSERT INTO console_sessions (hash, session_id, operator, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  const purgeSessions = db.prepare("DELETE FROM console_sessions WHERE expires_at < ?");
  const findSession = db.prepare<SessionRow, [Uint8Array, number]>(
    "SELECT session_id, operator, created_at, expires_at FROM console_sessions WHERE hash = ? AND ended_at IS NULL AND expires_at > ?",
  );
  const endSession = db.prepare("UPDATE console_sessions SET ended_at = ? WHERE hash = ? AND ended_at IS NULL");
  const endAll = db.prepare("UPDATE console_sessions SET ended_at = ?1 WHERE ended_at IS NULL AND expires_at > ?1");
  return {
    createLoginToken: ({ hash, operator, now, expiresAt }) =>
      writer.transact(() => {
        purgeTokens.run(now - KEEP_DEAD_MS);
        insertToken.run(hash, operator, now, expiresAt);
      }),
    redeemLoginToken: (tokenHash, session, now) =>
      writer.transact(() => {
        const used = useToken.get(now, tokenHash, now);
        if (!used) return undefined;
        purgeSessions.run(now - KEEP_DEAD_MS);
        insertSession.run(session.hash, session.sessionId, used.operator, now, session.expiresAt);
        return { sessionId: session.sessionId, operator: used.operator, createdAt: now, expiresAt: session.expiresAt };
      }),
    async findSession(hash, now) {
      const row = findSession.get(hash, now);
      return row ? toSession(row) : undefined;
    },
    endSession: (hash, now) => writer.transact(() => void endSession.run(now, hash)),
    endAllSessions: (now) => writer.transact(() => endAll.run(now).changes),
  };
}
