// A team's access to a project through the API (team-projects; issue 34). Members of the
// organization list and read the grants; admins of the project add, change and remove them. As for
// workspaces, only `custom` takes permissions of its own; maintain and admin count as admin on the
// project's workspaces and as admin of the project (seed rule 8: moving a workspace needs that on
// both projects); a custom grant counts as the highest workspace level it wholly holds.
import {
  ERRORS,
  TEAM_PROJECT_ACCESS_TYPE,
  WORKSPACE_LEVEL_PERMISSIONS,
  type ProjectGrant,
  type RequestBodyOf,
  type WorkspacePermissionSet,
  customPermissions,
  rootPathOf,
} from '../../contract';
import { canAdministerProject } from '../access';
import { ServiceError, badRequest, forbidden, invalid, notFound } from '../errors';
import { paginationEnvelope, parsePage } from '../http/list-parameters';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import { visibleProject } from '../projects/routes';
import type { ProjectPermissionSet, TeamProjectAccessRecord } from './store';

type WorkspaceSet = TeamProjectAccessRecord['workspacePermissions'];

const FIXED: Record<Exclude<ProjectGrant, 'custom'>, { project: ProjectPermissionSet; workspace: WorkspaceSet }> = {
  read: { project: { settings: 'read', teams: 'none' }, workspace: { ...WORKSPACE_LEVEL_PERMISSIONS.read, create: false, move: false, delete: false } },
  write: { project: { settings: 'read', teams: 'none' }, workspace: { ...WORKSPACE_LEVEL_PERMISSIONS.write, create: false, move: false, delete: false } },
  maintain: { project: { settings: 'read', teams: 'none' }, workspace: { ...WORKSPACE_LEVEL_PERMISSIONS.admin, create: true, move: false, delete: true } },
  admin: { project: { settings: 'delete', teams: 'manage' }, workspace: { ...WORKSPACE_LEVEL_PERMISSIONS.admin, create: true, move: true, delete: true } },
};

interface GivenAttributes {
  'project-access'?: { settings?: ProjectPermissionSet['settings']; teams?: ProjectPermissionSet['teams'] };
  'workspace-access'?: Partial<WorkspacePermissionSet> & { create?: boolean; move?: boolean; delete?: boolean; locking?: boolean };
}

function permissionsOf(
  access: ProjectGrant,
  given: GivenAttributes,
  current: TeamProjectAccessRecord | null,
): { project: ProjectPermissionSet; workspace: WorkspaceSet } {
  if (access !== 'custom') {
    if (given['project-access'] !== undefined || given['workspace-access'] !== undefined) {
      throw invalid(`permissions are read-only when access level is '${access}'; use the 'custom' access level to set them.`, '/data/attributes');
    }
    return FIXED[access];
  }
  const base = current?.access === 'custom' ? current : null;
  const ws = given['workspace-access'] ?? {};
  const project = { settings: 'read' as const, teams: 'none' as const, ...(base?.projectPermissions ?? {}), ...(given['project-access'] ?? {}) };
  const workspace: WorkspaceSet = {
    ...customPermissions({ ...(base?.workspacePermissions ?? {}), ...ws, ...(ws.locking !== undefined ? { 'workspace-locking': ws.locking } : {}) }),
    create: ws.create ?? base?.workspacePermissions.create ?? false,
    move: ws.move ?? base?.workspacePermissions.move ?? false,
    delete: ws.delete ?? base?.workspacePermissions.delete ?? false,
  };
  return { project, workspace };
}

function resource(grant: TeamProjectAccessRecord): Record<string, unknown> {
  const { 'workspace-locking': locking, ...workspace } = grant.workspacePermissions;
  return {
    id: grant.id,
    type: TEAM_PROJECT_ACCESS_TYPE,
    attributes: {
      access: grant.access,
      'project-access': { ...grant.projectPermissions, 'variable-sets': 'none' },
      'workspace-access': { ...workspace, locking, 'policy-overrides': false },
    },
    relationships: { team: { data: { id: grant.teamId, type: 'teams' } }, project: { data: { id: grant.projectId, type: 'projects' } } },
    links: { self: rootPathOf('showTeamProjectAccess', { team_project_access_id: grant.id }) },
  };
}

const missing = (id: string) => notFound(`team project access "${id}" was not found, or you are not authorized to access it`);

async function visibleGrant(ctx: RouteContext, admin: boolean): Promise<TeamProjectAccessRecord> {
  const id = ctx.params.team_project_access_id;
  const grant = await ctx.service.store.teamProjectAccess.get(id);
  if (!grant || grant.projectId === '*') throw missing(id);
  const { organization } = await visibleProject(ctx, grant.projectId).catch(() => {
    throw missing(id);
  });
  if (admin && !canAdministerProject(ctx.service.index.role(ctx.caller, organization), organization, grant.projectId)) {
    throw forbidden('changing who may use a project needs admin access to it');
  }
  return grant;
}

async function list(ctx: RouteContext): Promise<Reply> {
  const projectId = ctx.query.get('filter[project][id]');
  if (!projectId) throw badRequest('filter[project][id] is required', 'filter[project][id]');
  await visibleProject(ctx, projectId);
  const page = parsePage(ctx.query);
  const result = await ctx.service.store.teamProjectAccess.listByProject(projectId, page.offset, page.size);
  return { status: 200, body: { data: result.items.map(resource), ...paginationEnvelope(ctx.url, page, result.total) } };
}

async function add(ctx: RouteContext<RequestBodyOf<'addTeamProjectAccess'>>): Promise<Reply> {
  const { attributes, relationships } = (await ctx.body()).data;
  const { project, organization } = await visibleProject(ctx, relationships.project.data.id);
  if (!canAdministerProject(ctx.service.index.role(ctx.caller, organization), organization, project.id)) {
    throw forbidden('changing who may use a project needs admin access to it');
  }
  const team = organization.teams.find((t) => t.id === relationships.team.data.id);
  if (!team) throw notFound(`team "${relationships.team.data.id}" was not found in organization "${organization.name}"`);
  const permissions = permissionsOf(attributes.access, attributes, null);
  const grant: TeamProjectAccessRecord = {
    id: newId('tprj-'),
    organization: organization.name,
    teamId: team.id,
    projectId: project.id,
    access: attributes.access,
    projectPermissions: permissions.project,
    workspacePermissions: permissions.workspace,
    createdAt: now(),
  };
  const outcome = await ctx.service.store.teamProjectAccess.add(grant);
  if (outcome === 'no-team') throw notFound(`team "${team.id}" was not found`);
  if (outcome === 'exists') throw new ServiceError(ERRORS.conflict, `team "${team.name}" already has access to this project: change that access instead`);
  await ctx.service.accessChanged();
  return { status: 201, body: { data: resource(grant) } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: { data: resource(await visibleGrant(ctx, false)) } };
}

async function update(ctx: RouteContext<RequestBodyOf<'updateTeamProjectAccess'>>): Promise<Reply> {
  const grant = await visibleGrant(ctx, true);
  const { attributes } = (await ctx.body()).data;
  const access = attributes.access ?? grant.access;
  const permissions = permissionsOf(access, attributes, grant);
  const updated = await ctx.service.store.teamProjectAccess.update(grant.id, (current) => ({
    ...current,
    access,
    projectPermissions: permissions.project,
    workspacePermissions: permissions.workspace,
  }));
  if (!updated) throw missing(grant.id);
  await ctx.service.accessChanged();
  return { status: 200, body: { data: resource(updated) } };
}

async function remove(ctx: RouteContext): Promise<Reply> {
  const grant = await visibleGrant(ctx, true);
  if (!(await ctx.service.store.teamProjectAccess.delete(grant.id))) throw missing(grant.id);
  await ctx.service.accessChanged();
  return { status: 204 };
}

export const TEAM_PROJECT_ACCESS_HANDLERS = {
  listTeamProjectAccess: list,
  addTeamProjectAccess: add,
  showTeamProjectAccess: show,
  updateTeamProjectAccess: update,
  removeTeamProjectAccess: remove,
} satisfies Partial<EndpointHandlers>;
