import { Db } from '../storage/db';
import type { UnlockResult } from './records';

// Workspace locks (`store.locks`); a state version still waiting for its state holds the lock
// (unlock answers 503 until it arrives) unless the lock is forced. Each lock change is a single conditional statement, so concurrent callers in any
// process race safely.

const UNLOCK_SET = 'locked = 0, locked_by = NULL, locked_reason = NULL, updated_at = ?, version = version + 1';

/** True (1) unless the most recently created state version still waits for its state (a discarded one waits no more). */
const LATEST_IS_FINAL =
  'COALESCE((SELECT CASE WHEN sv.finalized = 1 OR sv.discarded = 1 THEN 1 ELSE 0 END FROM state_versions sv ' +
  'WHERE sv.workspace_id = workspaces.id ORDER BY sv.seq DESC LIMIT 1), 1) = 1';

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

  /** Also gives up on the state versions still waiting for their state (they become discarded). */
  forceUnlock(id: string, now: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { changes } = await tx.run(`UPDATE workspaces SET ${UNLOCK_SET} WHERE id = ? AND locked = 1`, [now, id]);
      if (changes !== 1) return false;
      await tx.run(
        'UPDATE state_versions SET discarded = 1, upload_key_digest = NULL, json_upload_key_digest = NULL WHERE workspace_id = ? AND finalized = 0',
        [id],
      );
      return true;
    });
  }
}
