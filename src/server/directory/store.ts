import { createHash } from 'node:crypto';
import { Db } from '../storage/db';
import { deleteOrganizationRows, deleteSshKey, getSshKey, insertSshKeys, listSshKeys, renameOrganizationRows, updateSshKey } from '../organizations/store';
import type { ConsoleSessionRecord, DirectoryRowsChange, SshKeyRecord, StoragePage } from '../storage/types';

// The directory's store: the bootstrap directory (organizations, teams, users and their tokens) as
// one metadata value changed by compare-and-set, the rows that change with it (organizations.ts),
// SSH keys, and console sessions.

/** The digest getMetaDigest answers, computed here for a value already in hand. */
export function metaDigest(value: string): string {
  return createHash('md5').update(value, 'utf8').digest('hex');
}

export class DirectoryStore {
  constructor(private readonly db: Db) {}

  // ---- Metadata ----

  async getMeta(key: string): Promise<string | null> {
    const row = await this.db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]);
    return row ? row.value : null;
  }

  /**
   * The MD5 (hex) of a metadata value, or null when absent: lets a process polling for a change
   * (the directory) read a few bytes instead of the value. Not for security: only to notice change.
   */
  async getMetaDigest(key: string): Promise<string | null> {
    const digest = this.db.sql.md5('value');
    if (digest !== null) {
      const row = await this.db.get<{ digest: string }>(`SELECT ${digest} AS digest FROM meta WHERE key = ?`, [key]);
      return row ? row.digest : null;
    }
    // Without md5() in SQL (SQLite) the value is read: its callers look only after the change token moved.
    const value = await this.getMeta(key);
    return value === null ? null : metaDigest(value);
  }

  /** Inserts when `expected` is null and the key is absent; updates when the stored value equals `expected`. */
  async compareAndSetMeta(key: string, expected: string | null, value: string): Promise<boolean> {
    const { changes } =
      expected === null
        ? await this.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, value])
        : await this.db.run('UPDATE meta SET value = ? WHERE key = ? AND value = ?', [value, key, expected]);
    return changes === 1;
  }

  compareAndSetMetaWithRows(key: string, expected: string, value: string, change: DirectoryRowsChange): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { changes } = await tx.run('UPDATE meta SET value = ? WHERE key = ? AND value = ?', [value, key, expected]);
      if (changes !== 1) return false;
      if (change.kind === 'delete-organization') await deleteOrganizationRows(tx, change.organization);
      else if (change.kind === 'rename-organization') await renameOrganizationRows(tx, change.from, change.to);
      else await deleteSshKey(tx, change.id, change.now);
      return true;
    });
  }

  // ---- SSH keys (organizations.ts) ----

  listSshKeys(organization: string, offset: number, limit: number): Promise<StoragePage<SshKeyRecord>> {
    return listSshKeys(this.db, organization, offset, limit);
  }

  getSshKey(id: string): Promise<SshKeyRecord | null> {
    return getSshKey(this.db, id);
  }

  insertSshKeys(keys: Array<SshKeyRecord & { valueDigest: string | null }>): Promise<void> {
    return keys.length === 0 ? Promise.resolve() : this.db.transaction((tx) => insertSshKeys(tx, keys));
  }

  updateSshKey(id: string, patch: { name?: string; valueDigest?: string; updatedAt: string }): Promise<SshKeyRecord | null> {
    return updateSshKey(this.db, id, patch);
  }

  // ---- Console sessions ----

  async insertConsoleSession(r: ConsoleSessionRecord): Promise<void> {
    await this.db.run(
      'INSERT INTO console_sessions (id_digest, principal, token_hash, csrf_nonce, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [r.idDigest, r.principal, r.tokenHash, r.csrfNonce, r.createdAt, r.lastSeenAt, r.expiresAt],
    );
  }

  async getConsoleSession(idDigest: string): Promise<ConsoleSessionRecord | null> {
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

  async touchConsoleSession(idDigest: string, lastSeenAt: number): Promise<void> {
    await this.db.run('UPDATE console_sessions SET last_seen_at = ? WHERE id_digest = ?', [lastSeenAt, idDigest]);
  }

  async deleteConsoleSession(idDigest: string): Promise<void> {
    await this.db.run('DELETE FROM console_sessions WHERE id_digest = ?', [idDigest]);
  }

  async deleteExpiredConsoleSessions(nowMs: number, idleSince: number): Promise<number> {
    const { changes } = await this.db.run('DELETE FROM console_sessions WHERE expires_at <= ? OR last_seen_at < ?', [nowMs, idleSince]);
    return changes;
  }
}
