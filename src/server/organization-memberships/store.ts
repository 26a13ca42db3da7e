import { escapeLike, type Db } from '../storage/db';
import type { StoragePage } from '../storage/types';
import { accessChange } from '../teams/generation';
import { addTeamMembers } from '../teams/store';
import { newId } from '../ids';

// Organization memberships (`store.organizationMemberships`, ou-…; issue 34): a user invited to an
// organization by email (`invited`) or belonging to one (`active`: a member of one of its teams).

export interface MembershipRecord {
  id: string;
  organization: string;
  userId: string;
  email: string | null;
  status: 'active' | 'invited';
  createdAt: string;
}

interface Row {
  id: string;
  organization: string;
  user_id: string;
  email: string | null;
  status: string;
  created_at: string;
}

const COLUMNS = 'id, organization, user_id, email, status, created_at';

const fromRow = (row: Row): MembershipRecord => ({
  id: row.id,
  organization: row.organization,
  userId: row.user_id,
  email: row.email,
  status: row.status === 'active' ? 'active' : 'invited',
  createdAt: row.created_at,
});

/** Adds the membership unless the user has one in the organization (inside the caller's transaction). */
export async function ensureMembership(tx: Db, membership: MembershipRecord): Promise<void> {
  await tx.run(
    `INSERT INTO organization_memberships (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (organization, user_id) DO UPDATE SET status = CASE WHEN excluded.status = 'active' THEN 'active' ELSE organization_memberships.status END`,
    [membership.id, membership.organization, membership.userId, membership.email, membership.status, membership.createdAt],
  );
}

export interface MembershipQuery {
  organization: string;
  emails?: string[];
  status?: 'active' | 'invited';
  q?: string;
  offset: number;
  limit: number;
}

export class OrganizationMembershipStore {
  static readonly door = 'organizationMemberships';

  constructor(private readonly db: Db) {}

  async all(): Promise<MembershipRecord[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM organization_memberships ORDER BY seq`)).map(fromRow);
  }

  async get(id: string): Promise<MembershipRecord | null> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM organization_memberships WHERE id = ?`, [id]);
    return row ? fromRow(row) : null;
  }

  /** Every membership of an organization (the teams' documents name their members' memberships). */
  async forOrganization(organization: string): Promise<MembershipRecord[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM organization_memberships WHERE organization = ? ORDER BY seq`, [organization])).map(fromRow);
  }

  /** The memberships of a user, in every organization. */
  async forUser(userId: string): Promise<MembershipRecord[]> {
    return (await this.db.all<Row>(`SELECT ${COLUMNS} FROM organization_memberships WHERE user_id = ? ORDER BY seq`, [userId])).map(fromRow);
  }

  async byUser(organization: string, userId: string): Promise<MembershipRecord | null> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM organization_memberships WHERE organization = ? AND user_id = ?`, [organization, userId]);
    return row ? fromRow(row) : null;
  }

  async list(query: MembershipQuery): Promise<StoragePage<MembershipRecord>> {
    const where = ['organization = ?'];
    const params: Array<string | number> = [query.organization];
    if (query.emails && query.emails.length > 0) {
      where.push(`email IN (${query.emails.map(() => '?').join(', ')})`);
      params.push(...query.emails);
    }
    if (query.status) {
      where.push('status = ?');
      params.push(query.status);
    }
    if (query.q) {
      where.push("(LOWER(COALESCE(email, '')) LIKE ? ESCAPE '\\' OR user_id = ?)");
      params.push(`%${escapeLike(query.q.toLowerCase())}%`, query.q);
    }
    const clause = where.join(' AND ');
    const rows = await this.db.all<Row>(`SELECT ${COLUMNS} FROM organization_memberships WHERE ${clause} ORDER BY seq LIMIT ? OFFSET ?`, [
      ...params,
      query.limit,
      query.offset,
    ]);
    const count = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM organization_memberships WHERE ${clause}`, params);
    return { items: rows.map(fromRow), total: Number(count?.n ?? 0) };
  }

  /** Invites a user; false when the user already has a membership in the organization. */
  create(membership: MembershipRecord): Promise<boolean> {
    return accessChange(this.db, async (tx) => {
      if (await tx.get('SELECT 1 AS one FROM organization_memberships WHERE organization = ? AND user_id = ?', [membership.organization, membership.userId]))
        return false;
      await ensureMembership(tx, membership);
      return true;
    });
  }

  /**
   * Adds users to a team of the organization; a user without a membership gets an active one (an
   * invited user stays invited). False when the team is gone.
   */
  addToTeam(teamId: string, organization: string, userIds: string[], at: string): Promise<boolean> {
    return accessChange(this.db, async (tx) => {
      if (!(await tx.get('SELECT 1 AS one FROM teams WHERE id = ? AND organization = ?', [teamId, organization]))) return false;
      await addTeamMembers(tx, teamId, userIds);
      for (const userId of userIds) {
        await tx.run(`INSERT INTO organization_memberships (${COLUMNS}) VALUES (?, ?, ?, ?, 'active', ?) ON CONFLICT (organization, user_id) DO NOTHING`, [
          newId('ou-'),
          organization,
          userId,
          null,
          at,
        ]);
      }
      return true;
    });
  }

  /** Removes the membership and the user from every team of the organization. */
  delete(id: string): Promise<boolean> {
    return accessChange(this.db, async (tx) => {
      const row = await tx.get<Row>(`SELECT ${COLUMNS} FROM organization_memberships WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!row) return false;
      await tx.run('DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE organization = ?)', [row.user_id, row.organization]);
      await tx.run('DELETE FROM organization_memberships WHERE id = ?', [id]);
      return true;
    });
  }
}
