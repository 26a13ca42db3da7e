import { newId } from '../ids';
import { Db } from '../storage/db';
import { TAG_COLUMNS, TagBindingRow, TagRow, flatTagFromRow, tagBindingFromRow } from '../storage/rows';
import { FlatTagRecord, StoragePage, TagBindingRecord, TagBindingValue, TooManyTagBindingsError } from '../storage/types';

// Flat tags and tag bindings, written inside the caller's transaction (which already holds the
// workspace's row). Lock order everywhere: workspace row, then tag rows by name, then the
// organization counter, so concurrent writers on PostgreSQL wait for each other instead of
// deadlocking; a tag left on no workspace is deleted under its row lock, so a concurrent add either
// sees it gone (and creates it anew) or keeps it alive.

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

/** Last value wins for a repeated key; the key keeps the position of its first appearance. */
function byKey(bindings: TagBindingValue[]): TagBindingValue[] {
  const values = new Map<string, string>();
  for (const b of bindings) values.set(b.key, b.value);
  return [...values].map(([key, value]) => ({ key, value }));
}

export async function upsertBindings(tx: Db, workspaceId: string, bindings: TagBindingValue[], now: string): Promise<TagBindingRecord[]> {
  const result: TagBindingRecord[] = [];
  for (const { key, value } of byKey(bindings)) {
    const row = await tx.get<TagBindingRow>(
      'INSERT INTO tag_bindings (id, workspace_id, key, value, created_at) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (workspace_id, key) DO UPDATE SET value = excluded.value RETURNING id, key, value, created_at',
      [newId('tb-'), workspaceId, key, value, now],
    );
    result.push(tagBindingFromRow(row!));
  }
  return result;
}

/** The own bindings become exactly `bindings`, in that order; surviving keys keep ID and creation time. */
export async function replaceBindings(tx: Db, workspaceId: string, bindings: TagBindingValue[], now: string): Promise<TagBindingRecord[]> {
  const previous = await tx.all<TagBindingRow>('SELECT id, key, value, created_at FROM tag_bindings WHERE workspace_id = ?', [workspaceId]);
  const kept = new Map(previous.map((r) => [r.key, r]));
  // Re-inserting everything gives the rows new sequence numbers in the order given.
  await tx.run('DELETE FROM tag_bindings WHERE workspace_id = ?', [workspaceId]);
  const result: TagBindingRecord[] = [];
  for (const { key, value } of byKey(bindings)) {
    const old = kept.get(key);
    const record = { id: old?.id ?? newId('tb-'), key, value, createdAt: old?.created_at ?? now };
    await tx.run('INSERT INTO tag_bindings (id, workspace_id, key, value, created_at) VALUES (?, ?, ?, ?, ?)', [
      record.id,
      workspaceId,
      key,
      value,
      record.createdAt,
    ]);
    result.push(record);
  }
  return result;
}

/** Flat tags and tag bindings through the store: each write locks the workspace row first (touch). */
export class TagStore {
  constructor(private readonly db: Db) {}

  async listWorkspaceTags(workspaceId: string, offset: number, limit: number): Promise<StoragePage<FlatTagRecord>> {
    const rows = await this.db.all<TagRow>(
      `SELECT ${TAG_COLUMNS} FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.workspace_id = ? ORDER BY wt.seq LIMIT ? OFFSET ?`,
      [workspaceId, Math.max(0, limit), Math.max(0, offset)],
    );
    const count = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM workspace_tags WHERE workspace_id = ?', [workspaceId]);
    return { items: rows.map(flatTagFromRow), total: Number(count?.n ?? 0) };
  }

  async getOrganizationTag(organization: string, tagId: string): Promise<FlatTagRecord | null> {
    const row = await this.db.get<TagRow>(`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.organization = ? AND t.id = ?`, [organization, tagId]);
    return row ? flatTagFromRow(row) : null;
  }

  async findOrganizationTagByName(organization: string, name: string): Promise<FlatTagRecord | null> {
    const row = await this.db.get<TagRow>(`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.organization = ? AND t.name = ?`, [organization, name]);
    return row ? flatTagFromRow(row) : null;
  }

  /** Locks the workspace row for a write that changes its record (and counts as a new version). */
  private async touch(tx: Db, workspaceId: string): Promise<boolean> {
    const { changes } = await tx.run('UPDATE workspaces SET version = version + 1 WHERE id = ?', [workspaceId]);
    return changes === 1;
  }

  /** A missing workspace is a no-op. */
  addWorkspaceTags(workspaceId: string, organization: string, names: string[], now: string): Promise<void> {
    if (names.length === 0) return Promise.resolve();
    return this.db.transaction(async (tx) => {
      if (await this.touch(tx, workspaceId)) await attachTags(tx, workspaceId, organization, names, now);
    });
  }

  removeWorkspaceTags(workspaceId: string, organization: string, names: string[]): Promise<void> {
    if (names.length === 0) return Promise.resolve();
    return this.db.transaction(async (tx) => {
      if (await this.touch(tx, workspaceId)) await detachTags(tx, workspaceId, organization, names);
    });
  }

  // ---- Tag bindings ----

  async listTagBindings(workspaceId: string): Promise<TagBindingRecord[]> {
    const rows = await this.db.all<TagBindingRow>('SELECT id, key, value, created_at FROM tag_bindings WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map(tagBindingFromRow);
  }

  /** A missing workspace gives []. */
  upsertTagBindings(workspaceId: string, bindings: TagBindingValue[], now: string, options: { maxOwn?: number } = {}): Promise<TagBindingRecord[]> {
    return this.db.transaction(async (tx) => {
      // touch() takes the workspace row's write lock first, so concurrent upserts count in turn.
      if (!(await this.touch(tx, workspaceId))) return [];
      const result = await upsertBindings(tx, workspaceId, bindings, now);
      if (options.maxOwn !== undefined) {
        const row = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM tag_bindings WHERE workspace_id = ?', [workspaceId]);
        const count = Number(row?.n ?? 0);
        if (count > options.maxOwn) throw new TooManyTagBindingsError(workspaceId, count, options.maxOwn);
      }
      return result;
    });
  }

  replaceTagBindings(workspaceId: string, bindings: TagBindingValue[], now: string): Promise<TagBindingRecord[]> {
    return this.db.transaction(async (tx) => ((await this.touch(tx, workspaceId)) ? replaceBindings(tx, workspaceId, bindings, now) : []));
  }
}
