import { Db, UniqueViolationError } from '../storage/db';
import type { StoragePage } from '../storage/types';
import { tagNamesOf } from './list-query';
import { WORKSPACE_COLUMNS, WorkspaceRow, workspaceFromRow } from './rows';
import { attachTags, deleteOrphanTags, lockTagsOf } from '../tags/store';
import { replaceBindings, upsertBindings } from '../tags/binding-store';
import { WorkspacePages } from './pages';
import { NameTakenError, NewWorkspace, SafeDeleteResult, WorkspacePatch, WorkspaceQuery, WorkspaceRecord, WorkspaceStamp } from './records';

// The workspaces' store (`store.workspaces`): the rows, their lists, deletes (with everything
// hanging off a workspace) and the emulator's resource count. Its records are records.ts. Writes
// that can race are single conditional statements or transactions that lock the workspace row first
// (see tags/store.ts for the lock order). Nothing here caches: the show path's caches are show-cache.ts.

/** The workspace `w`'s count of unarchived change requests (a correlated subquery). */
const UNARCHIVED_OF_W = '(SELECT COUNT(*) FROM change_requests cr WHERE cr.workspace_id = w.id AND cr.archived_at IS NULL)';

const INSERT_WORKSPACE =
  'INSERT INTO workspaces (id, organization, name, name_key, project_id, created_at, updated_at, latest_change_at, ' +
  'locked, resource_count, ssh_key_id, settings, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, 1)';
const insertParams = (ws: NewWorkspace) => [
  ws.id,
  ws.organization,
  ws.name,
  ws.name.toLowerCase(),
  ws.projectId,
  ws.createdAt,
  ws.createdAt,
  ws.createdAt,
  ws.sshKeyId ?? null,
  JSON.stringify(ws.settings),
];
const RAISE_COUNTER =
  'ON CONFLICT (organization) DO UPDATE SET workspace_count = organization_counters.workspace_count + 1, list_version = organization_counters.list_version + 1';
/** The organization's count of workspaces and its list version, raised for one inserted workspace. */
const COUNT_INSERTED = `INSERT INTO organization_counters (organization, workspace_count, list_version) VALUES (?, 1, 1) ${RAISE_COUNTER}`;
/** Both in one statement, where a WITH clause may write (KindSql.writesInWith). */
const INSERT_COUNTED =
  `WITH inserted AS (${INSERT_WORKSPACE} RETURNING organization) ` +
  `INSERT INTO organization_counters (organization, workspace_count, list_version) SELECT organization, 1, 1 FROM inserted ${RAISE_COUNTER}`;

/** The record is exactly what was inserted; building it saves reading it back. */
function insertedRecord(ws: NewWorkspace): WorkspaceRecord {
  return {
    id: ws.id,
    organization: ws.organization,
    name: ws.name,
    projectId: ws.projectId,
    createdAt: ws.createdAt,
    updatedAt: ws.createdAt,
    latestChangeAt: ws.createdAt,
    locked: false,
    lockedBy: null,
    lockedReason: null,
    resourceCount: 0,
    sshKeyId: ws.sshKeyId ?? null,
    currentStateVersionId: null,
    settings: JSON.parse(JSON.stringify(ws.settings)) as WorkspaceRecord['settings'],
    tagNames: [...new Set(ws.tagNames ?? [])],
    version: 1,
    unarchivedChangeRequests: 0,
  };
}

export class WorkspaceStore {
  private readonly pages: WorkspacePages;

  /** `bookmarkEvery`: rows between page bookmarks, for tests (see page-bookmarks.ts). */
  constructor(
    private readonly db: Db,
    tuning: { bookmarkEvery?: number } = {},
  ) {
    this.pages = new WorkspacePages(db, tuning.bookmarkEvery);
  }

  /** One round trip: the row, its flat tag names as a JSON array and its count of unarchived change requests. */
  private async load(db: Db, where: string, params: Array<string | null>): Promise<WorkspaceRecord | null> {
    const row = await db.get<WorkspaceRow & { tag_names: string; unarchived: number }>(
      `SELECT ${WORKSPACE_COLUMNS}, ${db.sql.tagNamesOfW} AS tag_names, ${UNARCHIVED_OF_W} AS unarchived FROM workspaces w WHERE ${where}`,
      params,
    );
    if (!row) return null;
    const record = workspaceFromRow(row, JSON.parse(row.tag_names) as string[]);
    record.unarchivedChangeRequests = Number(row.unarchived);
    return record;
  }

  /**
   * What says whether a record read earlier is still the workspace's: its version, raised by every
   * write to its row, its tags or its change requests (show-cache.ts). One column by ID: no string
   * is copied out of the row.
   */
  async getStamp(key: { id: string } | { organization: string; name: string }): Promise<WorkspaceStamp | null> {
    if ('id' in key) {
      const row = await this.db.get<{ version: number }>('SELECT version FROM workspaces WHERE id = ?', [key.id]);
      return row ? { id: key.id, version: Number(row.version) } : null;
    }
    const row = await this.db.get<WorkspaceStamp>('SELECT id, version FROM workspaces WHERE organization = ? AND name_key = ?', [
      key.organization,
      key.name.toLowerCase(),
    ]);
    return row ? { id: row.id, version: Number(row.version) } : null;
  }

  private async withTagNames(db: Db, rows: WorkspaceRow[]): Promise<WorkspaceRecord[]> {
    const names = await tagNamesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => workspaceFromRow(r, names.get(r.id) ?? []));
  }

  /** A unique violation on the (organization, lowercased name) index means the name is taken. */
  private nameTaken(err: unknown, organization: string, name: string): unknown {
    return err instanceof UniqueViolationError && err.detail.includes('name_key') ? new NameTakenError(organization, name) : err;
  }

  /** Throws NameTakenError when the organization has a workspace of that name (in any case). */
  async insert(ws: NewWorkspace): Promise<WorkspaceRecord> {
    try {
      // Where a WITH clause may write (PostgreSQL), a workspace without tags is one statement, so
      // one round trip instead of four (BEGIN, two inserts, COMMIT): atomic all the same.
      if (this.db.sql.writesInWith && !ws.tagNames?.length && !ws.tagBindings?.length) {
        await this.db.run(INSERT_COUNTED, insertParams(ws));
        return insertedRecord(ws);
      }
      return await this.db.transaction((tx) => this.insertIn(tx, ws));
    } catch (err) {
      throw this.nameTaken(err, ws.organization, ws.name);
    }
  }

  /**
   * Many workspaces in one transaction (an import, a benchmark's seed), then fresh planner
   * statistics: the planner picks indexes by them, and a bulk load changes them at once.
   */
  async insertMany(workspaces: NewWorkspace[]): Promise<void> {
    let current: NewWorkspace | undefined;
    try {
      await this.db.transaction(async (tx) => {
        for (current of workspaces) await this.insertIn(tx, current);
      });
    } catch (err) {
      throw current ? this.nameTaken(err, current.organization, current.name) : err;
    }
    await this.db.run(this.db.sql.refreshWorkspaceStatistics);
  }

  private async insertIn(tx: Db, ws: NewWorkspace): Promise<WorkspaceRecord> {
    await tx.run(INSERT_WORKSPACE, insertParams(ws));
    if (ws.tagNames?.length) await attachTags(tx, ws.id, ws.organization, ws.tagNames, ws.createdAt);
    if (ws.tagBindings?.length) await upsertBindings(tx, ws.id, ws.tagBindings, ws.createdAt);
    // Last, so the organization's hot counter row stays locked only until the commit.
    await tx.run(COUNT_INSERTED, [ws.organization]);
    return insertedRecord(ws);
  }

  get(id: string): Promise<WorkspaceRecord | null> {
    return this.load(this.db, 'w.id = ?', [id]);
  }

  getByName(organization: string, name: string): Promise<WorkspaceRecord | null> {
    return this.load(this.db, 'w.organization = ? AND w.name_key = ?', [organization, name.toLowerCase()]);
  }

  /** In the order of `ids`; unknown IDs are left out. */
  async getMany(ids: string[]): Promise<WorkspaceRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.all<WorkspaceRow>(`SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE ${this.db.sql.inJsonList('w.id')}`, [
      JSON.stringify([...new Set(ids)]),
    ]);
    const byId = new Map((await this.withTagNames(this.db, rows)).map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** `settings`, when given, replaces the stored settings as a whole; absent fields stay as they are. */
  async update(id: string, patch: WorkspacePatch): Promise<WorkspaceRecord | null> {
    let organization = '';
    try {
      return await this.db.transaction(async (tx) => {
        const row = await tx.get<WorkspaceRow>(`SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE w.id = ?${tx.sql.forUpdate(true)}`, [id]);
        if (!row) return null;
        organization = row.organization;
        const name = patch.name ?? row.name;
        await tx.run(
          'UPDATE workspaces SET name = ?, name_key = ?, project_id = ?, settings = ?, ssh_key_id = ?, updated_at = ?, ' + 'version = version + 1 WHERE id = ?',
          [
            name,
            name.toLowerCase(),
            patch.projectId ?? row.project_id,
            patch.settings ? JSON.stringify(patch.settings) : row.settings,
            patch.sshKeyId !== undefined ? patch.sshKeyId : row.ssh_key_id,
            patch.updatedAt,
            id,
          ],
        );
        if (patch.replaceTagBindings) await replaceBindings(tx, id, patch.replaceTagBindings, patch.updatedAt);
        return this.load(tx, 'w.id = ?', [id]);
      });
    } catch (err) {
      throw this.nameTaken(err, organization, patch.name ?? '');
    }
  }

  async list(q: WorkspaceQuery): Promise<StoragePage<WorkspaceRecord>> {
    // Workspaces have no runs, so no workspace has a current run in any status.
    if (q.currentRunStatus !== undefined || (q.visibleNames !== null && q.visibleNames.length === 0)) return { items: [], total: 0 };
    // The list is the one read whose cost grows with its parameters: a caller who left cancels it.
    const db = q.signal && this.db.withSignal ? this.db.withSignal(q.signal) : this.db;
    const page = await this.pages.read(q, db);
    return { items: await this.withTagNames(db, page.rows), total: page.total };
  }

  /** All workspace IDs and names of an organization (for queries over names; small rows only). */
  async listNames(organization: string): Promise<Array<{ id: string; name: string; projectId: string }>> {
    const rows = await this.db.all<{ id: string; name: string; project_id: string }>(
      'SELECT id, name, project_id FROM workspaces WHERE organization = ? ORDER BY name_key',
      [organization],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, projectId: r.project_id }));
  }

  /** Deletes a workspace row locked by the caller's transaction and everything hanging off it. */
  private async remove(tx: Db, id: string, organization: string): Promise<void> {
    const tagIds = await lockTagsOf(tx, id);
    // Foreign keys cascade to tag links, bindings, consumers (both ways), change requests, the
    // retention policy and state versions.
    await tx.run('DELETE FROM workspaces WHERE id = ?', [id]);
    await deleteOrphanTags(tx, tagIds);
    await tx.run('UPDATE organization_counters SET workspace_count = workspace_count - 1, list_version = list_version + 1 WHERE organization = ?', [
      organization,
    ]);
  }

  forceDelete(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<{ organization: string }>(`SELECT organization FROM workspaces WHERE id = ?${tx.sql.forUpdate()}`, [id]);
      if (!row) return false;
      await this.remove(tx, id, row.organization);
      return true;
    });
  }

  /** Deletes only when unlocked and managing no resources, atomically. */
  safeDelete(id: string): Promise<SafeDeleteResult> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<{ organization: string; locked: number; resource_count: number }>(
        `SELECT organization, locked, resource_count FROM workspaces WHERE id = ?${tx.sql.forUpdate()}`,
        [id],
      );
      if (!row) return 'not-found';
      if (Number(row.locked) === 1) return 'locked';
      if (Number(row.resource_count) > 0) return 'has-resources';
      await this.remove(tx, id, row.organization);
      return 'deleted';
    });
  }
}
