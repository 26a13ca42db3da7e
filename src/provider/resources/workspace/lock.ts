// Lock-aware changes (architecture "Lock-aware updates and safe deletes"): lock with a reason naming the
// change, change, and unlock in all cases. A lock held by someone else is waited for up to
// `lock_timeout` and then reported with its holder; unlock's 503 (state version not finalized) is
// retried with backoff.
import { StateVersionPendingError, WorkspaceLockedError, WorkspaceNotLockedError, type Workspace } from '../../../client';
import type { ProviderData } from '../../context';
import { DiagnosticError } from '../../protocol/diagnostics';

export const LOCK_REASON_PREFIX = 'terraform-provider-cdkws';

export interface LockTiming {
  /** First wait between attempts; doubled up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long unlock keeps retrying a 503, at least. */
  unlockPatienceMs: number;
}

export const DEFAULT_TIMING: LockTiming = { firstDelayMs: 250, maxDelayMs: 2_000, unlockPatienceMs: 30_000 };

export function lockReason(changes: string[]): string {
  const list = changes.length > 6 ? `${changes.slice(0, 6).join(', ')} and ${changes.length - 6} more` : changes.join(', ');
  return `${LOCK_REASON_PREFIX}: updating ${list}`;
}

export function describeHolder(ws: Workspace): string {
  const who = ws.lockedBy
    ? `${ws.lockedBy.type === 'users' ? 'user ' : ''}${ws.lockedBy.username ? `${ws.lockedBy.username} (${ws.lockedBy.id})` : ws.lockedBy.id}`
    : 'a team or organization token';
  return ws.lockedReason ? `${who} (reason: "${ws.lockedReason}")` : who;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** Takes the lock, waiting while someone else holds it. Throws a diagnostic on timeout or stop. */
export async function acquireLock(pd: ProviderData, stopped: AbortSignal, id: string, name: string, reason: string, timing = DEFAULT_TIMING): Promise<void> {
  const deadline = Date.now() + pd.lockTimeoutMs;
  let delay = timing.firstDelayMs;
  for (;;) {
    if (stopped.aborted) {
      throw new DiagnosticError(
        'Interrupted while waiting for the workspace lock',
        `Workspace "${name}" (${id}) was not changed; run apply again to make the change.`,
      );
    }
    try {
      await pd.client.workspaces.lock(id, { reason });
      return;
    } catch (error) {
      if (!(error instanceof WorkspaceLockedError)) throw error;
    }
    const ws = await pd.client.workspaces.readById(id, { include: ['locked_by'] });
    if (!ws.locked) continue; // released between our two requests: try again at once
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new DiagnosticError(
        `Workspace "${name}" is locked by ${describeHolder(ws)}`,
        `Waited ${formatMs(pd.lockTimeoutMs)} for the lock (${id}); nothing was changed. ` +
          'Wait for the holder to finish and run apply again, ask them to unlock it, or raise lock_timeout in the provider "cdkws" block.',
      );
    }
    await sleep(Math.min(delay, left), stopped);
    delay = Math.min(delay * 2, timing.maxDelayMs);
  }
}

/**
 * Unlocks, retrying a 503 with backoff. "Already unlocked" (e.g. an admin force-unlocked it) is
 * success. Keeps trying even after a stop request: leaving the lock behind is worse than waiting.
 */
export async function releaseLock(pd: ProviderData, id: string, timing = DEFAULT_TIMING): Promise<void> {
  const deadline = Date.now() + Math.max(timing.unlockPatienceMs, pd.lockTimeoutMs);
  let delay = timing.firstDelayMs;
  for (;;) {
    try {
      await pd.client.workspaces.unlock(id);
      return;
    } catch (error) {
      if (error instanceof WorkspaceNotLockedError) return;
      if (!(error instanceof StateVersionPendingError) || Date.now() >= deadline) throw error;
    }
    await sleep(delay);
    delay = Math.min(delay * 2, timing.maxDelayMs);
  }
}

export interface LockedOutcome<T> {
  value?: T;
  /** What `change` threw, if it did. */
  error?: unknown;
  /** What unlocking threw, if it did (the workspace is then still locked). */
  unlockError?: unknown;
}

/** Runs `change` under the workspace lock; reports failures instead of throwing once locked. */
export async function withWorkspaceLock<T>(
  pd: ProviderData,
  stopped: AbortSignal,
  ws: { id: string; name: string },
  reason: string,
  change: () => Promise<T>,
  timing = DEFAULT_TIMING,
): Promise<LockedOutcome<T>> {
  await acquireLock(pd, stopped, ws.id, ws.name, reason, timing);
  const outcome: LockedOutcome<T> = {};
  try {
    outcome.value = await change();
  } catch (error) {
    outcome.error = error;
  } finally {
    try {
      await releaseLock(pd, ws.id, timing);
    } catch (error) {
      outcome.unlockError = error;
    }
  }
  return outcome;
}

export function unlockFailure(name: string, id: string, error: unknown): DiagnosticError {
  const detail = error instanceof Error ? error.message : String(error);
  return new DiagnosticError(
    `Workspace "${name}" was changed but is still locked`,
    `Unlocking ${id} failed: ${detail}. The change was applied and recorded in state. ` +
      'Unlock the workspace once its latest state version is finalized (an admin can force-unlock it).',
  );
}
