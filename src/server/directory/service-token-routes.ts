// Organization and team tokens at `…/authentication-token`, as the hosted service serves them (go-tfe's
// OrganizationTokens and TeamTokens): POST makes a new one and answers its value once, GET shows it
// without its value, DELETE revokes it; GET and DELETE answer 404 when there is none.
import { AUTHENTICATION_TOKEN_TYPE, ERRORS, TEAM_TYPE, type RequestBodyOf } from '../../contract';
import { principalOf } from '../access';
import { ServiceError, forbidden, invalid, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import {
  type ServiceTokenView,
  organizationToken,
  regenerateOrganizationToken,
  regenerateTeamToken,
  revokeOrganizationToken,
  revokeTeamToken,
  teamToken,
} from './service-tokens';
import { managedTeam } from './team-of';

function tokenResource(view: ServiceTokenView, owner: { id: string; type: string }, value: string | null = null): Record<string, unknown> {
  return {
    id: view.id,
    type: AUTHENTICATION_TOKEN_TYPE,
    attributes: { 'created-at': view.createdAt, 'last-used-at': null, description: null, token: value, 'expired-at': view.expiredAt },
    relationships: { [owner.type === TEAM_TYPE ? 'team' : 'organization']: { data: owner } },
  };
}

const absent = (what: string) => new ServiceError(ERRORS.authenticationTokenAbsent, `${what} has no token: make one with a POST to this path`);

/** The expiry a create asks for: none, or a time after now. */
async function expiryOf(ctx: RouteContext<RequestBodyOf<'createOrganizationToken'>>): Promise<string | null> {
  const given = (await ctx.body()).data?.attributes?.['expired-at'];
  if (!given) return null;
  const expiredAt = new Date(given).toISOString();
  if (Date.parse(expiredAt) <= Date.now()) {
    throw invalid(`expired-at ${expiredAt} is in the past; give a time after now, or none for a token that does not expire`, '/data/attributes/expired-at');
  }
  return expiredAt;
}

/** The organization, when the caller owns it (404 to outsiders, 403 to members who are not owners). */
function ownedOrganization(ctx: RouteContext) {
  const { organization, role } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  if (!role.owner) throw forbidden(`the token of organization "${organization.name}" is managed by its owners`);
  return organization;
}

async function createOrganizationToken(ctx: RouteContext<RequestBodyOf<'createOrganizationToken'>>): Promise<Reply> {
  const organization = ownedOrganization(ctx);
  const made = await regenerateOrganizationToken(ctx.service, organization.name, principalOf(ctx.caller), await expiryOf(ctx));
  if (!made) throw notFound(`organization "${organization.name}" was not found`);
  return { status: 201, body: { data: tokenResource(made.view, { id: organization.name, type: 'organizations' }, made.value) } };
}

async function showOrganizationToken(ctx: RouteContext): Promise<Reply> {
  const organization = ownedOrganization(ctx);
  const token = organizationToken(ctx.service.directory, organization);
  if (!token) throw absent(`organization "${organization.name}"`);
  return { status: 200, body: { data: tokenResource(token, { id: organization.name, type: 'organizations' }) } };
}

async function deleteOrganizationToken(ctx: RouteContext): Promise<Reply> {
  const organization = ownedOrganization(ctx);
  if (!(await revokeOrganizationToken(ctx.service, organization.name))) throw absent(`organization "${organization.name}"`);
  return { status: 204 };
}

async function createTeamToken(ctx: RouteContext<RequestBodyOf<'createTeamToken'>>): Promise<Reply> {
  const { team } = managedTeam(ctx.service, ctx.caller, ctx.params.team_id, 'the token');
  const made = await regenerateTeamToken(ctx.service, team.id, principalOf(ctx.caller), await expiryOf(ctx));
  return { status: 201, body: { data: tokenResource(made.view, { id: team.id, type: TEAM_TYPE }, made.value) } };
}

async function showTeamToken(ctx: RouteContext): Promise<Reply> {
  const { team } = managedTeam(ctx.service, ctx.caller, ctx.params.team_id, 'the token');
  const token = teamToken(ctx.service.directory, team.id);
  if (!token) throw absent(`team "${team.name}"`);
  return { status: 200, body: { data: tokenResource(token, { id: team.id, type: TEAM_TYPE }) } };
}

async function deleteTeamToken(ctx: RouteContext): Promise<Reply> {
  const { team } = managedTeam(ctx.service, ctx.caller, ctx.params.team_id, 'the token');
  if (!(await revokeTeamToken(ctx.service, team.id))) throw absent(`team "${team.name}"`);
  return { status: 204 };
}

export const SERVICE_TOKEN_HANDLERS = {
  createOrganizationToken,
  showOrganizationToken,
  deleteOrganizationToken,
  createTeamToken,
  showTeamToken,
  deleteTeamToken,
} satisfies Partial<EndpointHandlers>;
