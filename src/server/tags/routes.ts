// Flat workspace tags (spec "Flat tags"; decisions 9, 12, 13). Add and remove answer 404 to a
// caller without admin access, as the spec's error table says for "not found or unauthorized".
import { ERRORS, atLeast, normalizeFlatTagName, type FlatTagsBody, type RequestBodyOf } from '../../contract';
import { ServiceError, forbidden, notFound } from '../errors';
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

// ---- The organization's tags (go-tfe's organization_tags.go) ---------------------------------

function organizationFor(ctx: RouteContext, owner: boolean): string {
  const name = ctx.params.organization_name;
  const organization = ctx.service.index.organization(name);
  const role = organization && ctx.service.index.role(ctx.caller, organization);
  const siteAdmin = ctx.service.index.isSiteAdmin(ctx.caller);
  if (!organization || !(siteAdmin || role!.member)) throw notFound(`organization "${name}" was not found, or you are not authorized to access it`);
  if (owner && !(siteAdmin || role!.owner)) throw forbidden(`deleting the tags of organization "${name}" needs an owner`);
  return organization.name;
}

async function listInOrganization(ctx: RouteContext): Promise<Reply> {
  const organization = organizationFor(ctx, false);
  const page = parsePage(ctx.query);
  const filter = { query: ctx.query.get('q') ?? undefined, excludeTaggable: ctx.query.get('filter[exclude][taggable][id]') ?? undefined };
  const result = await ctx.service.store.tags.listInOrganization(organization, filter, page.offset, page.size);
  return { status: 200, body: { data: result.items.map(flatTagDocument), ...paginationEnvelope(ctx.url, page, result.total) } };
}

async function deleteInOrganization(ctx: RouteContext<RequestBodyOf<'deleteOrganizationTags'>>): Promise<Reply> {
  const organization = organizationFor(ctx, true);
  const body = await ctx.body();
  await ctx.service.store.tags.deleteInOrganization(
    organization,
    body.data.map((entry) => entry.id),
  );
  return { status: 204 };
}

/** Every workspace must be one the caller administers, in the tag's organization (404 otherwise). */
async function addToWorkspaces(ctx: RouteContext<RequestBodyOf<'addTagToWorkspaces'>>): Promise<Reply> {
  const body = await ctx.body();
  const tagId = ctx.params.tag_id;
  const missingTag = () => notFound(`tag "${tagId}" was not found, or you are not authorized to access it`);
  let organization: string | undefined;
  const ids: string[] = [];
  for (const [i, entry] of body.data.entries()) {
    const resolved = await ctx.service.workspaceById(ctx.caller, entry.id);
    if (!atLeast(resolved.level, 'admin')) {
      throw new ServiceError(ERRORS.notFound, `workspace "${entry.id}" was not found, or you are not authorized to manage its tags`, {
        source: { pointer: `/data/${i}/id` },
      });
    }
    if (organization !== undefined && organization !== resolved.organization.name) throw missingTag();
    organization = resolved.organization.name;
    ids.push(resolved.workspace.id);
  }
  if (organization === undefined || !(await ctx.service.store.tags.get(organization, tagId))) throw missingTag();
  if (!(await ctx.service.store.tags.addWorkspacesToTag(organization, tagId, ids, now()))) throw missingTag();
  return { status: 204 };
}

export const TAG_HANDLERS = {
  listOrganizationTags: listInOrganization,
  deleteOrganizationTags: deleteInOrganization,
  addTagToWorkspaces: addToWorkspaces,
  listWorkspaceTags: list,
  addWorkspaceTags: add,
  removeWorkspaceTags: remove,
} satisfies Partial<EndpointHandlers>;
