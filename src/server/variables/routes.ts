// A workspace's variables (issue 35): the current paths under the workspace, the effective
// variables (`all-vars`), and the older top-level `/vars` paths. Reading them takes the access level
// that grants `can-read-variable`, changing them the one that grants `can-update-variable` (the
// workspace's `permissions` say the same); a caller who cannot read the workspace gets 404.
import { PERMISSION_LEVELS, atLeast, type AccessLevel, type RequestBodyOf, type VariableWireAttributes } from '../../contract';
import { forbidden, notFound, badRequest } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { paginationEnvelope, parsePage } from '../http/list-parameters';
import { now } from '../ids';
import type { ResolvedWorkspace } from '../service';
import { effectiveVariables } from './effective';
import { changesFrom, checkUpdate, newVariableFrom, written } from './requests';
import type { VariableRecord } from './rows';
import { variableResource } from './serialize';

const READ_LEVEL: AccessLevel = PERMISSION_LEVELS['can-read-variable'];
const WRITE_LEVEL: AccessLevel = PERMISSION_LEVELS['can-update-variable'];

const variableNotFound = (id: string) => notFound(`variable "${id}" was not found, or you are not authorized to access it`);

/** The workspace, when the caller has `level` on it (403 when it may read the workspace but not its variables). */
function allowed(resolved: ResolvedWorkspace, level: AccessLevel, doing: string): ResolvedWorkspace {
  if (!atLeast(resolved.level, level)) throw forbidden(`${doing} of workspace "${resolved.workspace.name}" needs ${level} access to it`);
  return resolved;
}

async function workspace(ctx: RouteContext, id: string, level: AccessLevel, doing: string): Promise<ResolvedWorkspace> {
  return allowed(await ctx.service.workspaceById(ctx.caller, id), level, doing);
}

const one = (record: VariableRecord, status = 200): Reply => ({ status, body: { data: variableResource(record, 'workspace') } });

async function listPage(ctx: RouteContext, resolved: ResolvedWorkspace): Promise<Reply> {
  const page = parsePage(ctx.query);
  const { records, total } = await ctx.service.store.variables.list(resolved.workspace.id, page.offset, page.size);
  return { status: 200, body: { data: records.map((r) => variableResource(r, 'workspace')), ...paginationEnvelope(ctx.url, page, total) } };
}

async function list(ctx: RouteContext): Promise<Reply> {
  return listPage(ctx, await workspace(ctx, ctx.params.workspace_id, READ_LEVEL, 'reading the variables'));
}

async function listEffective(ctx: RouteContext): Promise<Reply> {
  const { workspace: ws } = await workspace(ctx, ctx.params.workspace_id, READ_LEVEL, 'reading the variables');
  const { variables, variableSets } = ctx.service.store;
  const own = await variables.ofOwners([ws.id]);
  const sets = await variableSets.reaching({ organization: ws.organization, workspaceId: ws.id, projectId: ws.projectId });
  const setVariables = await variableSets.variables.ofOwners(sets.map((s) => s.id));
  const data = effectiveVariables({ id: ws.id, projectId: ws.projectId }, own, sets, setVariables).map((v) => variableResource(v.record, v.owner));
  return { status: 200, body: { data } };
}

async function createIn(ctx: RouteContext, workspaceId: string, attributes: VariableWireAttributes): Promise<Reply> {
  const { workspace: ws } = await workspace(ctx, workspaceId, WRITE_LEVEL, 'changing the variables');
  const result = await ctx.service.store.variables.create(newVariableFrom(attributes, ws.id, now()));
  return one(
    written(result, () => notFound(`workspace "${workspaceId}" was not found`)),
    201,
  );
}

async function create(ctx: RouteContext<RequestBodyOf<'createVariable'>>): Promise<Reply> {
  const body = await ctx.body();
  return createIn(ctx, ctx.params.workspace_id, body.data.attributes);
}

/** The variable `id` of the workspace the caller has `level` on (404 for "missing" and "not yours" alike). */
async function variableOf(ctx: RouteContext, workspaceId: string | null, id: string, level: AccessLevel, doing: string): Promise<VariableRecord> {
  const record = await ctx.service.store.variables.get(id);
  if (!record || (workspaceId !== null && record.ownerId !== workspaceId)) throw variableNotFound(id);
  await workspace(ctx, record.ownerId, level, doing);
  return record;
}

async function show(ctx: RouteContext): Promise<Reply> {
  return one(await variableOf(ctx, ctx.params.workspace_id, ctx.params.variable_id, READ_LEVEL, 'reading the variables'));
}

async function updateIn(ctx: RouteContext, workspaceId: string | null, id: string, attributes: VariableWireAttributes | undefined): Promise<Reply> {
  const record = await variableOf(ctx, workspaceId, id, WRITE_LEVEL, 'changing the variables');
  const result = await ctx.service.store.variables.update(record.ownerId, id, changesFrom(attributes), now(), checkUpdate);
  return one(written(result, () => variableNotFound(id)));
}

async function update(ctx: RouteContext<RequestBodyOf<'updateVariable'>>): Promise<Reply> {
  const body = await ctx.body();
  return updateIn(ctx, ctx.params.workspace_id, ctx.params.variable_id, body.data.attributes);
}

async function removeIn(ctx: RouteContext, workspaceId: string | null, id: string): Promise<Reply> {
  const record = await variableOf(ctx, workspaceId, id, WRITE_LEVEL, 'changing the variables');
  if (!(await ctx.service.store.variables.delete(record.ownerId, id))) throw variableNotFound(id);
  return { status: 204 };
}

async function listByName(ctx: RouteContext): Promise<Reply> {
  const organization = ctx.query.get('filter[organization][name]');
  const name = ctx.query.get('filter[workspace][name]');
  if (!organization) throw badRequest('filter[organization][name] is required', 'filter[organization][name]');
  if (!name) throw badRequest('filter[workspace][name] is required', 'filter[workspace][name]');
  const resolved = await ctx.service.workspaceByName(ctx.caller, organization, name);
  return listPage(ctx, allowed(resolved, READ_LEVEL, 'reading the variables'));
}

async function createOfWorkspace(ctx: RouteContext<RequestBodyOf<'createVariableOfWorkspace'>>): Promise<Reply> {
  const body = await ctx.body();
  const relationships = body.data.relationships;
  const target = (relationships?.workspace ?? relationships?.configurable)!.data.id;
  return createIn(ctx, target, body.data.attributes);
}

async function updateById(ctx: RouteContext<RequestBodyOf<'updateVariableById'>>): Promise<Reply> {
  const body = await ctx.body();
  return updateIn(ctx, null, ctx.params.variable_id, body.data.attributes);
}

export const VARIABLE_HANDLERS = {
  listVariables: list,
  listEffectiveVariables: listEffective,
  createVariable: create,
  showVariable: show,
  updateVariable: update,
  deleteVariable: (ctx) => removeIn(ctx, ctx.params.workspace_id, ctx.params.variable_id),
  listVariablesByWorkspaceName: listByName,
  createVariableOfWorkspace: createOfWorkspace,
  updateVariableById: updateById,
  deleteVariableById: (ctx) => removeIn(ctx, null, ctx.params.variable_id),
} satisfies Partial<EndpointHandlers>;
