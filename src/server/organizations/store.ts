import { Db } from '../storage/db';

// What the database holds per organization besides the directory: its workspaces (and all that
// hangs off them), flat tags, SSH keys, variable sets and list counters. Deleting or renaming an organization
// changes them in the transaction that also stores the new directory (directory/store.ts).

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
  await tx.run('DELETE FROM variable_sets WHERE organization = ?', [organization]);
  await tx.run('UPDATE organization_counters SET workspace_count = 0, list_version = list_version + 1 WHERE organization = ?', [organization]);
}

/** Moves the organization's rows to its new name; each workspace counts a new version. */
export async function renameOrganizationRows(tx: Db, from: string, to: string): Promise<void> {
  await tx.run('UPDATE workspaces SET organization = ?, version = version + 1 WHERE organization = ?', [to, from]);
  await tx.run('UPDATE tags SET organization = ? WHERE organization = ?', [to, from]);
  await tx.run('UPDATE ssh_keys SET organization = ? WHERE organization = ?', [to, from]);
  await tx.run('UPDATE variable_sets SET organization = ? WHERE organization = ?', [to, from]);
  const counter = await tx.get<{ workspace_count: number }>('SELECT workspace_count FROM organization_counters WHERE organization = ?', [from]);
  const count = Number(counter?.workspace_count ?? 0);
  await tx.run('UPDATE organization_counters SET workspace_count = 0, list_version = list_version + 1 WHERE organization = ?', [from]);
  await tx.run(
    'INSERT INTO organization_counters (organization, workspace_count, list_version) VALUES (?, ?, 1) ON CONFLICT (organization) ' +
      'DO UPDATE SET workspace_count = excluded.workspace_count, list_version = organization_counters.list_version + 1',
    [to, count],
  );
}
