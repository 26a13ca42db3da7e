import { newId } from '../ids';
import { Db } from '../storage/db';
import { touchWorkspace } from './store';

// Tag bindings (`store.tagBindings`): a workspace's own key-value tags, in the order added. The
// functions write inside the caller's transaction, which already holds the workspace's row (the
// lock order of store.ts).

export interface TagBindingValue {
  key: string;
  value: string;
}

export interface TagBindingRecord extends TagBindingValue {
  id: string;
  createdAt: string;
}

export class TooManyTagBindingsError extends Error {
  constructor(
    readonly workspaceId: string,
    readonly count: number,
    readonly max: number,
  ) {
    super(`workspace ${workspaceId} would have ${count} tag bindings of its own; at most ${max} are allowed`);
    this.name = 'TooManyTagBindingsError';
  }
}

interface TagBindingRow {
  id: string;
  key: string;
  value: string;
  created_at: string;
}

function tagBindingFromRow(row: TagBindingRow): TagBindingRecord {
  return { id: row.id, key: row.key, value: row.value, createdAt: row.created_at };
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

export class TagBindingStore {
  constructor(private readonly db: Db) {}

  async list(workspaceId: string): Promise<TagBindingRecord[]> {
    const rows = await this.db.all<TagBindingRow>('SELECT id, key, value, created_at FROM tag_bindings WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map(tagBindingFromRow);
  }

  /**
   * Adds keys or updates values by key; never removes. Returns the bindings in the order given; a
   * missing workspace gives []. With `maxOwn`, throws TooManyTagBindingsError (changing nothing)
   * when the workspace would end up with more own bindings, checked in the same transaction so
   * concurrent writes cannot pass it.
   */
  upsert(workspaceId: string, bindings: TagBindingValue[], now: string, options: { maxOwn?: number } = {}): Promise<TagBindingRecord[]> {
    return this.db.transaction(async (tx) => {
      // Touching takes the workspace row's write lock first, so concurrent upserts count in turn.
      if (!(await touchWorkspace(tx, workspaceId))) return [];
      const result = await upsertBindings(tx, workspaceId, bindings, now);
      if (options.maxOwn !== undefined) {
        const row = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM tag_bindings WHERE workspace_id = ?', [workspaceId]);
        const count = Number(row?.n ?? 0);
        if (count > options.maxOwn) throw new TooManyTagBindingsError(workspaceId, count, options.maxOwn);
      }
      return result;
    });
  }

  replace(workspaceId: string, bindings: TagBindingValue[], now: string): Promise<TagBindingRecord[]> {
    return this.db.transaction(async (tx) => ((await touchWorkspace(tx, workspaceId)) ? replaceBindings(tx, workspaceId, bindings, now) : []));
  }
}
