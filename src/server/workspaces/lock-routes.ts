// Lock, unlock, force unlock and the SSH key relationship (spec "Lock", "Unlock", "Force unlock",
// "Assign or unassign an SSH key"). The 409s' codes, and the wording clients of the hosted service
// match, are in the spec's error catalogue.
import { ERRORS, atLeast, type RequestBodyOf } from '../../contract';
import { principalOf } from '../access';
import { ServiceError, forbidden, invalid, lockedByOther, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { now } from '../ids';
import type { ResolvedWorkspace } from '../service';
import { singleWorkspaceReply } from './routes';

async function requireLevel(ctx: RouteContext, level: 'write' | 'admin', action: string): Promise<ResolvedWorkspace> {
  const resolved = await ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
  // Spec: these operations answer 404 for "not found or unauthorized".
  if (!atLeast(resolved.level, level)) throw notFound(`workspace "${ctx.params.workspace_id}" was not found, or you are not authorized to ${action} it`);
  return resolved;
}

async function reread(ctx: RouteContext, resolved: ResolvedWorkspace): Promise<Reply> {
  const workspace = await ctx.service.store.workspaces.get(resolved.workspace.id);
  if (!workspace) throw notFound(`workspace "${resolved.workspace.id}" was not found`);
  return singleWorkspaceReply(ctx, resolved, workspace);
}

function holderDescription(ctx: RouteContext, principal: string | null): string {
  if (principal?.startsWith('user-')) return `User ${ctx.service.index.username(principal) ?? principal}`;
  if (principal?.startsWith('org:')) return `Team organization token of ${principal.slice(4)}`;
  if (principal?.startsWith('team:')) return `Team token of ${principal.slice(5)}`;
  return `User ${principal ?? 'unknown'}`;
}

async function lock(ctx: RouteContext<RequestBodyOf<'lockWorkspace'>>): Promise<Reply> {
  const resolved = await requireLevel(ctx, 'write', 'lock');
  const reason = (await ctx.body()).reason ?? '';
  if (!(await ctx.service.store.locks.lock(resolved.workspace.id, principalOf(ctx.caller), reason, now()))) {
    // The conditional update also fails for a workspace deleted since it was looked up.
    if (!(await ctx.service.store.workspaces.get(resolved.workspace.id))) throw notFound(`workspace "${resolved.workspace.id}" was not found`);
    throw new ServiceError(ERRORS.workspaceAlreadyLocked);
  }
  return reread(ctx, resolved);
}

async function unlock(ctx: RouteContext): Promise<Reply> {
  const resolved = await requireLevel(ctx, 'write', 'unlock');
  const result = await ctx.service.store.locks.unlock(resolved.workspace.id, principalOf(ctx.caller), now());
  switch (result) {
    case 'unlocked':
      return reread(ctx, resolved);
    case 'not-found':
      throw notFound(`workspace "${resolved.workspace.id}" was not found`);
    case 'not-locked':
      throw new ServiceError(ERRORS.workspaceNotLocked);
    case 'locked-by-other': {
      const current = await ctx.service.store.workspaces.get(resolved.workspace.id);
      throw lockedByOther(holderDescription(ctx, current?.lockedBy ?? null));
    }
    case 'state-version-pending':
      // The catalogue's wording: Terraform retries the unlock when it reads "latest state version is still pending".
      throw new ServiceError(ERRORS.stateVersionPending, undefined, { headers: { 'retry-after': '1' } });
  }
}

async function forceUnlock(ctx: RouteContext): Promise<Reply> {
  const resolved = await requireLevel(ctx, 'admin', 'force unlock');
  if (!(await ctx.service.store.locks.forceUnlock(resolved.workspace.id, now()))) {
    if (!(await ctx.service.store.workspaces.get(resolved.workspace.id))) throw notFound(`workspace "${resolved.workspace.id}" was not found`);
    throw new ServiceError(ERRORS.workspaceNotLocked);
  }
  return reread(ctx, resolved);
}

async function assignSshKey(ctx: RouteContext<RequestBodyOf<'assignSshKey'>>): Promise<Reply> {
  const resolved = await ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
  if (!atLeast(resolved.level, 'admin')) throw forbidden(`assigning an SSH key to workspace "${resolved.workspace.name}" needs admin access to it`);
  const body = await ctx.body();
  const keyId = body.data.attributes.id;
  const key = keyId === null ? null : await ctx.service.store.sshKeys.get(keyId);
  if (keyId !== null && key?.organization !== resolved.organization.name) {
    throw invalid(`SSH key "${keyId}" was not found in organization "${resolved.organization.name}"`, '/data/attributes/id');
  }
  const updated = await ctx.service.store.workspaces.update(resolved.workspace.id, { sshKeyId: keyId, updatedAt: now() });
  if (!updated) throw notFound(`workspace "${resolved.workspace.id}" was not found`);
  return singleWorkspaceReply(ctx, resolved, updated);
}

export const WORKSPACE_LOCK_HANDLERS = {
  lockWorkspace: lock,
  unlockWorkspace: unlock,
  forceUnlockWorkspace: forceUnlock,
  assignSshKey,
} satisfies Partial<EndpointHandlers>;
