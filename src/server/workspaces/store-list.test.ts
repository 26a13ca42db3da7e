import { Store } from '../store';
import { WorkspaceQuery } from './records';
import { BackendKind, TestDatabase, backendKinds, createTestDatabase, freshOrg, newWorkspace } from '../test-support';

jest.setTimeout(30_000);

describe.each(backendKinds)('listing workspaces on the %s store', (kind: BackendKind) => {
  let database: TestDatabase;
  let store: Store;
  let org: string;

  // One organization for the read-only listing tests below.
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await database.openMain();
    org = freshOrg();
    const fixtures: Array<[string, Partial<Parameters<typeof newWorkspace>[2]>]> = [
      [
        'web-prod',
        {
          tagNames: ['prod', 'web'],
          tagBindings: [
            { key: 'env', value: 'prod' },
            { key: 'team', value: 'web' },
          ],
        },
      ],
      ['Web-Staging', { tagNames: ['staging', 'web'], tagBindings: [{ key: 'env', value: 'staging' }] }],
      ['db_prod', { tagNames: ['prod'], tagBindings: [{ key: 'env', value: 'prod' }], projectId: 'prj-data' }],
      ['db-100%', { projectId: 'prj-data' }],
      ['api', { tagBindings: [{ key: 'team', value: 'api' }] }],
      ['cache*', {}],
    ];
    for (const [name, extra] of fixtures) await store.workspaces.insert(newWorkspace(org, name, extra));
    await store.workspaces.insert(newWorkspace(freshOrg(), 'web-prod')); // another organization: never listed
  });
  afterAll(async () => {
    await database.drop();
  });

  const list = async (q: Partial<WorkspaceQuery> = {}) => {
    const page = await store.workspaces.list({ organization: org, visibleNames: null, offset: 0, limit: 100, ...q });
    return { names: page.items.map((w) => w.name), total: page.total };
  };

  it('orders by name without regard to case by default and counts every workspace', async () => {
    expect(await list()).toEqual({ names: ['api', 'cache*', 'db-100%', 'db_prod', 'web-prod', 'Web-Staging'], total: 6 });
  });

  it('pages with offset and limit while the total stays the whole count', async () => {
    expect(await list({ offset: 2, limit: 2 })).toEqual({ names: ['db-100%', 'db_prod'], total: 6 });
    expect(await list({ offset: 10, limit: 2 })).toEqual({ names: [], total: 6 });
  });

  it('reverses the name order when sorting descending', async () => {
    expect((await list({ sort: { field: 'name', descending: true } })).names).toEqual(['Web-Staging', 'web-prod', 'db_prod', 'db-100%', 'cache*', 'api']);
  });

  it('sorts by current-run creation time like by name, since no workspace has runs', async () => {
    expect((await list({ sort: { field: 'current-run.created-at', descending: false } })).names).toEqual((await list()).names);
  });

  it('sorts by latest change time in both directions', async () => {
    const ascending = ['web-prod', 'Web-Staging', 'db_prod', 'db-100%', 'api', 'cache*']; // creation order
    expect((await list({ sort: { field: 'latest-change-at', descending: false } })).names).toEqual(ascending);
    expect((await list({ sort: { field: 'latest-change-at', descending: true } })).names).toEqual([...ascending].reverse());
  });

  it('searches names by case-insensitive substring, taking % and _ literally', async () => {
    expect(await list({ search: 'WEB' })).toEqual({ names: ['web-prod', 'Web-Staging'], total: 2 });
    expect((await list({ search: '_' })).names).toEqual(['db_prod']);
    expect((await list({ search: '%' })).names).toEqual(['db-100%']);
    expect((await list({ search: '' })).total).toBe(6);
  });

  it('matches wildcard names with * at either end and exactly without', async () => {
    expect((await list({ wildcardName: 'web*' })).names).toEqual(['web-prod', 'Web-Staging']);
    expect((await list({ wildcardName: '*prod' })).names).toEqual(['db_prod', 'web-prod']);
    expect((await list({ wildcardName: '*B-*' })).names).toEqual(['db-100%', 'web-prod', 'Web-Staging']);
    expect((await list({ wildcardName: 'API' })).names).toEqual(['api']);
    expect((await list({ wildcardName: 'ap' })).names).toEqual([]);
    expect((await list({ wildcardName: 'cache*' })).names).toEqual(['cache*']);
    expect((await list({ wildcardName: 'cache**' })).names).toEqual(['cache*']);
    expect((await list({ wildcardName: '*' })).total).toBe(6);
  });

  it('keeps workspaces carrying every listed flat tag and drops those carrying any excluded one', async () => {
    expect((await list({ tags: ['prod'] })).names).toEqual(['db_prod', 'web-prod']);
    expect((await list({ tags: ['prod', 'web'] })).names).toEqual(['web-prod']);
    expect((await list({ excludeTags: ['prod'] })).names).toEqual(['api', 'cache*', 'db-100%', 'Web-Staging']);
    expect((await list({ excludeTags: ['staging', 'prod'] })).total).toBe(3);
    expect((await list({ tags: ['web'], excludeTags: ['staging'] })).names).toEqual(['web-prod']);
    expect((await list({ tags: ['nowhere'] })).total).toBe(0);
  });

  it('filters by tag binding key, and value when given, requiring every filter', async () => {
    expect((await list({ tagged: [{ key: 'env' }] })).names).toEqual(['db_prod', 'web-prod', 'Web-Staging']);
    expect((await list({ tagged: [{ key: 'env', value: 'prod' }] })).names).toEqual(['db_prod', 'web-prod']);
    expect((await list({ tagged: [{ key: 'env', value: 'prod' }, { key: 'team' }] })).names).toEqual(['web-prod']);
    expect((await list({ tagged: [{ key: 'team', value: 'prod' }] })).total).toBe(0);
  });

  it('treats repeated tags and tag filters as one, whatever their number (one grouped query, not one per entry)', async () => {
    const repeated = <T>(items: T[], times: number) => Array.from({ length: times }, (_, i) => items[i % items.length]);
    expect(await list({ tags: repeated(['prod', 'web', 'PROD'], 50) })).toEqual({ names: ['web-prod'], total: 1 });
    expect(await list({ tags: [...repeated(['prod'], 49), 'nowhere'] })).toEqual({ names: [], total: 0 });
    const tagged = repeated([{ key: 'env', value: 'prod' }, { key: 'env' }, { key: 'team', value: 'web' }], 50);
    expect(await list({ tagged })).toEqual({ names: ['web-prod'], total: 1 });
    expect(
      await list({
        tagged: [
          { key: 'env', value: 'prod' },
          { key: 'env', value: 'staging' },
        ],
      }),
    ).toEqual({ names: [], total: 0 });
    expect((await list({ tagged: [{ key: 'env' }], tags: ['prod'], excludeTags: ['web'] })).names).toEqual(['db_prod']);
  });

  it('restricts to the visible names without regard to case, and to nothing when none are visible', async () => {
    expect(await list({ visibleNames: ['API', 'web-prod', 'not-there'] })).toEqual({ names: ['api', 'web-prod'], total: 2 });
    expect(await list({ visibleNames: [] })).toEqual({ names: [], total: 0 });
  });

  it('filters by project and combines every filter', async () => {
    expect(await list({ projectId: 'prj-data' })).toEqual({ names: ['db-100%', 'db_prod'], total: 2 });
    expect((await list({ projectId: 'prj-data', tags: ['prod'], search: 'db', visibleNames: ['db_prod'] })).names).toEqual(['db_prod']);
  });

  it('matches nothing when filtering by current run status', async () => {
    expect(await list({ currentRunStatus: 'applied' })).toEqual({ names: [], total: 0 });
  });

  it('carries the flat tag names of every listed workspace in the order they were added', async () => {
    const page = await store.workspaces.list({ organization: org, visibleNames: null, offset: 0, limit: 100, wildcardName: 'web*' });
    expect(page.items.map((w) => w.tagNames)).toEqual([
      ['prod', 'web'],
      ['staging', 'web'],
    ]);
  });

  it('keeps the unfiltered total right through inserts and deletes', async () => {
    const other = freshOrg();
    const total = async () => (await store.workspaces.list({ organization: other, visibleNames: null, offset: 0, limit: 1 })).total;
    expect(await total()).toBe(0);
    const created = await Promise.all(Array.from({ length: 5 }, (_, i) => store.workspaces.insert(newWorkspace(other, `n${i}`))));
    expect(await total()).toBe(5);
    await store.workspaces.forceDelete(created[0].id);
    await store.workspaces.safeDelete(created[1].id);
    await store.workspaces.forceDelete(created[1].id); // already gone: no change
    expect(await total()).toBe(3);
  });
});
