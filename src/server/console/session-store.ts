import { Db } from '../storage/db';

// Console sessions (`store.consoleSessions`): one row per signed-in browser (session.ts).

/** A console session as recorded on the server (console/session.ts); times in ms since the epoch. */
export interface ConsoleSessionRecord {
  /** SHA-256 of the session ID the cookie carries (hex): the table never holds a usable ID. */
  idDigest: string;
  /** The typed principal (access.ts `Caller.principal`). */
  principal: string;
  /** The stored hash of the token signed in with: the session ends when that token does. */
  tokenHash: string;
  csrfNonce: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export class ConsoleSessionStore {
  constructor(private readonly db: Db) {}

  async insert(r: ConsoleSessionRecord): Promise<void> {
    await this.db.run(
      'INSERT INTO console_sessions (id_digest, principal, token_hash, csrf_nonce, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [r.idDigest, r.principal, r.tokenHash, r.csrfNonce, r.createdAt, r.lastSeenAt, r.expiresAt],
    );
  }

  async get(idDigest: string): Promise<ConsoleSessionRecord | null> {
    const row = await this.db.get<{
      principal: string;
      token_hash: string;
      csrf_nonce: string;
      created_at: number | string;
      last_seen_at: number | string;
      expires_at: number | string;
    }>('SELECT principal, token_hash, csrf_nonce, created_at, last_seen_at, expires_at FROM console_sessions WHERE id_digest = ?', [idDigest]);
    if (!row) return null;
    // PostgreSQL answers BIGINT as a string.
    return {
      idDigest,
      principal: row.principal,
      tokenHash: row.token_hash,
      csrfNonce: row.csrf_nonce,
      createdAt: Number(row.created_at),
      lastSeenAt: Number(row.last_seen_at),
      expiresAt: Number(row.expires_at),
    };
  }

  async touch(idDigest: string, lastSeenAt: number): Promise<void> {
    await this.db.run('UPDATE console_sessions SET last_seen_at = ? WHERE id_digest = ?', [lastSeenAt, idDigest]);
  }

  async delete(idDigest: string): Promise<void> {
    await this.db.run('DELETE FROM console_sessions WHERE id_digest = ?', [idDigest]);
  }

  /** Removes sessions past their absolute expiry or idle since before `idleSince`. */
  async deleteExpired(nowMs: number, idleSince: number): Promise<number> {
    const { changes } = await this.db.run('DELETE FROM console_sessions WHERE expires_at <= ? OR last_seen_at < ?', [nowMs, idleSince]);
    return changes;
  }
}
