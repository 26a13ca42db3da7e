// Lock-aware changes against a scripted client: waiting, timing out, stopping, and unlock's 503.
import { StateVersionPendingError, WorkspaceLockedError, WorkspaceNotLockedError } from '../../../client/errors';
import { KeyedMutex, type ProviderData } from '../../context';
import { DiagnosticError } from '../../protocol/diagnostics';
import { lockReason, withWorkspaceLock, type LockTiming } from './lock';

const timing: LockTiming = { firstDelayMs: 5, maxDelayMs: 10, unlockPatienceMs: 200 };
const request = { method: 'POST', url: 'http://svc/api/v2/workspaces/ws-1/actions/unlock', headers: {} };

/** A client whose lock fails `lockedFor` times (held by bob) and whose unlock answers 503 `pending` times. */
function fake(options: { lockedFor?: number; pending?: number; lockTimeoutMs?: number }) {
  const calls: string[] = [];
  let locks = 0;
  let unlocks = 0;
  const workspaces = {
    lock: async (_id: string, o: { reason?: string }) => {
      calls.push(`lock:${o.reason}`);
      if (locks++ < (options.lockedFor ?? 0)) throw new WorkspaceLockedError({ status: 409, request });
      return {};
    },
    readById: async () => ({ id: 'ws-1', locked: true, lockedBy: { id: 'user-bob', type: 'users' }, lockedReason: 'deploying' }),
    unlock: async () => {
      calls.push('unlock');
      if (unlocks++ < (options.pending ?? 0)) throw new StateVersionPendingError({ status: 503, request });
      return {};
    },
  };
  const pd = {
    client: { workspaces },
    organization: 'acme',
    lockTimeoutMs: options.lockTimeoutMs ?? 1000,
    bindingLocks: new KeyedMutex(),
  } as unknown as ProviderData;
  return { pd, calls };
}

const ws = { id: 'ws-1', name: 'net' };
const running = () => new AbortController().signal;

it('names the changed attributes in the lock reason', () => {
  expect(lockReason(['description', 'auto_apply'])).toBe('terraform-provider-cdkws: updating description, auto_apply');
});

it('locks, changes and unlocks in that order', async () => {
  const { pd, calls } = fake({});
  const out = await withWorkspaceLock(pd, running(), ws, 'r', async () => void calls.push('change'), timing);
  expect(out.error).toBeUndefined();
  expect(calls).toEqual(['lock:r', 'change', 'unlock']);
});

it('unlocks even when the change fails, and reports the failure', async () => {
  const { pd, calls } = fake({});
  const out = await withWorkspaceLock(
    pd,
    running(),
    ws,
    'r',
    async () => {
      throw new Error('boom');
    },
    timing,
  );
  expect((out.error as Error).message).toBe('boom');
  expect(calls.at(-1)).toBe('unlock');
});

it('waits while someone else holds the lock', async () => {
  const { pd, calls } = fake({ lockedFor: 3 });
  await withWorkspaceLock(pd, running(), ws, 'r', async () => void calls.push('change'), timing);
  expect(calls.filter((c) => c.startsWith('lock'))).toHaveLength(4);
  expect(calls).toContain('change');
});

it('gives up after the lock timeout, naming the holder, without changing anything', async () => {
  const { pd, calls } = fake({ lockedFor: 1e9, lockTimeoutMs: 30 });
  const attempt = withWorkspaceLock(pd, running(), ws, 'r', async () => void calls.push('change'), timing);
  await expect(attempt).rejects.toThrow(/locked by user user-bob \(reason: "deploying"\)/);
  expect(calls).not.toContain('change');
  expect(calls).not.toContain('unlock');
});

it('stops waiting when terraform asks the provider to stop', async () => {
  const { pd, calls } = fake({ lockedFor: 1e9, lockTimeoutMs: 60_000 });
  const stop = new AbortController();
  setTimeout(() => stop.abort(), 30);
  const attempt = withWorkspaceLock(pd, stop.signal, ws, 'r', async () => void calls.push('change'), timing);
  await expect(attempt).rejects.toBeInstanceOf(DiagnosticError);
  await expect(attempt).rejects.toThrow(/Interrupted while waiting/);
  expect(calls).not.toContain('change');
});

it('retries an unlock answered with 503 until it succeeds', async () => {
  const { pd, calls } = fake({ pending: 3 });
  const out = await withWorkspaceLock(pd, running(), ws, 'r', async () => 1, timing);
  expect(out).toEqual({ value: 1 });
  expect(calls.filter((c) => c === 'unlock')).toHaveLength(4);
});

it('reports an unlock that keeps failing instead of throwing it', async () => {
  const { pd } = fake({ pending: 1e9, lockTimeoutMs: 10 });
  const out = await withWorkspaceLock(pd, running(), ws, 'r', async () => 1, timing);
  expect(out.value).toBe(1);
  expect(out.unlockError).toBeInstanceOf(StateVersionPendingError);
});

it('counts an unlock that finds the workspace already unlocked as done', async () => {
  const { pd } = fake({});
  (pd.client.workspaces as any).unlock = async () => {
    throw new WorkspaceNotLockedError({ status: 409, request });
  };
  const out = await withWorkspaceLock(pd, running(), ws, 'r', async () => 1, timing);
  expect(out).toEqual({ value: 1 });
});
