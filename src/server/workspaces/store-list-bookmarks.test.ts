import fc from 'fast-check';
import { NameTakenError, WorkspaceQuery, WorkspaceSortField } from './records';
import { Store } from '../store';
import { BackendKind, backendKinds, freshOrg, newWorkspace, stateText, useTestDatabase, writeState } from '../test-support';

// Deep pages that start from page bookmarks (page-bookmarks.ts) against the plain OFFSET query:
// `reader` keeps a bookmark every few rows, `plain` none, and both are stores of their own on one
// database, as two service processes would be.

jest.setTimeout(180_000);

const EVERY = 3;
const SORTS: Array<{ field: WorkspaceSortField; descending: boolean }> = [
  { field: 'name', descending: false },
  { field: 'name', descending: true },
  { field: 'latest-change-at', descending: false },
  { field: 'latest-change-at', descending: true },
  { field: 'current-run.created-at', descending: true },
];

/** A few distinct times, so latest-change-at orders have ties that the name must break. */
const at = (slot: number) => new Date(Date.UTC(2025, 0, 1) + slot * 60_000).toISOString();

async function page(store: Store, org: string, q: Partial<WorkspaceQuery>) {
  const { items, total } = await store.workspaces.list({ organization: org, visibleNames: null, offset: 0, limit: 5, ...q });
  return { ids: items.map((w) => w.id), names: items.map((w) => w.name), total };
}

/** Moves a workspace's latest change time the way a run does: lock, write a state, unlock. */
async function moveLatestChange(store: Store, id: string, time: string): Promise<void> {
  if (!(await store.locks.lock(id, 'user-bookmarks', 'run', time))) return;
  await writeState(store, id, stateText(), time, { principal: 'user-bookmarks' });
  await store.locks.unlock(id, 'user-bookmarks', time);
}

describe.each(backendKinds)('deep pages from bookmarks on the %s store', (kind: BackendKind) => {
  let reader: Store;
  let plain: Store;
  useTestDatabase(kind, async (_main, database) => {
    reader = await database.openShared({ bookmarkEvery: EVERY });
    plain = await database.openShared({ bookmarkEvery: Infinity });
  });

  // Each write, given the workspaces' IDs and a suffix for new names.
  const writes: Array<[string, (store: Store, org: string, ids: string[], suffix: string) => Promise<unknown>]> = [
    ['an insert before the bookmarks', (s, org, _ids, suffix) => s.workspaces.insert(newWorkspace(org, `ws-00${suffix}`, { createdAt: at(0) }))],
    ['a delete', (s, _org, ids) => s.workspaces.forceDelete(ids[2])],
    ['a rename', (s, _org, ids, suffix) => s.workspaces.update(ids[1], { name: `zz-${suffix}`, updatedAt: at(9) })],
    ['an unlock that moves the latest change time', (s, _org, ids) => moveLatestChange(s, ids[0], at(9))],
  ];

  it.each(writes)('never serves a stale page after %s by another process', async (_label, write) => {
    const org = freshOrg();
    await plain.workspaces.insertMany(Array.from({ length: 30 }, (_, i) => newWorkspace(org, `ws-${String(i).padStart(2, '0')}`, { createdAt: at(i % 4) })));
    const ids = (await plain.workspaces.listNames(org)).map((w) => w.id);
    const deep = { offset: 13, limit: 5 };
    for (const sort of SORTS) expect(await page(reader, org, { ...deep, sort })).toEqual(await page(plain, org, { ...deep, sort }));
    await write(plain, org, ids, 'a');
    for (const sort of SORTS) expect(await page(reader, org, { ...deep, sort })).toEqual(await page(plain, org, { ...deep, sort }));
    // And after the reader's own write.
    await write(reader, org, ids.slice(4), 'b');
    for (const sort of SORTS) expect(await page(reader, org, { ...deep, sort })).toEqual(await page(plain, org, { ...deep, sort }));
  });

  it('starts from the right row whatever the page, past the end included', async () => {
    const org = freshOrg();
    await plain.workspaces.insertMany(Array.from({ length: 20 }, (_, i) => newWorkspace(org, `n${String(i).padStart(2, '0')}`, { createdAt: at(0) })));
    const expected = (from: number, to: number) =>
      Array.from({ length: Math.max(0, Math.min(to, 20) - from) }, (_, i) => `n${String(from + i).padStart(2, '0')}`);
    for (const offset of [2, 3, 4, 5, 6, 11, 17, 18, 19, 20, 21, 40]) {
      expect(await page(reader, org, { offset, limit: 4 })).toMatchObject({ names: expected(offset, offset + 4), total: 20 });
      const descending = await page(reader, org, { offset, limit: 4, sort: { field: 'latest-change-at', descending: true } });
      expect(descending.names).toEqual(expected(20 - Math.min(20, offset + 4), 20 - offset).reverse());
    }
  });

  const nameArb = fc.string({ unit: fc.constantFrom('a', 'b', 'C', '-', '1'), minLength: 1, maxLength: 4 });
  const by = fc.boolean(); // true: the reader writes (its own process), false: the other store
  const commandArb = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('read' as const), size: fc.integer({ min: 1, max: 7 }), percent: fc.integer({ min: 0, max: 120 }) }),
    },
    fc.record({ kind: fc.constant('insert' as const), name: nameArb, slot: fc.nat({ max: 3 }), byReader: by }),
    fc.record({ kind: fc.constant('delete' as const), index: fc.nat(), byReader: by }),
    fc.record({ kind: fc.constant('rename' as const), index: fc.nat(), name: nameArb, byReader: by }),
    fc.record({ kind: fc.constant('move' as const), index: fc.nat(), slot: fc.nat({ max: 5 }), byReader: by }),
    fc.record({ kind: fc.constant('settings' as const), index: fc.nat(), byReader: by }),
  );

  it('returns exactly what the OFFSET query returns, through random writes by either process', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(nameArb, fc.nat({ max: 3 })), { maxLength: 40, size: 'max', selector: ([name]) => name.toLowerCase() }),
        fc.array(commandArb, { minLength: 1, maxLength: 20, size: 'max' }),
        async (seed, commands) => {
          const org = freshOrg();
          await plain.workspaces.insertMany(seed.map(([name, slot]) => newWorkspace(org, name, { createdAt: at(slot) })));
          for (const command of commands) {
            const all = await plain.workspaces.listNames(org);
            if (command.kind === 'read') {
              // The same page, in or just past the list, in every order.
              const offset = Math.floor((command.percent * all.length) / 100 / command.size) * command.size;
              for (const sort of SORTS) {
                const q = { sort, offset, limit: command.size };
                expect(await page(reader, org, q)).toEqual(await page(plain, org, q));
              }
              continue;
            }
            const store = command.byReader ? reader : plain;
            const target = all.length > 0 && command.kind !== 'insert' ? all[command.index % all.length].id : undefined;
            try {
              if (command.kind === 'insert') await store.workspaces.insert(newWorkspace(org, command.name, { createdAt: at(command.slot) }));
              else if (!target) continue;
              else if (command.kind === 'delete') await store.workspaces.forceDelete(target);
              else if (command.kind === 'rename') await store.workspaces.update(target, { name: command.name, updatedAt: at(8) });
              else if (command.kind === 'move') await moveLatestChange(store, target, at(command.slot));
              else await store.workspaces.update(target, { settings: { description: 'changed' }, updatedAt: at(8) });
            } catch (err) {
              if (!(err instanceof NameTakenError)) throw err;
            }
          }
        },
      ),
      { numRuns: kind === 'postgres' ? 30 : 80 },
    );
  });
});
