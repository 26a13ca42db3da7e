// Explorer bulk action creating change requests (spec "Create change requests (explorer bulk
// action)"; decisions 4, 5, 13). Targets are workspaces of the organization the caller can read:
// listed IDs must all be readable (404 otherwise, as for remote state consumers); a query sees only
// readable workspaces. Each created request notifies the teams with access to its workspace.
import {
  ERRORS,
  EXPLORER_BULK_ACTION_TYPE,
  atLeast,
  bulkActionAttributesSchema,
  bulkActionMembers,
  matchesExplorerQuery,
  type BulkActionAttributes,
  type RequestBodyOf,
} from '../../contract';
import { workspaceAccess, type OrganizationRole } from '../access';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError, validationError } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import { createChangeRequests } from '../change-requests/notifications';
import type { ChangeRequestRecord } from '../change-requests/store';
import type { WorkspaceRecord } from '../workspaces/records';
import { requireChangeRequestTier } from '../change-requests/routes';

const FETCH_CHUNK = 200;

type BulkActionContext = RouteContext<RequestBodyOf<'createBulkAction'>>;

async function parseBody(ctx: BulkActionContext): Promise<{ attributes: BulkActionAttributes; pointer: string }> {
  const { members, pointer } = bulkActionMembers(await ctx.body());
  const attributes = bulkActionAttributesSchema.safeParse(members);
  if (!attributes.success) throw validationError(attributes.error.issues, pointer);
  return { attributes: attributes.data, pointer };
}

async function fetchWorkspaces(ctx: RouteContext, ids: string[]): Promise<WorkspaceRecord[]> {
  const out: WorkspaceRecord[] = [];
  for (let i = 0; i < ids.length; i += FETCH_CHUNK) out.push(...(await ctx.service.store.workspaces.getMany(ids.slice(i, i + FETCH_CHUNK))));
  return out;
}

async function targetsById(
  ctx: RouteContext,
  organization: DirectoryOrganization,
  role: OrganizationRole,
  ids: string[],
  pointer: string,
): Promise<WorkspaceRecord[]> {
  const unique = [...new Set(ids)];
  const found = new Map((await fetchWorkspaces(ctx, unique)).map((w) => [w.id, w]));
  const missing = unique.filter((id) => {
    const workspace = found.get(id);
    return !workspace || workspace.organization !== organization.name || !atLeast(workspaceAccess(role, organization, workspace), 'read');
  });
  if (missing.length > 0) {
    throw ServiceError.many(
      ERRORS.notFound,
      missing.slice(0, 20).map((id) => ({
        detail: `workspace "${id.slice(0, 100)}" was not found in organization "${organization.name}", or you are not authorized to read it`,
        source: { pointer: `${pointer}/target_ids/${ids.indexOf(id)}` },
      })),
    );
  }
  return unique.map((id) => found.get(id)!);
}

async function targetsByQuery(
  ctx: RouteContext,
  organization: DirectoryOrganization,
  role: OrganizationRole,
  attributes: BulkActionAttributes,
): Promise<WorkspaceRecord[]> {
  const rows = await ctx.service.store.workspaces.listNames(organization.name);
  const readable = rows.filter((r) => atLeast(workspaceAccess(role, organization, r), 'read'));
  const projects = new Map(organization.projects.map((p) => [p.id, p.name]));
  const workspaces = await fetchWorkspaces(
    ctx,
    readable.map((r) => r.id),
  );
  const conditions = attributes.query!.conditions;
  return workspaces
    .filter((w) => matchesExplorerQuery({ name: w.name, projectName: projects.get(w.projectId) ?? '', tagNames: w.tagNames }, conditions))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function create(ctx: BulkActionContext): Promise<Reply> {
  const { organization, role } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  requireChangeRequestTier(organization);
  const { attributes, pointer } = await parseBody(ctx);
  const targets = attributes.target_ids
    ? await targetsById(ctx, organization, role, attributes.target_ids, pointer)
    : await targetsByQuery(ctx, organization, role, attributes);
  const at = now();
  const created = targets.map((workspace) => {
    const request: ChangeRequestRecord = {
      id: newId('wscr-'),
      workspaceId: workspace.id,
      subject: attributes.action_inputs.subject,
      message: attributes.action_inputs.message,
      archivedBy: null,
      archivedAt: null,
      createdAt: at,
      updatedAt: at,
    };
    return { request, workspace };
  });
  await createChangeRequests(ctx.service, organization, created);
  const caller = ctx.caller;
  return {
    status: 201,
    body: {
      data: {
        id: newId('eba-'),
        type: EXPLORER_BULK_ACTION_TYPE,
        attributes: {
          // Organizations are identified by name throughout this service (spec "Identifiers").
          organization_id: organization.name,
          action_type: attributes.action_type,
          action_inputs: { subject: attributes.action_inputs.subject, message: attributes.action_inputs.message },
          created_by:
            caller.kind === 'user'
              ? { id: caller.userId, type: 'users' }
              : caller.kind === 'team-token'
                ? { id: caller.teamId, type: 'teams' }
                : { id: organization.name, type: 'organizations' },
        },
      },
      // Lets a client find what a bulk action created before it ever re-sends one (architecture "Writes under faults").
      meta: { 'change-request-ids': created.map((c) => c.request.id), 'workspace-ids': created.map((c) => c.workspace.id) },
    },
  };
}

export const EXPLORER_HANDLERS = { createBulkAction: create } satisfies Partial<EndpointHandlers>;
