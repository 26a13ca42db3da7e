import { NameTakenError } from './workspaces/records';
import { Store } from './store';
import { BackendKind, TestDatabase, backendKinds, useTestDatabase, freshOrg, newWorkspace, stateText, writeState } from './test-support';

jest.setTimeout(30_000);

describe.each(backendKinds)('the %s store', (kind: BackendKind) => {
  let database: TestDatabase;
  let store: Store;
  useTestDatabase(kind, (main, db) => {
    store = main;
    database = db;
  });

  describe('workspaces', () => {
    it('stores a new workspace and returns it with its defaults', async () => {
      const org = freshOrg();
      const input = newWorkspace(org, 'Network', { settings: { 'auto-apply': true, 'vcs-repo': { branch: 'main' } }, sshKeyId: 'sshkey-1' });
      const ws = await store.workspaces.insert(input);
      expect(ws).toEqual({
        id: input.id,
        organization: org,
        name: 'Network',
        projectId: 'prj-default',
        createdAt: input.createdAt,
        updatedAt: input.createdAt,
        latestChangeAt: input.createdAt,
        locked: false,
        lockedBy: null,
        lockedReason: null,
        resourceCount: 0,
        sshKeyId: 'sshkey-1',
        currentStateVersionId: null,
        settings: { 'auto-apply': true, 'vcs-repo': { branch: 'main' } },
        tagNames: [],
        version: 1,
        unarchivedChangeRequests: 0,
      });
      expect(store.kind).toBe(kind);
      expect(await store.workspaces.get(input.id)).toEqual(ws);
    });

    it('stores flat tags and tag bindings given at creation', async () => {
      const org = freshOrg();
      const ws = await store.workspaces.insert(
        newWorkspace(org, 'app', {
          tagNames: ['prod', 'eu', 'prod'],
          tagBindings: [
            { key: 'team', value: 'net' },
            { key: 'cost', value: '42' },
          ],
        }),
      );
      expect(ws.tagNames).toEqual(['prod', 'eu']);
      expect((await store.tagBindings.list(ws.id)).map((b) => [b.key, b.value])).toEqual([
        ['team', 'net'],
        ['cost', '42'],
      ]);
      expect((await store.tags.findByName(org, 'eu'))?.instanceCount).toBe(1);
    });

    it('refuses a name taken in the organization in any case with NameTakenError and stores nothing of the loser', async () => {
      const org = freshOrg();
      await store.workspaces.insert(newWorkspace(org, 'Shared-Name'));
      const loser = newWorkspace(org, 'shared-NAME', { tagNames: ['only-on-loser'], tagBindings: [{ key: 'k', value: 'v' }] });
      const error = await store.workspaces.insert(loser).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NameTakenError);
      expect(error).toMatchObject({ organization: org, workspaceName: 'shared-NAME' });
      expect(await store.workspaces.get(loser.id)).toBeNull();
      expect(await store.tags.findByName(org, 'only-on-loser')).toBeNull();
      expect((await store.workspaces.list({ organization: org, visibleNames: null, offset: 0, limit: 10 })).total).toBe(1);
    });

    it('allows the same name in another organization', async () => {
      await store.workspaces.insert(newWorkspace(freshOrg(), 'same'));
      await expect(store.workspaces.insert(newWorkspace(freshOrg(), 'same'))).resolves.toMatchObject({ name: 'same' });
    });

    it('lets exactly one of many concurrent inserts of one name win and throws NameTakenError for every loser', async () => {
      const org = freshOrg();
      const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.workspaces.insert(newWorkspace(org, i % 2 ? 'race' : 'RACE'))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(NameTakenError);
      expect((await store.workspaces.list({ organization: org, visibleNames: null, offset: 0, limit: 10 })).total).toBe(1);
    });

    it('finds a workspace by name regardless of case', async () => {
      const org = freshOrg();
      const ws = await store.workspaces.insert(newWorkspace(org, 'MixedCase'));
      expect((await store.workspaces.getByName(org, 'mixedcase'))?.id).toBe(ws.id);
      expect(await store.workspaces.getByName(org, 'other')).toBeNull();
      expect(await store.workspaces.getByName(freshOrg(), 'MixedCase')).toBeNull();
    });

    it('returns several workspaces in the order asked and skips unknown IDs', async () => {
      const org = freshOrg();
      const a = await store.workspaces.insert(newWorkspace(org, 'a', { tagNames: ['x'] }));
      const b = await store.workspaces.insert(newWorkspace(org, 'b'));
      const got = await store.workspaces.getMany([b.id, 'ws-missing', a.id]);
      expect(got.map((w) => w.id)).toEqual([b.id, a.id]);
      expect(got[1].tagNames).toEqual(['x']);
      expect(await store.workspaces.getMany([])).toEqual([]);
    });

    it('updates name, project, SSH key and settings, replacing the settings whole and counting the version', async () => {
      const org = freshOrg();
      const ws = await store.workspaces.insert(newWorkspace(org, 'before', { settings: { a: 1, b: 2 } }));
      const updated = await store.workspaces.update(ws.id, {
        name: 'After',
        projectId: 'prj-2',
        sshKeyId: 'sshkey-9',
        settings: { a: 1, b: null, c: 3 },
        updatedAt: '2030-01-01T00:00:00.000Z',
      });
      expect(updated).toMatchObject({
        name: 'After',
        projectId: 'prj-2',
        sshKeyId: 'sshkey-9',
        settings: { a: 1, b: null, c: 3 },
        updatedAt: '2030-01-01T00:00:00.000Z',
        createdAt: ws.createdAt,
        version: 2,
      });
      expect((await store.workspaces.getByName(org, 'after'))?.id).toBe(ws.id);
      expect(await store.workspaces.getByName(org, 'before')).toBeNull();
      const cleared = await store.workspaces.update(ws.id, { sshKeyId: null, updatedAt: '2030-01-02T00:00:00.000Z' });
      expect(cleared).toMatchObject({ sshKeyId: null, name: 'After', settings: { a: 1, b: null, c: 3 }, version: 3 });
      expect((await store.workspaces.update(ws.id, { settings: { d: 4 }, updatedAt: '2030-01-03T00:00:00.000Z' }))?.settings).toEqual({ d: 4 });
    });

    it('refuses a rename to a taken name with NameTakenError and changes nothing', async () => {
      const org = freshOrg();
      await store.workspaces.insert(newWorkspace(org, 'taken'));
      const ws = await store.workspaces.insert(newWorkspace(org, 'mine'));
      await expect(store.workspaces.update(ws.id, { name: 'TAKEN', settings: { x: 1 }, updatedAt: '2030-01-01T00:00:00.000Z' })).rejects.toBeInstanceOf(
        NameTakenError,
      );
      expect(await store.workspaces.get(ws.id)).toEqual(ws);
    });

    it('allows a rename that only changes the case of the own name', async () => {
      const org = freshOrg();
      const ws = await store.workspaces.insert(newWorkspace(org, 'lower'));
      await expect(store.workspaces.update(ws.id, { name: 'LOWER', updatedAt: ws.createdAt })).resolves.toMatchObject({ name: 'LOWER' });
    });

    it('answers null when updating a workspace that does not exist', async () => {
      expect(await store.workspaces.update('ws-missing', { name: 'x', updatedAt: '2030-01-01T00:00:00.000Z' })).toBeNull();
    });

    it('replaces the own tag bindings when an update carries replaceTagBindings', async () => {
      const ws = await store.workspaces.insert(
        newWorkspace(freshOrg(), 'tb', {
          tagBindings: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ],
        }),
      );
      const [a] = await store.tagBindings.list(ws.id);
      await store.workspaces.update(ws.id, {
        replaceTagBindings: [
          { key: 'c', value: '3' },
          { key: 'a', value: '9' },
        ],
        updatedAt: ws.createdAt,
      });
      const after = await store.tagBindings.list(ws.id);
      expect(after.map((b) => [b.key, b.value])).toEqual([
        ['c', '3'],
        ['a', '9'],
      ]);
      expect(after[1].id).toBe(a.id);
      await store.workspaces.update(ws.id, { replaceTagBindings: [], updatedAt: ws.createdAt });
      expect(await store.tagBindings.list(ws.id)).toEqual([]);
    });

    it('lists the IDs, names and projects of every workspace of an organization in name order', async () => {
      const org = freshOrg();
      const b = await store.workspaces.insert(newWorkspace(org, 'B', { projectId: 'prj-b' }));
      const a = await store.workspaces.insert(newWorkspace(org, 'a'));
      await store.workspaces.insert(newWorkspace(freshOrg(), 'other-org'));
      expect(await store.workspaces.listNames(org)).toEqual([
        { id: a.id, name: 'a', projectId: 'prj-default' },
        { id: b.id, name: 'B', projectId: 'prj-b' },
      ]);
    });
  });

  describe('locking', () => {
    it('locks an unlocked workspace once and refuses a second lock', async () => {
      const ws = await store.workspaces.insert(newWorkspace(freshOrg(), 'lock-me'));
      expect(await store.locks.lock(ws.id, 'user-1', 'deploying', '2030-01-01T00:00:00.000Z')).toBe(true);
      expect(await store.locks.lock(ws.id, 'user-1', 'again', '2030-01-01T00:00:01.000Z')).toBe(false);
      expect(await store.workspaces.get(ws.id)).toMatchObject({ locked: true, lockedBy: 'user-1', lockedReason: 'deploying', version: 2 });
      expect(await store.locks.lock('ws-missing', 'user-1', 'x', '2030-01-01T00:00:00.000Z')).toBe(false);
    });

    it('tells why an unlock did not happen: not found, not locked, locked by another', async () => {
      const ws = await store.workspaces.insert(newWorkspace(freshOrg(), 'unlock-me'));
      const t = '2030-01-01T00:00:00.000Z';
      expect(await store.locks.unlock('ws-missing', 'user-1', t)).toBe('not-found');
      expect(await store.locks.unlock(ws.id, 'user-1', t)).toBe('not-locked');
      await store.locks.lock(ws.id, 'user-1', 'r', t);
      expect(await store.locks.unlock(ws.id, 'org:acme', t)).toBe('locked-by-other');
      expect(await store.locks.unlock(ws.id, 'user-1', t)).toBe('unlocked');
      expect(await store.workspaces.get(ws.id)).toMatchObject({
        locked: false,
        lockedBy: null,
        lockedReason: null,
        currentStateVersionId: null,
        latestChangeAt: ws.createdAt,
      });
    });

    it('makes a state current when it is written and counts its resources', async () => {
      const ws = await store.workspaces.insert(newWorkspace(freshOrg(), 'states'));
      await store.locks.lock(ws.id, 'user-1', 'apply', '2030-01-01T00:00:00.000Z');
      const id = await writeState(store, ws.id, stateText({ resources: 2 }), '2030-01-01T00:00:02.000Z', { principal: 'user-1' });
      expect(await store.workspaces.get(ws.id)).toMatchObject({ currentStateVersionId: id, resourceCount: 2, latestChangeAt: '2030-01-01T00:00:02.000Z' });
      expect(await store.locks.unlock(ws.id, 'user-1', '2030-01-01T00:00:04.000Z')).toBe('unlocked');
    });

    it('force-unlocks only a locked workspace', async () => {
      const ws = await store.workspaces.insert(newWorkspace(freshOrg(), 'force'));
      expect(await store.locks.forceUnlock(ws.id, '2030-01-01T00:00:00.000Z')).toBe(false);
      expect(await store.locks.forceUnlock('ws-missing', '2030-01-01T00:00:00.000Z')).toBe(false);
      await store.locks.lock(ws.id, 'user-1', 'r', '2030-01-01T00:00:00.000Z');
      expect(await store.locks.forceUnlock(ws.id, '2030-01-01T00:00:01.000Z')).toBe(true);
      expect(await store.workspaces.get(ws.id)).toMatchObject({ locked: false, lockedBy: null });
    });

    it('grants exactly one of 50 concurrent locks made through two stores on one database', async () => {
      const first = await database.openShared();
      const second = await database.openShared();
      const ws = await first.workspaces.insert(newWorkspace(freshOrg(), 'contended'));
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 ? first : second).locks.lock(ws.id, `user-${i}`, 'race', '2030-01-01T00:00:00.000Z')),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await second.workspaces.get(ws.id))?.lockedBy).toBe(`user-${winner}`);
    });

    it('sees at once what another store on the same database changed, even after reading it', async () => {
      const first = await database.openShared();
      const second = await database.openShared();
      const ws = await first.workspaces.insert(newWorkspace(freshOrg(), 'shared-reads'));
      expect((await first.workspaces.get(ws.id))?.name).toBe('shared-reads');
      expect((await first.workspaces.get(ws.id))?.name).toBe('shared-reads');
      await second.workspaces.update(ws.id, { name: 'renamed-elsewhere', updatedAt: '2030-01-01T00:00:00.000Z' });
      expect((await first.workspaces.get(ws.id))?.name).toBe('renamed-elsewhere');
      await second.tags.addToWorkspace(ws.id, ws.organization, ['blue'], '2030-01-01T00:00:00.000Z');
      expect((await first.workspaces.get(ws.id))?.tagNames).toEqual(['blue']);
      expect(await first.locks.lock(ws.id, 'user-1', 'x', '2030-01-01T00:00:00.000Z')).toBe(true);
      expect((await first.workspaces.get(ws.id))?.locked).toBe(true);
      await second.workspaces.forceDelete(ws.id);
      expect(await first.workspaces.get(ws.id)).toBeNull();
    });
  });

  describe('deleting', () => {
    it('safe-deletes only an unlocked workspace that manages no resources, checking the lock first', async () => {
      const org = freshOrg();
      const ws = await store.workspaces.insert(newWorkspace(org, 'safe'));
      expect(await store.workspaces.safeDelete('ws-missing')).toBe('not-found');
      await writeState(store, ws.id, stateText({ resources: 1 }), ws.createdAt, { lock: true });
      await store.locks.lock(ws.id, 'user-1', 'r', ws.createdAt);
      expect(await store.workspaces.safeDelete(ws.id)).toBe('locked');
      await store.locks.forceUnlock(ws.id, ws.createdAt);
      expect(await store.workspaces.safeDelete(ws.id)).toBe('has-resources');
      await writeState(store, ws.id, stateText({ resources: 0 }), ws.createdAt, { lock: true });
      expect(await store.workspaces.safeDelete(ws.id)).toBe('deleted');
      expect(await store.workspaces.get(ws.id)).toBeNull();
      expect(await store.workspaces.safeDelete(ws.id)).toBe('not-found');
    });

    it.each(['force', 'safe'] as const)('removes everything hanging off a workspace on a %s delete', async (how) => {
      const org = freshOrg();
      const doomed = await store.workspaces.insert(newWorkspace(org, 'doomed', { tagNames: ['only-here', 'shared'], tagBindings: [{ key: 'k', value: 'v' }] }));
      const other = await store.workspaces.insert(newWorkspace(org, 'other', { tagNames: ['shared'] }));
      await store.consumers.add(doomed.id, [other.id]);
      await store.consumers.add(other.id, [doomed.id]);
      await store.changeRequests.insertMany([
        {
          id: `wscr-${how}`,
          workspaceId: doomed.id,
          subject: 's',
          message: 'm',
          archivedBy: null,
          archivedAt: null,
          createdAt: doomed.createdAt,
          updatedAt: doomed.createdAt,
        },
      ]);
      await store.dataRetention.put({
        workspaceId: doomed.id,
        id: `drp-${how}`,
        kind: 'dont-delete',
        deleteOlderThanNDays: null,
        createdAt: doomed.createdAt,
        updatedAt: doomed.createdAt,
      });
      const doomedState = await writeState(store, doomed.id, stateText({ outputs: { o: 'v' } }), doomed.createdAt, { lock: true });
      const shared = (await store.tags.findByName(org, 'shared'))!;
      expect(shared.instanceCount).toBe(2);

      if (how === 'force') expect(await store.workspaces.forceDelete(doomed.id)).toBe(true);
      else expect(await store.workspaces.safeDelete(doomed.id)).toBe('deleted');

      expect(await store.workspaces.get(doomed.id)).toBeNull();
      expect(await store.tags.findByName(org, 'only-here')).toBeNull();
      expect(await store.tags.get(org, shared.id)).toMatchObject({ name: 'shared', instanceCount: 1 });
      expect(await store.tagBindings.list(doomed.id)).toEqual([]);
      expect(await store.consumers.list(doomed.id)).toEqual([]);
      expect(await store.consumers.list(other.id)).toEqual([]);
      expect(await store.changeRequests.get(`wscr-${how}`)).toBeNull();
      expect(await store.dataRetention.get(doomed.id)).toBeNull();
      expect(await store.stateVersions.get(doomedState)).toBeNull();
      expect(await store.stateVersions.state(doomedState, 'raw')).toBeNull();
      expect((await store.workspaces.list({ organization: org, visibleNames: null, offset: 0, limit: 10 })).total).toBe(1);
      // The name is free again.
      await expect(store.workspaces.insert(newWorkspace(org, 'DOOMED'))).resolves.toMatchObject({ name: 'DOOMED' });
    });

    it('answers false when force-deleting a workspace that does not exist', async () => {
      expect(await store.workspaces.forceDelete('ws-missing')).toBe(false);
    });
  });
});
