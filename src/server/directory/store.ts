import { createHash } from 'node:crypto';
import { Db } from '../storage/db';
import { deleteOrganizationRows, renameOrganizationRows } from '../organizations/store';
import { deleteSshKey } from './ssh-key-store';
import type { DirectoryOrganization } from '../bootstrap';
import { raiseAccessGeneration } from '../teams/generation';
import { deleteAccessRecords, renameAccessRecords, seedOrganization } from '../teams/seed';

// The directory's store (`store.directory`): the bootstrap directory (organizations, teams, users
// and their tokens) as one metadata value changed by compare-and-set, and the rows that change with
// it (organizations/store.ts, ssh-key-store.ts). Compare-and-set keeps two processes that bootstrap
// at once from overwriting each other; changes made while serving hold the value's row lock.

/** Rows that change with the directory: an organization created, deleted or renamed, an SSH key deleted. */
export type DirectoryRowsChange =
  | { kind: 'delete-organization'; organization: string }
  | { kind: 'rename-organization'; from: string; to: string }
  | { kind: 'delete-ssh-key'; id: string; now: string }
  /** A new organization's default project and owners team become records (teams/seed.ts). */
  | { kind: 'seed-organization'; organization: DirectoryOrganization };

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

  /**
   * Changes a metadata value in one transaction that holds the value's row lock (PostgreSQL's
   * FOR UPDATE; SQLite's write transaction excludes every other writer): concurrent changes, in
   * this process or another, wait for each other instead of racing and retrying (issue 37: the
   * compare-and-set retries gave up after 20 tries under four concurrent loops and answered 500).
   * `initial` is stored first when the key is absent. `change` gets the stored value and answers the
   * next one (the same string: nothing written) with the rows that change with it; it may run
   * again after a deadlock, so it must do nothing but compute.
   */
  changeMeta<T>(
    key: string,
    initial: () => string,
    change: (value: string) => { value: string; rows?: DirectoryRowsChange; result: T },
  ): Promise<{ value: string; result: T }> {
    return this.db.transaction(async (tx) => {
      const select = `SELECT value FROM meta WHERE key = ?${tx.sql.forUpdate(true)}`;
      let row = await tx.get<{ value: string }>(select, [key]);
      if (!row) {
        await tx.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, initial()]);
        row = await tx.get<{ value: string }>(select, [key]);
        if (!row) throw new Error(`metadata ${key} vanished inside its transaction`);
      }
      const next = change(row.value);
      if (next.value !== row.value) await tx.run('UPDATE meta SET value = ? WHERE key = ?', [next.value, key]);
      if (next.rows) await changeRows(tx, next.rows);
      return { value: next.value, result: next.result };
    });
  }

  /**
   * compareAndSetMeta, and in the same transaction the rows that change with it (an organization's
   * rows deleted or moved to its new name; an SSH key deleted and unassigned from its workspaces);
   * false (nothing changed) when the stored value is not `expected`.
   */
  compareAndSetMetaWithRows(key: string, expected: string, value: string, change: DirectoryRowsChange): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { changes } = await tx.run('UPDATE meta SET value = ? WHERE key = ? AND value = ?', [value, key, expected]);
      if (changes !== 1) return false;
      await changeRows(tx, change);
      return true;
    });
  }
}

async function changeRows(tx: Db, change: DirectoryRowsChange): Promise<unknown> {
  if (change.kind === 'delete-ssh-key') return deleteSshKey(tx, change.id, change.now);
  // The rest changes teams, projects or grants: every process re-indexes them (teams/generation.ts).
  await raiseAccessGeneration(tx);
  if (change.kind === 'seed-organization') return seedOrganization(tx, change.organization);
  if (change.kind === 'delete-organization') {
    await deleteAccessRecords(tx, change.organization);
    return deleteOrganizationRows(tx, change.organization);
  }
  await renameAccessRecords(tx, change.from, change.to);
  return renameOrganizationRows(tx, change.from, change.to);
}
