// Agent pools (docs/compatibility.md "Agent pools"): list, create, show, update, delete. They live
// in the directory beside the bootstrap file's pools, so the workspace rules (an `agent-pool`
// relationship must name a pool of the organization; docs/service.md) and the organization's
// default agent pool read the same list. The service runs no agents: `agent-count` is always 0.
import { AGENT_POOL_TYPE, ERRORS, rootPathOf, type AgentPoolUpdateBody, type RequestBodyOf } from '../../contract';
import type { DirectoryAgentPool, DirectoryOrganization } from '../bootstrap';
import { ServiceError, forbidden, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { paginationEnvelope, parsePage } from '../http/list-parameters';
import { newId, now } from '../ids';
import { canSeeOrganization, organizationPermissions } from '../organizations/serialize';

const poolMissing = (id: string) => notFound(`agent pool "${id}" was not found, or you are not authorized to access it`);
const organizationMissing = (name: string) => notFound(`organization "${name}" was not found, or you are not authorized to access it`);
const nameTaken = (name: string) =>
  new ServiceError(ERRORS.conflict, `the organization has an agent pool named "${name}" already`, { source: { pointer: '/data/attributes/name' } });

export function agentPoolResource(organization: DirectoryOrganization, pool: DirectoryAgentPool): Record<string, unknown> {
  const references = (type: string, ids: string[] | undefined) => ({ data: (ids ?? []).map((id) => ({ id, type })) });
  return {
    id: pool.id,
    type: AGENT_POOL_TYPE,
    attributes: {
      name: pool.name,
      'agent-count': 0,
      'organization-scoped': pool.organizationScoped ?? true,
      // Pools from a bootstrap file carry no date: the epoch says "before the API knew it".
      'created-at': pool.createdAt ?? new Date(0).toISOString(),
    },
    relationships: {
      organization: { data: { id: organization.name, type: 'organizations' } },
      'allowed-workspaces': references('workspaces', pool.allowedWorkspaces),
      'allowed-projects': references('projects', pool.allowedProjects),
      'excluded-workspaces': references('workspaces', pool.excludedWorkspaces),
    },
    links: { self: rootPathOf('showAgentPool', { agent_pool_id: encodeURIComponent(pool.id) }) },
  };
}

function visibleOrganization(ctx: RouteContext, name: string): DirectoryOrganization {
  const organization = ctx.service.index.organization(name);
  if (!organization || !canSeeOrganization(ctx.service.index, ctx.caller, organization)) throw organizationMissing(name);
  return organization;
}

function requireManager(ctx: RouteContext, organization: DirectoryOrganization): void {
  if (!organizationPermissions(ctx.service.index, ctx.caller, organization)['can-update']) {
    throw forbidden(`managing the agent pools of organization "${organization.name}" needs an owner or a site administrator`);
  }
}

/** The pool and its organization, when the caller may see the organization. */
function visiblePool(ctx: RouteContext): { organization: DirectoryOrganization; pool: DirectoryAgentPool } {
  const id = ctx.params.agent_pool_id;
  for (const organization of ctx.service.directory.organizations) {
    const pool = organization.agentPools.find((p) => p.id === id);
    if (pool) {
      if (!canSeeOrganization(ctx.service.index, ctx.caller, organization)) break;
      return { organization, pool };
    }
  }
  throw poolMissing(id);
}

/** The relationships of a create or update, as ID lists (absent ones undefined: kept). */
function requestedScope(body: AgentPoolUpdateBody): Pick<DirectoryAgentPool, 'allowedWorkspaces' | 'allowedProjects' | 'excludedWorkspaces'> {
  const relationships = body.data.relationships;
  const ids = (list: { data: Array<{ id: string }> } | undefined) => (list ? [...new Set(list.data.map((r) => r.id))] : undefined);
  return {
    allowedWorkspaces: ids(relationships?.['allowed-workspaces']),
    allowedProjects: ids(relationships?.['allowed-projects']),
    excludedWorkspaces: ids(relationships?.['excluded-workspaces']),
  };
}

function withScope(pool: DirectoryAgentPool, scope: ReturnType<typeof requestedScope>): DirectoryAgentPool {
  const next = { ...pool };
  for (const key of ['allowedWorkspaces', 'allowedProjects', 'excludedWorkspaces'] as const) if (scope[key] !== undefined) next[key] = scope[key];
  return next;
}

function stored(directoryOrganizations: DirectoryOrganization[], name: string): DirectoryOrganization {
  const organization = directoryOrganizations.find((o) => o.name === name);
  if (!organization) throw organizationMissing(name);
  return organization;
}

async function list(ctx: RouteContext): Promise<Reply> {
  const organization = visibleOrganization(ctx, ctx.params.organization_name);
  const page = parsePage(ctx.query);
  const query = (ctx.query.get('q') ?? '').toLowerCase();
  const pools = organization.agentPools
    .filter((pool) => pool.name.toLowerCase().includes(query))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const data = pools.slice(page.offset, page.offset + page.size).map((pool) => agentPoolResource(organization, pool));
  return { status: 200, body: { data, ...paginationEnvelope(ctx.url, page, pools.length) } };
}

async function create(ctx: RouteContext<RequestBodyOf<'createAgentPool'>>): Promise<Reply> {
  const current = visibleOrganization(ctx, ctx.params.organization_name);
  requireManager(ctx, current);
  const body = await ctx.body();
  const { name, 'organization-scoped': organizationScoped } = body.data.attributes;
  const result = await ctx.service.changeDirectory((directory) => {
    const organization = stored(directory.organizations, current.name);
    if (organization.agentPools.some((pool) => pool.name === name)) throw nameTaken(name);
    const pool = withScope({ id: newId('apool-'), name, organizationScoped: organizationScoped ?? true, createdAt: now() }, requestedScope(body));
    organization.agentPools.push(pool);
    return { result: { organization, pool } };
  });
  return { status: 201, body: { data: agentPoolResource(result.organization, result.pool) } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const { organization, pool } = visiblePool(ctx);
  return { status: 200, body: { data: agentPoolResource(organization, pool) } };
}

async function update(ctx: RouteContext<RequestBodyOf<'updateAgentPool'>>): Promise<Reply> {
  const { organization: current, pool: before } = visiblePool(ctx);
  requireManager(ctx, current);
  const body = await ctx.body();
  const attributes = body.data.attributes ?? {};
  const result = await ctx.service.changeDirectory((directory) => {
    const organization = stored(directory.organizations, current.name);
    const at = organization.agentPools.findIndex((pool) => pool.id === before.id);
    if (at < 0) throw poolMissing(before.id);
    const name = attributes.name ?? organization.agentPools[at].name;
    if (organization.agentPools.some((pool, i) => i !== at && pool.name === name)) throw nameTaken(name);
    const pool = withScope({ ...organization.agentPools[at], name }, requestedScope(body));
    if (attributes['organization-scoped'] !== undefined) pool.organizationScoped = attributes['organization-scoped'];
    organization.agentPools[at] = pool;
    return { result: { organization, pool } };
  });
  return { status: 200, body: { data: agentPoolResource(result.organization, result.pool) } };
}

/** The organization's default pool cannot go: its agent-mode workspaces would name nothing. */
async function remove(ctx: RouteContext): Promise<Reply> {
  const { organization: current, pool } = visiblePool(ctx);
  requireManager(ctx, current);
  await ctx.service.changeDirectory((directory) => {
    const organization = stored(directory.organizations, current.name);
    if (organization.settings['default-agent-pool-id'] === pool.id) {
      throw new ServiceError(
        ERRORS.conflict,
        `agent pool "${pool.id}" is the default agent pool of organization "${organization.name}"; name another default first`,
      );
    }
    organization.agentPools = organization.agentPools.filter((p) => p.id !== pool.id);
    return { result: undefined };
  });
  return { status: 204 };
}

export const AGENT_POOL_HANDLERS = {
  listAgentPools: list,
  createAgentPool: create,
  showAgentPool: show,
  updateAgentPool: update,
  deleteAgentPool: remove,
} satisfies Partial<EndpointHandlers>;
