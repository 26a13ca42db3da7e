import { Db } from '../storage/db';
import type { UnlockResult } from './records';

// Workspace locks (`store.locks`) and the state versions that become current when a workspace is
// unlocked. Each lock change is a single conditional statement, so concurrent callers in any
// process race safely.

/** The latest finalized state version of the workspace being updated (a correlated subquery). */
const LATEST_FINALIZED = (column: string) =>
  `(SELECT sv.${column} FROM state_versions sv WHERE sv.workspace_id = workspaces.id AND sv.finalized = 1 ORDER BY sv.seq DESC LIMIT 1)`;

/** Unlocking also makes the latest finalized state version current (when there is one). */
const UNLOCK_SET =
  'locked = 0, locked_by = NULL, locked_reason = NULL, updated_at = ?, version = version + 1, ' +
  `current_state_version_id = COALESCE(${LATEST_FINALIZED('id')}, current_state_version_id), ` +
  `latest_change_at = COALESCE(${LATEST_FINALIZED('created_at')}, latest_change_at)`;

/** True (1) unless the most recently added state version is not finalized yet. */
const LATEST_IS_FINAL = 'COALESCE((SELECT sv.finalized FROM state_versions sv WHERE sv.workspace_id = workspaces.id ORDER BY sv.seq DESC LIMIT 1), 1) = 1';

export class LockStore {
  constructor(private readonly db: Db) {}

  async lock(id: string, principal: string, reason: string, now: string): Promise<boolean> {
    const { changes } = await this.db.run(
      'UPDATE workspaces SET locked = 1, locked_by = ?, locked_reason = ?, updated_at = ?, version = version + 1 WHERE id = ? AND locked = 0',
      [principal, reason, now, id],
    );
    return changes === 1;
  }

  async unlock(id: string, principal: string, now: string): Promise<UnlockResult> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { changes } = await this.db.run(`UPDATE workspaces SET ${UNLOCK_SET} WHERE id = ? AND locked = 1 AND locked_by = ? AND ${LATEST_IS_FINAL}`, [
        now,
        id,
        principal,
      ]);
      if (changes === 1) return 'unlocked';
      // Nothing changed: say why. The state may have moved on since the update; if it now looks
      // unlockable, try again.
      const row = await this.db.get<{ locked: number; locked_by: string | null; final: number }>(
        `SELECT locked, locked_by, CASE WHEN ${LATEST_IS_FINAL} THEN 1 ELSE 0 END AS final FROM workspaces WHERE id = ?`,
        [id],
      );
      if (!row) return 'not-found';
      if (Number(row.locked) !== 1) return 'not-locked';
      if (row.locked_by !== principal) return 'locked-by-other';
      if (Number(row.final) !== 1) return 'state-version-pending';
    }
    return 'locked-by-other';
  }

  async forceUnlock(id: string, now: string): Promise<boolean> {
    const { changes } = await this.db.run(`UPDATE workspaces SET ${UNLOCK_SET} WHERE id = ? AND locked = 1`, [now, id]);
    return changes === 1;
  }

  // ---- State versions (emulator controls) ----

  /** Throws when the workspace does not exist. The version becomes current on the next unlock. */
  async addStateVersion(workspaceId: string, stateVersionId: string, finalized: boolean, now: string): Promise<void> {
    const { changes } = await this.db.run(
      // Casts give PostgreSQL the parameter types a SELECT list cannot infer.
      'INSERT INTO state_versions (id, workspace_id, finalized, created_at) SELECT CAST(? AS TEXT), id, CAST(? AS INTEGER), CAST(? AS TEXT) FROM workspaces WHERE id = ?',
      [stateVersionId, finalized ? 1 : 0, now, workspaceId],
    );
    if (changes !== 1) throw new Error(`workspace ${workspaceId} not found`);
  }

  /** True when the state version exists (finalizing twice is fine). */
  async finalizeStateVersion(stateVersionId: string): Promise<boolean> {
    const { changes } = await this.db.run('UPDATE state_versions SET finalized = 1 WHERE id = ?', [stateVersionId]);
    return changes === 1;
  }
}
