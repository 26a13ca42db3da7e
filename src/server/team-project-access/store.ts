import type { ProjectGrant, WorkspacePermissionSet } from '../../contract';
import type { Db } from '../storage/db';
import type { StoragePage } from '../storage/types';
import { accessChange } from '../teams/generation';

// A team's access to a project (`store.teamProjectAccess`, team-projects; issue 34). The project
// is named by ID, or '*' (every project) by the bootstrap file.

export interface ProjectPermissionSet {
  settings: 'read' | 'update' | 'delete';
  teams: 'none' | 'read' | 'manage';
}

export interface TeamProjectAccessRecord {
  id: string;
  organization: string;
  teamId: string;
  projectId: string;
  access: ProjectGrant;
  projectPermissions: ProjectPermissionSet;
  /** What it allows on the project's workspaces, with `create`, `move`, `delete` beside the workspace set. */
  workspacePermissions: WorkspacePermissionSet & { create: boolean; move: boolean; delete: boolean };
  createdAt: string;
}

interface Row {
  id: string;
  organization: string;
  team_id: string;
  project_id: string;
  access: string;
  permissions: string;
  created_at: string;
}

const COLUMNS = 'id, organization, team_id, project_id, access, permissions, created_at';

function fromRow(row: Row): TeamProjectAccessRecord {
  const permissions = JSON.parse(row.permissions) as Pick<TeamProjectAccessRecord, 'projectPermissions' | 'workspacePermissions'>;
  return {
    id: row.id,
    organization: row.organization,
    teamId: row.team_id,
    projectId: row.project_id,
    access: row.access as ProjectGrant,
    projectPermissions: permissions.projectPermissions,
    workspacePermissions: permissions.workspacePermissions,
    createdAt: row.created_at,
  };
}

const permissionsText = (grant: TeamProjectAccessRecord) =>
  JSON.stringify({ projectPermissions: grant.projectPermissions, workspacePermissions: grant.workspacePermissions });

/** Inserts a grant, or changes the team's grant on the project (inside the caller's transaction). */
export async function upsertTeamProjectAccess(tx: Db, grant: TeamProjectAccessRecord): Promise<void> {
  const { changes } = await tx.run('UPDATE team_project_access SET access = ?, permissions = ? WHERE team_id = ? AND project_id = ?', [
    grant.access,
    permissionsText(grant),
    grant.teamId,
    grant.projectId,
  ]);
  if (changes === 0) {
    await tx.run('INSERT INTO team_project_access (id, organization, team_id, project_id, access, permissions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      grant.id,
      grant.organization,
      grant.teamId,
      grant.projectId,
      grant.access,
      permissionsText(grant),
      grant.createdAt,
    ]);
  }
}

export class TeamProjectAccessStore {
  constructor(private readonly db: Db) {}

  async all(): Promise<TeamProjectAccessRecord[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM team_project_access ORDER BY seq`)).map(fromRow);
  }

  async get(id: string): Promise<TeamProjectAccessRecord | null> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM team_project_access WHERE id = ?`, [id]);
    return row ? fromRow(row) : null;
  }

  async listByProject(projectId: string, offset: number, limit: number): Promise<StoragePage<TeamProjectAccessRecord>> {
    const rows = await this.db.all<Row>(`SELECT ${COLUMNS} FROM team_project_access WHERE project_id = ? ORDER BY seq LIMIT ? OFFSET ?`, [
      projectId,
      limit,
      offset,
    ]);
    const count = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM team_project_access WHERE project_id = ?', [projectId]);
    return { items: rows.map(fromRow), total: Number(count?.n ?? 0) };
  }

  add(grant: TeamProjectAccessRecord): Promise<'added' | 'exists' | 'no-team'> {
    return accessChange(this.db, async (tx) => {
      if (!(await tx.get(`SELECT 1 AS one FROM teams WHERE id = ?${tx.sql.forUpdate(true)}`, [grant.teamId]))) return 'no-team';
      if (await tx.get('SELECT 1 AS one FROM team_project_access WHERE team_id = ? AND project_id = ?', [grant.teamId, grant.projectId])) return 'exists';
      await upsertTeamProjectAccess(tx, grant);
      return 'added';
    });
  }

  update(id: string, change: (current: TeamProjectAccessRecord) => TeamProjectAccessRecord): Promise<TeamProjectAccessRecord | null> {
    return accessChange(this.db, async (tx) => {
      const row = await tx.get<Row>(`SELECT ${COLUMNS} FROM team_project_access WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!row) return null;
      const next = { ...change(fromRow(row)), id };
      await upsertTeamProjectAccess(tx, next);
      return next;
    });
  }

  delete(id: string): Promise<boolean> {
    return accessChange(this.db, async (tx) => (await tx.run('DELETE FROM team_project_access WHERE id = ?', [id])).changes === 1);
  }
}
