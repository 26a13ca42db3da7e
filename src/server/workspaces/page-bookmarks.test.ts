import type { Db } from '../storage/db';
import { PageBookmarks, PagedList } from './page-bookmarks';
import { openPostgresDb } from '../storage/postgres';
import { openSqliteDb } from '../storage/sqlite';
import { BackendKind, TestDatabase, backendKinds, createTestDatabase, freshOrg, newWorkspace, stateText, writeState } from '../test-support';
import type { Store } from '../store';

jest.setTimeout(30_000);

describe.each(backendKinds)('page bookmarks on %s', (kind: BackendKind) => {
  let database: TestDatabase;
  let store: Store;
  let db: Db;
  let statements: string[];
  /** The database, counting the statements run on it. */
  let counted: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await database.openShared();
    db = database.options.kind === 'sqlite' ? openSqliteDb(database.options.path) : openPostgresDb(database.options.url);
    counted = {
      kind: db.kind,
      sql: db.sql,
      all: (sql, params) => (statements.push(sql), db.all(sql, params)),
      get: (sql, params) => (statements.push(sql), db.get(sql, params)),
      run: (sql, params) => (statements.push(sql), db.run(sql, params)),
      transaction: (fn) => db.transaction(fn),
      close: () => db.close(),
      health: () => db.health(),
      commitCount: () => db.commitCount(),
    };
  });
  beforeEach(() => {
    statements = [];
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  /** An organization of workspaces n00, n01, …, and its unfiltered list in name order. */
  async function organization(count: number): Promise<PagedList> {
    const org = freshOrg();
    await store.workspaces.insertMany(Array.from({ length: count }, (_, i) => newWorkspace(org, `n${String(i).padStart(2, '0')}`)));
    return { organization: org, where: 'w.organization = ?', params: [org], order: { columns: ['name_key'], descending: false } };
  }

  const version = async (list: PagedList) =>
    Number((await db.get<{ v: number }>('SELECT list_version AS v FROM organization_counters WHERE organization = ?', [list.organization]))?.v);

  it('gathers bookmarks only from the first deep page on, and only as deep as asked', async () => {
    const list = await organization(23);
    const bookmarks = new PageBookmarks(5);
    expect(await bookmarks.start(counted, list, 4)).toBeNull();
    expect(statements).toHaveLength(0);
    // Rows 4 and 9 are bookmarks; the page at 12 starts after row 9 and skips 2.
    expect(await bookmarks.start(counted, list, 12)).toMatchObject({ params: ['n09'], skip: 2, version: await version(list) });
    expect(await bookmarks.start(counted, list, 14)).toMatchObject({ params: ['n09'], skip: 4 });
    expect(statements).toHaveLength(1);
    expect(await bookmarks.start(counted, list, 17)).toMatchObject({ params: ['n14'], skip: 2 });
    expect(statements).toHaveLength(2);
    // Past the end: the last bookmark (row 19); the list is then known to have no more.
    expect(await bookmarks.start(counted, list, 100)).toMatchObject({ params: ['n19'], skip: 80 });
    expect(await bookmarks.start(counted, list, 200)).toMatchObject({ params: ['n19'], skip: 180 });
    expect(statements).toHaveLength(3);
  });

  it('has nothing to start from in a list shorter than the bookmark distance', async () => {
    const list = await organization(4);
    expect(await new PageBookmarks(5).start(counted, list, 10)).toBeNull();
  });

  it('drops a set that a page found stale, and gathers afresh', async () => {
    const list = await organization(12);
    const bookmarks = new PageBookmarks(5);
    const start = (await bookmarks.start(counted, list, 10))!;
    expect(bookmarks.confirm(start, start.version)).toBe(true);
    await store.workspaces.insert(newWorkspace(list.organization, 'a-first'));
    expect(bookmarks.confirm(start, await version(list))).toBe(false);
    statements = [];
    expect(await bookmarks.start(counted, list, 10)).toMatchObject({ params: ['n08'], version: await version(list) });
    expect(statements).toHaveLength(1);
  });

  it('gathers afresh when a set it extends turns out stale', async () => {
    const list = await organization(12);
    const bookmarks = new PageBookmarks(5);
    await bookmarks.start(counted, list, 5);
    await store.workspaces.insert(newWorkspace(list.organization, 'a-first'));
    expect(await bookmarks.start(counted, list, 10)).toMatchObject({ params: ['n08'], skip: 0, version: await version(list) });
  });

  it('has the list version follow every write an unfiltered list depends on, and only those', async () => {
    const list = await organization(3);
    const [first] = await store.workspaces.listNames(list.organization);
    const changes = async (write: () => Promise<unknown>) => {
      const before = await version(list);
      await write();
      return (await version(list)) - before;
    };
    const t = '2031-01-01T00:00:00.000Z';
    expect(await changes(() => store.workspaces.insert(newWorkspace(list.organization, 'added')))).toBe(1);
    expect(await changes(() => store.workspaces.update(first.id, { name: 'renamed', updatedAt: t }))).toBe(1);
    expect(await changes(() => store.workspaces.update(first.id, { name: 'RENAMED', updatedAt: t }))).toBe(0); // same name_key
    expect(await changes(() => store.workspaces.update(first.id, { settings: { description: 'x' }, projectId: 'prj-other', updatedAt: t }))).toBe(0);
    expect(await changes(() => store.locks.lock(first.id, 'user-1', 'run', t))).toBe(0);
    expect(await changes(() => writeState(store, first.id, stateText(), t, { principal: 'user-1' }))).toBe(1); // the latest change time moves
    expect(await changes(() => store.locks.unlock(first.id, 'user-1', t))).toBe(0);
    await store.locks.lock(first.id, 'user-1', 'run', t);
    expect(await changes(() => store.locks.forceUnlock(first.id, t))).toBe(0); // it does not move again
    expect(await changes(() => store.workspaces.forceDelete(first.id))).toBe(1);
  });
});
