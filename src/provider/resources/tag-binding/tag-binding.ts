// cdkws_tag_binding: one key-value tag binding of a workspace (spec "Tag bindings"; architecture "Names").
// Create and update use the additive PATCH, which never touches other keys; delete rewrites the
// workspace's own set without the key, since the service has no call that removes one binding.
// Every change to a workspace's bindings runs under `bindingLocks` for that workspace, so parallel
// resources on one workspace never rewrite the set from a stale read and lose each other's keys.
import { NotFoundError, type TagBinding } from '../../../client';
import { tagBindingKeyProblem, tagBindingValueProblem } from '../../../contract/tag-binding';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError, error, type Diagnostic } from '../../protocol/diagnostics';
import type { ApplyResult, HookContext } from '../../protocol/types';
import type { ObjectValue } from '../../protocol/values';
import { defineResource, type ModelOf, type Values } from '../../resource';
import { tagBindingNames, tagBindingSchema, type TAG_BINDING_RESOURCE_ATTRIBUTES } from './schema';

export const TAG_BINDING_ID_SEPARATOR = '/';

export const tagBindingId = (workspaceId: string, key: string) => `${workspaceId}${TAG_BINDING_ID_SEPARATOR}${key}`;

/** `ws-…/key` → its parts; keys cannot contain `/`, so the first separator splits. */
export function parseTagBindingId(id: string): { workspaceId: string; key: string } {
  const at = id.indexOf(TAG_BINDING_ID_SEPARATOR);
  if (at <= 0 || at === id.length - 1) {
    throw new DiagnosticError(
      'Invalid cdkws_tag_binding import ID',
      `expected "<workspace_id>/<key>", e.g. "ws-abc123/cost-center", got ${JSON.stringify(id)}`,
    );
  }
  return { workspaceId: id.slice(0, at), key: id.slice(at + 1) };
}

/**
 * The workspace's own bindings, listed once per process however many resources ask (one list per
 * workspace at refresh, not one per binding); a write drops the workspace's entry.
 */
const listCache = new WeakMap<ProviderData, Map<string, Promise<TagBinding[] | null>>>();

function cacheOf(data: ProviderData): Map<string, Promise<TagBinding[] | null>> {
  let cache = listCache.get(data);
  if (!cache) listCache.set(data, (cache = new Map<string, Promise<TagBinding[] | null>>()));
  return cache;
}

/** The workspace's own bindings, or null when the workspace is gone. */
export function listOwnBindings(data: ProviderData, workspaceId: string): Promise<TagBinding[] | null> {
  const cache = cacheOf(data);
  let found = cache.get(workspaceId);
  if (!found) {
    found = data.client.tagBindings.list(workspaceId).catch((err) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    // A failed list must not be served to later reads.
    found.catch(() => cache.delete(workspaceId));
    cache.set(workspaceId, found);
  }
  return found;
}

/** Runs a change to the workspace's bindings under its lock and forgets what was cached for it. */
async function changeBindings<T>(data: ProviderData, workspaceId: string, change: () => Promise<T>): Promise<T> {
  return data.bindingLocks.run(workspaceId, async () => {
    // Under the lock, read afresh: another writer (cdkws_workspace.tags) may not share this cache.
    cacheOf(data).delete(workspaceId);
    try {
      return await change();
    } finally {
      cacheOf(data).delete(workspaceId);
      data.workspaces.invalidate(workspaceId);
    }
  });
}

type TagBindingModel = ModelOf<typeof TAG_BINDING_RESOURCE_ATTRIBUTES>;
const RESOURCE = 'cdkws_tag_binding';

/** A state value known to identify a binding (Terraform never stores one without them). */
function identity(model: TagBindingModel): { workspaceId: string; key: string } {
  if (!model.workspaceId || !model.key) throw new Error('Provider bug: a cdkws_tag_binding value without workspace_id or key.');
  return { workspaceId: model.workspaceId, key: model.key };
}

/** An unset value is the empty value: keep it unset in state while the service has "". */
const shown = (configured: string | null | undefined, remote: string): string | null => (configured === null && remote === '' ? null : remote);

function stateOf(workspaceId: string, key: string, value: string | null): ObjectValue {
  return { id: tagBindingId(workspaceId, key), workspace_id: workspaceId, key, value };
}

/** The spec's rules on a binding's key and value, in this resource's naming. */
function checkRules(config: TagBindingModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { key, value } = config;
  if (typeof key === 'string') {
    const problem = tagBindingKeyProblem(key) ?? (key.includes(TAG_BINDING_ID_SEPARATOR) ? '{} may not contain "/"' : undefined);
    if (problem !== undefined) out.push(error('Invalid tag binding key', `${problem.replace('{}', 'key')}: got ${JSON.stringify(key)}`, ['key']));
  }
  if (typeof value === 'string') {
    const problem = tagBindingValueProblem(value);
    if (problem !== undefined) out.push(error('Invalid tag binding value', `${problem.replace('{}', 'value')}: got ${JSON.stringify(value)}`, ['value']));
  }
  return out;
}

/** Create and update alike: the additive PATCH sets the key, leaving the others alone. */
async function write({ planned }: { planned: Values<TagBindingModel> }, ctx: HookContext<ProviderData>): Promise<ApplyResult> {
  const data = configured(ctx, RESOURCE);
  const { workspaceId, key } = identity(planned.model);
  const value = planned.model.value ?? '';
  const written = await changeBindings(data, workspaceId, async () => {
    try {
      return await data.client.tagBindings.update(workspaceId, [{ key, value }]);
    } catch (err) {
      if (err instanceof NotFoundError) {
        throw new DiagnosticError('Workspace not found', `workspace ${workspaceId} does not exist or the token cannot see it; check workspace_id`, [
          'workspace_id',
        ]);
      }
      throw err;
    }
  });
  const mine = written.find((b) => b.key === key);
  return { state: stateOf(workspaceId, key, shown(planned.model.value, mine?.value ?? value)) };
}

export const tagBindingResource = defineResource<TagBindingModel, ProviderData>({
  schema: tagBindingSchema,
  names: tagBindingNames,

  validate: (config) => checkRules(config.model),

  create: write,
  update: write,

  async delete({ prior }, ctx) {
    const data = configured(ctx, RESOURCE);
    const { workspaceId, key } = identity(prior.model);
    await changeBindings(data, workspaceId, async () => {
      const own = await listOwnBindings(data, workspaceId);
      // Gone with its workspace, or removed already: nothing left to do.
      if (own === null || !own.some((b) => b.key === key)) return;
      const rest = own.filter((b) => b.key !== key).map((b) => ({ key: b.key, value: b.value ?? '' }));
      try {
        await data.client.workspaces.updateById(workspaceId, { tagBindings: rest });
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
    });
    return { state: null };
  },

  async read({ state }, ctx) {
    const data = configured(ctx, RESOURCE);
    const { workspaceId, key } = identity(state.model);
    const own = await listOwnBindings(data, workspaceId);
    const mine = own?.find((b) => b.key === key);
    // Removed outside Terraform (or with its workspace): Terraform plans to create it again.
    if (!mine) return { state: null };
    return { state: stateOf(workspaceId, key, shown(state.model.value, mine.value ?? '')) };
  },

  importState(id) {
    const { workspaceId, key } = parseTagBindingId(id);
    // "" rather than null: the read then records an empty remote value as "", which is what the
    // constructs write and what -generate-config-out derives, so neither plans a change after import.
    return { state: { id, workspace_id: workspaceId, key, value: '' } };
  },
});
