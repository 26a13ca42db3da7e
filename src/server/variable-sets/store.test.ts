import { Cipher } from '../secrets/cipher';
import type { Store } from '../store';
import { BackendKind, TestDatabase, backendKinds, freshOrg, newWorkspace, useTestDatabase } from '../test-support';
import type { NewVariableSet } from './store';

jest.setTimeout(30_000);

const T0 = '2030-01-01T00:00:00.000Z';
let counter = 0;

function set(organization: string, extra: Partial<NewVariableSet> = {}): NewVariableSet {
  counter += 1;
  return {
    id: `varset-s${counter}`,
    organization,
    name: `set-${counter}`,
    description: null,
    global: false,
    priority: false,
    workspaceIds: [],
    projectIds: [],
    at: T0,
    ...extra,
  };
}

describe.each(backendKinds)('variable sets on the %s store', (kind: BackendKind) => {
  let store: Store;
  let database: TestDatabase;
  useTestDatabase(kind, (main, db) => {
    store = main;
    database = db;
  });

  it('creates sets with unique names, applies and removes them, and lists them by reach', async () => {
    const org = freshOrg();
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map(async (n) => (await store.workspaces.insert(newWorkspace(org, n, { projectId: 'prj-x' }))).id));
    const made = await store.variableSets.create(set(org, { name: 'Shared', workspaceIds: [a], projectIds: ['prj-y'] }));
    if (made.kind !== 'created') throw new Error('not created');
    expect(made.record).toMatchObject({ name: 'Shared', workspaceIds: [a], projectIds: ['prj-y'], variableIds: [] });
    expect((await store.variableSets.create(set(org, { name: 'Shared' }))).kind).toBe('name-taken');
    const global = await store.variableSets.create(set(org, { name: 'everyone', global: true }));
    if (global.kind !== 'created') throw new Error('not created');

    expect(await store.variableSets.apply(made.record.id, { workspaceIds: [a, b, c], projectIds: ['prj-x'] }, T0)).toBe(true);
    expect(await store.variableSets.apply(made.record.id, { workspaceIds: [b] }, T0)).toBe(true); // already there
    expect((await store.variableSets.get(made.record.id))!.workspaceIds.sort()).toEqual([a, b, c].sort());
    expect(await store.variableSets.remove(made.record.id, { workspaceIds: [a, b], projectIds: ['prj-y'] }, T0)).toBe(true);
    expect(await store.variableSets.get(made.record.id)).toMatchObject({ workspaceIds: [c], projectIds: ['prj-x'] });

    const names = async (scope: Parameters<Store['variableSets']['list']>[0], query?: string) =>
      (await store.variableSets.list(scope, { offset: 0, limit: 10, query })).records.map((r) => r.name);
    expect(await names({ organization: org })).toEqual(['Shared', 'everyone']);
    expect(await names({ organization: org }, 'SHAR')).toEqual(['Shared']);
    expect(await names({ organization: org, workspaceId: a, projectId: 'prj-none' })).toEqual(['everyone']);
    expect(await names({ organization: org, workspaceId: a, projectId: 'prj-x' })).toEqual(['Shared', 'everyone']);
    expect(await names({ organization: org, projectId: 'prj-x' })).toEqual(['Shared']);
    // The workspace list is replaced by an update naming workspaces.
    const updated = await store.variableSets.update(made.record.id, { workspaceIds: [a], priority: true }, T0);
    expect(updated).toMatchObject({ kind: 'updated', record: { workspaceIds: [a], priority: true, name: 'Shared' } });
    expect((await store.variableSets.update(global.record.id, { name: 'Shared' }, T0)).kind).toBe('name-taken');
  });

  it('deletes a set with its variables and links; a deleted workspace leaves its sets', async () => {
    const org = freshOrg();
    const ws = (await store.workspaces.insert(newWorkspace(org, 'gone'))).id;
    const made = await store.variableSets.create(set(org, { workspaceIds: [ws] }));
    if (made.kind !== 'created') throw new Error('not created');
    const v = await store.variableSets.variables.create({
      id: `var-set${counter}`,
      ownerId: made.record.id,
      key: 'k',
      value: 'v',
      description: null,
      category: 'env',
      hcl: false,
      sensitive: true,
      at: T0,
    });
    expect(v).toMatchObject({ kind: 'created', record: { value: null, sensitive: true } });
    expect((await store.variableSets.get(made.record.id))!.variableIds).toHaveLength(1);
    await store.workspaces.forceDelete(ws);
    expect((await store.variableSets.get(made.record.id))!.workspaceIds).toEqual([]);
    expect(await store.variableSets.delete(made.record.id)).toBe(true);
    expect(v.kind === 'created' && (await store.variableSets.variables.get(v.record.id))).toBeNull();
  });

  it('applies a set to many workspaces from two instances at once without losing one', async () => {
    const cipher = Cipher.ephemeral();
    const [one, two] = [await database.openShared({ cipher }), await database.openShared({ cipher })];
    const org = freshOrg();
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) ids.push((await one.workspaces.insert(newWorkspace(org, `w${i}`))).id);
    const made = await one.variableSets.create(set(org));
    if (made.kind !== 'created') throw new Error('not created');
    await Promise.all([
      one.variableSets.apply(made.record.id, { workspaceIds: ids.slice(0, 25) }, T0),
      two.variableSets.apply(made.record.id, { workspaceIds: ids.slice(15) }, T0),
    ]);
    expect((await two.variableSets.get(made.record.id))!.workspaceIds.sort()).toEqual([...ids].sort());
  });
});
