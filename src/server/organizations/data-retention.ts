// The organization's data retention policy (self-hosted edition): the default its workspaces
// without a policy of their own follow. go-tfe sets, reads and removes it through
// `/organizations/:name/relationships/data-retention-policy` and finds its type through the
// organization's `data-retention-policy` relationship. It is kept in the directory's settings,
// where the bootstrap file puts it.
import { DATA_RETENTION_DELETE_OLDER_TYPE, DATA_RETENTION_DONT_DELETE_TYPE, requestedRetentionDays, type RequestBodyOf } from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { document, organizationDefault } from '../data-retention/routes';
import { forbidden, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { organizationPermissions } from './serialize';

/** The policy's identity as the organization's relationship names it, or null. */
export function organizationRetentionPolicy(organization: DirectoryOrganization): { id: string; type: string } | null {
  const policy = organizationDefault(organization);
  if (!policy) return null;
  return { id: policy.id, type: policy.kind === 'delete-older' ? DATA_RETENTION_DELETE_OLDER_TYPE : DATA_RETENTION_DONT_DELETE_TYPE };
}

function organizationFor(ctx: RouteContext, write: boolean): DirectoryOrganization {
  const name = ctx.params.organization_name;
  const organization = ctx.service.index.organization(name);
  if (ctx.service.edition !== 'self-hosted') throw notFound('data retention policies exist only on the self-hosted edition of the service');
  const permissions = organization && organizationPermissions(ctx.service.index, ctx.caller, organization);
  if (!organization || !permissions!['can-traverse']) throw notFound(`organization "${name}" was not found, or you are not authorized to access it`);
  if (write && !permissions!['can-update'])
    throw forbidden(`changing the data retention policy of organization "${name}" needs an owner or a site administrator`);
  return organization;
}

async function show(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: document(organizationDefault(organizationFor(ctx, false))) };
}

/** 201 when the organization had no policy, 200 when one was replaced. */
async function set(ctx: RouteContext<RequestBodyOf<'setOrganizationDataRetentionPolicy'>>): Promise<Reply> {
  const current = organizationFor(ctx, true);
  const days = requestedRetentionDays(await ctx.body());
  const had = organizationDefault(current) !== null;
  const updated = await ctx.service.changeDirectory((directory) => {
    const organization = directory.organizations.find((o) => o.name === current.name);
    if (!organization) throw notFound(`organization "${current.name}" was not found, or you are not authorized to access it`);
    organization.settings = {
      ...organization.settings,
      'data-retention-policy': days === null ? { type: 'dont-delete' } : { 'delete-older-than-n-days': days },
    };
    return { result: organization };
  });
  return { status: had ? 200 : 201, body: document(organizationDefault(updated)) };
}

/** Idempotent: removing a policy that is not there is done already. */
async function remove(ctx: RouteContext): Promise<Reply> {
  const current = organizationFor(ctx, true);
  await ctx.service.changeDirectory((directory) => {
    const organization = directory.organizations.find((o) => o.name === current.name);
    if (organization) {
      const { 'data-retention-policy': _removed, ...rest } = organization.settings;
      organization.settings = rest;
    }
    return { result: undefined };
  });
  return { status: 204 };
}

export const ORGANIZATION_DATA_RETENTION_HANDLERS = {
  showOrganizationDataRetentionPolicy: show,
  setOrganizationDataRetentionPolicy: set,
  deleteOrganizationDataRetentionPolicy: remove,
} satisfies Partial<EndpointHandlers>;
