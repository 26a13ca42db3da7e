// List-query benchmarks on either storage: every query's median latency over HTTP in an
// organization of `largeCount` workspaces, as a ratio to the same query in one of 100, and the
// service's memory (RSS) afterwards. Workspaces are seeded through the storage layer, not HTTP.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Client } from 'pg';
import { MAX_LIST_PARAMETER_ENTRIES } from '../src/contract';
import type { StorageOptions } from '../src/server/storage/types';
import { medianLatency } from './load';

const ROOT = path.resolve(__dirname, '..', '..');
export const HEADERS = { authorization: 'Bearer alice-token' };
const SMALL = 100;

export function startWorker(data: unknown): Promise<{ url: string; worker: Worker; ids?: string[] }> {
  const worker = new Worker(path.join(__dirname, 'service-worker.js'), { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { url?: string; error?: string; ids?: string[] }) => {
      if (message.url) resolve({ url: message.url, worker, ids: message.ids });
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
}

function rssOf(worker: Worker): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { rss?: number }) => {
      if (message.rss === undefined) return;
      worker.off('message', onMessage);
      resolve(message.rss);
    };
    worker.on('message', onMessage);
    worker.postMessage('rss');
  });
}

/** The example bootstrap plus organizations `small` and `large`, both owned by alice. */
/** What the benches seed through the storage layer: 100 workspaces in "small", `largeCount` in "large". */
export function benchSeed(largeCount: number): Array<{ organization: string; projectId: string; count: number }> {
  return [
    { organization: 'small', projectId: 'prj-small', count: SMALL },
    { organization: 'large', projectId: 'prj-large', count: largeCount },
  ];
}

export function benchBootstrap(): any {
  const bootstrap = JSON.parse(readFileSync(path.join(ROOT, 'examples', 'bootstrap.json'), 'utf8'));
  for (const name of ['small', 'large']) {
    bootstrap.organizations.push({
      name,
      tier: 'plus',
      projects: [{ id: `prj-${name}`, name: 'Default Project', default: true }],
      teams: [{ name: 'owners', owners: true, members: ['alice'] }],
    });
  }
  return bootstrap;
}

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** `count` filter[tagged] entries: the seeded team=core binding, then keys and values no workspace has. */
function taggedEntries(count: number): string {
  const params: Record<string, string> = { 'filter[tagged][0][key]': 'team', 'filter[tagged][0][value]': 'core' };
  for (let i = 1; i < count; i += 1) {
    params[`filter[tagged][${i}][key]`] = i % 2 ? 'team' : `key-${i}`;
    if (i % 3) params[`filter[tagged][${i}][value]`] = `value-${i}`;
  }
  return q(params);
}

const page = (number: number) => q({ 'page[number]': String(number), 'page[size]': '20' });

/**
 * The list queries, each the same in both organizations unless `smallQuery` says otherwise. Names
 * are `ws-000000`, `ws-000001`, …: the searches match about a dozen names at any size. The deep
 * page is page 5,000 (offset 99,980), or the last full page of a smaller organization; at 100 it
 * is compared with that organization's last full page, page 5: the same page at 100 would be
 * empty, and an empty page renders nothing, so the ratio would measure rendering 20 workspaces,
 * not skipping to them.
 */
function listQueries(largeCount: number): Array<{ label: string; query: string; smallQuery?: string; goal: number }> {
  const deepPage = Math.max(1, Math.min(5_000, Math.floor(largeCount / 20)));
  const smallLastPage = Math.floor(SMALL / 20);
  return [
    { label: 'first page, 20 per page', query: '', goal: 2 },
    { label: `page ${deepPage} (vs page ${smallLastPage} at ${SMALL}), 20 per page`, query: page(deepPage), smallQuery: page(smallLastPage), goal: 3 },
    { label: 'sort=-latest-change-at', query: q({ sort: '-latest-change-at' }), goal: 2 },
    { label: 'search[name] (substring)', query: q({ 'search[name]': '00009' }), goal: 2 },
    { label: 'search[wildcard-name]=prefix*', query: q({ 'search[wildcard-name]': 'ws-00009*' }), goal: 2 },
    { label: 'search[wildcard-name]=*suffix', query: q({ 'search[wildcard-name]': '*0009' }), goal: 2 },
    { label: 'search[wildcard-name]=*contains*', query: q({ 'search[wildcard-name]': '*00009*' }), goal: 2 },
    { label: 'filter[tagged] (20 matches)', query: q({ 'filter[tagged][0][key]': 'team', 'filter[tagged][0][value]': 'core' }), goal: 2 },
    // The most entries a list parameter takes (MAX_LIST_PARAMETER_ENTRIES): still one grouped query.
    { label: `filter[tagged], ${MAX_LIST_PARAMETER_ENTRIES} entries`, query: taggedEntries(MAX_LIST_PARAMETER_ENTRIES), goal: 2 },
    {
      label: `search[tags], ${MAX_LIST_PARAMETER_ENTRIES} tags`,
      query: q({ 'search[tags]': Array.from({ length: MAX_LIST_PARAMETER_ENTRIES }, (_, i) => `tag-${i}`).join(',') }),
      goal: 2,
    },
  ];
}

/** Median ms of each list query at 100 and at `largeCount` workspaces, and their ratio. */
export async function listQueryFigures(url: string, largeCount: number, samples: number): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  const listPath = (org: string) => `/api/v2/organizations/${org}/workspaces`;
  for (const { label, query, smallQuery = query, goal } of listQueries(largeCount)) {
    const small = await medianLatency(url, `${listPath('small')}${smallQuery}`, HEADERS, samples);
    const large = await medianLatency(url, `${listPath('large')}${query}`, HEADERS, samples);
    figures[`list ${label}: median ms at ${SMALL} / ${largeCount}`] = `${small.toFixed(2)} / ${large.toFixed(2)}`;
    figures[`list ${label}: ratio (goal <= ${goal})`] = Number((large / small).toFixed(2));
  }
  return figures;
}

/** A fresh database on the PostgreSQL server named by CDKWS_BENCH_DATABASE_URL or CDKWS_TEST_DATABASE_URL. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.CDKWS_BENCH_DATABASE_URL ?? process.env.CDKWS_TEST_DATABASE_URL;
  if (!admin) return null;
  const name = `cdkws_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The list queries on one storage. PostgreSQL needs CDKWS_BENCH_DATABASE_URL (or the tests'
 * CDKWS_TEST_DATABASE_URL) naming a server where a database may be created; without it, skipped.
 */
export async function benchListStorage(kind: StorageOptions['kind'], options: { largeCount: number; samples: number }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-'));
  const postgres = kind === 'postgres' ? await freshPostgresDatabase() : null;
  if (kind === 'postgres' && !postgres) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: 'set CDKWS_BENCH_DATABASE_URL to an admin PostgreSQL URL (or source .ci/postgres.sh)' };
  }
  try {
    const storage: StorageOptions = postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', path: path.join(dir, 'bench.db') };
    const seedStarted = performance.now();
    const service = await startWorker({
      mode: 'service',
      bootstrap: benchBootstrap(),
      dataPath: path.join(dir, 'bench.db'),
      storage,
      seed: benchSeed(options.largeCount),
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    try {
      const figures = await listQueryFigures(service.url, options.largeCount, options.samples);
      const rss = await rssOf(service.worker);
      figures[`RSS MB after the queries, ${options.largeCount} workspaces (goal <= 2048 at 1,000,000)`] = Math.round(rss / 2 ** 20);
      figures['seeding seconds (through the storage layer, 5,000 per transaction)'] = Number(seedSeconds.toFixed(1));
      return figures;
    } finally {
      await service.worker.terminate();
    }
  } finally {
    await postgres?.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `search[tags]` with `filter[tagged]` (issue 37 item 2): the first page of the list in an
 * organization where `matching` workspaces (of twice as many) carry both, against the same list in
 * one of 100 where all do. Seeded through this build's storage layer; with `from` (another
 * checkout, e.g. main's, built), that build's service also answers on the same database, in the
 * first round (three samples: it may take half a minute each): before and after from one run.
 */
export async function benchBothTagFilters(
  kind: StorageOptions['kind'],
  options: { matching: number; samples: number; rounds: number; from?: string },
): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-'));
  const postgres = kind === 'postgres' ? await freshPostgresDatabase() : null;
  if (kind === 'postgres' && !postgres) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: 'set CDKWS_BENCH_DATABASE_URL to an admin PostgreSQL URL (or source .ci/postgres.sh)' };
  }
  const storage: StorageOptions = postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', path: path.join(dir, 'bench.db') };
  const job = { mode: 'service', bootstrap: benchBootstrap(), dataPath: path.join(dir, 'bench.db'), storage };
  const seed = [
    { organization: 'small', projectId: 'prj-small', count: SMALL, matching: SMALL },
    { organization: 'large', projectId: 'prj-large', count: options.matching * 2, matching: options.matching },
  ];
  const query = q({ 'search[tags]': 'shared', 'filter[tagged][0][key]': 'env', 'filter[tagged][0][value]': 'prod' });
  const listPath = (org: string) => `/api/v2/organizations/${org}/workspaces${query}`;
  const builds: Array<{ label: string; from?: string }> = [...(options.from ? [{ label: 'before: ', from: options.from }] : []), { label: '' }];
  const runs: Record<string, { small: number[]; large: number[] }> = Object.fromEntries(builds.map(({ label }) => [label, { small: [], large: [] }]));
  try {
    await (await startWorker({ ...job, seed })).worker.terminate();
    for (let round = 0; round < options.rounds; round++) {
      for (const { label, from } of builds) {
        // The old build's list at 12,000 takes half a minute: three samples, in the first round only.
        if (from && round > 0) continue;
        const [samples, warmup] = from ? [3, 1] : [options.samples, 20];
        const service = from ? await startWorkerFromCheckout(from, job) : await startWorker(job);
        try {
          runs[label].small.push(await medianLatency(service.url, listPath('small'), HEADERS, samples, warmup));
          runs[label].large.push(await medianLatency(service.url, listPath('large'), HEADERS, samples, warmup));
        } finally {
          await service.worker.terminate();
        }
      }
    }
  } finally {
    await postgres?.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  const figures: Record<string, unknown> = {};
  const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const { label } of builds) {
    const small = middle(runs[label].small);
    const large = middle(runs[label].large);
    figures[`${label}both tag filters: median ms at ${SMALL} / ${options.matching} matching`] = `${small.toFixed(2)} / ${large.toFixed(2)}`;
    figures[`${label}both tag filters: ratio (goal <= 2)`] = Number((large / small).toFixed(2));
  }
  return figures;
}

/** The service worker of another checkout's build (DIR/dist). */
function startWorkerFromCheckout(from: string, data: unknown): Promise<{ url: string; worker: Worker }> {
  const worker = new Worker(path.join(path.resolve(from), 'dist', 'bench', 'service-worker.js'), { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { url?: string; error?: string }) =>
      message.url ? resolve({ url: message.url, worker }) : reject(new Error(message.error)),
    );
    worker.once('error', reject);
  });
}
