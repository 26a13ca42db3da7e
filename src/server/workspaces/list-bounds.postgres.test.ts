import type { Db } from '../storage/db';
import { Store } from '../store';
import { TestDatabase, createTestDatabase, freshOrg, newWorkspace } from '../test-support';
import { orderBy, workspaceFilter, workspaceOrder } from './list-query';
import type { WorkspaceQuery } from './records';

// Issue 37 item 2: a list's cost grows with the workspaces it matches, never with their square.
// `search[tags]` with `filter[tagged]` made PostgreSQL join one grouped subquery per filter in a
// nested loop: 30 s at 12,000 workspaces matching both. Bound checked here without a clock: the
// rows every plan node of the list's two statements produced, over all its loops (EXPLAIN ANALYZE),
// stay within a small multiple of the workspaces matching.

jest.setTimeout(120_000);
const MATCHING = 2_000;
/** Rows each matching workspace may cost, over every node of a statement's plan. */
const ROWS_PER_MATCH = 20;

interface PlanNode {
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Rows produced by every node of `node`'s plan, each counted once per loop. */
function rowsVisited(node: PlanNode): number {
  return node['Actual Rows'] * node['Actual Loops'] + (node.Plans ?? []).reduce((sum, child) => sum + rowsVisited(child), 0);
}

async function explain(db: Db, sql: string, params: unknown[]): Promise<PlanNode> {
  const [row] = await db.all<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params as never);
  return row['QUERY PLAN'][0].Plan;
}

describe('the list with both tag filters on PostgreSQL', () => {
  let database: TestDatabase;
  let store: Store;
  let org: string;

  beforeAll(async () => {
    if (!process.env.CDKWS_TEST_DATABASE_URL) throw new Error('a PostgreSQL suite: set CDKWS_TEST_DATABASE_URL');
    database = await createTestDatabase('postgres');
    store = await database.openMain();
    org = freshOrg();
    const batch = Array.from({ length: MATCHING * 2 }, (_, i) =>
      newWorkspace(org, `ws-${String(i).padStart(6, '0')}`, i < MATCHING ? { tagNames: ['shared'], tagBindings: [{ key: 'env', value: 'prod' }] } : {}),
    );
    await store.workspaces.insertMany(batch);
    const db = (store as unknown as { db: Db }).db;
    await db.run(db.sql.refreshWorkspaceStatistics);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('visits rows in proportion to the workspaces matching, for the page and its count', async () => {
    const db = (store as unknown as { db: Db }).db;
    const q: WorkspaceQuery = { organization: org, visibleNames: null, tags: ['shared'], tagged: [{ key: 'env', value: 'prod' }], offset: 0, limit: 20 };
    const { where, params } = workspaceFilter(db.sql, q);
    const page = await explain(db, `SELECT w.id FROM workspaces w WHERE ${where} ORDER BY ${orderBy(workspaceOrder(q))} LIMIT ?`, [...params, 20]);
    const count = await explain(db, `SELECT COUNT(*) AS n FROM workspaces w WHERE ${where}`, params);
    expect(count['Actual Rows']).toBe(1);
    expect(rowsVisited(page)).toBeLessThanOrEqual(ROWS_PER_MATCH * MATCHING);
    expect(rowsVisited(count)).toBeLessThanOrEqual(ROWS_PER_MATCH * MATCHING);
    // And the store's own list answers them all.
    const listed = await store.workspaces.list(q);
    expect(listed.total).toBe(MATCHING);
    expect(listed.items.map((w) => w.name)).toEqual(Array.from({ length: 20 }, (_, i) => `ws-${String(i).padStart(6, '0')}`));
  });
});
