// Organization memberships and users through the API (issue 34). Owners invite users by email and
// remove members (and with them their places in the organization's teams); members list and read
// the memberships. A user is shown to any caller who names its ID.
import type { RequestBodyOf } from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { badRequest, forbidden, invalid, notFound } from '../errors';
import { commaSeparated, paginationEnvelope, parsePage } from '../http/list-parameters';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import { membershipDocument, userResource } from '../teams/serialize';
import type { MembershipRecord } from './store';

function parseUserInclude(ctx: RouteContext): boolean {
  const values = commaSeparated(ctx.query, 'include');
  for (const value of values) if (value !== 'user') throw badRequest(`include "${value.slice(0, 60)}" is not supported; use user`, 'include');
  return values.length > 0;
}

const missing = (id: string) => notFound(`organization membership "${id}" was not found, or you are not authorized to access it`);

function requireOwner(ctx: RouteContext, organization: DirectoryOrganization): void {
  if (!ctx.service.index.role(ctx.caller, organization).owner) throw forbidden(`managing the members of organization "${organization.name}" needs an owner`);
}

async function visibleMembership(ctx: RouteContext): Promise<{ membership: MembershipRecord; organization: DirectoryOrganization }> {
  const id = ctx.params.organization_membership_id;
  const membership = await ctx.service.store.organizationMemberships.get(id);
  const organization = membership ? ctx.service.index.organization(membership.organization) : undefined;
  if (!membership || !organization || !ctx.service.index.role(ctx.caller, organization).member) throw missing(id);
  return { membership, organization };
}

async function documentOf(ctx: RouteContext, memberships: MembershipRecord[], includeUsers: boolean) {
  const data = memberships.map((m) => membershipDocument(ctx.service, m));
  if (!includeUsers) return { data };
  const included = memberships.flatMap((m) => [userResource(ctx.service, m.userId, memberships)].filter((u) => u !== null));
  return { data, included };
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  const includeUsers = parseUserInclude(ctx);
  const page = parsePage(ctx.query);
  const status = ctx.query.get('filter[status]');
  const result = await ctx.service.store.organizationMemberships.list({
    organization: organization.name,
    emails: commaSeparated(ctx.query, 'filter[email]'),
    status: status === 'active' || status === 'invited' ? status : undefined,
    q: ctx.query.get('q') || undefined,
    offset: page.offset,
    limit: page.size,
  });
  return { status: 200, body: { ...(await documentOf(ctx, result.items, includeUsers)), ...paginationEnvelope(ctx.url, page, result.total) } };
}

async function create(ctx: RouteContext<RequestBodyOf<'createOrganizationMembership'>>): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  requireOwner(ctx, organization);
  const { email } = (await ctx.body()).data.attributes;
  // A user the directory knows by this email is invited as that user; anyone else gets a user ID of their own.
  const known = ctx.service.directory.users.find((u) => u.email !== null && u.email.toLowerCase() === email.toLowerCase());
  const membership: MembershipRecord = {
    id: newId('ou-'),
    organization: organization.name,
    userId: known?.id ?? newId('user-'),
    email,
    status: 'invited',
    createdAt: now(),
  };
  if (!(await ctx.service.store.organizationMemberships.create(membership))) {
    throw invalid(`${email} is already a member of organization "${organization.name}"`, '/data/attributes/email');
  }
  await ctx.service.accessChanged();
  // The hosted service includes the user in the answer to an invitation.
  return { status: 201, body: await documentOne(ctx, membership, true) };
}

async function documentOne(ctx: RouteContext, membership: MembershipRecord, includeUser: boolean) {
  const { data, ...rest } = await documentOf(ctx, [membership], includeUser);
  return { data: data[0], ...rest };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const includeUser = parseUserInclude(ctx);
  const { membership } = await visibleMembership(ctx);
  return { status: 200, body: await documentOne(ctx, membership, includeUser) };
}

async function remove(ctx: RouteContext): Promise<Reply> {
  const { membership, organization } = await visibleMembership(ctx);
  requireOwner(ctx, organization);
  if (!(await ctx.service.store.organizationMemberships.delete(membership.id))) throw missing(membership.id);
  await ctx.service.accessChanged();
  return { status: 204 };
}

async function showUser(ctx: RouteContext): Promise<Reply> {
  const id = ctx.params.user_id;
  const user = userResource(ctx.service, id, await ctx.service.store.organizationMemberships.forUser(id));
  if (!user) throw notFound(`user "${id}" was not found`);
  return { status: 200, body: { data: user } };
}

export const ORGANIZATION_MEMBERSHIP_HANDLERS = {
  listOrganizationMemberships: list,
  createOrganizationMembership: create,
  showOrganizationMembership: show,
  deleteOrganizationMembership: remove,
  showUser,
} satisfies Partial<EndpointHandlers>;
