// Workspace create, show, update and delete (spec "Create a workspace", "Update a workspace",
// "Show a workspace", "Safe delete", "Force delete").
import { ERRORS, TAG_BINDINGS_MAX_DIRECT, atLeast, type AccessLevel, type RequestBodyOf, type TagBindingInput } from '../../contract';
import { canAdministerProject, canCreateWorkspaces, canForceDelete, type OrganizationRole } from '../access';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError, forbidden, invalid, nameTaken, notFound } from '../errors';
import type { Awaitable, EndpointHandlers, Reply, RouteContext } from '../http/router';
import type { ResolvedWorkspace } from '../service';
import { newId, now } from '../ids';
import { NameTakenError, type WorkspaceRecord } from './records';
import type { TagBindingValue } from '../tags/binding-store';
import { includedFor, workspaceDocument, type SerializeContext } from './serialize';
import { applyWorkspaceAttributes } from './settings';
import { parseInclude } from '../http/list-parameters';

/** What a workspace document depends on besides the record: the caller's access and the service's dialect. */
export function serializeContextFor(
  ctx: RouteContext,
  organization: DirectoryOrganization,
  role: OrganizationRole,
  level: AccessLevel | null,
): SerializeContext {
  const { index, edition, dialect } = ctx.service;
  return { organization, index, caller: ctx.caller, edition, dialect, level, canForceDelete: canForceDelete(role, organization, level) };
}

/** The document answering a single-workspace request (decision 22); at once when the record counts its open change requests. */
export function singleWorkspaceReply(ctx: RouteContext, resolved: ResolvedWorkspace, workspace: WorkspaceRecord, status = 200): Awaitable<Reply> {
  const counted = workspace.unarchivedChangeRequests;
  if (counted === undefined) {
    return ctx.service.store.changeRequests
      .countUnarchived(workspace.id)
      .then((unarchivedChangeRequests) => renderedReply(ctx, resolved, workspace, unarchivedChangeRequests, status));
  }
  return renderedReply(ctx, resolved, workspace, counted, status);
}

function renderedReply(ctx: RouteContext, resolved: ResolvedWorkspace, workspace: WorkspaceRecord, unarchivedChangeRequests: number, status: number): Reply {
  const { organization, role, level } = resolved;
  const include = parseInclude(ctx.query);
  if (include.size > 0) {
    const context = { ...serializeContextFor(ctx, organization, role, level), unarchivedChangeRequests };
    return { status, body: { data: workspaceDocument(workspace, context), included: includedFor(workspace, include, context) } };
  }
  // The record's version and open change requests stand for everything else that shapes the bytes.
  const variant = `${level}|${canForceDelete(role, organization, level)}|${unarchivedChangeRequests}`;
  const { showCache, index } = ctx.service;
  let raw = showCache.keptDocument(workspace, variant, index);
  if (!raw) {
    const context = { ...serializeContextFor(ctx, organization, role, level), unarchivedChangeRequests };
    raw = Buffer.from(JSON.stringify({ data: workspaceDocument(workspace, context) }));
    showCache.keepDocument(workspace, variant, index, raw);
  }
  return { status, raw };
}

/** Tag bindings sent in `relationships.tag-bindings`: limits of the spec, last value per key wins. */
function tagBindingsFrom(input: TagBindingInput[] | undefined): TagBindingValue[] | undefined {
  if (input === undefined) return undefined;
  const byKey = new Map<string, string>();
  for (const binding of input) byKey.set(binding.attributes.key, binding.attributes.value ?? '');
  if (byKey.size > TAG_BINDINGS_MAX_DIRECT) {
    throw invalid(
      `a workspace can have at most ${TAG_BINDINGS_MAX_DIRECT} tag bindings of its own; ${byKey.size} were given`,
      '/data/relationships/tag-bindings/data',
    );
  }
  return [...byKey].map(([key, value]) => ({ key, value }));
}

async function create(ctx: RouteContext<RequestBodyOf<'createWorkspace'>>): Promise<Reply> {
  const { organization, role } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  const { attributes, relationships } = (await ctx.body()).data;
  const projectId = relationships?.project?.data?.id || organization.projects.find((p) => p.isDefault)!.id;
  if (!organization.projects.some((p) => p.id === projectId)) {
    throw invalid(`project "${projectId}" was not found in organization "${organization.name}"`, '/data/relationships/project/data/id');
  }
  if (!canCreateWorkspaces(role, organization, projectId)) {
    throw forbidden(`you are not allowed to create workspaces in project "${projectId}" of organization "${organization.name}"`);
  }
  const tagBindings = tagBindingsFrom(relationships?.['tag-bindings']?.data);
  const settings = applyWorkspaceAttributes(null, attributes, {
    organization,
    edition: ctx.service.edition,
    dialect: ctx.service.dialect,
    engineReleases: ctx.service.directory.engineReleases,
  });
  try {
    const workspace = await ctx.service.store.workspaces.insert({
      id: newId('ws-'),
      organization: organization.name,
      name: attributes.name,
      projectId,
      createdAt: now(),
      settings,
      tagBindings,
    });
    return singleWorkspaceReply(ctx, ctx.service.resolve(ctx.caller, workspace, workspace.id), workspace, 201);
  } catch (error) {
    if (error instanceof NameTakenError) throw nameTaken();
    throw error;
  }
}

/** At once, without a statement, when the show cache confirmed the record under the request's change token. */
function show(ctx: RouteContext): Awaitable<Reply> {
  const { service, caller, params, changeToken } = ctx;
  const kept = params.workspace_id === undefined ? undefined : service.keptWorkspaceById(caller, params.workspace_id, changeToken);
  if (kept) return singleWorkspaceReply(ctx, kept, kept.workspace);
  return service.workspaceFromParams(caller, params, changeToken).then((resolved) => singleWorkspaceReply(ctx, resolved, resolved.workspace));
}

async function update(ctx: RouteContext<RequestBodyOf<'updateWorkspace'>>): Promise<Reply> {
  const resolved = await ctx.service.workspaceFromParams(ctx.caller, ctx.params);
  const { workspace, organization, role, level } = resolved;
  if (!atLeast(level, 'admin')) throw forbidden(`changing the settings of workspace "${workspace.name}" needs admin access to it`);
  const { data } = await ctx.body();
  const attributes = data.attributes ?? {};
  const relationships = data.relationships;

  let projectId: string | undefined;
  const requestedProject = relationships?.project?.data?.id;
  if (requestedProject && requestedProject !== workspace.projectId) {
    if (!organization.projects.some((p) => p.id === requestedProject)) {
      throw invalid(`project "${requestedProject}" was not found in organization "${organization.name}"`, '/data/relationships/project/data/id');
    }
    if (!canAdministerProject(role, organization, workspace.projectId) || !canAdministerProject(role, organization, requestedProject)) {
      throw forbidden(`moving workspace "${workspace.name}" to project "${requestedProject}" needs admin access to both projects`);
    }
    projectId = requestedProject;
  }
  const replaceTagBindings = tagBindingsFrom(relationships?.['tag-bindings']?.data);
  const settings = applyWorkspaceAttributes(workspace.settings, attributes, {
    organization,
    edition: ctx.service.edition,
    dialect: ctx.service.dialect,
    engineReleases: ctx.service.directory.engineReleases,
  });
  try {
    const updated = await ctx.service.store.workspaces.update(workspace.id, {
      name: attributes.name,
      projectId,
      settings,
      updatedAt: now(),
      replaceTagBindings,
    });
    if (!updated) throw notFound(`workspace "${workspace.id}" was not found, or you are not authorized to access it`);
    return singleWorkspaceReply(ctx, ctx.service.resolve(ctx.caller, updated, updated.id), updated);
  } catch (error) {
    if (error instanceof NameTakenError) throw nameTaken();
    throw error;
  }
}

async function safeDelete(ctx: RouteContext): Promise<Reply> {
  const { workspace, level } = await ctx.service.workspaceFromParams(ctx.caller, ctx.params);
  // Spec: 404 for "not found or user unauthorized".
  if (!atLeast(level, 'admin')) throw notFound(`workspace "${workspace.name}" was not found, or you are not authorized to delete it`);
  const result = await ctx.service.store.workspaces.safeDelete(workspace.id);
  switch (result) {
    case 'deleted':
      return { status: 204 };
    case 'not-found':
      throw notFound(`workspace "${workspace.id}" was not found`);
    case 'locked':
      throw new ServiceError(ERRORS.workspaceLockedForDelete);
    case 'has-resources':
      throw new ServiceError(ERRORS.workspaceManagesResources);
  }
}

async function forceDelete(ctx: RouteContext): Promise<Reply> {
  const { workspace, organization, role, level } = await ctx.service.workspaceFromParams(ctx.caller, ctx.params);
  if (!canForceDelete(role, organization, level)) {
    throw forbidden(
      `force deleting workspace "${workspace.name}" needs an organization owner${organization.settings['workspace-admins-can-force-delete'] ? ' or a workspace admin' : ''}; use safe delete instead`,
    );
  }
  if (!(await ctx.service.store.workspaces.forceDelete(workspace.id))) throw notFound(`workspace "${workspace.id}" was not found`);
  return { status: 204 };
}

export const WORKSPACE_HANDLERS = {
  createWorkspace: create,
  showWorkspace: show,
  showWorkspaceByName: show,
  updateWorkspace: update,
  updateWorkspaceByName: update,
  safeDeleteWorkspace: safeDelete,
  safeDeleteWorkspaceByName: safeDelete,
  forceDeleteWorkspace: forceDelete,
  forceDeleteWorkspaceByName: forceDelete,
} satisfies Partial<EndpointHandlers>;
