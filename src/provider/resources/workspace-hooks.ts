// Create, read, update, delete and import of `cdkws_workspace`, through the client. Loaded on the
// first hook call, not at provider start (start-up time is the provider's main figure).
import {
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
  WorkspaceNotSafeToDeleteError,
  type Workspace,
} from '../../client';
import type { ProviderData } from '../context';
import { DiagnosticError, diagnosticFromError, error, type Diagnostic } from '../protocol/diagnostics';
import type { ApplyRequest, ApplyResult, HookContext, ImportResult, ReadRequest, ReadResult } from '../protocol/types';
import { Unknown, type ObjectValue } from '../protocol/values';
import { LockTiming, DEFAULT_TIMING, lockReason, unlockFailure, withWorkspaceLock } from './workspace-lock';
import {
  bindingsOf,
  changedAttributes,
  createOptions,
  desiredBindings,
  known,
  settleAfterApply,
  stateFromWorkspace,
  str,
  tagNameChanges,
  updateOptions,
  type Observed,
} from './workspace-mapping';
import { pathFromPointer } from './workspace-validate';
import { COMPUTED_ONLY } from './workspace-schema';

type Ctx = HookContext<ProviderData>;

/** Overridable in tests to keep lock waits short. */
export const timing: LockTiming = { ...DEFAULT_TIMING };

export function providerData(ctx: Ctx): ProviderData {
  if (!ctx.providerData) throw new DiagnosticError('Provider not configured', 'The cdkws provider has no client: its configuration failed or was not given.');
  return ctx.providerData;
}

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

async function observe(pd: ProviderData, ws: Workspace, reference: ObjectValue | null): Promise<Observed> {
  const managed = reference !== null && reference.tags !== null && reference.tags !== undefined;
  const [own, effective] = await Promise.all([managed ? pd.client.tagBindings.list(ws.id) : undefined, pd.client.tagBindings.listEffective(ws.id)]);
  return { workspace: ws, own, effective };
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

export async function readWorkspace(req: ReadRequest, ctx: Ctx): Promise<ReadResult> {
  const pd = providerData(ctx);
  const id = str(req.state.id);
  if (!id) return { state: null };
  const ws = await pd.workspaces.read(id);
  if (!ws) {
    await confirmGone(pd, str(req.state.organization), id, str(req.state.name) ?? id);
    return { state: null };
  }
  return { state: stateFromWorkspace(await observe(pd, ws, req.state), req.state, pd.client.address) };
}

export async function importWorkspace(id: string, ctx: Ctx): Promise<ImportResult> {
  const pd = providerData(ctx);
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

export async function applyWorkspace(req: ApplyRequest, ctx: Ctx): Promise<ApplyResult> {
  const pd = providerData(ctx);
  if (req.action === 'delete') return deleteWorkspace(pd, req.prior!);
  if (req.action === 'create') return createWorkspace(pd, req.planned!, req.config);
  try {
    return await updateWorkspace(pd, ctx, req.prior!, req.planned!, req.config);
  } catch (err) {
    return { state: req.prior, diagnostics: apiDiagnostics(err, `Failed to update workspace "${str(req.prior!.name)}"`) };
  }
}

async function createWorkspace(pd: ProviderData, planned: ObjectValue, config: ObjectValue | null): Promise<ApplyResult> {
  const org = str(planned.organization)!;
  const name = str(planned.name)!;
  let ws: Workspace;
  try {
    ws = await pd.client.workspaces.create(org, createOptions(planned));
  } catch (err) {
    if (err instanceof ValidationError && err.pointers.includes('/data/attributes/name') && /taken/i.test(err.detail ?? '')) {
      const detail = `A workspace named "${name}" already exists in organization "${org}". To manage it, import it: an import block with id = "${org}/${name}", or terraform import <address> ${org}/${name}.`;
      return { diagnostics: [error('Workspace name already taken', detail, ['name'])] };
    }
    return { diagnostics: apiDiagnostics(err, `Failed to create workspace "${name}"`) };
  }
  // The workspace exists from here on: every outcome below records it in state.
  const diagnostics: Diagnostic[] = [];
  try {
    const { add } = tagNameChanges([], planned.tag_names);
    if (add.length > 0) await pd.client.tags.add(ws.id, add);
    const sshKey = str(planned.ssh_key_id);
    if (sshKey) await pd.client.workspaces.assignSshKey(ws.id, sshKey);
  } catch (err) {
    diagnostics.push(...apiDiagnostics(err, `Workspace "${name}" was created, but finishing its settings failed`));
  }
  let actual: ObjectValue;
  try {
    actual = await freshState(pd, ws.id, planned);
  } catch (err) {
    // Record the workspace from the create answer rather than lose track of it.
    diagnostics.push(...apiDiagnostics(err, `Workspace "${name}" was created, but reading it back failed`));
    actual = stateFromWorkspace({ workspace: ws, own: [], effective: [] }, planned, pd.client.address);
  }
  if (diagnostics.length > 0) return { state: actual, diagnostics };
  return { state: settleAfterApply(actual, planned, config) };
}

/** Attributes whose change needs no request: they only steer the provider. */
const LOCAL_ONLY = new Set<string>(['force_delete', 'ignore_additional_tags', ...COMPUTED_ONLY]);

async function updateWorkspace(pd: ProviderData, ctx: Ctx, prior: ObjectValue, planned: ObjectValue, config: ObjectValue | null): Promise<ApplyResult> {
  const id = str(prior.id)!;
  const name = str(prior.name)!;
  const changes = changedAttributes(prior, planned).filter((k) => !LOCAL_ONLY.has(k));
  const options = updateOptions(prior, planned);
  const tagNames = tagNameChanges(prior.tag_names, planned.tag_names);
  const sshKeyChanges = known(planned.ssh_key_id) && planned.ssh_key_id !== prior.ssh_key_id;
  const tagsManaged = planned.tags !== null && known(planned.tags);
  const bindingsMayChange = tagsManaged && (changes.includes('tags') || prior.tags === null);

  if (!options && !sshKeyChanges && tagNames.add.length + tagNames.remove.length === 0 && !bindingsMayChange) {
    // Only provider-side settings changed: nothing to send, nothing to lock.
    const state: ObjectValue = { ...planned };
    for (const [k, v] of Object.entries(state)) if (v === Unknown) state[k] = prior[k];
    return { state };
  }

  const outcome = await withWorkspaceLock(pd, ctx.stopped, { id, name }, lockReason(changes), async () => {
    if (options) await pd.client.workspaces.updateById(id, options);
    if (sshKeyChanges) {
      const key = str(planned.ssh_key_id);
      await (key ? pd.client.workspaces.assignSshKey(id, key) : pd.client.workspaces.unassignSshKey(id));
    }
    if (tagNames.add.length > 0) await pd.client.tags.add(id, tagNames.add);
    if (tagNames.remove.length > 0) await pd.client.tags.remove(id, tagNames.remove);
    if (bindingsMayChange) await syncBindings(pd, id, prior, planned);
  }, timing);

  const actual = await freshState(pd, id, planned);
  const diagnostics: Diagnostic[] = [];
  if (outcome.error) diagnostics.push(...apiDiagnostics(outcome.error, `Failed to update workspace "${name}"`));
  if (outcome.unlockError) diagnostics.push(diagnosticFromError(unlockFailure(name, id, outcome.unlockError)));
  if (outcome.error) return { state: actual, diagnostics };
  return { state: settleAfterApply(actual, planned, config), diagnostics };
}

/** Brings the workspace's own bindings to `tags`, one writer per workspace at a time. */
async function syncBindings(pd: ProviderData, id: string, prior: ObjectValue | null, planned: ObjectValue): Promise<void> {
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

async function deleteWorkspace(pd: ProviderData, prior: ObjectValue): Promise<ApplyResult> {
  const id = str(prior.id)!;
  const name = str(prior.name) ?? id;
  try {
    if (prior.force_delete === true) await pd.client.workspaces.deleteById(id);
    else await pd.client.workspaces.safeDeleteById(id);
    pd.workspaces.invalidate(id);
    return {};
  } catch (err) {
    if (err instanceof WorkspaceNotSafeToDeleteError) return { diagnostics: [notSafeToDelete(name, id, err)] };
    if (err instanceof NotFoundError) {
      try {
        await confirmGone(pd, str(prior.organization), id, name);
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
