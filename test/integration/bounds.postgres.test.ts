// Issue 22, item 2 on PostgreSQL: a statement timeout, the statement cancelled when the client goes
// away, a pool that answers 503 within a bound when exhausted, and a per-caller share of the pool,
// so a cheap request of one member is not queued behind another member's slow lists. Slow lists
// are made by putting a `pg_sleep` before the store's own list query, on the same connection pool.
import { Client } from 'pg';
import { startServer, type RunningServer } from '../../src/server';
import type { Db } from '../../src/server/storage/db';
import type { PostgresTuning } from '../../src/server/storage/types';
import type { Store } from '../../src/server/store';
import type { WorkspaceQuery } from '../../src/server/workspaces/records';
import { ERRORS } from '../../src/contract';
import { ORG, TOKENS, createTestDatabaseUrl, defaultBootstrap, request, type ApiResponse } from '../helpers/service';
import { uniqueName } from '../helpers/workspace-assertions';
import { describeWith } from '../helpers/requirements';

const describeWithPostgres = describeWith('postgres');

/** Every list of `store` first sleeps `seconds` on the database, cancellable like the list itself. */
function slowLists(store: Store, seconds: number): void {
  const db = (store as unknown as { db: Db }).db;
  const list = store.workspaces.list.bind(store.workspaces);
  store.workspaces.list = async (q: WorkspaceQuery) => {
    const view = q.signal && db.withSignal ? db.withSignal(q.signal) : db;
    await view.get(`SELECT pg_sleep(${seconds})`);
    return list(q);
  };
}

interface Bounded {
  server: RunningServer;
  url: string;
  get(path: string, token?: string, signal?: AbortSignal): Promise<ApiResponse>;
  close(): Promise<void>;
}

async function startBounded(tuning: PostgresTuning): Promise<Bounded> {
  const url = await createTestDatabaseUrl();
  const server = await startServer({ host: '127.0.0.1', port: 0, storage: { kind: 'postgres', url, ...tuning }, bootstrap: defaultBootstrap(), log: () => {} });
  const apiUrl = `${server.url}/api/v2`;
  return { server, url, get: (path, token = TOKENS.owner) => request(apiUrl, 'GET', path, { token }), close: () => server.close() };
}

const createIn = (bounded: Bounded, token: string = TOKENS.owner) =>
  request(`${bounded.server.url}/api/v2`, 'POST', `/organizations/${ORG}/workspaces`, {
    token,
    body: { data: { type: 'workspaces', attributes: { name: uniqueName('bounds') } } },
  });

const LIST = `/organizations/${ORG}/workspaces`;

function expectBusy(response: ApiResponse): void {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('1');
  expect(response.body.errors[0]).toMatchObject({ status: '503', code: ERRORS.databaseBusy.code });
}

/** The statements running `pg_sleep` on the service's database. */
async function sleepingStatements(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'SELECT pg_sleep%'",
    );
    return (result.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

describeWithPostgres('bounded database work on PostgreSQL', () => {
  it('answers 503 database-busy when a statement runs past the statement timeout', async () => {
    const bounded = await startBounded({ statementTimeoutMs: 200 });
    try {
      slowLists(bounded.server.service.store, 5);
      expectBusy(await bounded.get(LIST));
      // The connection stays usable: the next request is answered.
      expect((await createIn(bounded)).status).toBe(201);
    } finally {
      await bounded.close();
    }
  });

  it('cancels the statement on the database when the client goes away', async () => {
    const bounded = await startBounded({});
    try {
      slowLists(bounded.server.service.store, 30);
      const gone = new AbortController();
      const pending = fetch(`${bounded.server.url}/api/v2${LIST}`, { headers: { authorization: `Bearer ${TOKENS.owner}` }, signal: gone.signal }).catch(
        () => 'aborted',
      );
      while ((await sleepingStatements(bounded.url)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      gone.abort();
      expect(await pending).toBe('aborted');
      // Without the cancel the statement would sleep on for 30 s, past this test's time limit.
      while ((await sleepingStatements(bounded.url)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await createIn(bounded)).status).toBe(201);
    } finally {
      await bounded.close();
    }
  });

  it('cancels the statement of a console page when the browser goes away (issue 37)', async () => {
    const bounded = await startBounded({});
    try {
      slowLists(bounded.server.service.store, 30);
      const login = await fetch(`${bounded.server.url}/app/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: TOKENS.owner }).toString(),
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0];
      const gone = new AbortController();
      const pending = fetch(`${bounded.server.url}/app/${ORG}/workspaces`, { headers: { cookie }, signal: gone.signal }).catch(() => 'aborted');
      while ((await sleepingStatements(bounded.url)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      gone.abort();
      expect(await pending).toBe('aborted');
      // Without the cancel the statement would sleep on for 30 s.
      const deadline = Date.now() + 5_000;
      while ((await sleepingStatements(bounded.url)) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await sleepingStatements(bounded.url)).toBe(0);
      expect((await createIn(bounded)).status).toBe(201);
    } finally {
      await bounded.close();
    }
  });

  it("holds a member's console pages to its share of the pool like its API requests (issue 37)", async () => {
    // A pool of 4: each caller runs one request at a time, and waits at most 300 ms for its place.
    const bounded = await startBounded({ poolSize: 4, poolWaitMs: 300 });
    try {
      slowLists(bounded.server.service.store, 1);
      const login = await fetch(`${bounded.server.url}/app/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: TOKENS.reader }).toString(),
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0];
      const pages = await Promise.all(Array.from({ length: 3 }, () => fetch(`${bounded.server.url}/app/${ORG}/workspaces`, { headers: { cookie } })));
      const statuses = pages.map((page) => page.status).sort();
      expect(statuses).toEqual([200, 503, 503]);
      for (const page of pages.filter((p) => p.status === 503)) expect(page.headers.get('retry-after')).toBe('1');
    } finally {
      await bounded.close();
    }
  });

  it("keeps a cheap request of one member out of the queue of another member's ten slow lists", async () => {
    // A pool of 4: each caller runs one request at a time.
    const bounded = await startBounded({ poolSize: 4, poolWaitMs: 10_000 });
    try {
      slowLists(bounded.server.service.store, 0.5);
      let slowAnswered = 0;
      const slow = Array.from({ length: 10 }, () =>
        bounded.get(LIST, TOKENS.reader).then((response) => {
          slowAnswered += 1;
          return response;
        }),
      );
      while ((await sleepingStatements(bounded.url)) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const cheap = await createIn(bounded);
      expect(cheap.status).toBe(201);
      // Answered before the reader's first slow list: it waited behind none of them.
      expect(slowAnswered).toBe(0);
      for (const response of await Promise.all(slow)) expect(response.status).toBe(200);
    } finally {
      await bounded.close();
    }
  });

  it('answers 503 database-busy within its bound when the pool is exhausted, instead of queueing', async () => {
    const bounded = await startBounded({ poolSize: 4, poolWaitMs: 200 });
    try {
      slowLists(bounded.server.service.store, 2);
      // Five callers, one slow list each, on four connections: one of them cannot get a connection in time.
      const callers = [TOKENS.owner, TOKENS.admin, TOKENS.writer, TOKENS.reader, TOKENS.org];
      const responses = await Promise.all(callers.map((token) => bounded.get(LIST, token)));
      const busy = responses.filter((r) => r.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      for (const response of busy) expectBusy(response);
      for (const response of responses.filter((r) => r.status !== 503)) expect(response.status).toBe(200);
      expect(bounded.server.service.store.health()).toMatchObject({ available: true, outages: 0, pool: { size: 4 } });
    } finally {
      await bounded.close();
    }
  });
});
