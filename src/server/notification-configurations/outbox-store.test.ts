import type { Store } from '../store';
import { type BackendKind, backendKinds, freshOrg, useTestDatabase } from '../test-support';

jest.setTimeout(30_000);

const T0 = '2030-01-01T00:00:00.000Z';

describe.each(backendKinds)('the notification outbox on the %s store', (kind: BackendKind) => {
  let first: Store;
  let second: Store;
  useTestDatabase(kind, async (_main, database) => {
    // Two stores on one database: two instances' worth of connections.
    first = await database.openShared();
    second = await database.openShared();
  });

  async function rows(n: number, dueAt = 1000): Promise<string[]> {
    const prefix = `nd-${freshOrg()}`;
    const ids = Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
    await first.notificationOutbox.insert(ids.map((id) => ({ id, configurationId: `nc-${prefix}`, notificationId: null, body: '{}', createdAt: T0, dueAt })));
    return ids;
  }
  const ours = (ids: string[], claims: Array<{ id: string }>) => claims.map((c) => c.id).filter((id) => ids.includes(id));

  it('gives each due row to one claimant while its lease runs, and to another once it lapses', async () => {
    const ids = await rows(6);
    const [a, b] = await Promise.all([
      first.notificationOutbox.claimDue(2000, 12_000, 100, 'claim-a'),
      second.notificationOutbox.claimDue(2000, 12_000, 100, 'claim-b'),
    ]);
    const byA = ours(ids, a);
    const byB = ours(ids, b);
    expect([...byA, ...byB].sort()).toEqual([...ids].sort());
    expect(byA.filter((id) => byB.includes(id))).toEqual([]);
    // Within the lease nobody else gets them; after it, they are claimed again with the attempt counted.
    expect(ours(ids, await second.notificationOutbox.claimDue(11_999, 30_000, 100, 'claim-c'))).toEqual([]);
    const again = (await second.notificationOutbox.claimDue(12_000, 30_000, 100, 'claim-d')).filter((c) => ids.includes(c.id));
    expect(again.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(again.every((c) => c.attempts === 2)).toBe(true);
    // The first claimant's lease is gone: it can no longer finish the rows.
    expect(await first.notificationOutbox.delivered(byA[0] ?? byB[0], byA.length > 0 ? 'claim-a' : 'claim-b')).toBe(false);
    expect(await second.notificationOutbox.delivered(again[0].id, 'claim-d')).toBe(true);
  });

  it('makes a failed row due again at its retry time, and keeps one given up as failed', async () => {
    const [id] = await rows(1);
    const [claim] = ours([id], await first.notificationOutbox.claimDue(2000, 20_000, 100, 'claim-e')).map((c) => ({ id: c }));
    expect(claim.id).toBe(id);
    expect(await first.notificationOutbox.failed(id, 'claim-e', 'HTTP 500', 5000, T0)).toBe(true);
    expect(ours([id], await first.notificationOutbox.claimDue(4999, 20_000, 100, 'claim-f'))).toEqual([]);
    expect(ours([id], await first.notificationOutbox.claimDue(5000, 20_000, 100, 'claim-g'))).toEqual([id]);
    const before = await first.notificationOutbox.counts();
    expect(await first.notificationOutbox.failed(id, 'claim-g', 'HTTP 500', null, T0)).toBe(true);
    const after = await first.notificationOutbox.counts();
    expect([after.pending, after.failed]).toEqual([before.pending - 1, before.failed + 1]);
    expect(ours([id], await first.notificationOutbox.claimDue(1e15, 1e15, 100, 'claim-h'))).toEqual([]);
  });

  it('seeds a configuration once ever: one deleted is not seeded again', async () => {
    const id = `nc-seed-${freshOrg()}`;
    const record = {
      id,
      teamId: 'team-x',
      name: 'seeded',
      destinationType: 'generic',
      url: 'http://127.0.0.1:9/',
      hasToken: false,
      enabled: true,
      triggers: ['change_request:created'],
      createdAt: T0,
      updatedAt: T0,
    };
    expect(await first.notificationConfigurations.seed([record])).toBe(1);
    expect(await second.notificationConfigurations.seed([record])).toBe(0);
    expect(await first.notificationConfigurations.delete(id)).toBe(true);
    expect(await second.notificationConfigurations.seed([record])).toBe(0);
    expect(await first.notificationConfigurations.get(id)).toBeNull();
  });
});
