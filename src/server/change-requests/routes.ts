// Change requests: list per workspace, show, archive (spec "List/Show/Archive a change request";
// decisions 1–3, 5, 26). The feature belongs to the higher tier: 404 for organizations without it.
import { atLeast, changeRequestArchiveFilterSchema } from '../../contract';
import { principalOf, workspaceAccess } from '../access';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError, badRequest, forbidden, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { now } from '../ids';
import type { ResolvedWorkspace } from '../service';
import type { ChangeRequestRecord } from './store';
import type { WorkspaceRecord } from '../workspaces/records';
import { paginationEnvelope, parsePage } from '../http/list-parameters';

export const CHANGE_REQUESTS_TIER = 'plus';

export function requireChangeRequestTier(organization: DirectoryOrganization): void {
  if (organization.tier !== CHANGE_REQUESTS_TIER) {
    throw notFound(`change requests are not available to organization "${organization.name}": the feature needs the ${CHANGE_REQUESTS_TIER} tier`);
  }
}

export function changeRequestDocument(record: ChangeRequestRecord): Record<string, unknown> {
  return {
    id: record.id,
    type: 'workspace_change_requests',
    attributes: {
      subject: record.subject,
      message: record.message,
      'archived-by': record.archivedBy,
      'archived-at': record.archivedAt,
      'created-at': record.createdAt,
      'updated-at': record.updatedAt,
    },
    relationships: { workspace: { data: { id: record.workspaceId, type: 'workspaces' } } },
  };
}

/**
 * The workspace of the list path: a `ws-` ID, or otherwise a name that exactly one workspace the
 * caller can see carries (decision 1). An ID that matches nothing is tried as a name too, since
 * names may start with "ws-".
 */
async function workspaceOfSegment(ctx: RouteContext, segment: string): Promise<ResolvedWorkspace> {
  const missing = () => notFound(`workspace "${segment.slice(0, 100)}" was not found, or you are not authorized to access it`);
  const store = ctx.service.store;
  if (segment.startsWith('ws-')) {
    const byId = await store.workspaces.get(segment);
    if (byId) return ctx.service.resolve(ctx.caller, byId, `"${segment}"`);
  }
  const matches: ResolvedWorkspace[] = [];
  for (const organization of ctx.service.directory.organizations) {
    const role = ctx.service.index.role(ctx.caller, organization);
    if (!role.member) continue;
    const workspace: WorkspaceRecord | null = await store.workspaces.getByName(organization.name, segment);
    if (!workspace) continue;
    const level = workspaceAccess(role, organization, workspace);
    if (atLeast(level, 'read')) matches.push({ workspace, organization, role, level });
  }
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw notFound(
      `${matches.length} workspaces you can see are named "${segment}" (in ${matches.map((m) => m.organization.name).join(', ')}); use the workspace ID`,
    );
  }
  throw missing();
}

async function list(ctx: RouteContext): Promise<Reply> {
  const resolved = await workspaceOfSegment(ctx, ctx.params.workspace);
  requireChangeRequestTier(resolved.organization);
  const filter = changeRequestArchiveFilterSchema.safeParse(ctx.query.get('archive') ?? undefined);
  if (!filter.success) throw badRequest(`archive must be "true" or "false", not "${String(ctx.query.get('archive')).slice(0, 40)}"`, 'archive');
  const archived = filter.data === undefined ? undefined : filter.data === 'true';
  const page = parsePage(ctx.query);
  const result = await ctx.service.store.changeRequests.list(resolved.workspace.id, archived, page.offset, page.size);
  return { status: 200, body: { data: result.items.map(changeRequestDocument), ...paginationEnvelope(ctx.url, page, result.total) } };
}

/** A change request and the caller's access to its workspace; 404 when the caller cannot read it. */
async function changeRequestFor(ctx: RouteContext): Promise<{ record: ChangeRequestRecord; resolved: ResolvedWorkspace }> {
  const id = ctx.params.change_request_id;
  const missing = () => notFound(`change request "${id.slice(0, 100)}" was not found, or you are not authorized to access it`);
  const record = await ctx.service.store.changeRequests.get(id);
  if (!record) throw missing();
  let resolved: ResolvedWorkspace;
  try {
    resolved = ctx.service.resolve(ctx.caller, await ctx.service.store.workspaces.get(record.workspaceId), `"${record.workspaceId}"`);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw missing();
    throw error;
  }
  requireChangeRequestTier(resolved.organization);
  return { record, resolved };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const { record } = await changeRequestFor(ctx);
  return { status: 200, body: { data: changeRequestDocument(record) } };
}

/** Needs write access (decision 26); an archived request answers 400 (decision 3). Any body is ignored. */
async function archive(ctx: RouteContext): Promise<Reply> {
  const { record, resolved } = await changeRequestFor(ctx);
  if (!atLeast(resolved.level, 'write')) {
    throw forbidden(`archiving change requests of workspace "${resolved.workspace.name}" needs write access to it`);
  }
  if (!(await ctx.service.store.changeRequests.archive(record.id, principalOf(ctx.caller), now()))) {
    throw badRequest(`change request "${record.id}" is already archived`);
  }
  const archived = await ctx.service.store.changeRequests.get(record.id);
  if (!archived) throw notFound(`change request "${record.id}" was not found`);
  return { status: 200, body: { data: changeRequestDocument(archived) } };
}

export const CHANGE_REQUEST_HANDLERS = {
  listChangeRequests: list,
  showChangeRequest: show,
  archiveChangeRequest: archive,
  archiveChangeRequestByPost: archive,
  archiveChangeRequestByPatch: archive,
  showWorkspaceChangeRequest: show,
  archiveWorkspaceChangeRequest: archive,
  archiveWorkspaceChangeRequestByPost: archive,
  archiveWorkspaceChangeRequestByPatch: archive,
} satisfies Partial<EndpointHandlers>;
