import type { Db } from '../storage/db';

// Data retention policies (self-hosted edition): at most one per workspace, deleted with it.

export interface DataRetentionPolicyRecord {
  workspaceId: string;
  id: string;
  kind: 'delete-older' | 'dont-delete';
  deleteOlderThanNDays: number | null;
  createdAt: string;
  updatedAt: string;
}

interface RetentionRow {
  workspace_id: string;
  id: string;
  kind: string;
  delete_older_than_n_days: number | null;
  created_at: string;
  updated_at: string;
}

const RETENTION_COLUMNS = 'workspace_id, id, kind, delete_older_than_n_days, created_at, updated_at';

function toRetention(row: RetentionRow): DataRetentionPolicyRecord {
  return {
    workspaceId: row.workspace_id,
    id: row.id,
    kind: row.kind as DataRetentionPolicyRecord['kind'],
    deleteOlderThanNDays: row.delete_older_than_n_days === null ? null : Number(row.delete_older_than_n_days),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class DataRetentionStore {
  constructor(private readonly db: Db) {}

  async get(workspaceId: string): Promise<DataRetentionPolicyRecord | null> {
    const row = await this.db.get<RetentionRow>(`SELECT ${RETENTION_COLUMNS} FROM data_retention_policies WHERE workspace_id = ?`, [workspaceId]);
    return row ? toRetention(row) : null;
  }

  /** Stores the record as given, replacing the workspace's previous policy. */
  async put(r: DataRetentionPolicyRecord): Promise<DataRetentionPolicyRecord> {
    const row = await this.db.get<RetentionRow>(
      `INSERT INTO data_retention_policies (${RETENTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) ` +
        'ON CONFLICT (workspace_id) DO UPDATE SET id = excluded.id, kind = excluded.kind, ' +
        'delete_older_than_n_days = excluded.delete_older_than_n_days, created_at = excluded.created_at, updated_at = excluded.updated_at ' +
        `RETURNING ${RETENTION_COLUMNS}`,
      [r.workspaceId, r.id, r.kind, r.deleteOlderThanNDays, r.createdAt, r.updatedAt],
    );
    return toRetention(row!);
  }

  async delete(workspaceId: string): Promise<boolean> {
    const { changes } = await this.db.run('DELETE FROM data_retention_policies WHERE workspace_id = ?', [workspaceId]);
    return changes === 1;
  }
}
