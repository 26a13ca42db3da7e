import { Db } from '../storage/db';
import type { StoragePage } from '../storage/types';
import { type NewOutboxRow, insertOutboxRows } from '../notification-configurations/outbox-store';

// Change requests (`store.changeRequests`, made by bulk actions on workspaces) and the team
// notifications that announce them. A workspace's record counts its unarchived change requests, so
// adding or archiving one raises the workspace's version like any other write to it (its row
// first: the lock order of tags/store.ts).

export interface ChangeRequestRecord {
  id: string;
  workspaceId: string;
  subject: string;
  message: string;
  archivedBy: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NotificationRecord {
  id: string;
  team: string;
  workspaceId: string;
  changeRequestId: string;
  subject: string;
  createdAt: string;
  /** Delivery attempts to the team's notification URLs, appended as they happen. */
  deliveries: Array<{ url: string; attempt: number; status: number | null; error: string | null; at: string }>;
}

const CHANGE_REQUEST_COLUMNS = 'id, workspace_id, subject, message, archived_by, archived_at, created_at, updated_at';

interface ChangeRequestRow {
  id: string;
  workspace_id: string;
  subject: string;
  message: string;
  archived_by: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

function changeRequestFromRow(row: ChangeRequestRow): ChangeRequestRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    subject: row.subject,
    message: row.message,
    archivedBy: row.archived_by,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface NotificationRow {
  id: string;
  team: string;
  workspace_id: string;
  change_request_id: string;
  subject: string;
  created_at: string;
  deliveries: string;
}

function toNotification(row: NotificationRow): NotificationRecord {
  return {
    id: row.id,
    team: row.team,
    workspaceId: row.workspace_id,
    changeRequestId: row.change_request_id,
    subject: row.subject,
    createdAt: row.created_at,
    deliveries: JSON.parse(row.deliveries) as NotificationRecord['deliveries'],
  };
}

async function insertNotificationRow(db: Db, r: NotificationRecord): Promise<void> {
  await db.run('INSERT INTO notifications (id, team, workspace_id, change_request_id, subject, created_at, deliveries) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    r.id,
    r.team,
    r.workspaceId,
    r.changeRequestId,
    r.subject,
    r.createdAt,
    JSON.stringify(r.deliveries),
  ]);
}

/** Raises the version of each workspace named, in ID order (concurrent writers lock rows in one order). */
async function raiseVersions(tx: Db, workspaceIds: string[]): Promise<void> {
  const ids = [...new Set(workspaceIds)].sort();
  await tx.run(`UPDATE workspaces SET version = version + 1 WHERE ${tx.sql.inJsonList('id')}`, [JSON.stringify(ids)]);
}

export class ChangeRequestStore {
  constructor(private readonly db: Db) {}

  /**
   * Inserts the change requests, the team notifications announcing them and the deliveries of those
   * notifications (the outbox), in one transaction: a delivery exists exactly when its request does.
   */
  insertMany(records: ChangeRequestRecord[], notifications: NotificationRecord[] = [], outbox: NewOutboxRow[] = []): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return this.db.transaction(async (tx) => {
      await raiseVersions(
        tx,
        records.map((r) => r.workspaceId),
      );
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
      for (const n of notifications) await insertNotificationRow(tx, n);
      await insertOutboxRows(tx, outbox);
    });
  }

  async get(id: string): Promise<ChangeRequestRecord | null> {
    const row = await this.db.get<ChangeRequestRow>(`SELECT ${CHANGE_REQUEST_COLUMNS} FROM change_requests WHERE id = ?`, [id]);
    return row ? changeRequestFromRow(row) : null;
  }

  /** Ordered by creation time, then ID; `archived` true/false keeps only archived/unarchived ones. */
  async list(workspaceId: string, archived: boolean | undefined, offset: number, limit: number): Promise<StoragePage<ChangeRequestRecord>> {
    const filter = archived === undefined ? '' : archived ? ' AND archived_at IS NOT NULL' : ' AND archived_at IS NULL';
    const rows = await this.db.all<ChangeRequestRow>(
      `SELECT ${CHANGE_REQUEST_COLUMNS} FROM change_requests WHERE workspace_id = ?${filter} ORDER BY created_at, id LIMIT ? OFFSET ?`,
      [workspaceId, Math.max(0, limit), Math.max(0, offset)],
    );
    const count = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM change_requests WHERE workspace_id = ?${filter}`, [workspaceId]);
    return { items: rows.map(changeRequestFromRow), total: Number(count?.n ?? 0) };
  }

  async countUnarchived(workspaceId: string): Promise<number> {
    const row = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM change_requests WHERE workspace_id = ? AND archived_at IS NULL', [workspaceId]);
    return Number(row?.n ?? 0);
  }

  /** Sets archived-by/at only when not archived yet; false when it already was (or is missing). */
  archive(id: string, userId: string, now: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.run('UPDATE workspaces SET version = version + 1 WHERE id = (SELECT workspace_id FROM change_requests WHERE id = ? AND archived_at IS NULL)', [
        id,
      ]);
      const { changes } = await tx.run('UPDATE change_requests SET archived_by = ?, archived_at = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL', [
        userId,
        now,
        now,
        id,
      ]);
      return changes === 1;
    });
  }

  // ---- Notifications ----

  async insertNotification(r: NotificationRecord): Promise<void> {
    await insertNotificationRow(this.db, r);
  }

  /** Read, append and write under the row lock, so concurrent appends all land. A missing ID is a no-op. */
  appendNotificationDelivery(id: string, delivery: NotificationRecord['deliveries'][number]): Promise<void> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<{ deliveries: string }>(`SELECT deliveries FROM notifications WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
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
}
