import { Cipher } from '../secrets/cipher';
import type { Store } from '../store';
import { BackendKind, TestDatabase, backendKinds, freshOrg, newWorkspace, useTestDatabase } from '../test-support';
import type { NewVariable, VariableCheck } from './rows';

jest.setTimeout(30_000);

const T0 = '2030-01-01T00:00:00.000Z';
const T1 = '2030-01-02T00:00:00.000Z';
const SECRET = 'store-secret-9b1e0';
const noCheck: VariableCheck = () => undefined;
let counter = 0;

function variable(ownerId: string, extra: Partial<NewVariable> = {}): NewVariable {
  counter += 1;
  return {
    id: `var-s${counter}`,
    ownerId,
    key: `k${counter}`,
    value: 'v',
    description: null,
    category: 'terraform',
    hcl: false,
    sensitive: false,
    at: T0,
    ...extra,
  };
}

describe.each(backendKinds)('workspace variables on the %s store', (kind: BackendKind) => {
  let store: Store;
  let database: TestDatabase;
  useTestDatabase(kind, (main, db) => {
    store = main;
    database = db;
  });

  const workspace = async () => (await store.workspaces.insert(newWorkspace(freshOrg(), 'vars'))).id;

  it('creates, lists, changes and deletes variables, and lists their IDs on the workspace', async () => {
    const ws = await workspace();
    const a = await store.variables.create(variable(ws, { key: 'region', value: 'eu' }));
    const b = await store.variables.create(variable(ws, { key: 'TOKEN', value: SECRET, category: 'env', sensitive: true }));
    if (a.kind !== 'created' || b.kind !== 'created') throw new Error('not created');
    expect(a.record).toMatchObject({ key: 'region', value: 'eu', sensitive: false, ownerId: ws });
    expect(b.record).toMatchObject({ key: 'TOKEN', value: null, sensitive: true });
    expect((await store.workspaces.get(ws))!.variableIds).toEqual([a.record.id, b.record.id]);
    expect((await store.variables.list(ws, 0, 1)).records.map((r) => r.key)).toEqual(['region']);
    expect((await store.variables.list(ws, 0, 10)).total).toBe(2);

    const changed = await store.variables.update(ws, a.record.id, { value: 'us', description: 'where' }, T1, noCheck);
    expect(changed).toMatchObject({ kind: 'updated', record: { value: 'us', description: 'where', updatedAt: T1 } });
    expect(changed.kind === 'updated' && changed.record.versionId !== a.record.versionId).toBe(true);
    // Another owner's ID does not reach it.
    expect((await store.variables.update('ws-other', a.record.id, { value: 'x' }, T1, noCheck)).kind).toBe('not-found');
    expect(await store.variables.delete('ws-other', a.record.id)).toBe(false);
    expect(await store.variables.delete(ws, a.record.id)).toBe(true);
    expect((await store.workspaces.get(ws))!.variableIds).toEqual([b.record.id]);
    // A rule refuses inside the transaction, and nothing changes.
    const refusal = new Error('refused');
    await expect(
      store.variables.update(null, b.record.id, { sensitive: false }, T1, () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect((await store.variables.get(b.record.id))!.sensitive).toBe(true);
  });

  it('keeps keys unique per workspace and category, case-sensitive, also for two instances at once', async () => {
    const ws = await workspace();
    expect((await store.variables.create(variable(ws, { key: 'dup' }))).kind).toBe('created');
    expect((await store.variables.create(variable(ws, { key: 'dup' }))).kind).toBe('key-taken');
    expect((await store.variables.create(variable(ws, { key: 'DUP' }))).kind).toBe('created');
    expect((await store.variables.create(variable(ws, { key: 'dup', category: 'env' }))).kind).toBe('created');
    const other = await store.variables.create(variable(ws, { key: 'other' }));
    expect(other.kind === 'created' && (await store.variables.update(ws, other.record.id, { key: 'dup' }, T1, noCheck)).kind).toBe('key-taken');
    expect((await store.variables.create(variable('ws-missing'))).kind).toBe('owner-missing');

    // Two stores on one database (SQLite: one file; the main store is in memory), as two instances.
    const cipher = Cipher.ephemeral();
    const [one, two] = [await database.openShared({ cipher }), await database.openShared({ cipher })];
    const shared = (await one.workspaces.insert(newWorkspace(freshOrg(), 'shared'))).id;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? one : two).variables.create(variable(shared, { key: 'raced', id: `var-race${counter}-${i}` }))),
    );
    expect(results.map((r) => r.kind).sort()).toEqual(['created', 'key-taken', 'key-taken', 'key-taken', 'key-taken', 'key-taken']);
    // Concurrent creates of different keys all land on the workspace's list.
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? one : two).variables.create(variable(shared, { key: `many${i}` }))));
    const listed = (await two.workspaces.get(shared))!.variableIds!;
    for (const r of many) expect(r.kind === 'created' && listed.includes(r.record.id)).toBe(true);
  });

  it('seals every value: a store with another key cannot open it', async () => {
    const cipher = Cipher.ephemeral();
    const shared = await database.openShared({ cipher });
    const ws = (await shared.workspaces.insert(newWorkspace(freshOrg(), 'sealed'))).id;
    const made = await shared.variables.create(variable(ws, { key: 'plain', value: `${SECRET}-plain` }));
    if (made.kind !== 'created') throw new Error('not created');
    const strangers = await database.openShared({ cipher: Cipher.ephemeral() });
    await expect(strangers.variables.get(made.record.id)).rejects.toThrow(/integrity/);
    expect((await shared.variables.get(made.record.id))!.value).toBe(`${SECRET}-plain`);
  });

  it('goes with its workspace', async () => {
    const ws = await workspace();
    const made = await store.variables.create(variable(ws));
    await store.workspaces.forceDelete(ws);
    expect(made.kind === 'created' && (await store.variables.get(made.record.id))).toBeNull();
  });
});
