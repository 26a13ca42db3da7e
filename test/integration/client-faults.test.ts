// Every operation completes exactly once with a faulty proxy between the client and the service:
// seeded 429s (with reset headers), 503s, connections dropped before forwarding, and answers
// dropped or withheld after the service has done the work.
import { Client, WorkspaceLockedError, collect } from '../../src/client';
import { startFaultProxy, type FaultProxy, type FaultProxyOptions, type ProxiedRequest } from '../helpers/fault-proxy';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { uniqueName } from '../helpers/workspace-assertions';

const service = useService();

async function faulty(options: Omit<FaultProxyOptions, 'target'>, clientOptions: { timeoutMs?: number } = {}): Promise<{ proxy: FaultProxy; client: Client }> {
  const proxy = await startFaultProxy({ target: service.url, ...options });
  service.adopt(proxy);
  const client = service.clientFor(TOKENS.owner, { address: proxy.url, retry: { maxRetries: 12, baseDelayMs: 5, maxDelayMs: 80 }, ...clientOptions });
  return { proxy, client };
}

const isCreate = (r: ProxiedRequest) => r.method === 'POST' && /\/organizations\/[^/]+\/workspaces$/.test(r.path);
/** Workspaces in the organization whose names start with `prefix`, straight from the service. */
async function namesOnService(prefix: string): Promise<string[]> {
  const response = await service.request('GET', `/organizations/${ORG}/workspaces?search%5Bname%5D=${prefix}&page%5Bsize%5D=100`);
  return response.body.data.map((w: { attributes: { name: string } }) => w.attributes.name).sort();
}

const SHARES = { 'rate-limited': 0.12, unavailable: 0.1, 'drop-before': 0.08, 'drop-after': 0.12 } as const;

describe('writes under faults', () => {
  it('creates each workspace exactly once when answers to processed creates are lost', async () => {
    const { proxy, client } = await faulty({ seed: 7, shares: SHARES });
    const prefix = uniqueName('fc');
    const names = Array.from({ length: 24 }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
    const created = await Promise.all(names.map((name) => client.workspaces.create(ORG, { name })));
    expect(created.map((w) => w.name)).toEqual(names);
    expect(await namesOnService(prefix)).toEqual(names);
    // The test proves something only if the faults happened, including after processed creates.
    expect(proxy.log.filter((r) => isCreate(r) && r.fault === 'drop-after').length).toBeGreaterThan(0);
    expect(proxy.count('rate-limited') + proxy.count('unavailable') + proxy.count('drop-before')).toBeGreaterThan(0);
  });

  it('looks the name up instead of re-sending a create whose answer was lost', async () => {
    const { proxy, client } = await faulty({ decide: (r) => (isCreate(r) && r.n === 1 ? 'drop-after' : null) });
    const name = uniqueName('once');
    const ws = await client.workspaces.create(ORG, { name });
    expect(ws.name).toBe(name);
    expect(proxy.log.filter(isCreate)).toHaveLength(1);
    expect(await namesOnService(name)).toEqual([name]);
  });

  it('recovers a create that timed out after the service processed it', async () => {
    const { proxy, client } = await faulty({ decide: (r) => (isCreate(r) && r.n === 1 ? 'stall-after' : null) }, { timeoutMs: 300 });
    const name = uniqueName('slow');
    const ws = await client.workspaces.create(ORG, { name });
    expect(ws.name).toBe(name);
    expect(proxy.log.filter(isCreate)).toHaveLength(1);
  });

  it('counts a re-sent lock that finds its own lock as success, and an unlock that finds it done', async () => {
    const { client: direct } = await faulty({});
    const workspaces = await Promise.all(Array.from({ length: 6 }, () => direct.workspaces.create(ORG, { name: uniqueName('fl') })));
    const { proxy, client } = await faulty({ decide: (r) => (/\/actions\/(lock|unlock)$/.test(r.path) && r.n <= 12 ? 'drop-after' : null) });
    for (const ws of workspaces) expect(await client.workspaces.lock(ws.id, { reason: 'faults' })).toMatchObject({ locked: true, lockedReason: 'faults' });
    for (const ws of workspaces) expect((await client.workspaces.unlock(ws.id)).locked).toBe(false);
    expect(proxy.count('drop-after')).toBeGreaterThanOrEqual(6);
    for (const ws of workspaces) expect((await direct.workspaces.readById(ws.id)).locked).toBe(false);
  });

  it('still reports a lock someone else took with the same reason after a lost answer', async () => {
    const { client: direct } = await faulty({});
    const [mine, held] = await Promise.all([1, 2].map(() => direct.workspaces.create(ORG, { name: uniqueName('held') })));
    const writer = service.clientFor(TOKENS.writer);
    await writer.workspaces.lock(held.id, { reason: 'faults' });
    const { client } = await faulty({ decide: (r) => (r.path === `/api/v2/workspaces/${held.id}/actions/lock` && r.n <= 3 ? 'drop-before' : null) });
    // Once the client knows who it is (from its own lock), it tells its lock from another's exactly.
    await client.workspaces.lock(mine.id);
    await client.workspaces.unlock(mine.id);
    await expect(client.workspaces.lock(held.id, { reason: 'faults' })).rejects.toBeInstanceOf(WorkspaceLockedError);
  });

  it('does not take an older lock with the same reason for its own when it does not know who it is', async () => {
    const { client: direct } = await faulty({});
    const held = await direct.workspaces.create(ORG, { name: uniqueName('older') });
    const writer = service.clientFor(TOKENS.writer);
    await writer.workspaces.lock(held.id, { reason: 'faults' });
    await new Promise((r) => setTimeout(r, 1500));
    const { client } = await faulty({ decide: (r) => (r.path.endsWith('/actions/lock') && r.n === 1 ? 'drop-before' : null) });
    await expect(client.workspaces.lock(held.id, { reason: 'faults' })).rejects.toBeInstanceOf(WorkspaceLockedError);
  });

  it('safe deletes, force deletes and archives exactly once when answers are lost', async () => {
    const { client: direct } = await faulty({});
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => direct.workspaces.create(ORG, { name: uniqueName('fd') })));
    await direct.explorer.createChangeRequests(ORG, { targetIds: [c.id], subject: 'archive me', message: 'm' });
    const [cr] = (await direct.changeRequests.list(c.id)).items;
    const seen = new Set<string>();
    const firstWriteOfEachPath = (r: ProxiedRequest) => r.method !== 'GET' && !seen.has(r.path) && Boolean(seen.add(r.path));
    const { proxy, client } = await faulty({ decide: (r) => (firstWriteOfEachPath(r) ? 'drop-after' : null) });
    await client.workspaces.safeDeleteById(a.id);
    await client.workspaces.delete(ORG, b.name);
    expect((await client.changeRequests.archive(cr.id)).archived).toBe(true);
    expect(proxy.count('drop-after')).toBe(3);
    expect(await namesOnService(a.name)).toEqual([]);
    expect(await namesOnService(b.name)).toEqual([]);
  });

  it('creates one change request per target when the bulk action answer is lost', async () => {
    const { client: direct } = await faulty({});
    const targets = await Promise.all([1, 2].map(() => direct.workspaces.create(ORG, { name: uniqueName('bulk') })));
    const { proxy, client } = await faulty({ decide: (r) => (r.path.endsWith('/explorer/bulk-actions') ? 'drop-after' : null) });
    const result = await client.explorer.createChangeRequests(ORG, { targetIds: targets.map((t) => t.id), subject: 'once only', message: 'm' });
    expect(result.id).toBeNull();
    expect(result.recoveredChangeRequests).toHaveLength(2);
    expect(proxy.log.filter((r) => r.path.endsWith('/explorer/bulk-actions'))).toHaveLength(1);
    for (const t of targets) expect((await direct.changeRequests.list(t.id)).items).toHaveLength(1);
  });

  it('completes a mixed workload of reads and idempotent writes with every fault kind', async () => {
    const { client: direct } = await faulty({});
    const [subject, consumer] = await Promise.all([1, 2].map(() => direct.workspaces.create(ORG, { name: uniqueName('mix') })));
    const { proxy, client } = await faulty({ seed: 99, shares: SHARES });
    await client.workspaces.updateById(subject.id, { description: 'under faults', autoApply: true });
    await client.tagBindings.update(subject.id, [{ key: 'env', value: 'prod' }]);
    await client.tags.add(subject.id, ['faulty']);
    await client.remoteStateConsumers.add(subject.id, [consumer.id]);
    await client.workspaces.assignSshKey(subject.id, 'sshkey-deploy');
    for (let i = 0; i < 10; i++) await client.workspaces.readById(subject.id);
    const all = await collect(client.workspaces.listAll(ORG));
    expect(all.some((w) => w.id === subject.id)).toBe(true);
    const fresh = await direct.workspaces.readById(subject.id);
    expect(fresh).toMatchObject({ description: 'under faults', autoApply: true, tagNames: ['faulty'], sshKeyId: 'sshkey-deploy' });
    expect((await direct.tagBindings.list(subject.id)).map((b) => b.key)).toEqual(['env']);
    expect((await direct.remoteStateConsumers.list(subject.id)).items.map((w) => w.id)).toEqual([consumer.id]);
    expect(proxy.log.filter((r) => r.fault !== null).length).toBeGreaterThan(0);
  });
});
