import type { WorkspaceGrant, WorkspacePermissionSet } from '../../contract';
import type { Db } from '../storage/db';
import type { StoragePage } from '../storage/types';
import { accessChange } from '../teams/generation';

// A team's access to a workspace (`store.teamAccess`, team-workspaces; issue 34). A grant made
// through the API names the workspace by ID; one the bootstrap file makes names it by name, or
// '*' for every workspace of the organization, and holds before the workspace exists.

export interface TeamAccessRecord {
  id: string;
  organization: string;
  teamId: string;
  workspaceId: string | null;
  /** The bootstrap file's grants only: a workspace name, compared without case, or '*'. */
  workspaceName: string | null;
  access: WorkspaceGrant;
  /** What the grant allows, key by key (for a fixed level: that level's). */
  permissions: WorkspacePermissionSet;
  createdAt: string;
}

interface TeamAccessRow {
  id: string;
  organization: string;
  team_id: string;
  workspace_id: string | null;
  workspace_name: string | null;
  access: string;
  permissions: string;
  created_at: string;
}

const COLUMNS = 'id, organization, team_id, workspace_id, workspace_name, access, permissions, created_at';

const fromRow = (row: TeamAccessRow): TeamAccessRecord => ({
  id: row.id,
  organization: row.organization,
  teamId: row.team_id,
  workspaceId: row.workspace_id,
  workspaceName: row.workspace_name,
  access: row.access as WorkspaceGrant,
  permissions: JSON.parse(row.permissions) as WorkspacePermissionSet,
  createdAt: row.created_at,
});

/** Inserts a grant or changes the one with its ID (inside the caller's transaction). */
export async function upsertTeamAccess(tx: Db, grant: TeamAccessRecord): Promise<void> {
  const { changes } = await tx.run('UPDATE team_workspace_access SET access = ?, permissions = ?, workspace_name = ? WHERE id = ?', [
    grant.access,
    JSON.stringify(grant.permissions),
    grant.workspaceName,
    grant.id,
  ]);
  if (changes === 0) {
    await tx.run(
      'INSERT INTO team_workspace_access (id, organization, team_id, workspace_id, workspace_name, access, permissions, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [grant.id, grant.organization, grant.teamId, grant.workspaceId, grant.workspaceName, grant.access, JSON.stringify(grant.permissions), grant.createdAt],
    );
  }
}

export class TeamAccessStore {
  constructor(private readonly db: Db) {}

  async all(): Promise<TeamAccessRecord[]> {
    return (await this.db.all<TeamAccessRow>(`SELECT ${COLUMNS} FROM team_workspace_access ORDER BY seq`)).map(fromRow);
  }

  async get(id: string): Promise<TeamAccessRecord | null> {
    const row = await this.db.get<TeamAccessRow>(`SELECT ${COLUMNS} FROM team_workspace_access WHERE id = ?`, [id]);
    return row ? fromRow(row) : null;
  }

  /** The grants naming a workspace by ID. */
  async listByWorkspace(workspaceId: string, offset: number, limit: number): Promise<StoragePage<TeamAccessRecord>> {
    const rows = await this.db.all<TeamAccessRow>(`SELECT ${COLUMNS} FROM team_workspace_access WHERE workspace_id = ? ORDER BY seq LIMIT ? OFFSET ?`, [
      workspaceId,
      limit,
      offset,
    ]);
    const count = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM team_workspace_access WHERE workspace_id = ?', [workspaceId]);
    return { items: rows.map(fromRow), total: Number(count?.n ?? 0) };
  }

  /** Adds a grant; 'exists' when the team already has one on the workspace, 'no-team' when the team is gone. */
  add(grant: TeamAccessRecord): Promise<'added' | 'exists' | 'no-team'> {
    return accessChange(this.db, async (tx) => {
      if (!(await tx.get(`SELECT 1 AS one FROM teams WHERE id = ?${tx.sql.forUpdate(true)}`, [grant.teamId]))) return 'no-team';
      if (await tx.get('SELECT 1 AS one FROM team_workspace_access WHERE team_id = ? AND workspace_id = ?', [grant.teamId, grant.workspaceId])) return 'exists';
      await upsertTeamAccess(tx, grant);
      return 'added';
    });
  }

  update(id: string, change: (current: TeamAccessRecord) => TeamAccessRecord): Promise<TeamAccessRecord | null> {
    return accessChange(this.db, async (tx) => {
      const row = await tx.get<TeamAccessRow>(`SELECT ${COLUMNS} FROM team_workspace_access WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!row) return null;
      const next = { ...change(fromRow(row)), id };
      await upsertTeamAccess(tx, next);
      return next;
    });
  }

  delete(id: string): Promise<boolean> {
    return accessChange(this.db, async (tx) => (await tx.run('DELETE FROM team_workspace_access WHERE id = ?', [id])).changes === 1);
  }
}
