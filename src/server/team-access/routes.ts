// A team's access to a workspace through the API (team-workspaces; issue 34). Readers of the
// workspace list and read its grants; its admins add, change and remove them. A fixed level
// carries that level's permissions; only `custom` takes permissions of its own (the hosted rule),
// and a custom grant counts in every decision as the highest level it wholly holds
// (`levelOfPermissions`, src/contract/access-grants.ts).
import {
  TEAM_ACCESS_TYPE,
  WORKSPACE_LEVEL_PERMISSIONS,
  type RequestBodyOf,
  type WorkspacePermissionSet,
  atLeast,
  customPermissions,
  rootPathOf,
} from '../../contract';
import { ServiceError, badRequest, forbidden, invalid, notFound } from '../errors';
import { ERRORS } from '../../contract';
import { paginationEnvelope, parsePage } from '../http/list-parameters';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import type { TeamAccessRecord } from './store';

const PERMISSION_NAMES: Record<keyof WorkspacePermissionSet, string> = {
  runs: 'Runs',
  variables: 'Variables',
  'state-versions': 'State versions',
  'sentinel-mocks': 'Sentinel mocks',
  'workspace-locking': 'Workspace locking',
  'run-tasks': 'Run tasks',
};

/** The permissions a grant holds; a permission named beside a fixed level is refused as the hosted service does. */
export function grantPermissions(
  access: string,
  given: Partial<WorkspacePermissionSet>,
  current: WorkspacePermissionSet | null,
  levels: Record<string, WorkspacePermissionSet>,
): WorkspacePermissionSet {
  if (access === 'custom') return customPermissions({ ...(current ?? {}), ...given });
  for (const key of Object.keys(PERMISSION_NAMES) as Array<keyof WorkspacePermissionSet>) {
    if (given[key] !== undefined) {
      throw invalid(
        `${PERMISSION_NAMES[key]} is read-only when access level is '${access}'; use the 'custom' access level to set this attribute.`,
        `/data/attributes/${key}`,
      );
    }
  }
  return levels[access];
}

const pickPermissions = (attributes: Record<string, unknown>): Partial<WorkspacePermissionSet> =>
  Object.fromEntries(Object.keys(PERMISSION_NAMES).flatMap((k) => (attributes[k] !== undefined ? [[k, attributes[k]]] : [])));

function teamAccessResource(grant: TeamAccessRecord): Record<string, unknown> {
  return {
    id: grant.id,
    type: TEAM_ACCESS_TYPE,
    attributes: { access: grant.access, ...grant.permissions, 'policy-overrides': false },
    relationships: {
      team: { data: { id: grant.teamId, type: 'teams' } },
      workspace: { data: { id: grant.workspaceId ?? '', type: 'workspaces' } },
    },
    links: { self: rootPathOf('showTeamAccess', { team_access_id: grant.id }) },
  };
}

const missing = (id: string) => notFound(`team access "${id}" was not found, or you are not authorized to access it`);

/** The grant, when it names a workspace the caller can read (404 otherwise); `admin`: the caller must administer it. */
async function visibleGrant(ctx: RouteContext, admin: boolean): Promise<TeamAccessRecord> {
  const id = ctx.params.team_access_id;
  const grant = await ctx.service.store.teamAccess.get(id);
  if (!grant || grant.workspaceId === null) throw missing(id);
  const resolved = await ctx.service.workspaceById(ctx.caller, grant.workspaceId).catch(() => {
    throw missing(id);
  });
  if (admin && !atLeast(resolved.level, 'admin')) throw forbidden('changing who may use a workspace needs admin access to it');
  return grant;
}

async function list(ctx: RouteContext): Promise<Reply> {
  const workspaceId = ctx.query.get('filter[workspace][id]');
  if (!workspaceId) throw badRequest('filter[workspace][id] is required', 'filter[workspace][id]');
  await ctx.service.workspaceById(ctx.caller, workspaceId);
  const page = parsePage(ctx.query);
  const result = await ctx.service.store.teamAccess.listByWorkspace(workspaceId, page.offset, page.size);
  return { status: 200, body: { data: result.items.map(teamAccessResource), ...paginationEnvelope(ctx.url, page, result.total) } };
}

async function add(ctx: RouteContext<RequestBodyOf<'addTeamAccess'>>): Promise<Reply> {
  const { attributes, relationships } = (await ctx.body()).data;
  const { workspace, organization, level } = await ctx.service.workspaceById(ctx.caller, relationships.workspace.data.id);
  if (!atLeast(level, 'admin')) throw forbidden('changing who may use a workspace needs admin access to it');
  const team = organization.teams.find((t) => t.id === relationships.team.data.id);
  if (!team) throw notFound(`team "${relationships.team.data.id}" was not found in organization "${organization.name}"`);
  const grant: TeamAccessRecord = {
    id: newId('tws-'),
    organization: organization.name,
    teamId: team.id,
    workspaceId: workspace.id,
    workspaceName: null,
    access: attributes.access,
    permissions: grantPermissions(attributes.access, pickPermissions(attributes), null, WORKSPACE_LEVEL_PERMISSIONS),
    createdAt: now(),
  };
  const outcome = await ctx.service.store.teamAccess.add(grant);
  if (outcome === 'no-team') throw notFound(`team "${team.id}" was not found`);
  if (outcome === 'exists') throw new ServiceError(ERRORS.conflict, `team "${team.name}" already has access to this workspace: change that access instead`);
  await ctx.service.accessChanged();
  return { status: 201, body: { data: teamAccessResource(grant) } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: { data: teamAccessResource(await visibleGrant(ctx, false)) } };
}

async function update(ctx: RouteContext<RequestBodyOf<'updateTeamAccess'>>): Promise<Reply> {
  const grant = await visibleGrant(ctx, true);
  const { attributes } = (await ctx.body()).data;
  const access = attributes.access ?? grant.access;
  const permissions = grantPermissions(access, pickPermissions(attributes), grant.access === 'custom' ? grant.permissions : null, WORKSPACE_LEVEL_PERMISSIONS);
  const updated = await ctx.service.store.teamAccess.update(grant.id, (current) => ({ ...current, access, permissions }));
  if (!updated) throw missing(grant.id);
  await ctx.service.accessChanged();
  return { status: 200, body: { data: teamAccessResource(updated) } };
}

async function remove(ctx: RouteContext): Promise<Reply> {
  const grant = await visibleGrant(ctx, true);
  if (!(await ctx.service.store.teamAccess.delete(grant.id))) throw missing(grant.id);
  await ctx.service.accessChanged();
  return { status: 204 };
}

export const TEAM_ACCESS_HANDLERS = {
  listTeamAccess: list,
  addTeamAccess: add,
  showTeamAccess: show,
  updateTeamAccess: update,
  removeTeamAccess: remove,
} satisfies Partial<EndpointHandlers>;
