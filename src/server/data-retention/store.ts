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

  /** Every workspace's own delete-older policy (the sweep's work list). */
  async deleteOlderPolicies(): Promise<Array<{ workspaceId: string; days: number }>> {
    const rows = await this.db.all<{ workspace_id: string; days: number }>(
      "SELECT workspace_id, delete_older_than_n_days AS days FROM data_retention_policies WHERE kind = 'delete-older' AND delete_older_than_n_days IS NOT NULL",
    );
    return rows.map((r) => ({ workspaceId: r.workspace_id, days: Number(r.days) }));
  }

  async delete(workspaceId: string): Promise<boolean> {
    const { changes } = await this.db.run('DELETE FROM data_retention_policies WHERE workspace_id = ?', [workspaceId]);
    return changes === 1;
  }
}

/** The name of the lease the retention sweep runs under: one instance sweeps at a time. */
export const RETENTION_SWEEP_LEASE = 'data-retention-sweep';

export class LeaseStore {
  constructor(private readonly db: Db) {}

  /**
   * Takes (or keeps) the lease `name` for `holder` until `until` (ms since the epoch) when it is
   * free, lapsed, or already this holder's: one conditional statement, so of several instances
   * asking at once exactly one gets it.
   */
  async take(name: string, holder: string, until: number, now: number): Promise<boolean> {
    const { changes } = await this.db.run(
      'INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, ' +
        'expires_at = excluded.expires_at WHERE leases.expires_at < ? OR leases.holder = excluded.holder',
      [name, holder, until, now],
    );
    return changes === 1;
  }
}
