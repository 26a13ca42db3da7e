import { createHash } from 'node:crypto';
import { Db, forUpdate, inJsonList } from './db';
import { CHANGE_REQUEST_COLUMNS, ChangeRequestRow, NotificationRow, RetentionRow, changeRequestFromRow, toNotification, toRetention } from './rows';
import { deleteOrganizationRows, deleteSshKey, getSshKey, insertSshKeys, listSshKeys, renameOrganizationRows, updateSshKey } from './organizations';
import type {
  ChangeRequestRecord,
  ConsoleSessionRecord,
  DataRetentionPolicyRecord,
  NotificationRecord,
  DirectoryRowsChange,
  SshKeyRecord,
  StoragePage,
} from './types';

// The store's simpler records: metadata, remote state consumers, change requests, notifications
// and data retention policies. SqlStore (store.ts) adds the workspaces on top.

/** The digest getMetaDigest answers, computed here for a value already in hand. */
export function metaDigest(value: string): string {
  return createHash('md5').update(value, 'utf8').digest('hex');
}

export abstract class OtherRecords {
  constructor(protected readonly db: Db) {}

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
    if (this.db.dialect === 'postgres') {
      const row = await this.db.get<{ digest: string }>('SELECT md5(value) AS digest FROM meta WHERE key = ?', [key]);
      return row ? row.digest : null;
    }
    // SQLite has no md5(); its callers look only after the change token moved, so reading the value is fine.
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

  // ---- Remote state consumers (a set per workspace, in the order added) ----

  async listConsumerIds(workspaceId: string): Promise<string[]> {
    const rows = await this.db.all<{ consumer_id: string }>('SELECT consumer_id FROM workspace_consumers WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map((r) => r.consumer_id);
  }

  /** Ignores duplicates, and IDs (subject or consumer) of workspaces that do not exist. */
  private async insertConsumers(tx: Db, workspaceId: string, consumerIds: string[]): Promise<void> {
    for (const consumerId of new Set(consumerIds)) {
      await tx.run(
        'INSERT INTO workspace_consumers (workspace_id, consumer_id) SELECT s.id, c.id FROM workspaces s, workspaces c ' +
          'WHERE s.id = ? AND c.id = ? ON CONFLICT (workspace_id, consumer_id) DO NOTHING',
        [workspaceId, consumerId],
      );
    }
  }

  addConsumers(workspaceId: string, consumerIds: string[]): Promise<void> {
    if (consumerIds.length === 0) return Promise.resolve();
    return this.db.transaction((tx) => this.insertConsumers(tx, workspaceId, consumerIds));
  }

  async removeConsumers(workspaceId: string, consumerIds: string[]): Promise<void> {
    if (consumerIds.length === 0) return;
    await this.db.run(`DELETE FROM workspace_consumers WHERE workspace_id = ? AND ${inJsonList(this.db.dialect, 'consumer_id')}`, [
      workspaceId,
      JSON.stringify(consumerIds),
    ]);
  }

  /** The set becomes exactly `consumerIds`; those already present keep their place. */
  replaceConsumers(workspaceId: string, consumerIds: string[]): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.run(`DELETE FROM workspace_consumers WHERE workspace_id = ? AND NOT ${inJsonList(tx.dialect, 'consumer_id')}`, [
        workspaceId,
        JSON.stringify(consumerIds),
      ]);
      await this.insertConsumers(tx, workspaceId, consumerIds);
    });
  }

  // ---- Change requests ----

  insertChangeRequests(records: ChangeRequestRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return this.db.transaction(async (tx) => {
      for (const r of records) {
        await tx.run(`INSERT INTO change_requests (${CHANGE_REQUEST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
          r.id,
          r.workspaceId,
          r.subject,
          r.message,
          r.archivedBy,
          r.archivedAt,
          r.createdAt,
          r.updatedAt,
        ]);
      }
    });
  }

  async getChangeRequest(id: string): Promise<ChangeRequestRecord | null> {
    const row = await this.db.get<ChangeRequestRow>(`SELECT ${CHANGE_REQUEST_COLUMNS} FROM change_requests WHERE id = ?`, [id]);
    return row ? changeRequestFromRow(row) : null;
  }

  /** Ordered by creation time, then ID; `archived` true/false keeps only archived/unarchived ones. */
  async listChangeRequests(workspaceId: string, archived: boolean | undefined, offset: number, limit: number): Promise<StoragePage<ChangeRequestRecord>> {
    const filter = archived === undefined ? '' : archived ? ' AND archived_at IS NOT NULL' : ' AND archived_at IS NULL';
    const rows = await this.db.all<ChangeRequestRow>(
      `SELECT ${CHANGE_REQUEST_COLUMNS} FROM change_requests WHERE workspace_id = ?${filter} ORDER BY created_at, id LIMIT ? OFFSET ?`,
      [workspaceId, Math.max(0, limit), Math.max(0, offset)],
    );
    const count = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM change_requests WHERE workspace_id = ?${filter}`, [workspaceId]);
    return { items: rows.map(changeRequestFromRow), total: Number(count?.n ?? 0) };
  }

  async countUnarchivedChangeRequests(workspaceId: string): Promise<number> {
    const row = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM change_requests WHERE workspace_id = ? AND archived_at IS NULL', [workspaceId]);
    return Number(row?.n ?? 0);
  }

  async archiveChangeRequest(id: string, userId: string, now: string): Promise<boolean> {
    const { changes } = await this.db.run('UPDATE change_requests SET archived_by = ?, archived_at = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL', [
      userId,
      now,
      now,
      id,
    ]);
    return changes === 1;
  }

  // ---- Notifications ----

  async insertNotification(r: NotificationRecord): Promise<void> {
    await this.db.run('INSERT INTO notifications (id, team, workspace_id, change_request_id, subject, created_at, deliveries) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      r.id,
      r.team,
      r.workspaceId,
      r.changeRequestId,
      r.subject,
      r.createdAt,
      JSON.stringify(r.deliveries),
    ]);
  }

  /** Read, append and write under the row lock, so concurrent appends all land. A missing ID is a no-op. */
  appendNotificationDelivery(id: string, delivery: NotificationRecord['deliveries'][number]): Promise<void> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<{ deliveries: string }>(`SELECT deliveries FROM notifications WHERE id = ?${forUpdate(tx.dialect, true)}`, [id]);
      if (!row) return;
      const deliveries = JSON.parse(row.deliveries) as unknown[];
      deliveries.push(delivery);
      await tx.run('UPDATE notifications SET deliveries = ? WHERE id = ?', [JSON.stringify(deliveries), id]);
    });
  }

  /** Every notification, in the order recorded. */
  async listNotifications(): Promise<NotificationRecord[]> {
    const rows = await this.db.all<NotificationRow>(
      'SELECT id, team, workspace_id, change_request_id, subject, created_at, deliveries FROM notifications ORDER BY seq',
    );
    return rows.map(toNotification);
  }

  // ---- Data retention policies ----

  async getDataRetentionPolicy(workspaceId: string): Promise<DataRetentionPolicyRecord | null> {
    const row = await this.db.get<RetentionRow>(
      'SELECT workspace_id, id, kind, delete_older_than_n_days, created_at, updated_at FROM data_retention_policies WHERE workspace_id = ?',
      [workspaceId],
    );
    return row ? toRetention(row) : null;
  }

  /** Stores the record as given, replacing the workspace's previous policy. */
  async putDataRetentionPolicy(r: DataRetentionPolicyRecord): Promise<DataRetentionPolicyRecord> {
    const row = await this.db.get<RetentionRow>(
      'INSERT INTO data_retention_policies (workspace_id, id, kind, delete_older_than_n_days, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT (workspace_id) DO UPDATE SET id = excluded.id, kind = excluded.kind, ' +
        'delete_older_than_n_days = excluded.delete_older_than_n_days, created_at = excluded.created_at, updated_at = excluded.updated_at ' +
        'RETURNING workspace_id, id, kind, delete_older_than_n_days, created_at, updated_at',
      [r.workspaceId, r.id, r.kind, r.deleteOlderThanNDays, r.createdAt, r.updatedAt],
    );
    return toRetention(row!);
  }

  async deleteDataRetentionPolicy(workspaceId: string): Promise<boolean> {
    const { changes } = await this.db.run('DELETE FROM data_retention_policies WHERE workspace_id = ?', [workspaceId]);
    return changes === 1;
  }
}
