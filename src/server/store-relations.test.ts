import { metaDigest } from './directory/store';
import { ChangeRequestRecord } from './change-requests/store';
import { Store } from './store';
import { TooManyTagBindingsError } from './tags/binding-store';
import { BackendKind, backendKinds, useTestDatabase, freshOrg, newWorkspace } from './test-support';

jest.setTimeout(30_000);

const T0 = '2030-01-01T00:00:00.000Z';

describe.each(backendKinds)('records around workspaces on the %s store', (kind: BackendKind) => {
  let store: Store;
  useTestDatabase(kind, (main) => (store = main));

  describe('flat tags', () => {
    it('creates organization tags on first use and counts the workspaces carrying each', async () => {
      const org = freshOrg();
      const a = await store.workspaces.insert(newWorkspace(org, 'a'));
      const b = await store.workspaces.insert(newWorkspace(org, 'b'));
      await store.tags.addToWorkspace(a.id, org, ['blue', 'green'], T0);
      await store.tags.addToWorkspace(b.id, org, ['green'], T0);
      const green = await store.tags.findByName(org, 'green');
      expect(green).toMatchObject({ organization: org, name: 'green', createdAt: T0, instanceCount: 2 });
      expect(green!.id).toMatch(/^tag-/);
      expect(await store.tags.get(org, green!.id)).toEqual(green);
      expect(await store.tags.get(freshOrg(), green!.id)).toBeNull();
      expect((await store.tags.findByName(org, 'blue'))?.instanceCount).toBe(1);
    });

    it('ignores a tag the workspace already carries and keeps the order tags were added', async () => {
      const org = freshOrg();
      const ws = await store.workspaces.insert(newWorkspace(org, 'ordered', { tagNames: ['zeta'] }));
      await store.tags.addToWorkspace(ws.id, org, ['alpha', 'zeta', 'mid'], T0);
      await store.tags.addToWorkspace(ws.id, org, ['alpha'], T0);
      expect((await store.workspaces.get(ws.id))?.tagNames).toEqual(['zeta', 'alpha', 'mid']);
      const page = await store.tags.listOnWorkspace(ws.id, 1, 5);
      expect(page.total).toBe(3);
      expect(page.items.map((t) => [t.name, t.instanceCount])).toEqual([
        ['alpha', 1],
        ['mid', 1],
      ]);
    });

    it('removes tags by name, ignores names it does not carry, and deletes a tag left on no workspace', async () => {
      const org = freshOrg();
      const a = await store.workspaces.insert(newWorkspace(org, 'a', { tagNames: ['keep', 'drop', 'shared'] }));
      const b = await store.workspaces.insert(newWorkspace(org, 'b', { tagNames: ['shared'] }));
      await store.tags.removeFromWorkspace(a.id, org, ['drop', 'shared', 'unknown']);
      expect((await store.workspaces.get(a.id))?.tagNames).toEqual(['keep']);
      expect(await store.tags.findByName(org, 'drop')).toBeNull();
      expect((await store.tags.findByName(org, 'shared'))?.instanceCount).toBe(1);
      await store.tags.removeFromWorkspace(b.id, org, ['shared']);
      expect(await store.tags.findByName(org, 'shared')).toBeNull();
      // Added again later: a new tag record.
      await store.tags.addToWorkspace(b.id, org, ['drop'], T0);
      expect((await store.tags.findByName(org, 'drop'))?.instanceCount).toBe(1);
    });

    it('does nothing for a workspace that does not exist', async () => {
      const org = freshOrg();
      await store.tags.addToWorkspace('ws-missing', org, ['ghost'], T0);
      expect(await store.tags.findByName(org, 'ghost')).toBeNull();
      await expect(store.tags.removeFromWorkspace('ws-missing', org, ['ghost'])).resolves.toBeUndefined();
    });

    it('keeps every tag when many workspaces add and remove the same tags at once', async () => {
      const org = freshOrg();
      const wss = await Promise.all(Array.from({ length: 8 }, (_, i) => store.workspaces.insert(newWorkspace(org, `c${i}`, { tagNames: ['x'] }))));
      await Promise.all(
        wss.map((ws, i) => (i % 2 ? store.tags.removeFromWorkspace(ws.id, org, ['x']) : store.tags.addToWorkspace(ws.id, org, ['y', 'x'], T0))),
      );
      expect((await store.tags.findByName(org, 'x'))?.instanceCount).toBe(4);
      expect((await store.tags.findByName(org, 'y'))?.instanceCount).toBe(4);
    });
  });

  describe('tag bindings', () => {
    it('adds new keys and updates values of existing keys, keeping their IDs, and answers in the order given', async () => {
      const ws = await store.workspaces.insert(newWorkspace(freshOrg(), 'tb', { tagBindings: [{ key: 'env', value: 'dev' }] }));
      const [env] = await store.tagBindings.list(ws.id);
      expect(env).toMatchObject({ key: 'env', value: 'dev', createdAt: ws.createdAt });
      expect(env.id).toMatch(/^tb-/);
      const answer = await store.tagBindings.upsert(
        ws.id,
        [
          { key: 'team', value: 'net' },
          { key: 'env', value: 'prod' },
        ],
        T0,
      );
      expect(answer.map((b) => [b.key, b.value])).toEqual([
        ['team', 'net'],
        ['env', 'prod'],
      ]);
      expect(answer[1]).toEqual({ id: env.id, key: 'env', value: 'prod', createdAt: ws.createdAt });
      expect((await store.tagBindings.list(ws.id)).map((b) => [b.key, b.value])).toEqual([
        ['env', 'prod'],
        ['team', 'net'],
      ]);
    });

    it('replaces the own bindings with exactly the list, keeping the IDs of surviving keys', async () => {
      const ws = await store.workspaces.insert(
        newWorkspace(freshOrg(), 'tb2', {
          tagBindings: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ],
        }),
      );
      const before = await store.tagBindings.list(ws.id);
      const answer = await store.tagBindings.replace(
        ws.id,
        [
          { key: 'b', value: '3' },
          { key: 'c', value: '4' },
        ],
        T0,
      );
      expect(answer.map((b) => [b.key, b.value])).toEqual([
        ['b', '3'],
        ['c', '4'],
      ]);
      expect(answer[0].id).toBe(before[1].id);
      expect(await store.tagBindings.list(ws.id)).toEqual(answer);
    });

    it('never lets concurrent additive writes pass the limit of own bindings', async () => {
      const org = freshOrg();
      const ws = await store.workspaces.insert(newWorkspace(org, 'limited'));
      await store.tagBindings.upsert(
        ws.id,
        Array.from({ length: 8 }, (_, i) => ({ key: `k${i}`, value: 'v' })),
        T0,
      );
      const attempts = await Promise.allSettled(
        ['a', 'b', 'c'].map((p) =>
          store.tagBindings.upsert(
            ws.id,
            [
              { key: `${p}1`, value: 'x' },
              { key: `${p}2`, value: 'x' },
            ],
            T0,
            { maxOwn: 10 },
          ),
        ),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const refused of attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected')) {
        expect(refused.reason).toBeInstanceOf(TooManyTagBindingsError);
      }
      expect(await store.tagBindings.list(ws.id)).toHaveLength(10);
    });

    it('answers an empty list for a workspace that does not exist', async () => {
      expect(await store.tagBindings.upsert('ws-missing', [{ key: 'a', value: '1' }], T0)).toEqual([]);
      expect(await store.tagBindings.list('ws-missing')).toEqual([]);
    });
  });

  describe('remote state consumers', () => {
    it('adds consumers as a set, removes them ignoring absent ones, and replaces the whole set', async () => {
      const org = freshOrg();
      const [subject, c1, c2, c3] = await Promise.all(['s', 'c1', 'c2', 'c3'].map((n) => store.workspaces.insert(newWorkspace(org, n))));
      await store.consumers.add(subject.id, [c1.id, c2.id, c1.id]);
      await store.consumers.add(subject.id, [c2.id]);
      expect(await store.consumers.list(subject.id)).toEqual([c1.id, c2.id]);
      await store.consumers.remove(subject.id, [c1.id, c3.id]);
      expect(await store.consumers.list(subject.id)).toEqual([c2.id]);
      await store.consumers.replace(subject.id, [c3.id, c2.id]);
      expect(await store.consumers.list(subject.id)).toEqual([c2.id, c3.id]);
      await store.consumers.replace(subject.id, []);
      expect(await store.consumers.list(subject.id)).toEqual([]);
    });
  });

  describe('change requests', () => {
    const request = (id: string, workspaceId: string, createdAt: string): ChangeRequestRecord => ({
      id,
      workspaceId,
      subject: `subject ${id}`,
      message: 'please',
      archivedBy: null,
      archivedAt: null,
      createdAt,
      updatedAt: createdAt,
    });

    it('lists by creation time then ID, filters by archived state, and archives only once', async () => {
      const ws = await store.workspaces.insert(newWorkspace(freshOrg(), 'cr'));
      const id = (n: string) => `wscr-${ws.id}-${n}`;
      await store.changeRequests.insertMany([request(id('b'), ws.id, T0), request(id('c'), ws.id, '2029-01-01T00:00:00.000Z'), request(id('a'), ws.id, T0)]);
      expect((await store.changeRequests.list(ws.id, undefined, 0, 10)).items.map((r) => r.id)).toEqual([id('c'), id('a'), id('b')]);
      expect(await store.changeRequests.archive(id('a'), 'user-1', '2031-01-01T00:00:00.000Z')).toBe(true);
      expect(await store.changeRequests.archive(id('a'), 'user-2', '2032-01-01T00:00:00.000Z')).toBe(false);
      expect(await store.changeRequests.archive('wscr-missing', 'user-1', T0)).toBe(false);
      expect(await store.changeRequests.get(id('a'))).toMatchObject({
        archivedBy: 'user-1',
        archivedAt: '2031-01-01T00:00:00.000Z',
        updatedAt: '2031-01-01T00:00:00.000Z',
        subject: `subject ${id('a')}`,
        message: 'please',
      });
      const archived = await store.changeRequests.list(ws.id, true, 0, 10);
      expect([archived.items.map((r) => r.id), archived.total]).toEqual([[id('a')], 1]);
      const open = await store.changeRequests.list(ws.id, false, 1, 1);
      expect([open.items.map((r) => r.id), open.total]).toEqual([[id('b')], 2]);
      expect(await store.changeRequests.countUnarchived(ws.id)).toBe(2);
      expect(await store.changeRequests.get('wscr-missing')).toBeNull();
    });
  });

  describe('notifications', () => {
    it('records notifications in order and appends concurrent delivery attempts without losing any', async () => {
      const before = (await store.changeRequests.listNotifications()).length;
      const base = { team: 'team-1', workspaceId: 'ws-x', changeRequestId: 'wscr-x', subject: 's', createdAt: T0 };
      await store.changeRequests.insertNotification({ ...base, id: `n1-${kind}`, deliveries: [] });
      await store.changeRequests.insertNotification({
        ...base,
        id: `n2-${kind}`,
        deliveries: [{ url: 'http://a', attempt: 1, status: 500, error: null, at: T0 }],
      });
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.changeRequests.appendNotificationDelivery(`n1-${kind}`, {
            url: 'http://b',
            attempt: i + 1,
            status: i === 9 ? 200 : null,
            error: i === 9 ? null : 'refused',
            at: T0,
          }),
        ),
      );
      await store.changeRequests.appendNotificationDelivery('n-missing', { url: 'http://b', attempt: 1, status: 200, error: null, at: T0 });
      const all = (await store.changeRequests.listNotifications()).slice(before);
      expect(all.map((n) => n.id)).toEqual([`n1-${kind}`, `n2-${kind}`]);
      expect(all[0].deliveries.map((d) => d.attempt).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(all[1]).toEqual({ ...base, id: `n2-${kind}`, deliveries: [{ url: 'http://a', attempt: 1, status: 500, error: null, at: T0 }] });
    });
  });

  describe('metadata', () => {
    it('sets a key only when it holds the expected value, inserting when null was expected', async () => {
      expect(await store.directory.getMeta('bootstrap')).toBeNull();
      expect(await store.directory.compareAndSetMeta('bootstrap', 'x', 'v0')).toBe(false);
      expect(await store.directory.compareAndSetMeta('bootstrap', null, 'v1')).toBe(true);
      expect(await store.directory.compareAndSetMeta('bootstrap', null, 'v2')).toBe(false);
      expect(await store.directory.compareAndSetMeta('bootstrap', 'v0', 'v2')).toBe(false);
      expect(await store.directory.compareAndSetMeta('bootstrap', 'v1', 'v2')).toBe(true);
      expect(await store.directory.getMeta('bootstrap')).toBe('v2');
    });

    it('answers the digest of a value, the same as computed in the process, and null when absent', async () => {
      expect(await store.directory.getMetaDigest('digest')).toBeNull();
      const value = JSON.stringify({ users: ['ünïcode', 'x'.repeat(5000)] });
      await store.directory.compareAndSetMeta('digest', null, value);
      expect(await store.directory.getMetaDigest('digest')).toBe(metaDigest(value));
      await store.directory.compareAndSetMeta('digest', value, `${value} `);
      expect(await store.directory.getMetaDigest('digest')).not.toBe(metaDigest(value));
    });

    it('lets one of many concurrent compare-and-sets win', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.directory.compareAndSetMeta('race', null, `v${i}`)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.directory.getMeta('race')).toBe(`v${results.indexOf(true)}`);
    });
  });

  describe('data retention policies', () => {
    it('stores, replaces and deletes the policy of a workspace', async () => {
      const ws = await store.workspaces.insert(newWorkspace(freshOrg(), 'retention'));
      expect(await store.dataRetention.get(ws.id)).toBeNull();
      const first = { workspaceId: ws.id, id: 'drp-1', kind: 'delete-older' as const, deleteOlderThanNDays: 30, createdAt: T0, updatedAt: T0 };
      expect(await store.dataRetention.put(first)).toEqual(first);
      const second = { ...first, id: 'drp-2', kind: 'dont-delete' as const, deleteOlderThanNDays: null };
      expect(await store.dataRetention.put(second)).toEqual(second);
      expect(await store.dataRetention.get(ws.id)).toEqual(second);
      expect(await store.dataRetention.delete(ws.id)).toBe(true);
      expect(await store.dataRetention.delete(ws.id)).toBe(false);
      expect(await store.dataRetention.get(ws.id)).toBeNull();
    });
  });
});
