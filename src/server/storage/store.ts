import { Db, UniqueViolationError, forUpdate, inJsonList } from './db';
import { schemaIsCurrent } from './migrations';
import { tagNamesOf } from './query';
import { WorkspaceReadCache } from './read-cache';
import { OtherRecords } from './records';
import {
  TAG_COLUMNS,
  TagBindingRow,
  TagRow,
  WORKSPACE_COLUMNS,
  WorkspaceRow,
  flatTagFromRow,
  tagBindingFromRow,
  workspaceFromRow,
  workspaceScalarsFromRow,
} from './rows';
import { attachTags, deleteOrphanTags, detachTags, lockTagsOf, replaceBindings, upsertBindings } from './tags';
import { WorkspacePages } from './workspace-pages';
import {
  FlatTagRecord,
  NameTakenError,
  TooManyTagBindingsError,
  NewWorkspace,
  StoragePage,
  SafeDeleteResult,
  Store,
  TagBindingRecord,
  TagBindingValue,
  UnlockResult,
  WorkspacePatch,
  WorkspaceQuery,
  WorkspaceRecord,
} from './types';
import type { StorageHealth } from './faults';

// The one Store implementation, over either dialect. Workspace writes that can race are single
// conditional statements or transactions that lock the workspace row first (see tags.ts for the
// lock order).

/** The latest finalized state version of the workspace being updated (a correlated subquery). */
const LATEST_FINALIZED = (column: string) =>
  `(SELECT sv.${column} FROM state_versions sv WHERE sv.workspace_id = workspaces.id AND sv.finalized = 1 ORDER BY sv.seq DESC LIMIT 1)`;

/** Unlocking also makes the latest finalized state version current (when there is one). */
const UNLOCK_SET =
  'locked = 0, locked_by = NULL, locked_reason = NULL, updated_at = ?, version = version + 1, ' +
  `current_state_version_id = COALESCE(${LATEST_FINALIZED('id')}, current_state_version_id), ` +
  `latest_change_at = COALESCE(${LATEST_FINALIZED('created_at')}, latest_change_at)`;

/** True (1) unless the most recently added state version is not finalized yet. */
const LATEST_IS_FINAL = 'COALESCE((SELECT sv.finalized FROM state_versions sv WHERE sv.workspace_id = workspaces.id ORDER BY sv.seq DESC LIMIT 1), 1) = 1';

export class SqlStore extends OtherRecords implements Store {
  readonly kind: 'sqlite' | 'postgres';
  private readonly cache = new WorkspaceReadCache();
  private readonly pages: WorkspacePages;

  /** `bookmarkEvery`: rows between page bookmarks, for tests (see page-bookmarks.ts). */
  constructor(db: Db, options: { bookmarkEvery?: number } = {}) {
    super(db);
    this.kind = db.dialect;
    this.pages = new WorkspacePages(db, options.bookmarkEvery);
  }

  close(): Promise<void> {
    return this.db.close();
  }

  changeToken(): string | undefined {
    return this.db.changeToken?.();
  }

  schemaIsCurrent(): Promise<boolean> {
    return schemaIsCurrent(this.db);
  }

  health(): StorageHealth {
    return this.db.health();
  }

  commitCount(): number {
    return this.db.commitCount();
  }

  // ---- Workspaces ----

  /**
   * One round trip per workspace read: the row, its flat tag names as a JSON array and its count of
   * unarchived change requests.
   */
  private async load(db: Db, where: string, params: Array<string | null>): Promise<WorkspaceRecord | null> {
    // Taken before the query: a write landing in between only makes the entry stale sooner.
    const token = db === this.db ? db.changeToken?.() : undefined;
    const cacheKey = token === undefined ? '' : `${where}|${params.join('|')}`;
    const hit = token === undefined ? undefined : this.cache.read(cacheKey, token);
    if (hit) return hit;
    const tagNames =
      db.dialect === 'sqlite'
        ? '(SELECT json_group_array(name) FROM (SELECT t.name AS name FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.workspace_id = w.id ORDER BY wt.seq))'
        : "(SELECT COALESCE(json_agg(t.name ORDER BY wt.seq), '[]'::json)::text FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.workspace_id = w.id)";
    const changeRequests = '(SELECT COUNT(*) FROM change_requests cr WHERE cr.workspace_id = w.id AND cr.archived_at IS NULL)';
    const row = await db.get<WorkspaceRow & { tag_names: string; unarchived: number }>(
      `SELECT ${WORKSPACE_COLUMNS}, ${tagNames} AS tag_names, ${changeRequests} AS unarchived FROM workspaces w WHERE ${where}`,
      params,
    );
    if (!row) return null;
    const parsed = this.cache.parsedAt(row.id, Number(row.version));
    let record: WorkspaceRecord;
    if (parsed) {
      record = { ...parsed, ...workspaceScalarsFromRow(row) };
    } else {
      record = workspaceFromRow(row, JSON.parse(row.tag_names) as string[]);
      this.cache.rememberParsed(record);
    }
    record.unarchivedChangeRequests = Number(row.unarchived);
    if (token !== undefined) this.cache.rememberRead(cacheKey, token, record);
    return record;
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

  async insertWorkspace(ws: NewWorkspace): Promise<WorkspaceRecord> {
    try {
      return await this.db.transaction((tx) => this.insertIn(tx, ws));
    } catch (err) {
      throw this.nameTaken(err, ws.organization, ws.name);
    }
  }

  /**
   * Many workspaces in one transaction (an import, a benchmark's seed), then fresh planner
   * statistics: the planner picks indexes by them, and a bulk load changes them at once.
   */
  async insertWorkspaces(workspaces: NewWorkspace[]): Promise<void> {
    let current: NewWorkspace | undefined;
    try {
      await this.db.transaction(async (tx) => {
        for (current of workspaces) await this.insertIn(tx, current);
      });
    } catch (err) {
      throw current ? this.nameTaken(err, current.organization, current.name) : err;
    }
    await this.db.run(this.db.dialect === 'sqlite' ? 'PRAGMA optimize=0x10002' : 'ANALYZE workspaces, workspace_tags, tags, tag_bindings');
  }

  private async insertIn(tx: Db, ws: NewWorkspace): Promise<WorkspaceRecord> {
    await tx.run(
      'INSERT INTO workspaces (id, organization, name, name_key, project_id, created_at, updated_at, latest_change_at, ' +
        'locked, resource_count, ssh_key_id, settings, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, 1)',
      [
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
      ],
    );
    if (ws.tagNames?.length) await attachTags(tx, ws.id, ws.organization, ws.tagNames, ws.createdAt);
    if (ws.tagBindings?.length) await upsertBindings(tx, ws.id, ws.tagBindings, ws.createdAt);
    // Last, so the organization's hot counter row stays locked only until the commit.
    await tx.run(
      'INSERT INTO organization_counters (organization, workspace_count, list_version) VALUES (?, 1, 1) ON CONFLICT (organization) ' +
        'DO UPDATE SET workspace_count = organization_counters.workspace_count + 1, list_version = organization_counters.list_version + 1',
      [ws.organization],
    );
    // The record is exactly what was inserted; building it saves reading it back.
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

  getWorkspace(id: string): Promise<WorkspaceRecord | null> {
    return this.load(this.db, 'w.id = ?', [id]);
  }

  getWorkspaceByName(organization: string, name: string): Promise<WorkspaceRecord | null> {
    return this.load(this.db, 'w.organization = ? AND w.name_key = ?', [organization, name.toLowerCase()]);
  }

  /** In the order of `ids`; unknown IDs are left out. */
  async getWorkspaces(ids: string[]): Promise<WorkspaceRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.all<WorkspaceRow>(`SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE ${inJsonList(this.db.dialect, 'w.id')}`, [
      JSON.stringify([...new Set(ids)]),
    ]);
    const byId = new Map((await this.withTagNames(this.db, rows)).map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** `settings`, when given, replaces the stored settings as a whole; absent fields stay as they are. */
  async updateWorkspace(id: string, patch: WorkspacePatch): Promise<WorkspaceRecord | null> {
    let organization = '';
    try {
      return await this.db.transaction(async (tx) => {
        const row = await tx.get<WorkspaceRow>(`SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE w.id = ?${forUpdate(tx.dialect, true)}`, [id]);
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

  async listWorkspaces(q: WorkspaceQuery): Promise<StoragePage<WorkspaceRecord>> {
    // Workspaces have no runs, so no workspace has a current run in any status.
    if (q.currentRunStatus !== undefined || (q.visibleNames !== null && q.visibleNames.length === 0)) return { items: [], total: 0 };
    // The list is the one read whose cost grows with its parameters: a caller who left cancels it.
    const db = q.signal && this.db.withSignal ? this.db.withSignal(q.signal) : this.db;
    const page = await this.pages.read(q, db);
    return { items: await this.withTagNames(db, page.rows), total: page.total };
  }

  async listWorkspaceNames(organization: string): Promise<Array<{ id: string; name: string; projectId: string }>> {
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

  forceDeleteWorkspace(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<{ organization: string }>(`SELECT organization FROM workspaces WHERE id = ?${forUpdate(tx.dialect)}`, [id]);
      if (!row) return false;
      await this.remove(tx, id, row.organization);
      return true;
    });
  }

  safeDeleteWorkspace(id: string): Promise<SafeDeleteResult> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<{ organization: string; locked: number; resource_count: number }>(
        `SELECT organization, locked, resource_count FROM workspaces WHERE id = ?${forUpdate(tx.dialect)}`,
        [id],
      );
      if (!row) return 'not-found';
      if (Number(row.locked) === 1) return 'locked';
      if (Number(row.resource_count) > 0) return 'has-resources';
      await this.remove(tx, id, row.organization);
      return 'deleted';
    });
  }

  // ---- Locking ----

  async lockWorkspace(id: string, principal: string, reason: string, now: string): Promise<boolean> {
    const { changes } = await this.db.run(
      'UPDATE workspaces SET locked = 1, locked_by = ?, locked_reason = ?, updated_at = ?, version = version + 1 WHERE id = ? AND locked = 0',
      [principal, reason, now, id],
    );
    return changes === 1;
  }

  async unlockWorkspace(id: string, principal: string, now: string): Promise<UnlockResult> {
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

  async forceUnlockWorkspace(id: string, now: string): Promise<boolean> {
    const { changes } = await this.db.run(`UPDATE workspaces SET ${UNLOCK_SET} WHERE id = ? AND locked = 1`, [now, id]);
    return changes === 1;
  }

  // ---- Emulator controls ----

  async setResourceCount(id: string, count: number, now: string): Promise<boolean> {
    const { changes } = await this.db.run('UPDATE workspaces SET resource_count = ?, updated_at = ?, version = version + 1 WHERE id = ?', [count, now, id]);
    return changes === 1;
  }

  /** Throws when the workspace does not exist. The version becomes current on the next unlock. */
  async addStateVersion(workspaceId: string, stateVersionId: string, finalized: boolean, now: string): Promise<void> {
    const { changes } = await this.db.run(
      // Casts give PostgreSQL the parameter types a SELECT list cannot infer.
      'INSERT INTO state_versions (id, workspace_id, finalized, created_at) SELECT CAST(? AS TEXT), id, CAST(? AS INTEGER), CAST(? AS TEXT) FROM workspaces WHERE id = ?',
      [stateVersionId, finalized ? 1 : 0, now, workspaceId],
    );
    if (changes !== 1) throw new Error(`workspace ${workspaceId} not found`);
  }

  /** True when the state version exists (finalizing twice is fine). */
  async finalizeStateVersion(stateVersionId: string): Promise<boolean> {
    const { changes } = await this.db.run('UPDATE state_versions SET finalized = 1 WHERE id = ?', [stateVersionId]);
    return changes === 1;
  }

  // ---- Flat tags ----

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
