// Organizations (docs/service.md "Organizations"): list, show, create, update (and rename), delete,
// and the entitlement set. They live in the directory beside the bootstrap file's; creating and
// deleting one needs a site administrator, and a delete takes everything the organization holds
// in the transaction that removes it from the directory.
import { ERRORS, type OrganizationUpdateAttributes, type RequestBodyOf } from '../../contract';
import type { Caller } from '../access';
import { newOrganizationProfile, type Directory, type DirectoryOrganization, type OrganizationProfile } from '../bootstrap';
import { ServiceError, forbidden, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId } from '../ids';
import { canSeeOrganization, entitlementSetResource, organizationPermissions, organizationProfile, organizationResource } from './serialize';
import { paginationEnvelope, parsePage } from '../http/list-parameters';
import { requestedDefaultAgentPool, updatedSettings } from './settings';

const missing = (name: string) => notFound(`organization "${name}" was not found, or you are not authorized to access it`);

/** The organization, when the caller may see it (404 otherwise, as for one that does not exist). */
function visibleOrganization(ctx: RouteContext, name: string): DirectoryOrganization {
  const organization = ctx.service.index.organization(name);
  if (!organization || !canSeeOrganization(ctx.service.index, ctx.caller, organization)) throw missing(name);
  return organization;
}

function resourceFor(ctx: RouteContext, organization: DirectoryOrganization): Record<string, unknown> {
  return organizationResource(organization, organizationPermissions(ctx.service.index, ctx.caller, organization));
}

const nameTaken = () => new ServiceError(ERRORS.organizationNameTaken, undefined, { source: { pointer: '/data/attributes/name' } });

async function list(ctx: RouteContext): Promise<Reply> {
  const page = parsePage(ctx.query);
  const { index } = ctx.service;
  const visible = ctx.service.directory.organizations
    .filter((organization) => canSeeOrganization(index, ctx.caller, organization))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const data = visible.slice(page.offset, page.offset + page.size).map((organization) => resourceFor(ctx, organization));
  return { status: 200, body: { data, ...paginationEnvelope(ctx.url, page, visible.length) } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: { data: resourceFor(ctx, visibleOrganization(ctx, ctx.params.organization_name)) } };
}

async function entitlementSet(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: { data: entitlementSetResource(visibleOrganization(ctx, ctx.params.organization_name)) } };
}

function requireSiteAdmin(ctx: RouteContext): void {
  if (!ctx.service.index.isSiteAdmin(ctx.caller)) throw new ServiceError(ERRORS.siteAdminRequired);
}

/** The profile with the update's attributes applied (absent ones keep their value). */
function updatedProfile(profile: OrganizationProfile, attributes: OrganizationUpdateAttributes): OrganizationProfile {
  return {
    ...profile,
    email: attributes.email ?? profile.email,
    sessionTimeout: attributes['session-timeout'] !== undefined ? attributes['session-timeout'] : profile.sessionTimeout,
    sessionRemember: attributes['session-remember'] !== undefined ? attributes['session-remember'] : profile.sessionRemember,
    collaboratorAuthPolicy: attributes['collaborator-auth-policy'] ?? profile.collaboratorAuthPolicy,
    costEstimationEnabled: attributes['cost-estimation-enabled'] ?? profile.costEstimationEnabled,
    ownersTeamSamlRoleId: attributes['owners-team-saml-role-id'] !== undefined ? attributes['owners-team-saml-role-id'] : profile.ownersTeamSamlRoleId,
  };
}

/** A new organization as the hosted service sets one up: a default project, and its creator in the owners team. */
function newOrganization(name: string, attributes: OrganizationUpdateAttributes, caller: Caller): DirectoryOrganization {
  return {
    name,
    profile: updatedProfile(newOrganizationProfile(attributes.email ?? null), attributes),
    tier: 'free',
    tokenHash: null,
    settings: {},
    projects: [{ id: newId('prj-'), name: 'Default Project', isDefault: true, tagBindings: {} }],
    agentPools: [],
    sshKeys: [],
    oauthTokens: [],
    teams: [
      {
        id: newId('team-'),
        name: 'owners',
        owners: true,
        members: caller.kind === 'user' ? [caller.userId] : [],
        manageWorkspaces: false,
        manageProjects: false,
        workspaceAccess: [],
        projectAccess: [],
        notificationUrls: [],
      },
    ],
  };
}

const named = (directory: Directory, name: string) => directory.organizations.find((o) => o.name === name);

async function create(ctx: RouteContext<RequestBodyOf<'createOrganization'>>): Promise<Reply> {
  requireSiteAdmin(ctx);
  const body = await ctx.body();
  const attributes = body.data.attributes;
  const created = await ctx.service.changeDirectory((directory) => {
    if (named(directory, attributes.name)) throw nameTaken();
    const organization = newOrganization(attributes.name, attributes, ctx.caller);
    // A new organization has no agent pools yet: a default agent pool cannot be named here.
    organization.settings = updatedSettings(organization, attributes, requestedDefaultAgentPool(body));
    directory.organizations.push(organization);
    return { result: organization, rows: { kind: 'seed-organization', organization } };
  });
  return { status: 201, body: { data: resourceFor(ctx, created) } };
}

async function update(ctx: RouteContext<RequestBodyOf<'updateOrganization'>>): Promise<Reply> {
  const current = visibleOrganization(ctx, ctx.params.organization_name);
  if (!organizationPermissions(ctx.service.index, ctx.caller, current)['can-update']) {
    throw forbidden(`changing organization "${current.name}" needs an owner or a site administrator`);
  }
  const body = await ctx.body();
  const attributes = body.data.attributes ?? {};
  const from = current.name;
  const to = attributes.name ?? from;
  const updated = await ctx.service.changeDirectory((directory) => {
    const organization = named(directory, from);
    if (!organization) throw missing(from);
    if (to !== from && named(directory, to)) throw nameTaken();
    organization.name = to;
    organization.profile = updatedProfile(organizationProfile(organization), attributes);
    organization.settings = updatedSettings(organization, attributes, requestedDefaultAgentPool(body));
    return { result: organization, rows: to !== from ? { kind: 'rename-organization', from, to } : undefined };
  });
  return { status: 200, body: { data: resourceFor(ctx, updated) } };
}

async function remove(ctx: RouteContext): Promise<Reply> {
  const organization = visibleOrganization(ctx, ctx.params.organization_name);
  requireSiteAdmin(ctx);
  await ctx.service.changeDirectory((directory) => {
    const at = directory.organizations.findIndex((o) => o.name === organization.name);
    if (at < 0) throw missing(organization.name);
    directory.organizations.splice(at, 1);
    return { result: undefined, rows: { kind: 'delete-organization', organization: organization.name } };
  });
  return { status: 204 };
}

export const ORGANIZATION_HANDLERS = {
  listOrganizations: list,
  createOrganization: create,
  showOrganization: show,
  updateOrganization: update,
  deleteOrganization: remove,
  showEntitlementSet: entitlementSet,
} satisfies Partial<EndpointHandlers>;
