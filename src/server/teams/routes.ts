// Teams and their members through the API (issue 34; docs/service.md "Teams and access"). Members of
// an organization see its teams; owners (and the organization token) create, change and delete them
// and their members. The owners team keeps its organization access and cannot be deleted. Every
// change is in the records at once, and reaches every process through the access generation.
import { organizationAccessOf, type RequestBodyOf } from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError, badRequest, forbidden, invalid, nameTaken, notFound } from '../errors';
import { commaSeparated, paginationEnvelope, parsePage } from '../http/list-parameters';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import type { MembershipRecord } from '../organization-memberships/store';
import { ERRORS } from '../../contract';
import { membershipDocument, teamResource, userResource } from './serialize';
import type { TeamRecord } from './store';

const TEAM_INCLUDES = ['users', 'organization-memberships'];

function parseTeamInclude(ctx: RouteContext): Set<string> {
  const values = commaSeparated(ctx.query, 'include');
  for (const value of values) {
    if (!TEAM_INCLUDES.includes(value)) throw badRequest(`include "${value.slice(0, 60)}" is not supported; use ${TEAM_INCLUDES.join(', ')}`, 'include');
  }
  return new Set(values);
}

const teamMissing = (id: string) => notFound(`team "${id}" was not found, or you are not authorized to access it`);

function requireOwner(ctx: RouteContext, organization: DirectoryOrganization): void {
  if (!ctx.service.index.role(ctx.caller, organization).owner) throw forbidden(`managing the teams of organization "${organization.name}" needs an owner`);
}

/** The team and its organization, when the caller is a member of it (404 otherwise). */
async function visibleTeam(ctx: RouteContext): Promise<{ team: TeamRecord; organization: DirectoryOrganization }> {
  const team = await ctx.service.store.teams.get(ctx.params.team_id);
  const organization = team ? ctx.service.index.organization(team.organization) : undefined;
  if (!team || !organization || !ctx.service.index.role(ctx.caller, organization).member) throw teamMissing(ctx.params.team_id);
  return { team, organization };
}

async function documentOf(ctx: RouteContext, teams: TeamRecord[], organization: DirectoryOrganization, include: Set<string>) {
  const memberships = await ctx.service.store.organizationMemberships.forOrganization(organization.name);
  const canManage = ctx.service.index.role(ctx.caller, organization).owner;
  const data = teams.map((team) => teamResource(team, memberships, canManage));
  const included: Array<Record<string, unknown>> = [];
  const userIds = [...new Set(teams.flatMap((t) => t.members))];
  if (include.has('users')) for (const id of userIds) included.push(...[userResource(ctx.service, id, memberships)].filter((u) => u !== null));
  if (include.has('organization-memberships')) {
    included.push(...memberships.filter((m) => userIds.includes(m.userId)).map((m) => membershipDocument(ctx.service, m)));
  }
  return { data, ...(include.size > 0 ? { included } : {}) };
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  const include = parseTeamInclude(ctx);
  const page = parsePage(ctx.query);
  const result = await ctx.service.store.teams.list({
    organization: organization.name,
    names: commaSeparated(ctx.query, 'filter[names]'),
    q: ctx.query.get('q') || undefined,
    offset: page.offset,
    limit: page.size,
  });
  const document = await documentOf(ctx, result.items, organization, include);
  return { status: 200, body: { ...document, ...paginationEnvelope(ctx.url, page, result.total) } };
}

async function create(ctx: RouteContext<RequestBodyOf<'createTeam'>>): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  requireOwner(ctx, organization);
  const { attributes } = (await ctx.body()).data;
  const team: TeamRecord = {
    id: newId('team-'),
    organization: organization.name,
    name: attributes.name,
    owners: false,
    organizationAccess: organizationAccessOf(attributes['organization-access']),
    visibility: attributes.visibility ?? 'secret',
    ssoTeamId: attributes['sso-team-id'] ?? null,
    notificationUrls: [],
    createdAt: now(),
    members: [],
  };
  if (!(await ctx.service.store.teams.create(team))) throw nameTaken();
  await ctx.service.accessChanged();
  return { status: 201, body: await documentOne(ctx, team, organization) };
}

async function documentOne(ctx: RouteContext, team: TeamRecord, organization: DirectoryOrganization, include = new Set<string>()) {
  const { data, ...rest } = await documentOf(ctx, [team], organization, include);
  return { data: data[0], ...rest };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const include = parseTeamInclude(ctx);
  const { team, organization } = await visibleTeam(ctx);
  return { status: 200, body: await documentOne(ctx, team, organization, include) };
}

async function update(ctx: RouteContext<RequestBodyOf<'updateTeam'>>): Promise<Reply> {
  const { team, organization } = await visibleTeam(ctx);
  requireOwner(ctx, organization);
  const { attributes } = (await ctx.body()).data;
  const given = attributes['organization-access'];
  if (team.owners && given !== undefined) throw invalid('the organization access of the owners team cannot change', '/data/attributes/organization-access');
  const updated = await ctx.service.store.teams.update(team.id, (current) => ({
    ...current,
    name: attributes.name ?? current.name,
    organizationAccess: given ? organizationAccessOf({ ...current.organizationAccess, ...given }) : current.organizationAccess,
    visibility: attributes.visibility ?? current.visibility,
    ssoTeamId: attributes['sso-team-id'] !== undefined ? attributes['sso-team-id'] : current.ssoTeamId,
  }));
  if (updated === null) throw teamMissing(team.id);
  if (updated === 'taken') throw nameTaken();
  await ctx.service.accessChanged();
  return { status: 200, body: await documentOne(ctx, updated, organization) };
}

async function remove(ctx: RouteContext): Promise<Reply> {
  const { team, organization } = await visibleTeam(ctx);
  requireOwner(ctx, organization);
  if (team.owners) throw new ServiceError(ERRORS.conflict, 'the owners team cannot be deleted');
  if (!(await ctx.service.store.teams.delete(team.id))) throw teamMissing(team.id);
  await ctx.service.accessChanged();
  return { status: 204 };
}

/** The user IDs a members document names: users by username, or organization memberships by ID. */
async function memberIds(ctx: RouteContext<RequestBodyOf<'addTeamUsers'>>, organization: DirectoryOrganization, by: 'users' | 'organization-memberships') {
  const { data } = await ctx.body();
  const ids: string[] = [];
  const memberships: MembershipRecord[] = by === 'users' ? [] : await ctx.service.store.organizationMemberships.forOrganization(organization.name);
  for (const [i, entry] of data.entries()) {
    if (entry.type !== by) throw invalid(`data[${i}].type must be "${by}"`, `/data/${i}/type`);
    if (by === 'users') {
      const user = ctx.service.directory.users.find((u) => u.username === entry.id);
      if (!user) throw notFound(`user "${entry.id}" was not found`);
      ids.push(user.id);
    } else {
      const membership = memberships.find((m) => m.id === entry.id);
      if (!membership) throw notFound(`organization membership "${entry.id}" was not found in organization "${organization.name}"`);
      ids.push(membership.userId);
    }
  }
  return ids;
}

const changeMembers = (by: 'users' | 'organization-memberships', adding: boolean) =>
  async function (ctx: RouteContext<RequestBodyOf<'addTeamUsers'>>): Promise<Reply> {
    const { team, organization } = await visibleTeam(ctx);
    requireOwner(ctx, organization);
    const ids = await memberIds(ctx, organization, by);
    if (adding) {
      if (!(await ctx.service.store.organizationMemberships.addToTeam(team.id, organization.name, ids, now()))) throw teamMissing(team.id);
    } else {
      if (team.owners && ids.length >= team.members.length && team.members.every((m) => ids.includes(m))) {
        throw new ServiceError(ERRORS.conflict, 'the owners team must keep at least one member');
      }
      await ctx.service.store.teams.removeMembers(team.id, ids);
    }
    await ctx.service.accessChanged();
    return { status: 204 };
  };

export const TEAM_HANDLERS = {
  listTeams: list,
  createTeam: create,
  showTeam: show,
  updateTeam: update,
  deleteTeam: remove,
  addTeamUsers: changeMembers('users', true),
  removeTeamUsers: changeMembers('users', false),
  addTeamMemberships: changeMembers('organization-memberships', true),
  removeTeamMemberships: changeMembers('organization-memberships', false),
} satisfies Partial<EndpointHandlers>;
