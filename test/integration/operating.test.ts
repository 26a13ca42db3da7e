// Operating the service (docs/operating.md): probes, metrics, request logs, the console's form
// reader and the connection time limits, against the real service on a loopback port.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server';
import { ensureLocalTls } from '../../src/server/tls';
import { READINESS_CACHE_MS, READINESS_PROBES_PER_SECOND } from '../../src/server/http/probes';
import { cdkws } from '../helpers/cli';
import { removeTemporaryStorage, sharedStorageArgs, spawnServe, stopServe } from '../helpers/processes';
import { ORG, TOKENS, defaultBootstrap, testStorage } from '../helpers/service';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

async function start(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  return startServer({ host: '127.0.0.1', port: 0, storage: await testStorage(), bootstrap: defaultBootstrap(), log: () => undefined, ...options });
}

const get = (url: string, token?: string) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('probes', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  it('answers /healthz and /readyz without a token and without data', async () => {
    for (const [probe, body] of [
      ['/healthz', 'ok\n'],
      ['/readyz', 'ready\n'],
    ]) {
      const response = await get(server.url + probe);
      expect([probe, response.status, await response.text()]).toEqual([probe, 200, body]);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  /** Moves the clock past the readiness answer the probe reuses for a second. */
  let clockAhead = 0;
  let clock: jest.SpyInstance | undefined;
  function afterReadinessCache(): void {
    clockAhead += 2 * READINESS_CACHE_MS;
    const realNow = Date.now.bind(Date);
    clock ??= jest.spyOn(Date, 'now').mockImplementation(() => realNow() + clockAhead);
  }
  afterEach(() => {
    jest.restoreAllMocks();
    clock = undefined;
  });

  it('answers /readyz 503 with Retry-After while the database does not answer, and while its schema is behind', async () => {
    const store = server.service.store;
    afterReadinessCache();
    const failing = jest.spyOn(store, 'schemaIsCurrent').mockRejectedValueOnce(new Error('connection refused'));
    const down = await get(`${server.url}/readyz`);
    expect([down.status, await down.text(), down.headers.get('retry-after')]).toEqual([503, 'not ready: database unavailable\n', '5']);
    failing.mockResolvedValueOnce(false);
    afterReadinessCache();
    const behind = await get(`${server.url}/readyz`);
    expect([behind.status, await behind.text()]).toEqual([503, 'not ready: database schema not current\n']);
    failing.mockRestore();
    afterReadinessCache();
    expect((await get(`${server.url}/readyz`)).status).toBe(200);
    expect((await get(`${server.url}/healthz`)).status).toBe(200);
  });

  it('asks the database once for a burst of /readyz probes within a second (issue 37)', async () => {
    afterReadinessCache();
    const asked = jest.spyOn(server.service.store, 'schemaIsCurrent');
    const probes = await Promise.all(Array.from({ length: 50 }, () => get(`${server.url}/readyz`)));
    expect(probes.map((probe) => probe.status)).toEqual(Array(50).fill(200));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('refuses /readyz past its allowance per address per second with 429 and Retry-After, then answers again (issue 37)', async () => {
    afterReadinessCache();
    const burst = READINESS_PROBES_PER_SECOND + 50;
    const probes = await Promise.all(Array.from({ length: burst }, () => get(`${server.url}/readyz`)));
    const refused = probes.filter((probe) => probe.status === 429);
    // Fixed one-second windows: a burst straddling two of them may get up to twice the allowance.
    expect(refused.length).toBeGreaterThanOrEqual(burst - 2 * READINESS_PROBES_PER_SECOND);
    expect(refused.length).toBeGreaterThan(0);
    expect(probes.filter((probe) => probe.status === 200).length).toBe(burst - refused.length);
    expect(refused[0].headers.get('retry-after')).toBe('1');
    afterReadinessCache();
    expect((await get(`${server.url}/readyz`)).status).toBe(200);
    expect((await get(`${server.url}/healthz`)).status).toBe(200);
  });

  it('has no metrics unless they are configured', async () => {
    expect((await get(`${server.url}/metrics`, METRICS_TOKEN)).status).toBe(404);
  });
});

describe('metrics', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start({ metricsToken: METRICS_TOKEN, rateLimit: 1 });
  });
  afterAll(() => server.close());

  it('answers only the bearer of the metrics token', async () => {
    expect((await get(`${server.url}/metrics`)).status).toBe(401);
    expect((await get(`${server.url}/metrics`, TOKENS.owner)).status).toBe(401);
    expect((await get(`${server.url}/metrics`, `${METRICS_TOKEN}x`)).status).toBe(401);
  });

  it('counts requests by route template and status, their latency, rate-limited callers and the pool', async () => {
    const list = `${server.url}/api/v2/organizations/${ORG}/workspaces`;
    const statuses: number[] = [];
    // A rate limit of one request a second per caller: of three at once, at least one is refused.
    for (const response of await Promise.all([get(list, TOKENS.reader), get(list, TOKENS.reader), get(list, TOKENS.reader)])) statuses.push(response.status);
    expect(statuses).toContain(429);
    await get(`${server.url}/api/v2/workspaces/ws-nothing`, TOKENS.owner);
    const response = await get(`${server.url}/metrics`, METRICS_TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    const ok = statuses.filter((s) => s === 200).length;
    expect(text).toContain(`cdkws_http_requests_total{method="GET",route="/api/v2/organizations/:organization_name/workspaces",status="200"} ${ok}`);
    expect(text).toContain(`cdkws_http_requests_total{method="GET",route="/api/v2/organizations/:organization_name/workspaces",status="429"} ${3 - ok}`);
    expect(text).toContain('cdkws_http_requests_total{method="GET",route="/api/v2/workspaces/:workspace_id",status="404"} 1');
    expect(text).toContain(`cdkws_rate_limited_requests_total{caller_kind="user"} ${3 - ok}`);
    expect(text).toMatch(
      /cdkws_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v2\/organizations\/:organization_name\/workspaces"\} 3/,
    );
    expect(text).toMatch(/^cdkws_database_pool_in_use \d+$/m);
    expect(text).toMatch(/^cdkws_database_pool_waiting 0$/m);
    expect(text).toContain('cdkws_database_up 1');
    // No token and no workspace name in the metrics.
    for (const secret of [TOKENS.owner, TOKENS.reader, METRICS_TOKEN, 'ws-nothing']) expect(text).not.toContain(secret);
  });

  it('counts an outage of the real database, and shows it over', async () => {
    // SQLite on both passes: its own handle can be made read-only (PostgreSQL outages: faults.postgres.test.ts).
    const server = await start({ metricsToken: METRICS_TOKEN, storage: { kind: 'sqlite', path: ':memory:' } });
    // The service's own SQLite handle made read-only: writes fail as on a read-only file (faults.ts).
    const handle = (server.service.store as unknown as { db: { db: { pragma(source: string): unknown } } }).db.db;
    const create = (name: string) =>
      fetch(`${server.url}/api/v2/organizations/${ORG}/workspaces`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKENS.owner}`, 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({ data: { type: 'workspaces', attributes: { name } } }),
      });
    let during: string;
    let after: string;
    try {
      handle.pragma('query_only = 1');
      expect((await create('metrics-outage-1')).status).toBe(503);
      during = await (await get(`${server.url}/metrics`, METRICS_TOKEN)).text();
      handle.pragma('query_only = 0');
      expect((await create('metrics-outage-2')).status).toBe(201);
      after = await (await get(`${server.url}/metrics`, METRICS_TOKEN)).text();
    } finally {
      await server.close();
    }
    expect(during).toContain('cdkws_database_up 0');
    expect(after).toContain('cdkws_database_outages_total 1');
    expect(after).toContain('cdkws_database_up 1');
  });
});

describe('request logs', () => {
  it('writes one JSON object per request with --log-format json, never the token', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const server = await start({ logFormat: 'json', logDestination: out });
    try {
      const shown = await get(`${server.url}/api/v2/organizations/${ORG}/workspaces?search%5Bname%5D=secret-name`, TOKENS.owner);
      expect(shown.status).toBe(200);
      const requestId = shown.headers.get('x-request-id');
      expect(requestId).toBeTruthy();
      expect((await get(`${server.url}/api/v2/workspaces/ws-missing`, TOKENS.org)).status).toBe(404);
      expect((await get(`${server.url}/api/v2/workspaces/ws-missing`, 'not-a-token')).status).toBe(401);
    } finally {
      await server.close();
    }
    await new Promise((resolve) => setImmediate(resolve));
    const entries = written
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const requests = entries.filter((e) => e.msg === 'request');
    expect(requests.map((e) => [e.method, e.route, e.status, e.callerKind, e.code])).toEqual([
      ['GET', '/api/v2/organizations/:organization_name/workspaces', 200, 'user', undefined],
      ['GET', '/api/v2/workspaces/:workspace_id', 404, 'organization-token', 'not-found'],
      ['GET', '/api/v2/workspaces/:workspace_id', 401, 'anonymous', 'unauthorized'],
    ]);
    // Refusals are in the request's own object, not in an entry of their own.
    expect(entries.filter((e) => e.msg !== 'request')).toEqual([]);
    for (const entry of requests) {
      expect(typeof entry.requestId).toBe('string');
      expect(typeof entry.durationMs).toBe('number');
    }
    expect(new Set(requests.map((e) => e.requestId)).size).toBe(3);
    for (const secret of [TOKENS.owner, TOKENS.org, 'not-a-token', 'secret-name']) expect(written).not.toContain(secret);
  });

  it('writes a burst of the same client error as one line and a summary, without a stack', async () => {
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    try {
      for (let i = 0; i < 50; i++) expect((await get(`${server.url}/api/v2/workspaces/ws-${i}`, TOKENS.owner)).status).toBe(404);
    } finally {
      await server.close();
    }
    expect(lines).toEqual([
      expect.stringMatching(/^answered 404 not-found to GET \/api\/v2\/workspaces\/:workspace_id: workspace "ws-0" was not found/),
      expect.stringMatching(/… and 49 more like it in the last 10 s$/),
    ]);
  });

  it('answers the console form reader 415 and 413, with one line each and no stack', async () => {
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    const post = (type: string, body: string) =>
      fetch(`${server.url}/app/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': type }, body });
    try {
      expect((await post('text/plain', 'token=x')).status).toBe(415);
      expect((await post('multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="token"\r\n\r\nx\r\n--b--')).status).toBe(415);
      expect((await post('application/x-www-form-urlencoded', `token=${'x'.repeat(20 * 1024)}`)).status).toBe(413);
    } finally {
      await server.close();
    }
    expect(lines).toEqual([
      expect.stringMatching(/^answered 415 unsupported-media-type to POST \/app\/login: /),
      expect.stringMatching(/^answered 413 payload-too-large to POST \/app\/login/),
      expect.stringMatching(/… and 1 more like it in the last 10 s$/),
    ]);
  });
});

describe('connection time limits', () => {
  /** Resolves with what the server sent before it closed a connection that sent `opening` and then stalled. */
  function stalledConnection(url: string, opening: string): Promise<string> {
    const { port } = new URL(url);
    return new Promise((resolve, reject) => {
      let received = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(opening));
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
  }

  it('closes a TLS connection that never finishes its handshake', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-tls-limit-'));
    const { cert, key } = ensureLocalTls(dir);
    const server = await start({ tls: { cert, key }, timeLimits: { handshakeMs: 200 } });
    try {
      expect(server.url.startsWith('https://')).toBe(true);
      // Nothing at all, then half a ClientHello: either way the server hangs up by itself.
      expect(await stalledConnection(server.url, '')).toBe('');
      expect(await stalledConnection(server.url, '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03')).toBe('');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 408 and closes a connection whose headers stall', async () => {
    const server = await start({ timeLimits: { headersMs: 200, checkEveryMs: 50 } });
    try {
      const received = await stalledConnection(server.url, `GET /api/v2/organizations/${ORG}/workspaces HTTP/1.1\r\nHost: localhost\r\n`);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await server.close();
    }
  });

  it('answers 408 and closes a connection whose body stalls', async () => {
    const server = await start({ timeLimits: { requestMs: 300, headersMs: 200, checkEveryMs: 50 } });
    try {
      const received = await stalledConnection(
        server.url,
        `POST /api/v2/organizations/${ORG}/workspaces HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKENS.owner}\r\n` +
          'Content-Type: application/vnd.api+json\r\nContent-Length: 1000\r\n\r\n{"data":',
      );
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await server.close();
    }
  });
});

describe('cdkws serve flags', () => {
  afterAll(() => removeTemporaryStorage());

  it('serves metrics to the token in --metrics-token FILE and writes JSON lines with --log-format json', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-operate-'));
    const tokenFile = path.join(dir, 'metrics.token');
    writeFileSync(tokenFile, `${METRICS_TOKEN}\n`);
    const serve = await spawnServe(await sharedStorageArgs(), ['--metrics-token', tokenFile, '--log-format', 'json']);
    try {
      expect((await get(`${serve.url}/metrics`, METRICS_TOKEN)).status).toBe(200);
      expect((await get(`${serve.url}/api/v2/organizations/${ORG}/workspaces`, TOKENS.owner)).status).toBe(200);
    } finally {
      await stopServe(serve, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
    const requests = serve
      .output()
      .stderr.split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'request');
    expect(requests.map((e) => [e.route, e.status])).toEqual([
      ['/metrics', 200],
      ['/api/v2/organizations/:organization_name/workspaces', 200],
    ]);
    expect(serve.output().stderr).not.toContain(TOKENS.owner);
    expect(serve.output().stderr).not.toContain(METRICS_TOKEN);
  });

  it.each([
    [['--log-format', 'xml'], '--log-format must be text or json'],
    [['--metrics-token', '/nonexistent/metrics.token'], 'cannot read --metrics-token'],
  ])('refuses %j', async (args, message) => {
    const result = await cdkws(os.tmpdir(), process.env, 'serve', '--data', ':memory:', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });
});
