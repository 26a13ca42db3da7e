// Refresh bench (issue "Batched refresh"): the API requests and wall time of reading 1,000 managed
// workspaces of one organization the way Terraform refreshes them (ten reads in flight), with one
// request per workspace (SingleWorkspaceReader) against the batched reader. Requests are counted
// by a loopback proxy in front of the service, so they are what the service received.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '../src/client';
import type { WorkspaceReader } from '../src/provider/context';
import { BatchedWorkspaceReader, SingleWorkspaceReader } from '../src/provider/refresh';
import { startServer } from '../src/server';

const ROOT = path.resolve(__dirname, '..', '..');
const TOKEN = 'alice-token';
const ORGANIZATION = 'acme';

interface CountingProxy {
  url: string;
  requests: number;
  /** Answers with status 429 (the service's rate limit refused the request). */
  refused: number;
  /** When each request arrived (Date.now()), for timelines. */
  arrivals: number[];
  close(): Promise<void>;
}

/** Forwards every request to `target` and counts them. */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const proxy: CountingProxy = { url: '', requests: 0, refused: 0, arrivals: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    proxy.requests++;
    proxy.arrivals.push(Date.now());
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      if (answer.statusCode === 429) proxy.refused++;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    agent.destroy();
  };
  return proxy;
}

/** Reads every ID with `concurrency` reads in flight, as Terraform's refresh walk does. */
async function readAll(reader: WorkspaceReader, ids: string[], concurrency: number): Promise<number> {
  let next = 0;
  let found = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ids.length) {
        if (await reader.read(ids[next++])) found++;
      }
    }),
  );
  return found;
}

async function createWorkspaces(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const i = next++;
        const res = await fetch(`${url}/api/v2/organizations/${ORGANIZATION}/workspaces`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/vnd.api+json' },
          body: JSON.stringify({ data: { type: 'workspaces', attributes: { name: `refresh-${String(i).padStart(4, '0')}` } } }),
        });
        if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
        ids[i] = ((await res.json()) as { data: { id: string } }).data.id;
      }
    }),
  );
  return ids;
}

export interface RefreshBenchOptions {
  /** Managed workspaces. @default 1000 */
  workspaces?: number;
  /** Reads in flight (Terraform's default parallelism). @default 10 */
  concurrency?: number;
}

export async function benchRefresh(options: RefreshBenchOptions = {}): Promise<Record<string, unknown>> {
  const count = options.workspaces ?? 1000;
  const concurrency = options.concurrency ?? 10;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-refresh-'));
  const bootstrap: unknown = JSON.parse(readFileSync(path.join(ROOT, 'examples', 'bootstrap.json'), 'utf8'));
  const server = await startServer({ host: '127.0.0.1', port: 0, storage: { kind: 'sqlite', path: path.join(dir, 'bench.db') }, bootstrap, log: () => {} });
  const proxy = await startCountingProxy(server.url);
  try {
    const ids = await createWorkspaces(server.url, count);
    // Each strategy gets a fresh client and reader, as each Terraform command starts a fresh provider.
    // Client-side rate limiting is off so the figures show the strategies, not the limiter.
    const measure = async (make: (client: Client) => WorkspaceReader) => {
      const client = new Client({ address: proxy.url, token: TOKEN, rateLimit: false });
      const before = proxy.requests;
      const started = performance.now();
      const found = await readAll(make(client), ids, concurrency);
      const ms = performance.now() - started;
      await client.close();
      if (found !== count) throw new Error(`read ${found} of ${count} workspaces`);
      return { requests: proxy.requests - before, ms };
    };
    await measure((c) => new BatchedWorkspaceReader(c)); // warm-up (JIT, SQLite page cache)
    const single = await measure((c) => new SingleWorkspaceReader(c));
    const batched = await measure((c) => new BatchedWorkspaceReader(c));
    const batchedWithOrg = await measure((c) => new BatchedWorkspaceReader(c, { organization: ORGANIZATION }));
    const perWs = (n: number) => Number((n / count).toFixed(3));
    return {
      [`workspaces refreshed (${concurrency} reads in flight)`]: count,
      'one read per workspace: requests': single.requests,
      'one read per workspace: wall ms': Math.round(single.ms),
      'batched: requests': batched.requests,
      'batched: wall ms': Math.round(batched.ms),
      'batched: requests per workspace (goal <= 1.2)': perWs(batched.requests),
      'batched with provider organization: requests': batchedWithOrg.requests,
      'batched with provider organization: wall ms': Math.round(batchedWithOrg.ms),
      'request ratio batched / one read each': Number((batched.requests / single.requests).toFixed(4)),
      'wall time ratio batched / one read each': Number((batched.ms / single.ms).toFixed(3)),
      // The provider's client sends at most 30 requests per second by default: the floor of each strategy.
      'at the client default 30 req/s, one read each needs at least (s)': Number((single.requests / 30).toFixed(1)),
    };
  } finally {
    await proxy.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchRefresh().then(
    (figures) => {
      for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(66)} ${String(value)}\n`);
    },
    (error) => {
      process.stderr.write(`bench failed: ${(error instanceof Error && error.stack) || String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
