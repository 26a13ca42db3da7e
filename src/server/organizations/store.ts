import { Db } from '../storage/db';
import type { SshKeyRecord } from '../storage/types';

// What the database holds per organization besides the directory: its workspaces (and all that
// hangs off them), flat tags, SSH keys and list counters. Deleting or renaming an organization
// changes them in the transaction that also stores the new directory.

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

export async function listSshKeys(db: Db, organization: string, offset: number, limit: number): Promise<{ items: SshKeyRecord[]; total: number }> {
  const rows = await db.all<SshKeyRow>(`SELECT ${SSH_KEY_COLUMNS} FROM ssh_keys WHERE organization = ? ORDER BY seq LIMIT ? OFFSET ?`, [
    organization,
    limit,
    offset,
  ]);
  const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ssh_keys WHERE organization = ?', [organization]);
  return { items: rows.map(sshKeyFromRow), total: Number(count?.n ?? 0) };
}

export async function getSshKey(db: Db, id: string): Promise<SshKeyRecord | null> {
  const row = await db.get<SshKeyRow>(`SELECT ${SSH_KEY_COLUMNS} FROM ssh_keys WHERE id = ?`, [id]);
  return row ? sshKeyFromRow(row) : null;
}

/** Adds keys whose ID is not stored yet (the bootstrap file's keys have no value). */
export async function insertSshKeys(db: Db, keys: Array<SshKeyRecord & { valueDigest: string | null }>): Promise<void> {
  for (const key of keys) {
    await db.run('INSERT INTO ssh_keys (id, organization, name, value_digest, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING', [
      key.id,
      key.organization,
      key.name,
      key.valueDigest,
      key.createdAt,
      key.updatedAt,
    ]);
  }
}

export async function updateSshKey(db: Db, id: string, patch: { name?: string; valueDigest?: string; updatedAt: string }): Promise<SshKeyRecord | null> {
  const { changes } = await db.run('UPDATE ssh_keys SET name = COALESCE(?, name), value_digest = COALESCE(?, value_digest), updated_at = ? WHERE id = ?', [
    patch.name ?? null,
    patch.valueDigest ?? null,
    patch.updatedAt,
    id,
  ]);
  return changes === 1 ? getSshKey(db, id) : null;
}

/** Deletes the key and unassigns it from every workspace that had it (inside the caller's transaction). */
export async function deleteSshKey(tx: Db, id: string, now: string): Promise<void> {
  await tx.run('DELETE FROM ssh_keys WHERE id = ?', [id]);
  await tx.run('UPDATE workspaces SET ssh_key_id = NULL, updated_at = ?, version = version + 1 WHERE ssh_key_id = ?', [now, id]);
}

/**
 * Everything the organization holds. Its counter row stays (emptied, list version raised) so page
 * bookmarks of an earlier organization of that name can never match a later one's lists.
 */
export async function deleteOrganizationRows(tx: Db, organization: string): Promise<void> {
  // Foreign keys cascade from the workspaces to their tag links, bindings, consumers, change
  // requests, retention policies and state versions.
  await tx.run('DELETE FROM workspaces WHERE organization = ?', [organization]);
  await tx.run('DELETE FROM tags WHERE organization = ?', [organization]);
  await tx.run('DELETE FROM ssh_keys WHERE organization = ?', [organization]);
  await tx.run('UPDATE organization_counters SET workspace_count = 0, list_version = list_version + 1 WHERE organization = ?', [organization]);
}

/** Moves the organization's rows to its new name; each workspace counts a new version. */
export async function renameOrganizationRows(tx: Db, from: string, to: string): Promise<void> {
  await tx.run('UPDATE workspaces SET organization = ?, version = version + 1 WHERE organization = ?', [to, from]);
  await tx.run('UPDATE tags SET organization = ? WHERE organization = ?', [to, from]);
  await tx.run('UPDATE ssh_keys SET organization = ? WHERE organization = ?', [to, from]);
  const counter = await tx.get<{ workspace_count: number }>('SELECT workspace_count FROM organization_counters WHERE organization = ?', [from]);
  const count = Number(counter?.workspace_count ?? 0);
  await tx.run('UPDATE organization_counters SET workspace_count = 0, list_version = list_version + 1 WHERE organization = ?', [from]);
  await tx.run(
    'INSERT INTO organization_counters (organization, workspace_count, list_version) VALUES (?, ?, 1) ON CONFLICT (organization) ' +
      'DO UPDATE SET workspace_count = excluded.workspace_count, list_version = organization_counters.list_version + 1',
    [to, count],
  );
}
