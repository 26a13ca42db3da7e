import { newId } from '../ids';
import { Db } from '../storage/db';
import type { StoragePage } from '../storage/types';

// Flat tags (`store.tags`): organization-wide records, each on one or more workspaces, written
// inside the caller's transaction (which already holds the workspace's row). Lock order everywhere:
// workspace row, then tag rows by name, then the organization counter, so concurrent writers on
// PostgreSQL wait for each other instead of deadlocking; a tag left on no workspace is deleted
// under its row lock, so a concurrent add either sees it gone (and creates it anew) or keeps it alive.

export interface FlatTagRecord {
  id: string;
  organization: string;
  name: string;
  createdAt: string;
  /** Number of workspaces carrying the tag. */
  instanceCount: number;
}

const TAG_COLUMNS = 't.id, t.organization, t.name, t.created_at, (SELECT COUNT(*) FROM workspace_tags c WHERE c.tag_id = t.id) AS instance_count';

interface TagRow {
  id: string;
  organization: string;
  name: string;
  created_at: string;
  instance_count: number;
}

function flatTagFromRow(row: TagRow): FlatTagRecord {
  return {
    id: row.id,
    organization: row.organization,
    name: row.name,
    createdAt: row.created_at,
    instanceCount: Number(row.instance_count),
  };
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

/** Adds flat tags (creating organization tags as needed); keeps existing links and their order. */
export async function attachTags(tx: Db, workspaceId: string, organization: string, names: string[], now: string): Promise<void> {
  const wanted = distinct(names);
  if (wanted.length === 0) return;
  const ids = new Map<string, string>();
  for (const name of [...wanted].sort()) {
    // DO UPDATE (not DO NOTHING) so RETURNING yields the existing row and PostgreSQL locks it.
    const row = await tx.get<{ id: string }>(
      'INSERT INTO tags (id, organization, name, created_at) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (organization, name) DO UPDATE SET name = excluded.name RETURNING id',
      [newId('tag-'), organization, name, now],
    );
    ids.set(name, row!.id);
  }
  for (const name of wanted) {
    await tx.run('INSERT INTO workspace_tags (workspace_id, tag_id) VALUES (?, ?) ON CONFLICT (workspace_id, tag_id) DO NOTHING', [
      workspaceId,
      ids.get(name)!,
    ]);
  }
}

/** Removes flat tags by name (names that match nothing are ignored) and deletes orphaned tags. */
export async function detachTags(tx: Db, workspaceId: string, organization: string, names: string[]): Promise<void> {
  const unwanted = distinct(names);
  if (unwanted.length === 0) return;
  const tags = await tx.all<{ id: string }>(
    `SELECT t.id FROM tags t WHERE t.organization = ? AND ${tx.sql.inJsonList('t.name')} ORDER BY t.name${tx.sql.forUpdate()}`,
    [organization, JSON.stringify(unwanted)],
  );
  if (tags.length === 0) return;
  const tagIds = tags.map((t) => t.id);
  await tx.run(`DELETE FROM workspace_tags WHERE workspace_id = ? AND ${tx.sql.inJsonList('tag_id')}`, [workspaceId, JSON.stringify(tagIds)]);
  await deleteOrphanTags(tx, tagIds);
}

/** Locks the tags a workspace carries (by name), for a delete that is about to drop its links. */
export async function lockTagsOf(tx: Db, workspaceId: string): Promise<string[]> {
  const rows = await tx.all<{ id: string }>(
    `SELECT t.id FROM tags t WHERE t.id IN (SELECT tag_id FROM workspace_tags WHERE workspace_id = ?) ORDER BY t.name${tx.sql.forUpdate()}`,
    [workspaceId],
  );
  return rows.map((r) => r.id);
}

export async function deleteOrphanTags(tx: Db, tagIds: string[]): Promise<void> {
  if (tagIds.length === 0) return;
  await tx.run(`DELETE FROM tags WHERE ${tx.sql.inJsonList('id')} AND NOT EXISTS (SELECT 1 FROM workspace_tags x WHERE x.tag_id = tags.id)`, [
    JSON.stringify(tagIds),
  ]);
}

/** Locks the workspace row for a write that changes its record (and counts as a new version); false when it is missing. */
export async function touchWorkspace(tx: Db, workspaceId: string): Promise<boolean> {
  const { changes } = await tx.run('UPDATE workspaces SET version = version + 1 WHERE id = ?', [workspaceId]);
  return changes === 1;
}

/** Flat tags through the store: each write locks the workspace row first. */
export class TagStore {
  constructor(private readonly db: Db) {}

  async listOnWorkspace(workspaceId: string, offset: number, limit: number): Promise<StoragePage<FlatTagRecord>> {
    const rows = await this.db.all<TagRow>(
      `SELECT ${TAG_COLUMNS} FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.workspace_id = ? ORDER BY wt.seq LIMIT ? OFFSET ?`,
      [workspaceId, Math.max(0, limit), Math.max(0, offset)],
    );
    const count = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM workspace_tags WHERE workspace_id = ?', [workspaceId]);
    return { items: rows.map(flatTagFromRow), total: Number(count?.n ?? 0) };
  }

  async get(organization: string, tagId: string): Promise<FlatTagRecord | null> {
    const row = await this.db.get<TagRow>(`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.organization = ? AND t.id = ?`, [organization, tagId]);
    return row ? flatTagFromRow(row) : null;
  }

  async findByName(organization: string, name: string): Promise<FlatTagRecord | null> {
    const row = await this.db.get<TagRow>(`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.organization = ? AND t.name = ?`, [organization, name]);
    return row ? flatTagFromRow(row) : null;
  }

  /** Adds tags by name (created when new, lowercased by the caller). A missing workspace is a no-op. */
  addToWorkspace(workspaceId: string, organization: string, names: string[], now: string): Promise<void> {
    if (names.length === 0) return Promise.resolve();
    return this.db.transaction(async (tx) => {
      if (await touchWorkspace(tx, workspaceId)) await attachTags(tx, workspaceId, organization, names, now);
    });
  }

  removeFromWorkspace(workspaceId: string, organization: string, names: string[]): Promise<void> {
    if (names.length === 0) return Promise.resolve();
    return this.db.transaction(async (tx) => {
      if (await touchWorkspace(tx, workspaceId)) await detachTags(tx, workspaceId, organization, names);
    });
  }
}
