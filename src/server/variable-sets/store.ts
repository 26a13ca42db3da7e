// Variable sets (`store.variableSets`): the sets of an organization, the workspaces and projects
// each is applied to, and (`store.variableSets.variables`) their variables. Applying and removing
// are single statements over any number of targets, safe to repeat and to run from two instances
// at once (a link already there is left as it is).
import { Cipher } from '../secrets/cipher';
import type { StoreTuning } from '../store-tuning';
import { UniqueViolationError, escapeLike, type Db } from '../storage/db';
import { VariableRows } from '../variables/rows';
import { ddl, type Migration } from '../storage/migrations';

export interface VariableSetRecord {
  id: string;
  organization: string;
  name: string;
  description: string | null;
  global: boolean;
  priority: boolean;
  createdAt: string;
  updatedAt: string;
  /** The workspaces it is applied to by name, in the order applied. */
  workspaceIds: string[];
  /** The projects it is applied to (those the directory may no longer have included). */
  projectIds: string[];
  /** Its variables' IDs, in the order created. */
  variableIds: string[];
}

export interface NewVariableSet {
  id: string;
  organization: string;
  name: string;
  description: string | null;
  global: boolean;
  priority: boolean;
  workspaceIds: readonly string[];
  projectIds: readonly string[];
  at: string;
}

export interface VariableSetChanges {
  name?: string;
  description?: string | null;
  global?: boolean;
  priority?: boolean;
  /** Replaces the workspaces it is applied to by name. */
  workspaceIds?: readonly string[];
}

/** Where a set reaches: which workspaces and projects (and, when global, every workspace of its organization). */
export interface SetScope {
  organization: string;
  workspaceId?: string;
  projectId?: string;
}

export type CreateSetResult = { kind: 'created'; record: VariableSetRecord } | { kind: 'name-taken' };
export type UpdateSetResult = { kind: 'updated'; record: VariableSetRecord } | { kind: 'name-taken' } | { kind: 'not-found' };

interface SetRow {
  id: string;
  organization: string;
  name: string;
  description: string | null;
  global: number;
  priority: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 's.id, s.organization, s.name, s.description, s.global, s.priority, s.created_at, s.updated_at';

const nameTaken = (err: unknown) => err instanceof UniqueViolationError && /variable_sets\.name|variable_sets_name_unique/.test(err.detail);

export class VariableSetStore {
  /** The sets' variables, in their own table. */
  readonly variables: VariableRows;

  constructor(
    private readonly db: Db,
    tuning: StoreTuning = {},
  ) {
    this.variables = new VariableRows(db, tuning.cipher ?? Cipher.ephemeral(), 'variable_set_variables', 'varset_id', 'variable_sets');
  }

  /** The records of these rows, with their links and variable counts (three statements whatever the number). */
  private async records(db: Db, rows: SetRow[]): Promise<VariableSetRecord[]> {
    if (rows.length === 0) return [];
    const ids = JSON.stringify(rows.map((r) => r.id));
    const workspaces = await db.all<{ varset_id: string; workspace_id: string }>(
      `SELECT varset_id, workspace_id FROM variable_set_workspaces WHERE ${db.sql.inJsonList('varset_id')} ORDER BY workspace_id`,
      [ids],
    );
    const projects = await db.all<{ varset_id: string; project_id: string }>(
      `SELECT varset_id, project_id FROM variable_set_projects WHERE ${db.sql.inJsonList('varset_id')} ORDER BY project_id`,
      [ids],
    );
    const variables = await this.variables.idsByOwner(
      rows.map((r) => r.id),
      db,
    );
    const group = (links: Array<{ varset_id: string }>, pick: (l: never) => string) => {
      const out = new Map<string, string[]>();
      for (const link of links) out.set(link.varset_id, [...(out.get(link.varset_id) ?? []), pick(link as never)]);
      return out;
    };
    const byWorkspace = group(workspaces, (l: { workspace_id: string }) => l.workspace_id);
    const byProject = group(projects, (l: { project_id: string }) => l.project_id);
    return rows.map((row) => ({
      id: row.id,
      organization: row.organization,
      name: row.name,
      description: row.description,
      global: Number(row.global) === 1,
      priority: Number(row.priority) === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      workspaceIds: byWorkspace.get(row.id) ?? [],
      projectIds: byProject.get(row.id) ?? [],
      variableIds: variables.get(row.id) ?? [],
    }));
  }

  private async link(tx: Db, id: string, workspaceIds: readonly string[], projectIds: readonly string[]): Promise<void> {
    // Only workspaces of the set's organization; an ID of another organization is ignored here (the route refuses it first).
    if (workspaceIds.length > 0) {
      await tx.run(
        `INSERT INTO variable_set_workspaces (varset_id, workspace_id) SELECT ?, w.id FROM workspaces w, variable_sets s ` +
          `WHERE s.id = ? AND w.organization = s.organization AND ${tx.sql.inJsonList('w.id')} ON CONFLICT DO NOTHING`,
        [id, id, JSON.stringify(workspaceIds)],
      );
    }
    for (const projectId of new Set(projectIds)) {
      await tx.run('INSERT INTO variable_set_projects (varset_id, project_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [id, projectId]);
    }
  }

  async create(input: NewVariableSet): Promise<CreateSetResult> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.run(
          'INSERT INTO variable_sets (id, organization, name, description, global, priority, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [input.id, input.organization, input.name, input.description, input.global ? 1 : 0, input.priority ? 1 : 0, input.at, input.at],
        );
        await this.link(tx, input.id, input.workspaceIds, input.projectIds);
        return { kind: 'created', record: (await this.getIn(tx, input.id))! } as const;
      });
    } catch (err) {
      if (nameTaken(err)) return { kind: 'name-taken' };
      throw err;
    }
  }

  private async getIn(db: Db, id: string): Promise<VariableSetRecord | null> {
    const row = await db.get<SetRow>(`SELECT ${COLUMNS} FROM variable_sets s WHERE s.id = ?`, [id]);
    return row ? (await this.records(db, [row]))[0] : null;
  }

  get(id: string): Promise<VariableSetRecord | null> {
    return this.getIn(this.db, id);
  }

  async update(id: string, changes: VariableSetChanges, at: string): Promise<UpdateSetResult> {
    try {
      return await this.db.transaction(async (tx) => {
        const row = await tx.get<SetRow>(`SELECT ${COLUMNS} FROM variable_sets s WHERE s.id = ?${tx.sql.forUpdate(true)}`, [id]);
        if (!row) return { kind: 'not-found' } as const;
        await tx.run('UPDATE variable_sets SET name = ?, description = ?, global = ?, priority = ?, updated_at = ? WHERE id = ?', [
          changes.name ?? row.name,
          changes.description === undefined ? row.description : changes.description,
          (changes.global ?? Number(row.global) === 1) ? 1 : 0,
          (changes.priority ?? Number(row.priority) === 1) ? 1 : 0,
          at,
          id,
        ]);
        if (changes.workspaceIds !== undefined) {
          await tx.run('DELETE FROM variable_set_workspaces WHERE varset_id = ?', [id]);
          await this.link(tx, id, changes.workspaceIds, []);
        }
        return { kind: 'updated', record: (await this.getIn(tx, id))! } as const;
      });
    } catch (err) {
      if (nameTaken(err)) return { kind: 'name-taken' };
      throw err;
    }
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM variable_sets WHERE id = ?', [id])).changes > 0;
  }

  /** Applies the set to workspaces and projects; those it already reaches stay as they are. */
  apply(id: string, targets: { workspaceIds?: readonly string[]; projectIds?: readonly string[] }, at: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get(`SELECT id FROM variable_sets WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!row) return false;
      await this.link(tx, id, targets.workspaceIds ?? [], targets.projectIds ?? []);
      await tx.run('UPDATE variable_sets SET updated_at = ? WHERE id = ?', [at, id]);
      return true;
    });
  }

  /** Removes the set from workspaces and projects; one it did not reach is ignored. */
  remove(id: string, targets: { workspaceIds?: readonly string[]; projectIds?: readonly string[] }, at: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get(`SELECT id FROM variable_sets WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!row) return false;
      if (targets.workspaceIds?.length) {
        await tx.run(`DELETE FROM variable_set_workspaces WHERE varset_id = ? AND ${tx.sql.inJsonList('workspace_id')}`, [
          id,
          JSON.stringify(targets.workspaceIds),
        ]);
      }
      if (targets.projectIds?.length) {
        await tx.run(`DELETE FROM variable_set_projects WHERE varset_id = ? AND ${tx.sql.inJsonList('project_id')}`, [id, JSON.stringify(targets.projectIds)]);
      }
      await tx.run('UPDATE variable_sets SET updated_at = ? WHERE id = ?', [at, id]);
      return true;
    });
  }

  /**
   * One page of sets by name: an organization's (`scope` without workspace or project), or those
   * reaching a workspace (global, by name, through its project) or applied to a project.
   */
  async list(scope: SetScope, page: { offset: number; limit: number; query?: string }): Promise<{ records: VariableSetRecord[]; total: number }> {
    const where: string[] = ['s.organization = ?'];
    const params: Array<string | number> = [scope.organization];
    const reach: string[] = [];
    if (scope.workspaceId !== undefined) {
      reach.push('s.global = 1', 'EXISTS (SELECT 1 FROM variable_set_workspaces l WHERE l.varset_id = s.id AND l.workspace_id = ?)');
      params.push(scope.workspaceId);
    }
    if (scope.projectId !== undefined) {
      reach.push('EXISTS (SELECT 1 FROM variable_set_projects p WHERE p.varset_id = s.id AND p.project_id = ?)');
      params.push(scope.projectId);
    }
    if (reach.length > 0) where.push(`(${reach.join(' OR ')})`);
    if (page.query) {
      where.push("LOWER(s.name) LIKE ? ESCAPE '\\'");
      params.push(`%${escapeLike(page.query.toLowerCase())}%`);
    }
    const clause = where.join(' AND ');
    const rows = await this.db.all<SetRow>(`SELECT ${COLUMNS} FROM variable_sets s WHERE ${clause} ORDER BY s.name, s.id LIMIT ? OFFSET ?`, [
      ...params,
      page.limit,
      page.offset,
    ]);
    const count = await this.db.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM variable_sets s WHERE ${clause}`, params);
    return { records: await this.records(this.db, rows), total: Number(count?.n ?? 0) };
  }

  /** Of these workspace IDs, those of workspaces of the organization. */
  async workspacesIn(organization: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.all<{ id: string }>(`SELECT id FROM workspaces WHERE organization = ? AND ${this.db.sql.inJsonList('id')}`, [
      organization,
      JSON.stringify(ids),
    ]);
    return new Set(rows.map((r) => r.id));
  }

  /** Every set reaching a workspace (global, by name, through its project), by name: what its runs get. */
  async reaching(scope: Required<Pick<SetScope, 'organization' | 'workspaceId'>> & { projectId: string }): Promise<VariableSetRecord[]> {
    const all: VariableSetRecord[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await this.list(scope, { offset, limit: 1000 });
      all.push(...page.records);
      if (page.records.length < 1000) return all;
    }
  }
}

/** The aggregate's tables (gathered into the one ordered schema by `npm run generate`). */
export const VARIABLE_SETS_MIGRATIONS: Migration[] = [
  {
    version: 11,
    name: 'variable sets, where they are applied, and their variables',
    // Projects live in the directory, not in a table: a link to a project the directory no longer
    // has is ignored when read. Set variables are sealed as workspace variables are.
    statements: (kind) =>
      [
        `CREATE TABLE variable_sets (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          organization TEXT_C NOT NULL,
          name TEXT_C NOT NULL,
          description TEXT,
          global INTEGER NOT NULL,
          priority INTEGER NOT NULL,
          created_at TEXT_C NOT NULL,
          updated_at TEXT_C NOT NULL
        )`,
        'CREATE UNIQUE INDEX variable_sets_name_unique ON variable_sets (organization, name)',
        `CREATE TABLE variable_set_workspaces (
          varset_id TEXT_C NOT NULL REFERENCES variable_sets (id) ON DELETE CASCADE,
          workspace_id TEXT_C NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
          PRIMARY KEY (varset_id, workspace_id)
        )`,
        'CREATE INDEX variable_set_workspaces_workspace ON variable_set_workspaces (workspace_id)',
        `CREATE TABLE variable_set_projects (
          varset_id TEXT_C NOT NULL REFERENCES variable_sets (id) ON DELETE CASCADE,
          project_id TEXT_C NOT NULL,
          PRIMARY KEY (varset_id, project_id)
        )`,
        'CREATE INDEX variable_set_projects_project ON variable_set_projects (project_id)',
        `CREATE TABLE variable_set_variables (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          varset_id TEXT_C NOT NULL REFERENCES variable_sets (id) ON DELETE CASCADE,
          key TEXT_C NOT NULL,
          category TEXT_C NOT NULL,
          sealed_value BYTES NOT NULL,
          description TEXT,
          hcl INTEGER NOT NULL,
          sensitive INTEGER NOT NULL,
          version_id TEXT NOT NULL,
          created_at TEXT_C NOT NULL,
          updated_at TEXT_C NOT NULL
        )`,
        'CREATE UNIQUE INDEX variable_set_variables_key_unique ON variable_set_variables (varset_id, category, key)',
      ].map((sql) => ddl(kind, sql)),
  },
];
