// Remote state consumers (spec "Remote state consumers", "Authentication" 7 and 9; decisions 8, 13).
// Refusals follow the spec's table: 404 for a subject the caller may not see or change, 422 for
// payload problems, 404 for consumers that do not exist or the caller cannot read.
import { ERRORS, atLeast, type RequestBodyOf } from '../../contract';
import { workspaceAccess } from '../access';
import { ServiceError, invalid, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import type { ResolvedWorkspace } from '../service';
import type { WorkspaceRecord } from '../workspaces/records';
import { workspaceDocument } from '../workspaces/serialize';
import { paginationEnvelope, parsePage } from '../http/list-parameters';
import { serializeContextFor } from '../workspaces/routes';

function workspaceFor(ctx: RouteContext): Promise<ResolvedWorkspace> {
  return ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
}

function readable(resolved: ResolvedWorkspace, workspace: { name: string; projectId: string }): boolean {
  return atLeast(workspaceAccess(resolved.role, resolved.organization, workspace), 'read');
}

async function list(ctx: RouteContext): Promise<Reply> {
  const resolved = await workspaceFor(ctx);
  const { workspace, organization, role } = resolved;
  const page = parsePage(ctx.query);
  const store = ctx.service.store;
  // With global-remote-state every other workspace of the organization may read the state.
  let ids: string[];
  if (workspace.settings['global-remote-state'] === true) {
    const rows = await store.workspaces.listNames(organization.name);
    ids = rows
      .filter((r) => r.id !== workspace.id && readable(resolved, r))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((r) => r.id);
  } else {
    const consumerIds = await store.consumers.list(workspace.id);
    const visible = new Set((await store.workspaces.getMany(consumerIds)).filter((r) => readable(resolved, r)).map((r) => r.id));
    ids = consumerIds.filter((id) => visible.has(id));
  }
  const pageIds = ids.slice(page.offset, page.offset + page.size);
  const byId = new Map((await store.workspaces.getMany(pageIds)).map((w) => [w.id, w]));
  const data = pageIds
    .map((id) => byId.get(id))
    .filter((w): w is WorkspaceRecord => w !== undefined)
    .map((w) => workspaceDocument(w, serializeContextFor(ctx, organization, role, workspaceAccess(role, organization, w))));
  return { status: 200, body: { data, ...paginationEnvelope(ctx.url, page, ids.length) } };
}

type Mode = 'replace' | 'add' | 'remove';

/** Checks the caller, the payload and every listed consumer; returns the consumer IDs. */
async function checked(ctx: RouteContext<RequestBodyOf<'addRemoteStateConsumers'>>, mode: Mode): Promise<{ resolved: ResolvedWorkspace; ids: string[] }> {
  const resolved = await workspaceFor(ctx);
  const { workspace, organization, role } = resolved;
  const allowed = mode === 'replace' ? role.owner || role.manageWorkspaces : atLeast(resolved.level, 'admin');
  if (!allowed) {
    const need = mode === 'replace' ? 'permission to manage all workspaces of the organization' : 'admin access to it';
    throw notFound(`workspace "${workspace.id}" was not found, or you are not authorized to change its remote state consumers (this needs ${need})`);
  }
  const body = await ctx.body();
  if (workspace.settings['global-remote-state'] === true) {
    throw invalid(
      `workspace "${workspace.name}" shares its state with every workspace (global-remote-state is true); set it to false before listing consumers`,
      '/data',
    );
  }
  const ids = [...new Set(body.data.map((entry) => entry.id))];
  const selfIndex = body.data.findIndex((entry) => entry.id === workspace.id);
  if (selfIndex >= 0) throw invalid('a workspace cannot be its own remote state consumer', `/data/${selfIndex}/id`);
  const found = new Map((await ctx.service.store.workspaces.getMany(ids)).map((w) => [w.id, w]));
  const missing = ids.filter((id) => {
    const consumer = found.get(id);
    return !consumer || consumer.organization !== organization.name || !readable(resolved, consumer);
  });
  if (missing.length > 0) {
    const errors = missing.slice(0, 20).map((id) => ({
      detail: `workspace "${id.slice(0, 100)}" was not found in organization "${organization.name}", or you are not authorized to read it`,
      source: { pointer: `/data/${body.data.findIndex((e) => e.id === id)}/id` },
    }));
    throw ServiceError.many(ERRORS.notFound, errors);
  }
  return { resolved, ids };
}

async function replace(ctx: RouteContext<RequestBodyOf<'replaceRemoteStateConsumers'>>): Promise<Reply> {
  const { resolved, ids } = await checked(ctx, 'replace');
  await ctx.service.store.consumers.replace(resolved.workspace.id, ids);
  return { status: 204 };
}

async function add(ctx: RouteContext<RequestBodyOf<'addRemoteStateConsumers'>>): Promise<Reply> {
  const { resolved, ids } = await checked(ctx, 'add');
  await ctx.service.store.consumers.add(resolved.workspace.id, ids);
  return { status: 204 };
}

async function remove(ctx: RouteContext<RequestBodyOf<'removeRemoteStateConsumers'>>): Promise<Reply> {
  const { resolved, ids } = await checked(ctx, 'remove');
  await ctx.service.store.consumers.remove(resolved.workspace.id, ids);
  return { status: 204 };
}

export const REMOTE_STATE_CONSUMER_HANDLERS = {
  listRemoteStateConsumers: list,
  replaceRemoteStateConsumers: replace,
  addRemoteStateConsumers: add,
  removeRemoteStateConsumers: remove,
} satisfies Partial<EndpointHandlers>;
