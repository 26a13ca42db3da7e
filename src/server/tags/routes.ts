// Flat workspace tags (spec "Flat tags"; decisions 9, 12, 13). Add and remove answer 404 to a
// caller without admin access, as the spec's error table says for "not found or unauthorized".
import { ERRORS, atLeast, normalizeFlatTagName, type FlatTagsBody, type RequestBodyOf } from '../../contract';
import { ServiceError, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { now } from '../ids';
import type { ResolvedWorkspace } from '../service';
import type { FlatTagRecord } from './store';
import { paginationEnvelope, parsePage } from '../http/list-parameters';

function workspaceFor(ctx: RouteContext): Promise<ResolvedWorkspace> {
  return ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
}

export function flatTagDocument(tag: FlatTagRecord): Record<string, unknown> {
  return {
    id: tag.id,
    type: 'tags',
    attributes: { name: tag.name, 'created-at': tag.createdAt, 'instance-count': tag.instanceCount },
    relationships: { organization: { data: { id: tag.organization, type: 'organizations' } } },
  };
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { workspace } = await workspaceFor(ctx);
  const page = parsePage(ctx.query);
  const result = await ctx.service.store.tags.listOnWorkspace(workspace.id, page.offset, page.size);
  return { status: 200, body: { data: result.items.map(flatTagDocument), ...paginationEnvelope(ctx.url, page, result.total) } };
}

/** The admin-only writes: 404 for callers who may not change the workspace's tags. */
async function writable(ctx: RouteContext<RequestBodyOf<'addWorkspaceTags'>>): Promise<{ resolved: ResolvedWorkspace; body: FlatTagsBody }> {
  const resolved = await workspaceFor(ctx);
  if (!atLeast(resolved.level, 'admin')) {
    throw notFound(`workspace "${resolved.workspace.id}" was not found, or you are not authorized to manage its tags`);
  }
  const body = await ctx.body();
  return { resolved, body: body };
}

/** Names of the entries, with IDs resolved to their tags' names; every ID must exist (decision 9). */
async function entryNames(ctx: RouteContext, organization: string, body: FlatTagsBody): Promise<string[]> {
  const names: string[] = [];
  for (const [i, entry] of body.data.entries()) {
    if (entry.id !== undefined) {
      const tag = await ctx.service.store.tags.get(organization, entry.id);
      if (!tag) {
        throw new ServiceError(ERRORS.notFound, `tag "${entry.id}" was not found in organization "${organization}"`, { source: { pointer: `/data/${i}/id` } });
      }
      names.push(tag.name);
    } else {
      names.push(normalizeFlatTagName(entry.attributes!.name!));
    }
  }
  return [...new Set(names)];
}

async function add(ctx: RouteContext<RequestBodyOf<'addWorkspaceTags'>>): Promise<Reply> {
  const { resolved, body } = await writable(ctx);
  const names = await entryNames(ctx, resolved.organization.name, body);
  await ctx.service.store.tags.addToWorkspace(resolved.workspace.id, resolved.organization.name, names, now());
  return { status: 204 };
}

async function remove(ctx: RouteContext<RequestBodyOf<'removeWorkspaceTags'>>): Promise<Reply> {
  const { resolved, body } = await writable(ctx);
  // Unknown names are ignored by the store (spec: "an entry with a name that matches no tag is ignored").
  const names = await entryNames(ctx, resolved.organization.name, body);
  await ctx.service.store.tags.removeFromWorkspace(resolved.workspace.id, resolved.organization.name, names);
  return { status: 204 };
}

export const TAG_HANDLERS = {
  listWorkspaceTags: list,
  addWorkspaceTags: add,
  removeWorkspaceTags: remove,
} satisfies Partial<EndpointHandlers>;
