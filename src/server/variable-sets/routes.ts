// Variable sets (issue 35): an organization's sets, where they are applied, and their variables.
// Members of the organization read them; owners and teams that manage every workspace change them
// (a set reaches workspaces, so changing one is managing those workspaces). Applying and removing
// take any number of workspaces or projects in one request.
import { VARIABLE_SET_ID_PREFIX, VARIABLE_SET_INCLUDES, type RequestBodyOf } from '../../contract';
import type { OrganizationRole } from '../access';
import type { DirectoryOrganization } from '../bootstrap';
import { badRequest, forbidden, nameTaken, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { commaSeparated, paginationEnvelope, parsePage } from '../http/list-parameters';
import { newId, now } from '../ids';
import { changesFrom, checkUpdate, newVariableFrom, written } from '../variables/requests';
import { variableResource } from '../variables/serialize';
import { variableSetResource } from './serialize';
import type { SetScope, VariableSetRecord } from './store';

const setNotFound = (id: string) => notFound(`variable set "${id}" was not found, or you are not authorized to access it`);
const variableNotFound = (id: string) => notFound(`variable "${id}" was not found in this variable set`);

interface ResolvedSet {
  record: VariableSetRecord;
  organization: DirectoryOrganization;
  role: OrganizationRole;
}

function canManage(role: OrganizationRole): boolean {
  return role.owner || role.manageWorkspaces;
}

function mustManage(role: OrganizationRole, organization: string): void {
  if (!canManage(role)) throw forbidden(`changing the variable sets of organization "${organization}" needs an owner or a team that manages workspaces`);
}

/** The set, when the caller is a member of its organization (404 for "missing" and "not yours" alike). */
async function resolveSet(ctx: RouteContext, id: string, manage = false): Promise<ResolvedSet> {
  const record = await ctx.service.store.variableSets.get(id);
  if (!record) throw setNotFound(id);
  let resolved: { organization: DirectoryOrganization; role: OrganizationRole };
  try {
    resolved = ctx.service.organizationFor(ctx.caller, record.organization);
  } catch {
    throw setNotFound(id);
  }
  if (manage) mustManage(resolved.role, record.organization);
  return { record, ...resolved };
}

/** The set's projects the directory still has. */
function liveProjects(record: VariableSetRecord, organization: DirectoryOrganization): string[] {
  const known = new Set(organization.projects.map((p) => p.id));
  return record.projectIds.filter((id) => known.has(id));
}

function includes(ctx: RouteContext): Set<string> {
  const values = commaSeparated(ctx.query, 'include');
  for (const value of values) {
    if (!(VARIABLE_SET_INCLUDES as readonly string[]).includes(value)) {
      throw badRequest(`include "${value.slice(0, 60)}" is not supported; use one of ${VARIABLE_SET_INCLUDES.join(', ')}`, 'include');
    }
  }
  return new Set(values);
}

/** The records `include` asks for, of these sets: workspaces and projects by name, variables (sensitive values null). */
async function included(
  ctx: RouteContext,
  sets: readonly VariableSetRecord[],
  organization: DirectoryOrganization,
): Promise<Record<string, unknown>[] | undefined> {
  const wanted = includes(ctx);
  if (wanted.size === 0) return undefined;
  const out: Record<string, unknown>[] = [];
  if (wanted.has('workspaces')) {
    const ids = [...new Set(sets.flatMap((s) => s.workspaceIds))];
    for (const ws of await ctx.service.store.workspaces.getMany(ids)) out.push({ id: ws.id, type: 'workspaces', attributes: { name: ws.name } });
  }
  if (wanted.has('projects')) {
    const ids = new Set(sets.flatMap((s) => s.projectIds));
    for (const p of organization.projects.filter((p) => ids.has(p.id))) out.push({ id: p.id, type: 'projects', attributes: { name: p.name } });
  }
  if (wanted.has('vars')) {
    for (const v of await ctx.service.store.variableSets.variables.ofOwners(sets.map((s) => s.id))) out.push(variableResource(v, 'varset'));
  }
  return out;
}

async function setReply(ctx: RouteContext, resolved: { record: VariableSetRecord; organization: DirectoryOrganization }, status = 200): Promise<Reply> {
  const body: Record<string, unknown> = { data: variableSetResource(resolved.record, liveProjects(resolved.record, resolved.organization)) };
  const extra = await included(ctx, [resolved.record], resolved.organization);
  if (extra) body.included = extra;
  return { status, body };
}

async function listReply(ctx: RouteContext, scope: SetScope, organization: DirectoryOrganization): Promise<Reply> {
  const page = parsePage(ctx.query);
  const query = ctx.query.get('q') ?? undefined;
  const { records, total } = await ctx.service.store.variableSets.list(scope, { offset: page.offset, limit: page.size, query });
  const body: Record<string, unknown> = {
    data: records.map((r) => variableSetResource(r, liveProjects(r, organization))),
    ...paginationEnvelope(ctx.url, page, total),
  };
  const extra = await included(ctx, records, organization);
  if (extra) body.included = extra;
  return { status: 200, body };
}

/** The workspace and project IDs a request names, checked against the organization (404 naming the first unknown). */
async function checkTargets(
  ctx: RouteContext,
  organization: DirectoryOrganization,
  workspaceIds: readonly string[],
  projectIds: readonly string[],
): Promise<void> {
  const found = await ctx.service.store.variableSets.workspacesIn(organization.name, workspaceIds);
  const missingWorkspace = workspaceIds.find((id) => !found.has(id));
  if (missingWorkspace !== undefined) throw notFound(`workspace "${missingWorkspace}" was not found in organization "${organization.name}"`);
  const known = new Set(organization.projects.map((p) => p.id));
  const missingProject = projectIds.find((id) => !known.has(id));
  if (missingProject !== undefined) throw notFound(`project "${missingProject}" was not found in organization "${organization.name}"`);
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { organization } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  return listReply(ctx, { organization: organization.name }, organization);
}

async function listForWorkspace(ctx: RouteContext): Promise<Reply> {
  const { workspace, organization } = await ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
  return listReply(ctx, { organization: organization.name, workspaceId: workspace.id, projectId: workspace.projectId }, organization);
}

async function listForProject(ctx: RouteContext): Promise<Reply> {
  const id = ctx.params.project_id;
  const owner = ctx.service.directory.organizations.find((o) => o.projects.some((p) => p.id === id));
  const missing = () => notFound(`project "${id}" was not found, or you are not authorized to access it`);
  if (!owner) throw missing();
  let organization: DirectoryOrganization;
  try {
    organization = ctx.service.organizationFor(ctx.caller, owner.name).organization;
  } catch {
    throw missing();
  }
  return listReply(ctx, { organization: organization.name, projectId: id }, organization);
}

const idsOf = (entries: ReadonlyArray<{ id: string }> | undefined) => (entries ? [...new Set(entries.map((e) => e.id))] : undefined);

async function create(ctx: RouteContext<RequestBodyOf<'createVariableSet'>>): Promise<Reply> {
  const { organization, role } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  mustManage(role, organization.name);
  const body = await ctx.body();
  const a = body.data.attributes as { name: string; description?: string | null; global?: boolean; priority?: boolean };
  const workspaceIds = idsOf(body.data.relationships?.workspaces?.data) ?? [];
  const projectIds = idsOf(body.data.relationships?.projects?.data) ?? [];
  await checkTargets(ctx, organization, workspaceIds, projectIds);
  const result = await ctx.service.store.variableSets.create({
    id: newId(VARIABLE_SET_ID_PREFIX),
    organization: organization.name,
    name: a.name,
    description: a.description ?? null,
    global: a.global ?? false,
    priority: a.priority ?? false,
    workspaceIds,
    projectIds,
    at: now(),
  });
  if (result.kind === 'name-taken') throw nameTaken();
  return setReply(ctx, { record: result.record, organization }, 201);
}

async function show(ctx: RouteContext): Promise<Reply> {
  return setReply(ctx, await resolveSet(ctx, ctx.params.variable_set_id));
}

async function update(ctx: RouteContext<RequestBodyOf<'updateVariableSet'>>): Promise<Reply> {
  const { record, organization } = await resolveSet(ctx, ctx.params.variable_set_id, true);
  const body = await ctx.body();
  const a = (body.data.attributes ?? {}) as { name?: string; description?: string | null; global?: boolean; priority?: boolean };
  const workspaceIds = idsOf(body.data.relationships?.workspaces?.data);
  if (workspaceIds) await checkTargets(ctx, organization, workspaceIds, []);
  const result = await ctx.service.store.variableSets.update(
    record.id,
    { name: a.name, description: a.description, global: a.global, priority: a.priority, workspaceIds },
    now(),
  );
  if (result.kind === 'name-taken') throw nameTaken();
  if (result.kind === 'not-found') throw setNotFound(record.id);
  return setReply(ctx, { record: result.record, organization });
}

async function remove(ctx: RouteContext): Promise<Reply> {
  const { record } = await resolveSet(ctx, ctx.params.variable_set_id, true);
  if (!(await ctx.service.store.variableSets.delete(record.id))) throw setNotFound(record.id);
  return { status: 204 };
}

type TargetBody = { data: Array<{ id: string }> };

function relate(kind: 'workspaces' | 'projects', action: 'apply' | 'remove') {
  return async (ctx: RouteContext<TargetBody>): Promise<Reply> => {
    const { record, organization } = await resolveSet(ctx, ctx.params.variable_set_id, true);
    const ids = idsOf((await ctx.body()).data)!;
    const targets = kind === 'workspaces' ? { workspaceIds: ids } : { projectIds: ids };
    if (action === 'apply') await checkTargets(ctx, organization, targets.workspaceIds ?? [], targets.projectIds ?? []);
    const store = ctx.service.store.variableSets;
    const done = action === 'apply' ? await store.apply(record.id, targets, now()) : await store.remove(record.id, targets, now());
    if (!done) throw setNotFound(record.id);
    return { status: 204 };
  };
}

async function listVariables(ctx: RouteContext): Promise<Reply> {
  const { record } = await resolveSet(ctx, ctx.params.variable_set_id);
  const page = parsePage(ctx.query);
  const { records, total } = await ctx.service.store.variableSets.variables.list(record.id, page.offset, page.size);
  return { status: 200, body: { data: records.map((r) => variableResource(r, 'varset')), ...paginationEnvelope(ctx.url, page, total) } };
}

async function createVariable(ctx: RouteContext<RequestBodyOf<'createVariableSetVariable'>>): Promise<Reply> {
  const { record } = await resolveSet(ctx, ctx.params.variable_set_id, true);
  const body = await ctx.body();
  const result = await ctx.service.store.variableSets.variables.create(newVariableFrom(body.data.attributes, record.id, now()));
  return {
    status: 201,
    body: {
      data: variableResource(
        written(result, () => setNotFound(record.id)),
        'varset',
      ),
    },
  };
}

async function variableOfSet(ctx: RouteContext, manage: boolean) {
  const { record } = await resolveSet(ctx, ctx.params.variable_set_id, manage);
  const variable = await ctx.service.store.variableSets.variables.get(ctx.params.variable_id);
  if (!variable || variable.ownerId !== record.id) throw variableNotFound(ctx.params.variable_id);
  return variable;
}

async function showVariable(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: { data: variableResource(await variableOfSet(ctx, false), 'varset') } };
}

async function updateVariable(ctx: RouteContext<RequestBodyOf<'updateVariableSetVariable'>>): Promise<Reply> {
  const variable = await variableOfSet(ctx, true);
  const body = await ctx.body();
  const changes = changesFrom(body.data.attributes);
  const result = await ctx.service.store.variableSets.variables.update(variable.ownerId, variable.id, changes, now(), checkUpdate);
  return {
    status: 200,
    body: {
      data: variableResource(
        written(result, () => variableNotFound(variable.id)),
        'varset',
      ),
    },
  };
}

async function deleteVariable(ctx: RouteContext): Promise<Reply> {
  const variable = await variableOfSet(ctx, true);
  if (!(await ctx.service.store.variableSets.variables.delete(variable.ownerId, variable.id))) throw variableNotFound(variable.id);
  return { status: 204 };
}

export const VARIABLE_SET_HANDLERS = {
  listVariableSets: list,
  createVariableSet: create,
  listWorkspaceVariableSets: listForWorkspace,
  listProjectVariableSets: listForProject,
  showVariableSet: show,
  updateVariableSet: update,
  deleteVariableSet: remove,
  applyVariableSetToWorkspaces: relate('workspaces', 'apply'),
  removeVariableSetFromWorkspaces: relate('workspaces', 'remove'),
  applyVariableSetToProjects: relate('projects', 'apply'),
  removeVariableSetFromProjects: relate('projects', 'remove'),
  listVariableSetVariables: listVariables,
  createVariableSetVariable: createVariable,
  showVariableSetVariable: showVariable,
  updateVariableSetVariable: updateVariable,
  deleteVariableSetVariable: deleteVariable,
} satisfies Partial<EndpointHandlers>;
