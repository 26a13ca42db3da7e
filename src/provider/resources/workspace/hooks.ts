// Create, read, update, delete and import of `cdkws_workspace`, through the client. Loaded on the
// first hook call, not at provider start (start-up time is the provider's main figure).
import {
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  NameTakenError,
  ValidationError,
  WorkspaceNotSafeToDeleteError,
  type Workspace,
} from '../../../client';
import { configured, type ProviderData } from '../../context';
import { effectiveBindings } from './effective-bindings';
import { listOwnBindings } from '../tag-binding/tag-binding';
import { DiagnosticError, diagnosticFromError, error, type Diagnostic } from '../../protocol/diagnostics';
import type { ApplyResult, HookContext, ImportResult, ReadResult } from '../../protocol/types';
import { Unknown, type ObjectValue } from '../../protocol/values';
import type { CreateRequest, DeleteRequest, StateRequest, UpdateRequest } from '../../resource';
import { LockTiming, DEFAULT_TIMING, lockReason, unlockFailure, withWorkspaceLock } from './lock';
import {
  bindingsOf,
  changedAttributes,
  createOptions,
  desiredBindings,
  flatTagChanges,
  settleAfterApply,
  stateFromWorkspace,
  updateOptions,
  type Observed,
} from './mapping';
import { workspaceSchema, type WorkspaceModel } from './schema';
import { pathFromPointer } from './validate';

type Ctx = HookContext<ProviderData>;
const RESOURCE = 'cdkws_workspace';

/** Overridable in tests to keep lock waits short. */
export const timing: LockTiming = { ...DEFAULT_TIMING };

/** The service's error as diagnostics; 422s point at the attributes they name. */
export function apiDiagnostics(err: unknown, summary: string): Diagnostic[] {
  if (err instanceof ValidationError && err.errors.length > 0) {
    return err.errors.map((e) => {
      const path = pathFromPointer(e.source?.pointer ?? '');
      return error(summary, e.detail ?? e.title ?? err.message, path.length > 0 ? path : undefined);
    });
  }
  return [diagnosticFromError(err, summary)];
}

/**
 * The service refused the name because another workspace has it. By the client's classification
 * (`errorName`, from the code our service sends or, for the hosted service, its wording), else by
 * the error object's code, else by the spec's fixed detail at the name's pointer.
 */
async function observe(pd: ProviderData, ws: Workspace, reference: ObjectValue | null): Promise<Observed> {
  const managed = reference !== null && reference.tags !== null && reference.tags !== undefined;
  const [own, effective] = await Promise.all([managed ? pd.client.tagBindings.list(ws.id) : undefined, pd.client.tagBindings.listEffective(ws.id)]);
  return { workspace: ws, own, effective };
}

/** A workspace just created with `tags` (its own bindings, when managed). */
async function observeCreated(pd: ProviderData, ws: Workspace, tags: Record<string, string> | null | undefined): Promise<Observed> {
  const own = Object.entries(tags ?? {}).map(([key, value]) => ({ id: `${ws.id}/${key}`, key, value }));
  return { workspace: ws, own: tags ? own : undefined, effective: await effectiveBindings(pd, ws.id, ws.projectId, own) };
}

/** At refresh: the own bindings from the list shared with the workspace's binding resources. */
async function observeForRefresh(pd: ProviderData, ws: Workspace, reference: ObjectValue | null): Promise<Observed> {
  const managed = reference !== null && reference.tags !== null && reference.tags !== undefined;
  const own = (await listOwnBindings(pd, ws.id)) ?? [];
  return { workspace: ws, own: managed ? own : undefined, effective: await effectiveBindings(pd, ws.id, ws.projectId, own) };
}

async function freshState(pd: ProviderData, id: string, reference: ObjectValue | null): Promise<ObjectValue> {
  pd.workspaces.invalidate(id);
  const ws = await pd.client.workspaces.readById(id);
  return stateFromWorkspace(await observe(pd, ws, reference), reference, pd.client.address);
}

/**
 * A 404 only means "gone" if the token can still see the organization: a token that lost access
 * must never make Terraform forget workspaces.
 */
async function confirmGone(pd: ProviderData, organization: string | null, id: string, name: string): Promise<void> {
  const org = organization ?? pd.organization;
  const lost = () =>
    new DiagnosticError(
      `Access to organization "${org ?? '(unknown)'}" was lost`,
      `The service answered 404 for workspace ${id} ("${name}") and the token cannot see organization "${org ?? '(unknown)'}" either. ` +
        'Refusing to forget the workspace: check the provider token (token, CDKWS_TOKEN or TFE_TOKEN) and its team memberships.',
    );
  if (!org) throw lost();
  try {
    await pd.client.workspaces.list(org, { pageSize: 1 });
  } catch (err) {
    if (err instanceof NotFoundError || err instanceof UnauthorizedError || err instanceof ForbiddenError) throw lost();
    throw err;
  }
}

export async function readWorkspace({ state }: StateRequest<WorkspaceModel>, ctx: Ctx): Promise<ReadResult> {
  const pd = configured(ctx, RESOURCE);
  const { id, organization, name } = state.model;
  if (!id) return { state: null };
  const ws = await pd.workspaces.read(id);
  if (!ws) {
    await confirmGone(pd, organization ?? null, id, name ?? id);
    return { state: null };
  }
  return { state: stateFromWorkspace(await observeForRefresh(pd, ws, state.value), state.value, pd.client.address) };
}

export async function importWorkspace(id: string, ctx: Ctx): Promise<ImportResult> {
  const pd = configured(ctx, RESOURCE);
  const byName = /^([^/\s]+)\/([^/\s]+)$/.exec(id);
  if (!/^ws-/.test(id) && !byName) {
    throw new DiagnosticError('Invalid import ID', `"${id}" is neither a workspace ID (ws-…) nor "organization/name".`);
  }
  try {
    const ws = byName ? await pd.client.workspaces.read(byName[1], byName[2]) : await pd.client.workspaces.readById(id);
    return { state: { id: ws.id, organization: ws.organization ?? byName?.[1] ?? pd.organization, name: ws.name } };
  } catch (err) {
    if (err instanceof NotFoundError) throw new DiagnosticError('Cannot import workspace', `No workspace "${id}" is visible to this token.`);
    throw err;
  }
}

/** Planned values that are known: create needs an organization and a name (the plan guarantees both). */
function required(value: string | null | undefined, what: string): string {
  if (!value) throw new Error(`Provider bug: the plan left ${what} unset.`);
  return value;
}

export async function createWorkspace({ planned, config }: CreateRequest<WorkspaceModel>, ctx: Ctx): Promise<ApplyResult> {
  const pd = configured(ctx, RESOURCE);
  const org = required(planned.model.organization, 'organization');
  const name = required(planned.model.name, 'name');
  let ws: Workspace;
  try {
    ws = await pd.client.workspaces.create(org, createOptions(planned.value));
  } catch (err) {
    if (err instanceof NameTakenError) {
      const detail = `A workspace named "${name}" already exists in organization "${org}". To manage it, import it: an import block with id = "${org}/${name}", or terraform import <address> ${org}/${name}.`;
      return { diagnostics: [error('Workspace name already taken', detail, ['name'])] };
    }
    return { diagnostics: apiDiagnostics(err, `Failed to create workspace "${name}"`) };
  }
  // The workspace exists from here on: every outcome below records it in state.
  const diagnostics: Diagnostic[] = [];
  const { add } = flatTagChanges([], planned.model.tagNames);
  try {
    if (add.length > 0) await pd.client.tags.add(ws.id, add);
    // The answer is the workspace with the key assigned: no read-back needed for it.
    if (planned.model.sshKeyId) ws = await pd.client.workspaces.assignSshKey(ws.id, planned.model.sshKeyId);
  } catch (err) {
    diagnostics.push(...apiDiagnostics(err, `Workspace "${name}" was created, but finishing its settings failed`));
  }
  let actual: ObjectValue;
  try {
    // The create answer holds the workspace's settings, and its own tag bindings are the ones it was
    // created with: only the inherited ones need asking (and the whole workspace again when flat
    // tags were added after it, or finishing failed).
    actual =
      add.length > 0 || diagnostics.length > 0
        ? await freshState(pd, ws.id, planned.value)
        : stateFromWorkspace(await observeCreated(pd, ws, planned.model.tags), planned.value, pd.client.address);
  } catch (err) {
    // Record the workspace from the create answer rather than lose track of it.
    diagnostics.push(...apiDiagnostics(err, `Workspace "${name}" was created, but reading it back failed`));
    actual = stateFromWorkspace({ workspace: ws, own: [], effective: [] }, planned.value, pd.client.address);
  }
  if (diagnostics.length > 0) return { state: actual, diagnostics };
  return { state: settleAfterApply(actual, planned.value, config.value) };
}

/** Attributes whose change needs no request: they only steer the provider, or only observe. */
const LOCAL_ONLY = new Set<string>([
  'force_delete',
  'ignore_additional_tags',
  ...Object.entries(workspaceSchema.attributes ?? {})
    .filter(([, a]) => a.computed && !a.optional)
    .map(([name]) => name),
]);

export async function updateWorkspace(req: UpdateRequest<WorkspaceModel>, ctx: Ctx): Promise<ApplyResult> {
  const pd = configured(ctx, RESOURCE);
  const prior = req.prior.value;
  try {
    return await changeWorkspace(pd, ctx, req);
  } catch (err) {
    return { state: prior, diagnostics: apiDiagnostics(err, `Failed to update workspace "${req.prior.model.name ?? ''}"`) };
  }
}

async function changeWorkspace(pd: ProviderData, ctx: Ctx, { prior, planned, config }: UpdateRequest<WorkspaceModel>): Promise<ApplyResult> {
  const id = required(prior.model.id, 'id');
  const name = prior.model.name ?? id;
  const changes = changedAttributes(prior.value, planned.value).filter((k) => !LOCAL_ONLY.has(k));
  const options = updateOptions(prior.value, planned.value);
  const flatTags = flatTagChanges(prior.model.tagNames, planned.model.tagNames);
  const sshKeyChanges = planned.model.sshKeyId !== undefined && planned.model.sshKeyId !== prior.model.sshKeyId;
  const tagBindingsManaged = planned.model.tags !== null && planned.model.tags !== undefined;
  const tagBindingsMayChange = tagBindingsManaged && (changes.includes('tags') || prior.model.tags === null);

  if (!options && !sshKeyChanges && flatTags.add.length + flatTags.remove.length === 0 && !tagBindingsMayChange) {
    // Only provider-side settings changed: nothing to send, nothing to lock.
    const state: ObjectValue = { ...planned.value };
    for (const [k, v] of Object.entries(state)) if (v === Unknown) state[k] = prior.value[k];
    return { state };
  }

  const outcome = await withWorkspaceLock(
    pd,
    ctx.stopped,
    { id, name },
    lockReason(changes),
    async () => {
      if (options) await pd.client.workspaces.updateById(id, options);
      if (sshKeyChanges) {
        const key = planned.model.sshKeyId;
        await (key ? pd.client.workspaces.assignSshKey(id, key) : pd.client.workspaces.unassignSshKey(id));
      }
      if (flatTags.add.length > 0) await pd.client.tags.add(id, flatTags.add);
      if (flatTags.remove.length > 0) await pd.client.tags.remove(id, flatTags.remove);
      if (tagBindingsMayChange) await syncTagBindings(pd, id, prior.value, planned.value);
    },
    timing,
  );

  const actual = await freshState(pd, id, planned.value);
  const diagnostics: Diagnostic[] = [];
  if (outcome.error) diagnostics.push(...apiDiagnostics(outcome.error, `Failed to update workspace "${name}"`));
  if (outcome.unlockError) diagnostics.push(diagnosticFromError(unlockFailure(name, id, outcome.unlockError)));
  if (outcome.error) return { state: actual, diagnostics };
  return { state: settleAfterApply(actual, planned.value, config.value), diagnostics };
}

/** Brings the workspace's own bindings to `tags`, one writer per workspace at a time. */
async function syncTagBindings(pd: ProviderData, id: string, prior: ObjectValue | null, planned: ObjectValue): Promise<void> {
  await pd.bindingLocks.run(id, async () => {
    const current = await pd.client.tagBindings.list(id);
    const want = desiredBindings(current, prior, planned);
    if (!want) return;
    const removes = current.some((b) => !(b.key in want));
    // Additive PATCH when nothing goes away (safe alongside other writers); else replace the set.
    if (!removes) await pd.client.tagBindings.update(id, bindingsOf(want));
    else await pd.client.workspaces.updateById(id, { tagBindings: bindingsOf(want) });
  });
}

export async function deleteWorkspace({ prior }: DeleteRequest<WorkspaceModel>, ctx: Ctx): Promise<ApplyResult> {
  const pd = configured(ctx, RESOURCE);
  const id = required(prior.model.id, 'id');
  const name = prior.model.name ?? id;
  try {
    if (prior.model.forceDelete === true) await pd.client.workspaces.deleteById(id);
    else await pd.client.workspaces.safeDeleteById(id);
    pd.workspaces.invalidate(id);
    return {};
  } catch (err) {
    if (err instanceof WorkspaceNotSafeToDeleteError) return { diagnostics: [notSafeToDelete(name, id, err)] };
    if (err instanceof NotFoundError) {
      try {
        await confirmGone(pd, prior.model.organization ?? null, id, name);
        return {};
      } catch (gone) {
        return { diagnostics: [diagnosticFromError(gone)] };
      }
    }
    if (err instanceof ForbiddenError) {
      const detail = `${err.detail ?? err.message}. Force delete needs an organization owner token (or the organization setting that lets workspace admins force delete). Set force_delete = false to use a safe delete. The workspace stays in state.`;
      return { diagnostics: [error(`Workspace "${name}" cannot be force deleted`, detail)] };
    }
    return { diagnostics: apiDiagnostics(err, `Failed to delete workspace "${name}"`) };
  }
}

function notSafeToDelete(name: string, id: string, err: WorkspaceNotSafeToDeleteError): Diagnostic {
  const what =
    err.reason === 'locked'
      ? 'Wait for the run holding the lock to finish, or unlock the workspace, then destroy again.'
      : 'Destroy the resources it manages first (with its own configuration), or set force_delete = true on this resource, apply, and destroy again.';
  return error(`Workspace "${name}" cannot be safely deleted`, `${err.detail ?? err.message} (${id}). ${what} The workspace and its state were kept.`);
}
