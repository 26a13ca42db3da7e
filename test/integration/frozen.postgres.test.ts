// Issue 37 item 6: a frozen PostgreSQL (every server process stopped with SIGSTOP, as a stalled host
// looks from outside) answers nothing and closes nothing. Requests running then, and those that
// come during the freeze, are answered 503 within the statement timeout and a margin, instead of
// hanging for as long as the freeze lasts. The cluster is the test's own (postgres-cluster.ts).
import { startServer, type RunningServer } from '../../src/server';
import { CLIENT_TIMEOUT_MARGIN_MS } from '../../src/server/storage/postgres';
import { PostgresCluster, postgresBinDir } from '../helpers/postgres-cluster';
import { ORG, TOKENS, defaultBootstrap, request } from '../helpers/service';
import { describeWith } from '../helpers/requirements';

jest.setTimeout(120_000);
const bindir = postgresBinDir();
const STATEMENT_TIMEOUT_MS = 500;

describeWith('postgres')('a frozen PostgreSQL', () => {
  let cluster: PostgresCluster;
  let server: RunningServer;
  let frozen = false;
  beforeAll(async () => {
    if (!bindir) throw new Error('no PostgreSQL server binaries: source .ci/postgres.sh (it sets CDKWS_PG_BINDIR)');
    cluster = await PostgresCluster.start(bindir);
    const url = await cluster.createDatabase('cdkws_frozen');
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      storage: { kind: 'postgres', url, statementTimeoutMs: STATEMENT_TIMEOUT_MS, poolWaitMs: 1_000 },
      bootstrap: defaultBootstrap(),
      log: () => {},
    });
  });
  afterAll(async () => {
    if (frozen) cluster.signalAll('SIGCONT');
    await server?.close();
    await cluster?.destroy();
  });

  it('answers 503 within the statement timeout and a margin, and serves again once thawed', async () => {
    const api = `${server.url}/api/v2`;
    const list = () => request(api, 'GET', `/organizations/${ORG}/workspaces`, { token: TOKENS.owner });
    expect((await list()).status).toBe(200); // the pool holds an open connection
    cluster.signalAll('SIGSTOP');
    frozen = true;
    const started = Date.now();
    const answers = await Promise.all([list(), list(), request(api, 'GET', `/organizations/${ORG}/workspaces`, { token: TOKENS.admin })]);
    const tookMs = Date.now() - started;
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).not.toBeNull();
    }
    // The bound: the statement timeout, the client's margin and a second for a loaded machine.
    expect(tookMs).toBeLessThan(STATEMENT_TIMEOUT_MS + CLIENT_TIMEOUT_MARGIN_MS + 1_000 + 1_000);
    cluster.signalAll('SIGCONT');
    frozen = false;
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      status = (await list()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  });
});
