// Teams and their members (issue 34): GET/POST /organizations/:name/teams, GET/PATCH/DELETE
// /teams/:id, POST/DELETE /teams/:id/relationships/{users,organization-memberships}.
import { ENDPOINTS, type OrganizationAccess, type OrganizationAccessFlag } from '../contract';
import { endpointRequest } from './endpoint-request';
import type { Transport } from './transport';

export interface Team {
  id: string;
  name: string;
  organizationAccess: Partial<OrganizationAccess>;
  visibility: string;
  usersCount: number;
  ssoTeamId: string | null;
  /** The members' user IDs. */
  userIds: string[];
}

export interface TeamOptions {
  name?: string;
  organizationAccess?: Partial<Record<OrganizationAccessFlag, boolean>>;
  visibility?: 'secret' | 'organization';
  ssoTeamId?: string | null;
}

export interface TeamListOptions {
  names?: string[];
  query?: string;
  pageNumber?: number;
  pageSize?: number;
}

type TeamResource = (typeof ENDPOINTS)['showTeam']['answer']['_zod']['output']['data'];

function toTeam(resource: TeamResource): Team {
  const users = resource.relationships?.users?.data;
  return {
    id: resource.id,
    name: resource.attributes.name,
    organizationAccess: resource.attributes['organization-access'],
    visibility: resource.attributes.visibility,
    usersCount: resource.attributes['users-count'],
    ssoTeamId: resource.attributes['sso-team-id'],
    userIds: Array.isArray(users) ? users.map((u) => u.id) : [],
  };
}

function teamAttributes(options: TeamOptions): Record<string, unknown> {
  return {
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(options.organizationAccess !== undefined ? { 'organization-access': options.organizationAccess } : {}),
    ...(options.visibility !== undefined ? { visibility: options.visibility } : {}),
    ...(options.ssoTeamId !== undefined ? { 'sso-team-id': options.ssoTeamId } : {}),
  };
}

export class TeamsApi {
  constructor(private readonly transport: Transport) {}

  async list(organization: string, options: TeamListOptions = {}): Promise<Team[]> {
    const query = {
      'filter[names]': options.names?.join(','),
      q: options.query,
      'page[number]': options.pageNumber,
      'page[size]': options.pageSize,
    };
    const doc = await this.transport.call(
      endpointRequest('listTeams', { organization_name: organization }, { query, idempotent: true }),
      ENDPOINTS.listTeams.answer,
    );
    return doc.data.map(toTeam);
  }

  async create(organization: string, options: TeamOptions & { name: string }): Promise<Team> {
    const body = { data: { type: 'teams', attributes: teamAttributes(options) } };
    const doc = await this.transport.call(
      endpointRequest('createTeam', { organization_name: organization }, { body, idempotent: false }),
      ENDPOINTS.createTeam.answer,
    );
    return toTeam(doc.data);
  }

  async get(teamId: string): Promise<Team> {
    return toTeam((await this.transport.call(endpointRequest('showTeam', { team_id: teamId }, { idempotent: true }), ENDPOINTS.showTeam.answer)).data);
  }

  async update(teamId: string, options: TeamOptions): Promise<Team> {
    const body = { data: { type: 'teams', attributes: teamAttributes(options) } };
    return toTeam(
      (await this.transport.call(endpointRequest('updateTeam', { team_id: teamId }, { body, idempotent: true }), ENDPOINTS.updateTeam.answer)).data,
    );
  }

  async delete(teamId: string): Promise<void> {
    await this.transport.request(endpointRequest('deleteTeam', { team_id: teamId }, { idempotent: true }));
  }

  /** Adds users by username; adding a member again changes nothing. */
  async addUsers(teamId: string, usernames: string[]): Promise<void> {
    const body = { data: usernames.map((id) => ({ type: 'users', id })) };
    await this.transport.request(endpointRequest('addTeamUsers', { team_id: teamId }, { body, idempotent: true }));
  }

  async removeUsers(teamId: string, usernames: string[]): Promise<void> {
    const body = { data: usernames.map((id) => ({ type: 'users', id })) };
    await this.transport.request(endpointRequest('removeTeamUsers', { team_id: teamId }, { body, idempotent: true }));
  }

  /** Adds members by organization membership ID. */
  async addMemberships(teamId: string, membershipIds: string[]): Promise<void> {
    const body = { data: membershipIds.map((id) => ({ type: 'organization-memberships', id })) };
    await this.transport.request(endpointRequest('addTeamMemberships', { team_id: teamId }, { body, idempotent: true }));
  }

  async removeMemberships(teamId: string, membershipIds: string[]): Promise<void> {
    const body = { data: membershipIds.map((id) => ({ type: 'organization-memberships', id })) };
    await this.transport.request(endpointRequest('removeTeamMemberships', { team_id: teamId }, { body, idempotent: true }));
  }
}
