import { createHash } from 'node:crypto';
import { Db } from '../storage/db';
import { deleteOrganizationRows, renameOrganizationRows } from '../organizations/store';
import { deleteSshKey } from './ssh-key-store';

// The directory's store (`store.directory`): the bootstrap directory (organizations, teams, users
// and their tokens) as one metadata value changed by compare-and-set, and the rows that change with
// it (organizations/store.ts, ssh-key-store.ts). Compare-and-set keeps two processes that bootstrap
// at once from overwriting each other.

/** Rows that change with the directory: an organization deleted or renamed, an SSH key deleted. */
export type DirectoryRowsChange =
  | { kind: 'delete-organization'; organization: string }
  | { kind: 'rename-organization'; from: string; to: string }
  | { kind: 'delete-ssh-key'; id: string; now: string };

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
   * compareAndSetMeta, and in the same transaction the rows that change with it (an organization's
   * rows deleted or moved to its new name; an SSH key deleted and unassigned from its workspaces);
   * false (nothing changed) when the stored value is not `expected`.
   */
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
}
