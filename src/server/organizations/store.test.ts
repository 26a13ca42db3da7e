import type { Store } from '../store';
import { BackendKind, backendKinds, useTestDatabase, freshOrg, newWorkspace } from '../test-support';

jest.setTimeout(30_000);

const T0 = '2030-01-01T00:00:00.000Z';
const T1 = '2030-01-02T00:00:00.000Z';

describe.each(backendKinds)('organization rows and SSH keys on the %s store', (kind: BackendKind) => {
  let store: Store;
  useTestDatabase(kind, (main) => (store = main));

  /** A directory entry of its own per test, so tests never race on one key. */
  async function metaKey(value: string): Promise<string> {
    const key = `test-directory-${freshOrg()}`;
    expect(await store.directory.compareAndSetMeta(key, null, value)).toBe(true);
    return key;
  }

  const key = (id: string, organization: string) => ({ id, organization, name: id, createdAt: T0, updatedAt: T0, valueDigest: 'digest' });

  it('deletes everything an organization holds with the directory, and nothing when the directory moved on', async () => {
    const org = freshOrg();
    const other = freshOrg();
    const ws = await store.workspaces.insert(newWorkspace(org, 'a', { tagNames: ['prod'], tagBindings: [{ key: 'team', value: 'x' }] }));
    const kept = await store.workspaces.insert(newWorkspace(other, 'b'));
    await store.sshKeys.insertMany([key(`sshkey-${org}`, org), key(`sshkey-${other}`, other)]);
    const meta = await metaKey('v1');

    // Another writer changed the directory first: nothing is deleted.
    expect(await store.directory.compareAndSetMetaWithRows(meta, 'stale', 'v2', { kind: 'delete-organization', organization: org })).toBe(false);
    expect(await store.workspaces.get(ws.id)).not.toBeNull();
    expect(await store.directory.getMeta(meta)).toBe('v1');

    expect(await store.directory.compareAndSetMetaWithRows(meta, 'v1', 'v2', { kind: 'delete-organization', organization: org })).toBe(true);
    expect(await store.directory.getMeta(meta)).toBe('v2');
    expect(await store.workspaces.get(ws.id)).toBeNull();
    expect(await store.tags.findByName(org, 'prod')).toBeNull();
    expect(await store.sshKeys.get(`sshkey-${org}`)).toBeNull();
    expect(await store.workspaces.list({ organization: org, visibleNames: null, offset: 0, limit: 20 })).toEqual({ items: [], total: 0 });
    // The other organization keeps its rows.
    expect(await store.workspaces.get(kept.id)).not.toBeNull();
    expect(await store.sshKeys.get(`sshkey-${other}`)).not.toBeNull();
  });

  it('renames: workspaces (with a new version), tags, SSH keys and counts move to the new name', async () => {
    const from = freshOrg();
    const to = freshOrg();
    const ws = await store.workspaces.insert(newWorkspace(from, 'a', { tagNames: ['prod'] }));
    await store.sshKeys.insertMany([key(`sshkey-${from}`, from)]);
    const meta = await metaKey('v1');
    expect(await store.directory.compareAndSetMetaWithRows(meta, 'v1', 'v2', { kind: 'rename-organization', from, to })).toBe(true);
    const moved = await store.workspaces.get(ws.id);
    expect(moved).toMatchObject({ organization: to, version: ws.version + 1 });
    expect(await store.workspaces.getByName(to, 'a')).toMatchObject({ id: ws.id });
    expect(await store.workspaces.getByName(from, 'a')).toBeNull();
    expect(await store.tags.findByName(to, 'prod')).not.toBeNull();
    expect((await store.sshKeys.get(`sshkey-${from}`))?.organization).toBe(to);
    expect((await store.workspaces.list({ organization: to, visibleNames: null, offset: 0, limit: 20 })).total).toBe(1);
    expect((await store.workspaces.list({ organization: from, visibleNames: null, offset: 0, limit: 20 })).total).toBe(0);
  });

  it('lists keys in the order created, keeps a stored ID on a second insert, and unassigns a deleted key', async () => {
    const org = freshOrg();
    await store.sshKeys.insertMany([key(`sshkey-1-${org}`, org), key(`sshkey-2-${org}`, org)]);
    await store.sshKeys.insertMany([{ ...key(`sshkey-1-${org}`, org), name: 'changed' }]);
    const page = await store.sshKeys.list(org, 0, 20);
    expect(page.items.map((k) => [k.id, k.name])).toEqual([
      [`sshkey-1-${org}`, `sshkey-1-${org}`],
      [`sshkey-2-${org}`, `sshkey-2-${org}`],
    ]);
    expect(page.total).toBe(2);
    expect(await store.sshKeys.update(`sshkey-2-${org}`, { name: 'renamed', updatedAt: T1 })).toMatchObject({ name: 'renamed', updatedAt: T1 });

    const ws = await store.workspaces.insert(newWorkspace(org, 'a', { sshKeyId: `sshkey-1-${org}` }));
    const meta = await metaKey('v1');
    expect(await store.directory.compareAndSetMetaWithRows(meta, 'v1', 'v2', { kind: 'delete-ssh-key', id: `sshkey-1-${org}`, now: T1 })).toBe(true);
    expect(await store.sshKeys.get(`sshkey-1-${org}`)).toBeNull();
    expect(await store.workspaces.get(ws.id)).toMatchObject({ sshKeyId: null, version: ws.version + 1 });
  });
});
