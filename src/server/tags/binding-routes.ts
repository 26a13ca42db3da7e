// Key-value tag bindings (spec "Tag bindings", "Limits"; decisions 7, 12, 13). The PATCH is
// additive; a workspace PATCH with `relationships.tag-bindings` replaces the set (routes/workspace.ts).
import { createHash } from 'node:crypto';
import { TAG_BINDINGS_MAX_DIRECT, TAG_BINDINGS_MAX_INHERITED, atLeast, hostedLink, rootPathOf, type RequestBodyOf } from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { forbidden, invalid } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { now } from '../ids';
import type { ResolvedWorkspace } from '../service';
import { TooManyTagBindingsError, type TagBindingRecord } from './binding-store';
import type { WorkspaceRecord } from '../workspaces/records';

function workspaceFor(ctx: RouteContext): Promise<ResolvedWorkspace> {
  return ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
}

/** Effective binding IDs carry no prefix (sample); derived so they stay the same between calls. */
function effectiveId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 16);
}

/** The project's bindings the workspace inherits: those whose keys it does not bind itself. */
export function inheritedBindings(
  organization: DirectoryOrganization,
  workspace: WorkspaceRecord,
  ownKeys: Set<string>,
): Array<{ key: string; value: string; projectId: string }> {
  const project = organization.projects.find((p) => p.id === workspace.projectId);
  if (!project) return [];
  return Object.entries(project.tagBindings)
    .filter(([key]) => !ownKeys.has(key))
    .map(([key, value]) => ({ key, value, projectId: project.id }));
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { workspace } = await workspaceFor(ctx);
  const bindings = await ctx.service.store.tagBindings.list(workspace.id);
  return {
    status: 200,
    body: {
      data: bindings.map((b) => ({ id: b.id, type: 'tag-bindings', attributes: { key: b.key, value: b.value, 'created-at': b.createdAt } })),
      links: { target: rootPathOf('showWorkspace', { workspace_id: workspace.id }) },
    },
  };
}

async function effective(ctx: RouteContext): Promise<Reply> {
  const { workspace, organization } = await workspaceFor(ctx);
  const own = await ctx.service.store.tagBindings.list(workspace.id);
  const inherited = inheritedBindings(organization, workspace, new Set(own.map((b) => b.key)));
  const data = [
    ...own.map((b) => ({ id: effectiveId(workspace.id, b.key), type: 'effective-tag-bindings', attributes: { key: b.key, value: b.value } })),
    ...inherited.map((b) => {
      const related = hostedLink('project', { project_id: b.projectId });
      // Both spellings (decision 7): the spec's relationship and the samples' link.
      return {
        id: effectiveId(workspace.id, b.projectId, b.key),
        type: 'effective-tag-bindings',
        attributes: { key: b.key, value: b.value },
        relationships: { 'inherited-from': { links: { related } } },
        links: { 'inherited-from': related },
      };
    }),
  ];
  return { status: 200, body: { data } };
}

async function patch(ctx: RouteContext<RequestBodyOf<'addTagBindings'>>): Promise<Reply> {
  const { workspace, organization, level } = await workspaceFor(ctx);
  if (!atLeast(level, 'admin')) throw forbidden(`changing the tag bindings of workspace "${workspace.name}" needs admin access to it`);
  const body = await ctx.body();
  const requested = body.data.map((b) => ({ key: b.attributes.key, value: b.attributes.value ?? '' }));
  const existing: TagBindingRecord[] = await ctx.service.store.tagBindings.list(workspace.id);
  const ownKeys = new Set([...existing.map((b) => b.key), ...requested.map((b) => b.key)]);
  if (ownKeys.size > TAG_BINDINGS_MAX_DIRECT) {
    throw invalid(`a workspace can have at most ${TAG_BINDINGS_MAX_DIRECT} tag bindings of its own; this request would give it ${ownKeys.size}`, '/data');
  }
  const inherited = inheritedBindings(organization, workspace, ownKeys);
  if (inherited.length > TAG_BINDINGS_MAX_INHERITED) {
    throw invalid(`a workspace can inherit at most ${TAG_BINDINGS_MAX_INHERITED} tag bindings from its project; it would inherit ${inherited.length}`, '/data');
  }
  let stored: TagBindingRecord[];
  try {
    stored = await ctx.service.store.tagBindings.upsert(workspace.id, requested, now(), { maxOwn: TAG_BINDINGS_MAX_DIRECT });
  } catch (error) {
    // A concurrent PATCH added keys between the check above and this write.
    if (error instanceof TooManyTagBindingsError) {
      throw invalid(`a workspace can have at most ${TAG_BINDINGS_MAX_DIRECT} tag bindings of its own; this request would give it ${error.count}`, '/data');
    }
    throw error;
  }
  return { status: 200, body: { data: stored.map((b) => ({ id: b.id, type: 'tag-bindings', attributes: { key: b.key, value: b.value } })) } };
}

export const TAG_BINDING_HANDLERS = {
  listTagBindings: list,
  addTagBindings: patch,
  listEffectiveTagBindings: effective,
} satisfies Partial<EndpointHandlers>;
