import { NameTakenError, Store } from './types';
import { BackendKind, TestDatabase, backendKinds, useTestDatabase, freshOrg, newWorkspace } from './test-support';

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
      const ws = await store.insertWorkspace(input);
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
      expect(await store.getWorkspace(input.id)).toEqual(ws);
    });

    it('stores flat tags and tag bindings given at creation', async () => {
      const org = freshOrg();
      const ws = await store.insertWorkspace(
        newWorkspace(org, 'app', {
          tagNames: ['prod', 'eu', 'prod'],
          tagBindings: [
            { key: 'team', value: 'net' },
            { key: 'cost', value: '42' },
          ],
        }),
      );
      expect(ws.tagNames).toEqual(['prod', 'eu']);
      expect((await store.listTagBindings(ws.id)).map((b) => [b.key, b.value])).toEqual([
        ['team', 'net'],
        ['cost', '42'],
      ]);
      expect((await store.findOrganizationTagByName(org, 'eu'))?.instanceCount).toBe(1);
    });

    it('refuses a name taken in the organization in any case with NameTakenError and stores nothing of the loser', async () => {
      const org = freshOrg();
      await store.insertWorkspace(newWorkspace(org, 'Shared-Name'));
      const loser = newWorkspace(org, 'shared-NAME', { tagNames: ['only-on-loser'], tagBindings: [{ key: 'k', value: 'v' }] });
      const error = await store.insertWorkspace(loser).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NameTakenError);
      expect(error).toMatchObject({ organization: org, workspaceName: 'shared-NAME' });
      expect(await store.getWorkspace(loser.id)).toBeNull();
      expect(await store.findOrganizationTagByName(org, 'only-on-loser')).toBeNull();
      expect((await store.listWorkspaces({ organization: org, visibleNames: null, offset: 0, limit: 10 })).total).toBe(1);
    });

    it('allows the same name in another organization', async () => {
      await store.insertWorkspace(newWorkspace(freshOrg(), 'same'));
      await expect(store.insertWorkspace(newWorkspace(freshOrg(), 'same'))).resolves.toMatchObject({ name: 'same' });
    });

    it('lets exactly one of many concurrent inserts of one name win and throws NameTakenError for every loser', async () => {
      const org = freshOrg();
      const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.insertWorkspace(newWorkspace(org, i % 2 ? 'race' : 'RACE'))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(NameTakenError);
      expect((await store.listWorkspaces({ organization: org, visibleNames: null, offset: 0, limit: 10 })).total).toBe(1);
    });

    it('finds a workspace by name regardless of case', async () => {
      const org = freshOrg();
      const ws = await store.insertWorkspace(newWorkspace(org, 'MixedCase'));
      expect((await store.getWorkspaceByName(org, 'mixedcase'))?.id).toBe(ws.id);
      expect(await store.getWorkspaceByName(org, 'other')).toBeNull();
      expect(await store.getWorkspaceByName(freshOrg(), 'MixedCase')).toBeNull();
    });

    it('returns several workspaces in the order asked and skips unknown IDs', async () => {
      const org = freshOrg();
      const a = await store.insertWorkspace(newWorkspace(org, 'a', { tagNames: ['x'] }));
      const b = await store.insertWorkspace(newWorkspace(org, 'b'));
      const got = await store.getWorkspaces([b.id, 'ws-missing', a.id]);
      expect(got.map((w) => w.id)).toEqual([b.id, a.id]);
      expect(got[1].tagNames).toEqual(['x']);
      expect(await store.getWorkspaces([])).toEqual([]);
    });

    it('updates name, project, SSH key and settings, replacing the settings whole and counting the version', async () => {
      const org = freshOrg();
      const ws = await store.insertWorkspace(newWorkspace(org, 'before', { settings: { a: 1, b: 2 } }));
      const updated = await store.updateWorkspace(ws.id, {
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
      expect((await store.getWorkspaceByName(org, 'after'))?.id).toBe(ws.id);
      expect(await store.getWorkspaceByName(org, 'before')).toBeNull();
      const cleared = await store.updateWorkspace(ws.id, { sshKeyId: null, updatedAt: '2030-01-02T00:00:00.000Z' });
      expect(cleared).toMatchObject({ sshKeyId: null, name: 'After', settings: { a: 1, b: null, c: 3 }, version: 3 });
      expect((await store.updateWorkspace(ws.id, { settings: { d: 4 }, updatedAt: '2030-01-03T00:00:00.000Z' }))?.settings).toEqual({ d: 4 });
    });

    it('refuses a rename to a taken name with NameTakenError and changes nothing', async () => {
      const org = freshOrg();
      await store.insertWorkspace(newWorkspace(org, 'taken'));
      const ws = await store.insertWorkspace(newWorkspace(org, 'mine'));
      await expect(store.updateWorkspace(ws.id, { name: 'TAKEN', settings: { x: 1 }, updatedAt: '2030-01-01T00:00:00.000Z' })).rejects.toBeInstanceOf(
        NameTakenError,
      );
      expect(await store.getWorkspace(ws.id)).toEqual(ws);
    });

    it('allows a rename that only changes the case of the own name', async () => {
      const org = freshOrg();
      const ws = await store.insertWorkspace(newWorkspace(org, 'lower'));
      await expect(store.updateWorkspace(ws.id, { name: 'LOWER', updatedAt: ws.createdAt })).resolves.toMatchObject({ name: 'LOWER' });
    });

    it('answers null when updating a workspace that does not exist', async () => {
      expect(await store.updateWorkspace('ws-missing', { name: 'x', updatedAt: '2030-01-01T00:00:00.000Z' })).toBeNull();
    });

    it('replaces the own tag bindings when an update carries replaceTagBindings', async () => {
      const ws = await store.insertWorkspace(
        newWorkspace(freshOrg(), 'tb', {
          tagBindings: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ],
        }),
      );
      const [a] = await store.listTagBindings(ws.id);
      await store.updateWorkspace(ws.id, {
        replaceTagBindings: [
          { key: 'c', value: '3' },
          { key: 'a', value: '9' },
        ],
        updatedAt: ws.createdAt,
      });
      const after = await store.listTagBindings(ws.id);
      expect(after.map((b) => [b.key, b.value])).toEqual([
        ['c', '3'],
        ['a', '9'],
      ]);
      expect(after[1].id).toBe(a.id);
      await store.updateWorkspace(ws.id, { replaceTagBindings: [], updatedAt: ws.createdAt });
      expect(await store.listTagBindings(ws.id)).toEqual([]);
    });

    it('lists the IDs, names and projects of every workspace of an organization in name order', async () => {
      const org = freshOrg();
      const b = await store.insertWorkspace(newWorkspace(org, 'B', { projectId: 'prj-b' }));
      const a = await store.insertWorkspace(newWorkspace(org, 'a'));
      await store.insertWorkspace(newWorkspace(freshOrg(), 'other-org'));
      expect(await store.listWorkspaceNames(org)).toEqual([
        { id: a.id, name: 'a', projectId: 'prj-default' },
        { id: b.id, name: 'B', projectId: 'prj-b' },
      ]);
    });
  });

  describe('locking', () => {
    it('locks an unlocked workspace once and refuses a second lock', async () => {
      const ws = await store.insertWorkspace(newWorkspace(freshOrg(), 'lock-me'));
      expect(await store.lockWorkspace(ws.id, 'user-1', 'deploying', '2030-01-01T00:00:00.000Z')).toBe(true);
      expect(await store.lockWorkspace(ws.id, 'user-1', 'again', '2030-01-01T00:00:01.000Z')).toBe(false);
      expect(await store.getWorkspace(ws.id)).toMatchObject({ locked: true, lockedBy: 'user-1', lockedReason: 'deploying', version: 2 });
      expect(await store.lockWorkspace('ws-missing', 'user-1', 'x', '2030-01-01T00:00:00.000Z')).toBe(false);
    });

    it('tells why an unlock did not happen: not found, not locked, locked by another', async () => {
      const ws = await store.insertWorkspace(newWorkspace(freshOrg(), 'unlock-me'));
      const t = '2030-01-01T00:00:00.000Z';
      expect(await store.unlockWorkspace('ws-missing', 'user-1', t)).toBe('not-found');
      expect(await store.unlockWorkspace(ws.id, 'user-1', t)).toBe('not-locked');
      await store.lockWorkspace(ws.id, 'user-1', 'r', t);
      expect(await store.unlockWorkspace(ws.id, 'org:acme', t)).toBe('locked-by-other');
      expect(await store.unlockWorkspace(ws.id, 'user-1', t)).toBe('unlocked');
      expect(await store.getWorkspace(ws.id)).toMatchObject({
        locked: false,
        lockedBy: null,
        lockedReason: null,
        currentStateVersionId: null,
        latestChangeAt: ws.createdAt,
      });
    });

    it('refuses to unlock while the latest state version is pending and then makes the latest finalized one current', async () => {
      const ws = await store.insertWorkspace(newWorkspace(freshOrg(), 'states'));
      await store.lockWorkspace(ws.id, 'user-1', 'apply', '2030-01-01T00:00:00.000Z');
      await store.addStateVersion(ws.id, 'sv-1', true, '2030-01-01T00:00:01.000Z');
      await store.addStateVersion(ws.id, 'sv-2', false, '2030-01-01T00:00:02.000Z');
      expect(await store.unlockWorkspace(ws.id, 'user-1', '2030-01-01T00:00:03.000Z')).toBe('state-version-pending');
      expect(await store.finalizeStateVersion('sv-2')).toBe(true);
      expect(await store.finalizeStateVersion('sv-missing')).toBe(false);
      expect(await store.unlockWorkspace(ws.id, 'user-1', '2030-01-01T00:00:04.000Z')).toBe('unlocked');
      expect(await store.getWorkspace(ws.id)).toMatchObject({
        currentStateVersionId: 'sv-2',
        latestChangeAt: '2030-01-01T00:00:02.000Z',
        updatedAt: '2030-01-01T00:00:04.000Z',
      });
    });

    it('unlocks when only an older state version is unfinalized', async () => {
      const ws = await store.insertWorkspace(newWorkspace(freshOrg(), 'older-pending'));
      await store.lockWorkspace(ws.id, 'user-1', 'apply', '2030-01-01T00:00:00.000Z');
      await store.addStateVersion(ws.id, 'sv-old', false, '2030-01-01T00:00:01.000Z');
      await store.addStateVersion(ws.id, 'sv-new', true, '2030-01-01T00:00:02.000Z');
      expect(await store.unlockWorkspace(ws.id, 'user-1', '2030-01-01T00:00:03.000Z')).toBe('unlocked');
      expect((await store.getWorkspace(ws.id))?.currentStateVersionId).toBe('sv-new');
    });

    it('rejects a state version for a workspace that does not exist', async () => {
      await expect(store.addStateVersion('ws-missing', 'sv-x', true, '2030-01-01T00:00:00.000Z')).rejects.toThrow('not found');
    });

    it('force-unlocks only a locked workspace', async () => {
      const ws = await store.insertWorkspace(newWorkspace(freshOrg(), 'force'));
      expect(await store.forceUnlockWorkspace(ws.id, '2030-01-01T00:00:00.000Z')).toBe(false);
      expect(await store.forceUnlockWorkspace('ws-missing', '2030-01-01T00:00:00.000Z')).toBe(false);
      await store.lockWorkspace(ws.id, 'user-1', 'r', '2030-01-01T00:00:00.000Z');
      expect(await store.forceUnlockWorkspace(ws.id, '2030-01-01T00:00:01.000Z')).toBe(true);
      expect(await store.getWorkspace(ws.id)).toMatchObject({ locked: false, lockedBy: null });
    });

    it('grants exactly one of 50 concurrent locks made through two stores on one database', async () => {
      const first = await database.openShared();
      const second = await database.openShared();
      const ws = await first.insertWorkspace(newWorkspace(freshOrg(), 'contended'));
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 ? first : second).lockWorkspace(ws.id, `user-${i}`, 'race', '2030-01-01T00:00:00.000Z')),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await second.getWorkspace(ws.id))?.lockedBy).toBe(`user-${winner}`);
    });

    it('sees at once what another store on the same database changed, even after reading it', async () => {
      const first = await database.openShared();
      const second = await database.openShared();
      const ws = await first.insertWorkspace(newWorkspace(freshOrg(), 'shared-reads'));
      expect((await first.getWorkspace(ws.id))?.name).toBe('shared-reads');
      expect((await first.getWorkspace(ws.id))?.name).toBe('shared-reads');
      await second.updateWorkspace(ws.id, { name: 'renamed-elsewhere', updatedAt: '2030-01-01T00:00:00.000Z' });
      expect((await first.getWorkspace(ws.id))?.name).toBe('renamed-elsewhere');
      await second.addWorkspaceTags(ws.id, ws.organization, ['blue'], '2030-01-01T00:00:00.000Z');
      expect((await first.getWorkspace(ws.id))?.tagNames).toEqual(['blue']);
      expect(await first.lockWorkspace(ws.id, 'user-1', 'x', '2030-01-01T00:00:00.000Z')).toBe(true);
      expect((await first.getWorkspace(ws.id))?.locked).toBe(true);
      await second.forceDeleteWorkspace(ws.id);
      expect(await first.getWorkspace(ws.id)).toBeNull();
    });

    it('counts resources set through the emulator control', async () => {
      const ws = await store.insertWorkspace(newWorkspace(freshOrg(), 'resources'));
      expect(await store.setResourceCount(ws.id, 7, '2030-01-01T00:00:00.000Z')).toBe(true);
      expect(await store.setResourceCount('ws-missing', 7, '2030-01-01T00:00:00.000Z')).toBe(false);
      expect(await store.getWorkspace(ws.id)).toMatchObject({ resourceCount: 7, version: 2 });
    });
  });

  describe('deleting', () => {
    it('safe-deletes only an unlocked workspace that manages no resources, checking the lock first', async () => {
      const org = freshOrg();
      const ws = await store.insertWorkspace(newWorkspace(org, 'safe'));
      expect(await store.safeDeleteWorkspace('ws-missing')).toBe('not-found');
      await store.setResourceCount(ws.id, 1, ws.createdAt);
      await store.lockWorkspace(ws.id, 'user-1', 'r', ws.createdAt);
      expect(await store.safeDeleteWorkspace(ws.id)).toBe('locked');
      await store.forceUnlockWorkspace(ws.id, ws.createdAt);
      expect(await store.safeDeleteWorkspace(ws.id)).toBe('has-resources');
      await store.setResourceCount(ws.id, 0, ws.createdAt);
      expect(await store.safeDeleteWorkspace(ws.id)).toBe('deleted');
      expect(await store.getWorkspace(ws.id)).toBeNull();
      expect(await store.safeDeleteWorkspace(ws.id)).toBe('not-found');
    });

    it.each(['force', 'safe'] as const)('removes everything hanging off a workspace on a %s delete', async (how) => {
      const org = freshOrg();
      const doomed = await store.insertWorkspace(newWorkspace(org, 'doomed', { tagNames: ['only-here', 'shared'], tagBindings: [{ key: 'k', value: 'v' }] }));
      const other = await store.insertWorkspace(newWorkspace(org, 'other', { tagNames: ['shared'] }));
      await store.addConsumers(doomed.id, [other.id]);
      await store.addConsumers(other.id, [doomed.id]);
      await store.insertChangeRequests([
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
      await store.putDataRetentionPolicy({
        workspaceId: doomed.id,
        id: `drp-${how}`,
        kind: 'dont-delete',
        deleteOlderThanNDays: null,
        createdAt: doomed.createdAt,
        updatedAt: doomed.createdAt,
      });
      await store.addStateVersion(doomed.id, `sv-${how}-doomed`, false, doomed.createdAt);
      const shared = (await store.findOrganizationTagByName(org, 'shared'))!;
      expect(shared.instanceCount).toBe(2);

      if (how === 'force') expect(await store.forceDeleteWorkspace(doomed.id)).toBe(true);
      else expect(await store.safeDeleteWorkspace(doomed.id)).toBe('deleted');

      expect(await store.getWorkspace(doomed.id)).toBeNull();
      expect(await store.findOrganizationTagByName(org, 'only-here')).toBeNull();
      expect(await store.getOrganizationTag(org, shared.id)).toMatchObject({ name: 'shared', instanceCount: 1 });
      expect(await store.listTagBindings(doomed.id)).toEqual([]);
      expect(await store.listConsumerIds(doomed.id)).toEqual([]);
      expect(await store.listConsumerIds(other.id)).toEqual([]);
      expect(await store.getChangeRequest(`wscr-${how}`)).toBeNull();
      expect(await store.getDataRetentionPolicy(doomed.id)).toBeNull();
      expect(await store.finalizeStateVersion(`sv-${how}-doomed`)).toBe(false);
      expect((await store.listWorkspaces({ organization: org, visibleNames: null, offset: 0, limit: 10 })).total).toBe(1);
      // The name is free again.
      await expect(store.insertWorkspace(newWorkspace(org, 'DOOMED'))).resolves.toMatchObject({ name: 'DOOMED' });
    });

    it('answers false when force-deleting a workspace that does not exist', async () => {
      expect(await store.forceDeleteWorkspace('ws-missing')).toBe(false);
    });
  });
});
