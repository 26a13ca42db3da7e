import { type OrganizationAccess, organizationAccessOf } from '../../contract';
import { escapeLike, type Db } from '../storage/db';
import type { StoragePage } from '../storage/types';
import { accessChange, readAccessGeneration } from './generation';

// Teams and their members (`store.teams`, issue 34). Every change raises the access generation in
// its transaction (generation.ts), so every process re-indexes who may do what.

export interface TeamRecord {
  id: string;
  organization: string;
  name: string;
  /** The owners team: everything in its organization. */
  owners: boolean;
  organizationAccess: OrganizationAccess;
  visibility: 'secret' | 'organization';
  ssoTeamId: string | null;
  /** Where change-request notifications go (the bootstrap file's `notification-urls`). */
  notificationUrls: string[];
  createdAt: string;
  /** User IDs, in the order they joined. */
  members: string[];
}

export type TeamFields = Omit<TeamRecord, 'id' | 'organization' | 'createdAt' | 'members'>;

interface TeamRow {
  id: string;
  organization: string;
  name: string;
  owners: number;
  organization_access: string;
  visibility: string;
  sso_team_id: string | null;
  notification_urls: string;
  created_at: string;
}

const TEAM_COLUMNS = 'id, organization, name, owners, organization_access, visibility, sso_team_id, notification_urls, created_at';

function teamFromRow(row: TeamRow, members: string[]): TeamRecord {
  return {
    id: row.id,
    organization: row.organization,
    name: row.name,
    owners: Number(row.owners) === 1,
    organizationAccess: organizationAccessOf(JSON.parse(row.organization_access) as Record<string, boolean>),
    visibility: row.visibility === 'organization' ? 'organization' : 'secret',
    ssoTeamId: row.sso_team_id,
    notificationUrls: JSON.parse(row.notification_urls) as string[],
    createdAt: row.created_at,
    members,
  };
}

export interface TeamQuery {
  organization: string;
  names?: string[];
  /** Case-insensitive substring of the name. */
  q?: string;
  offset: number;
  limit: number;
}

/** Inserts a team, or changes the one with its ID (inside the caller's transaction); false when its name is taken by another. */
export async function upsertTeam(tx: Db, team: TeamRecord, replaceMembers: boolean): Promise<boolean> {
  const taken = await tx.get<{ id: string }>('SELECT id FROM teams WHERE organization = ? AND name_key = ? AND id <> ?', [
    team.organization,
    team.name.toLowerCase(),
    team.id,
  ]);
  if (taken) return false;
  const values = [
    team.name,
    team.name.toLowerCase(),
    team.owners ? 1 : 0,
    JSON.stringify(team.organizationAccess),
    team.visibility,
    team.ssoTeamId,
    JSON.stringify(team.notificationUrls),
  ];
  const { changes } = await tx.run(
    'UPDATE teams SET name = ?, name_key = ?, owners = ?, organization_access = ?, visibility = ?, sso_team_id = ?, notification_urls = ? WHERE id = ?',
    [...values, team.id],
  );
  if (changes === 0) {
    await tx.run(
      'INSERT INTO teams (name, name_key, owners, organization_access, visibility, sso_team_id, notification_urls, id, organization, created_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [...values, team.id, team.organization, team.createdAt],
    );
  }
  if (replaceMembers) await tx.run('DELETE FROM team_members WHERE team_id = ?', [team.id]);
  await addTeamMembers(tx, team.id, team.members);
  return true;
}

export async function addTeamMembers(tx: Db, teamId: string, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    await tx.run('INSERT INTO team_members (team_id, user_id) VALUES (?, ?) ON CONFLICT (team_id, user_id) DO NOTHING', [teamId, userId]);
  }
}

export class TeamStore {
  constructor(private readonly db: Db) {}

  /** The access generation (generation.ts): compared by every process to notice changes. */
  generation(): Promise<string> {
    return readAccessGeneration(this.db);
  }

  /** Every team with its members, for the access index. */
  async all(): Promise<TeamRecord[]> {
    const rows = await this.db.all<TeamRow>(`SELECT ${TEAM_COLUMNS} FROM teams ORDER BY seq`);
    const members = await this.db.all<{ team_id: string; user_id: string }>('SELECT team_id, user_id FROM team_members ORDER BY seq');
    const byTeam = new Map<string, string[]>();
    for (const m of members) byTeam.set(m.team_id, [...(byTeam.get(m.team_id) ?? []), m.user_id]);
    return rows.map((row) => teamFromRow(row, byTeam.get(row.id) ?? []));
  }

  async get(id: string): Promise<TeamRecord | null> {
    const row = await this.db.get<TeamRow>(`SELECT ${TEAM_COLUMNS} FROM teams WHERE id = ?`, [id]);
    return row ? teamFromRow(row, await this.members(id)) : null;
  }

  async members(teamId: string): Promise<string[]> {
    const rows = await this.db.all<{ user_id: string }>('SELECT user_id FROM team_members WHERE team_id = ? ORDER BY seq', [teamId]);
    return rows.map((r) => r.user_id);
  }

  async list(query: TeamQuery): Promise<StoragePage<TeamRecord>> {
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
    const rows = await this.db.all<TeamRow>(`SELECT ${TEAM_COLUMNS} FROM teams WHERE ${clause} ORDER BY name_key, seq LIMIT ? OFFSET ?`, [
      ...params,
      query.limit,
      query.offset,
    ]);
    const count = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM teams WHERE ${clause}`, params);
    const items: TeamRecord[] = [];
    for (const row of rows) items.push(teamFromRow(row, await this.members(row.id)));
    return { items, total: Number(count?.n ?? 0) };
  }

  /** Creates a team; false when its name is taken in the organization. */
  create(team: TeamRecord): Promise<boolean> {
    return accessChange(this.db, async (tx) => {
      const exists = await tx.get('SELECT 1 AS one FROM teams WHERE id = ?', [team.id]);
      if (exists) return false;
      return upsertTeam(tx, team, true);
    });
  }

  /** Changes a team's fields; null when it is gone, 'taken' when the new name is another team's. */
  update(id: string, change: (current: TeamRecord) => TeamRecord): Promise<TeamRecord | null | 'taken'> {
    return accessChange(this.db, async (tx) => {
      const row = await tx.get<TeamRow>(`SELECT ${TEAM_COLUMNS} FROM teams WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!row) return null;
      const members = await tx.all<{ user_id: string }>('SELECT user_id FROM team_members WHERE team_id = ? ORDER BY seq', [id]);
      const next = change(
        teamFromRow(
          row,
          members.map((m) => m.user_id),
        ),
      );
      return (await upsertTeam(tx, { ...next, id }, false)) ? next : 'taken';
    });
  }

  /** Deletes a team, its members and its grants; false when it was not there. */
  delete(id: string): Promise<boolean> {
    return accessChange(this.db, async (tx) => {
      await tx.run('DELETE FROM team_members WHERE team_id = ?', [id]);
      await tx.run('DELETE FROM team_workspace_access WHERE team_id = ?', [id]);
      await tx.run('DELETE FROM team_project_access WHERE team_id = ?', [id]);
      const { changes } = await tx.run('DELETE FROM teams WHERE id = ?', [id]);
      return changes === 1;
    });
  }

  /** Adds users to a team; false when the team is gone. */
  addMembers(teamId: string, userIds: string[]): Promise<boolean> {
    return accessChange(this.db, async (tx) => {
      if (!(await tx.get('SELECT 1 AS one FROM teams WHERE id = ?', [teamId]))) return false;
      await addTeamMembers(tx, teamId, userIds);
      return true;
    });
  }

  removeMembers(teamId: string, userIds: string[]): Promise<void> {
    return accessChange(this.db, async (tx) => {
      for (const userId of userIds) await tx.run('DELETE FROM team_members WHERE team_id = ? AND user_id = ?', [teamId, userId]);
    });
  }
}
