import { escapeLike, type Db } from '../storage/db';
import type { StoragePage } from '../storage/types';
import { accessChange } from '../teams/generation';

// Projects (`store.projects`, issue 34): an organization's projects, one of them the default.
// Every change raises the access generation (teams/generation.ts): project grants name projects.

export interface ProjectRecord {
  id: string;
  organization: string;
  name: string;
  description: string;
  isDefault: boolean;
  /** Tag bindings its workspaces inherit (the bootstrap file's `tag-bindings`). */
  tagBindings: Record<string, string>;
  createdAt: string;
}

interface ProjectRow {
  id: string;
  organization: string;
  name: string;
  description: string;
  is_default: number;
  tag_bindings: string;
  created_at: string;
}

const PROJECT_COLUMNS = 'id, organization, name, description, is_default, tag_bindings, created_at';

const projectFromRow = (row: ProjectRow): ProjectRecord => ({
  id: row.id,
  organization: row.organization,
  name: row.name,
  description: row.description,
  isDefault: Number(row.is_default) === 1,
  tagBindings: JSON.parse(row.tag_bindings) as Record<string, string>,
  createdAt: row.created_at,
});

export interface ProjectQuery {
  organization: string;
  names?: string[];
  q?: string;
  offset: number;
  limit: number;
}

/** Inserts a project or changes the one with its ID (inside the caller's transaction); false when its name is another's. */
export async function upsertProject(tx: Db, project: ProjectRecord): Promise<boolean> {
  const taken = await tx.get('SELECT 1 AS one FROM projects WHERE organization = ? AND name_key = ? AND id <> ?', [
    project.organization,
    project.name.toLowerCase(),
    project.id,
  ]);
  if (taken) return false;
  const values = [project.name, project.name.toLowerCase(), project.description, project.isDefault ? 1 : 0, JSON.stringify(project.tagBindings)];
  const { changes } = await tx.run('UPDATE projects SET name = ?, name_key = ?, description = ?, is_default = ?, tag_bindings = ? WHERE id = ?', [
    ...values,
    project.id,
  ]);
  if (changes === 0) {
    await tx.run('INSERT INTO projects (name, name_key, description, is_default, tag_bindings, id, organization, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
      ...values,
      project.id,
      project.organization,
      project.createdAt,
    ]);
  }
  return true;
}

export class ProjectStore {
  constructor(private readonly db: Db) {}

  async all(): Promise<ProjectRecord[]> {
    return (await this.db.all<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM projects ORDER BY seq`)).map(projectFromRow);
  }

  async get(id: string): Promise<ProjectRecord | null> {
    const row = await this.db.get<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ?`, [id]);
    return row ? projectFromRow(row) : null;
  }

  async list(query: ProjectQuery): Promise<StoragePage<ProjectRecord>> {
    const where = ['organization = ?'];
    const params: Array<string | number> = [query.organization];
    if (query.names && query.names.length > 0) {
      where.push(`name IN (${query.names.map(() => '?').join(', ')})`);
      params.push(...query.names);
    }
    if (query.q) {
      where.push("name_key LIKE ? ESCAPE '\\'");
      params.push(`%${escapeLike(query.q.toLowerCase())}%`);
    }
    const clause = where.join(' AND ');
    const rows = await this.db.all<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE ${clause} ORDER BY name_key, seq LIMIT ? OFFSET ?`, [
      ...params,
      query.limit,
      query.offset,
    ]);
    const count = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM projects WHERE ${clause}`, params);
    return { items: rows.map(projectFromRow), total: Number(count?.n ?? 0) };
  }

  /** Creates a project; false when the name is taken. */
  create(project: ProjectRecord): Promise<boolean> {
    return accessChange(this.db, (tx) => upsertProject(tx, project));
  }

  update(id: string, change: (current: ProjectRecord) => ProjectRecord): Promise<ProjectRecord | null | 'taken'> {
    return accessChange(this.db, async (tx) => {
      const row = await tx.get<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!row) return null;
      const next = { ...change(projectFromRow(row)), id };
      return (await upsertProject(tx, next)) ? next : 'taken';
    });
  }

  /**
   * Deletes a project that holds no workspace, with its grants: 'gone' when absent, 'default' for
   * the default project, 'not-empty' when workspaces are in it (the hosted service refuses both).
   */
  delete(id: string): Promise<'deleted' | 'gone' | 'default' | 'not-empty'> {
    return accessChange(this.db, async (tx) => {
      const row = await tx.get<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!row) return 'gone';
      if (Number(row.is_default) === 1) return 'default';
      if (await tx.get('SELECT 1 AS one FROM workspaces WHERE project_id = ? LIMIT 1', [id])) return 'not-empty';
      await tx.run('DELETE FROM team_project_access WHERE project_id = ?', [id]);
      await tx.run('DELETE FROM projects WHERE id = ?', [id]);
      return 'deleted';
    });
  }
}
