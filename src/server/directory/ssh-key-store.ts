import { Db } from '../storage/db';
import type { StoragePage } from '../storage/types';

// SSH keys (`store.sshKeys`): an organization's keys, write-only values (only a digest is stored).

/** An organization's SSH key as stored; its value is never read back. */
export interface SshKeyRecord {
  id: string;
  organization: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

interface SshKeyRow {
  id: string;
  organization: string;
  name: string;
  created_at: string;
  updated_at: string;
}

const SSH_KEY_COLUMNS = 'id, organization, name, created_at, updated_at';

const sshKeyFromRow = (row: SshKeyRow): SshKeyRecord => ({
  id: row.id,
  organization: row.organization,
  name: row.name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Deletes the key and unassigns it from every workspace that had it (inside the caller's transaction). */
export async function deleteSshKey(tx: Db, id: string, now: string): Promise<void> {
  await tx.run('DELETE FROM ssh_keys WHERE id = ?', [id]);
  await tx.run('UPDATE workspaces SET ssh_key_id = NULL, updated_at = ?, version = version + 1 WHERE ssh_key_id = ?', [now, id]);
}

export class SshKeyStore {
  constructor(private readonly db: Db) {}

  async list(organization: string, offset: number, limit: number): Promise<StoragePage<SshKeyRecord>> {
    const rows = await this.db.all<SshKeyRow>(`SELECT ${SSH_KEY_COLUMNS} FROM ssh_keys WHERE organization = ? ORDER BY seq LIMIT ? OFFSET ?`, [
      organization,
      limit,
      offset,
    ]);
    const count = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ssh_keys WHERE organization = ?', [organization]);
    return { items: rows.map(sshKeyFromRow), total: Number(count?.n ?? 0) };
  }

  async get(id: string): Promise<SshKeyRecord | null> {
    const row = await this.db.get<SshKeyRow>(`SELECT ${SSH_KEY_COLUMNS} FROM ssh_keys WHERE id = ?`, [id]);
    return row ? sshKeyFromRow(row) : null;
  }

  /** Adds the keys whose ID is not stored yet (the bootstrap file's keys have no value), in one transaction. */
  insertMany(keys: Array<SshKeyRecord & { valueDigest: string | null }>): Promise<void> {
    if (keys.length === 0) return Promise.resolve();
    return this.db.transaction(async (tx) => {
      for (const key of keys) {
        await tx.run(
          'INSERT INTO ssh_keys (id, organization, name, value_digest, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
          [key.id, key.organization, key.name, key.valueDigest, key.createdAt, key.updatedAt],
        );
      }
    });
  }

  async update(id: string, patch: { name?: string; valueDigest?: string; updatedAt: string }): Promise<SshKeyRecord | null> {
    const { changes } = await this.db.run(
      'UPDATE ssh_keys SET name = COALESCE(?, name), value_digest = COALESCE(?, value_digest), updated_at = ? WHERE id = ?',
      [patch.name ?? null, patch.valueDigest ?? null, patch.updatedAt, id],
    );
    return changes === 1 ? this.get(id) : null;
  }
}
