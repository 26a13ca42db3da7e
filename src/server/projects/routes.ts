// Projects through the API (issue 34). Members list and read them; owners and teams that manage
// projects create and delete them; admins of a project rename it. The default project cannot be
// deleted, nor a project holding workspaces (the hosted service refuses both).
import { ERRORS, PROJECT_TYPE, type RequestBodyOf, rootPathOf } from '../../contract';
import { canAdministerProject } from '../access';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError, forbidden, nameTaken, notFound } from '../errors';
import { commaSeparated, paginationEnvelope, parsePage } from '../http/list-parameters';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import type { ProjectRecord } from './store';

export function projectResource(project: ProjectRecord, organization: DirectoryOrganization): Record<string, unknown> {
  return {
    id: project.id,
    type: PROJECT_TYPE,
    attributes: {
      name: project.name,
      description: project.description,
      'is-default': project.isDefault,
      'is-unified': false,
      'default-execution-mode': organization.settings['default-execution-mode'] ?? 'remote',
      'auto-destroy-activity-duration': null,
    },
    relationships: { organization: { data: { id: project.organization, type: 'organizations' } } },
    links: { self: rootPathOf('showProject', { project_id: project.id }) },
  };
}

const missing = (id: string) => notFound(`project "${id}" was not found, or you are not authorized to access it`);

function requireManage(ctx: RouteContext, organization: DirectoryOrganization): void {
  const role = ctx.service.index.role(ctx.caller, organization);
  if (!role.owner && !role.manageProjects)
    throw forbidden(`managing the projects of organization "${organization.name}" needs an owner or a team that manages projects`);
}

/** The project and its organization, when the caller is a member of it (404 otherwise). */
export async function visibleProject(ctx: RouteContext, id: string): Promise<{ project: ProjectRecord; organization: DirectoryOrganization }> {
  const project = await ctx.service.store.projects.get(id);
  const organization = project ? ctx.service.index.organization(project.organization) : undefined;
  if (!project || !organization || !ctx.service.index.role(ctx.caller, organization).member) throw missing(id);
  return { project, organization };
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  const page = parsePage(ctx.query);
  const result = await ctx.service.store.projects.list({
    organization: organization.name,
    names: commaSeparated(ctx.query, 'filter[names]'),
    q: ctx.query.get('q') || undefined,
    offset: page.offset,
    limit: page.size,
  });
  return { status: 200, body: { data: result.items.map((p) => projectResource(p, organization)), ...paginationEnvelope(ctx.url, page, result.total) } };
}

async function create(ctx: RouteContext<RequestBodyOf<'createProject'>>): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  requireManage(ctx, organization);
  const { attributes } = (await ctx.body()).data;
  const project: ProjectRecord = {
    id: newId('prj-'),
    organization: organization.name,
    name: attributes.name,
    description: attributes.description ?? '',
    isDefault: false,
    tagBindings: {},
    createdAt: now(),
  };
  if (!(await ctx.service.store.projects.create(project))) throw nameTaken();
  await ctx.service.accessChanged();
  return { status: 201, body: { data: projectResource(project, organization) } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const { project, organization } = await visibleProject(ctx, ctx.params.project_id);
  return { status: 200, body: { data: projectResource(project, organization) } };
}

async function update(ctx: RouteContext<RequestBodyOf<'updateProject'>>): Promise<Reply> {
  const { project, organization } = await visibleProject(ctx, ctx.params.project_id);
  if (!canAdministerProject(ctx.service.index.role(ctx.caller, organization), organization, project.id)) {
    throw forbidden(`changing project "${project.name}" needs admin access to it`);
  }
  const { attributes } = (await ctx.body()).data;
  const updated = await ctx.service.store.projects.update(project.id, (current) => ({
    ...current,
    name: attributes.name ?? current.name,
    description: attributes.description ?? current.description,
  }));
  if (updated === null) throw missing(project.id);
  if (updated === 'taken') throw nameTaken();
  await ctx.service.accessChanged();
  return { status: 200, body: { data: projectResource(updated, organization) } };
}

async function remove(ctx: RouteContext): Promise<Reply> {
  const { project, organization } = await visibleProject(ctx, ctx.params.project_id);
  requireManage(ctx, organization);
  const outcome = await ctx.service.store.projects.delete(project.id);
  if (outcome === 'gone') throw missing(project.id);
  if (outcome === 'default') throw new ServiceError(ERRORS.conflict, 'the default project cannot be deleted');
  if (outcome === 'not-empty') throw new ServiceError(ERRORS.conflict, `project "${project.name}" still holds workspaces: move or delete them first`);
  await ctx.service.accessChanged();
  return { status: 204 };
}

export const PROJECT_HANDLERS = {
  listProjects: list,
  createProject: create,
  showProject: show,
  updateProject: update,
  deleteProject: remove,
} satisfies Partial<EndpointHandlers>;
