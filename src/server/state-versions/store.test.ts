import { createHash, randomBytes } from 'node:crypto';
import { Cipher } from '../secrets/cipher';
import type { Store } from '../store';
import { BackendKind, TestDatabase, backendKinds, freshOrg, newWorkspace, stateText, useTestDatabase, writeState } from '../test-support';
import { checkState, md5Hex } from './state-check';

jest.setTimeout(30_000);

const T0 = '2030-01-01T00:00:00.000Z';
const digest = (key: string) => createHash('sha256').update(key).digest('hex');

function arrived(text: string) {
  const raw = Buffer.from(text);
  const facts = checkState(raw, md5Hex(raw));
  return { raw, facts, outputIds: facts.outputs.map(() => `wsout-${randomBytes(6).toString('hex')}`) };
}

describe.each(backendKinds)('state versions on the %s store', (kind: BackendKind) => {
  let store: Store;
  let database: TestDatabase;
  useTestDatabase(kind, (main, db) => {
    store = main;
    database = db;
  });

  async function lockedWorkspace(principal = 'user-1') {
    const ws = await store.workspaces.insert(newWorkspace(freshOrg(), 'states'));
    await store.locks.lock(ws.id, principal, 'state', T0);
    return ws;
  }

  it('stores a state sealed, reads it back, and makes it current with its facts', async () => {
    const ws = await lockedWorkspace();
    const text = stateText({ resources: 3, outputs: { greeting: 'hello' } });
    const id = await writeState(store, ws.id, text, T0, { principal: 'user-1' });
    expect(await store.stateVersions.get(id)).toMatchObject({ status: 'finalized', serial: 1, resourceCount: 3, size: text.length });
    expect((await store.stateVersions.state(id, 'raw'))!.toString()).toBe(text);
    expect((await store.stateVersions.outputs(id)).map((o) => [o.name, o.value])).toEqual([['greeting', 'hello']]);
    expect(await store.workspaces.get(ws.id)).toMatchObject({ currentStateVersionId: id, resourceCount: 3 });
  });

  it('refuses a writer without the lock, another lineage and an older serial, but not an equal one', async () => {
    const ws = await lockedWorkspace();
    const base = { workspaceId: ws.id, md5: 'x', force: false, createdAt: T0 };
    expect((await store.stateVersions.create({ ...base, id: 'sv-nolock', principal: 'user-2', serial: 1, lineage: 'a' })).kind).toBe('needs-lock');
    await writeState(store, ws.id, stateText({ serial: 5, lineage: 'a' }), T0, { principal: 'user-1' });
    const create = (serial: number, lineage: string, force = false) =>
      store.stateVersions.create({
        ...base,
        id: `sv-${randomBytes(4).toString('hex')}`,
        principal: 'user-1',
        serial,
        lineage,
        force,
        state: arrived(stateText({ serial, lineage })),
      });
    expect(await create(6, 'b')).toMatchObject({ kind: 'conflict' });
    expect(await create(4, 'a')).toMatchObject({ kind: 'conflict' });
    expect(await create(5, 'a')).toMatchObject({ kind: 'created' });
    expect(await create(1, 'b', true)).toMatchObject({ kind: 'created' });
    expect((await store.stateVersions.list(ws.id, 0, 10)).total).toBe(3);
  });

  it('takes an upload once, with its key, and a pending version holds the unlock', async () => {
    const ws = await lockedWorkspace();
    const text = stateText({ serial: 2 });
    const created = await store.stateVersions.create({
      id: 'sv-pending-' + kind,
      workspaceId: ws.id,
      principal: 'user-1',
      serial: 2,
      lineage: 'store-tests',
      md5: md5Hex(Buffer.from(text)),
      force: false,
      createdAt: T0,
      upload: { keyDigest: digest('raw-key'), jsonKeyDigest: digest('json-key'), expiresAt: '2999-01-01T00:00:00.000Z' },
    });
    expect(created).toMatchObject({ kind: 'created', record: { status: 'pending', rawUploadOpen: true } });
    expect(await store.locks.unlock(ws.id, 'user-1', T0)).toBe('state-version-pending');
    expect(await store.stateVersions.openUpload('sv-pending-' + kind, 'raw', digest('wrong'))).toBeNull();
    expect(await store.stateVersions.uploadState('sv-pending-' + kind, digest('wrong'), arrived(text), T0)).toEqual({ kind: 'not-found' });
    expect(await store.stateVersions.uploadState('sv-pending-' + kind, digest('raw-key'), arrived(text), T0)).toMatchObject({ kind: 'stored' });
    expect(await store.stateVersions.uploadState('sv-pending-' + kind, digest('raw-key'), arrived(text), T0)).toEqual({ kind: 'not-found' });
    expect(await store.stateVersions.uploadJsonState('sv-pending-' + kind, digest('json-key'), Buffer.from('{}'), T0)).toMatchObject({ kind: 'stored' });
    expect(await store.stateVersions.uploadJsonState('sv-pending-' + kind, digest('json-key'), Buffer.from('{}'), T0)).toEqual({ kind: 'not-found' });
    expect(await store.locks.unlock(ws.id, 'user-1', T0)).toBe('unlocked');
  });

  it('opens nothing under another key: the database alone reveals no state', async () => {
    const writer = await database.openShared({ cipher: Cipher.ephemeral() });
    const ws = await writer.workspaces.insert(newWorkspace(freshOrg(), 'sealed'));
    const id = await writeState(writer, ws.id, stateText({ outputs: { o: 'v' } }), T0, { lock: true });
    const other = await database.openShared({ cipher: Cipher.ephemeral() });
    await expect(other.stateVersions.state(id, 'raw')).rejects.toThrow('integrity');
    await expect(other.stateVersions.outputs(id)).rejects.toThrow('integrity');
  });

  it('keeps every state of 40 writes racing through two stores, in order, none lost', async () => {
    const cipher = Cipher.ephemeral();
    const [first, second] = [await database.openShared({ cipher }), await database.openShared({ cipher })];
    const ws = await first.workspaces.insert(newWorkspace(freshOrg(), 'race'));
    await first.locks.lock(ws.id, 'user-1', 'state', T0);
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) => writeState(i % 2 ? first : second, ws.id, stateText({ serial: 1 }), T0, { principal: 'user-1' })),
    );
    const { records, total } = await first.stateVersions.list(ws.id, 0, 100);
    expect(total).toBe(40);
    expect(new Set(records.map((r) => r.id))).toEqual(new Set(ids));
    // The current state is the last one committed: the newest in the list.
    expect((await second.workspaces.get(ws.id))?.currentStateVersionId).toBe(records[0].id);
  });

  it('deletes old state versions for retention, never the current one', async () => {
    const ws = await lockedWorkspace();
    const old1 = await writeState(store, ws.id, stateText(), '2020-01-01T00:00:00.000Z', { principal: 'user-1' });
    const old2 = await writeState(store, ws.id, stateText(), '2020-01-02T00:00:00.000Z', { principal: 'user-1' });
    expect(await store.stateVersions.deleteOlderThan(ws.id, '2025-01-01T00:00:00.000Z')).toBe(1);
    expect(await store.stateVersions.get(old1)).toBeNull();
    expect(await store.stateVersions.get(old2)).not.toBeNull();
  });

  it('grants a lease to one of several holders at once, and to another once it lapses', async () => {
    const name = `lease-${kind}-${randomBytes(3).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.leases.take(name, `holder-${i}`, 2000, 1000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const holder = `holder-${results.indexOf(true)}`;
    expect(await store.leases.take(name, holder, 3000, 1500)).toBe(true);
    expect(await store.leases.take(name, 'late', 4000, 2500)).toBe(false);
    expect(await store.leases.take(name, 'late', 5000, 3500)).toBe(true);
  });
});
