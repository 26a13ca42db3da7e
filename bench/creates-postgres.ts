// Durable creates on PostgreSQL (issue 39 item 1): POST create-workspace through the service,
// by wrk in its own process with 10 connections and a fresh name per request, against a bare
// node:http + pg server that parses the same body and INSERTs one row (creates-postgres-worker.ts),
// on the same PostgreSQL server, in alternating rounds; a fresh service per round. Then the same
// creates without HTTP, through the store and through a bare INSERT, to say where the time goes
// (docs/performance.md, "Creates on PostgreSQL"). `--from DIR`: that checkout's build (e.g.
// main's) answers too, in the same rounds: before and after from one run.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Pool } from 'pg';
import { openStore } from '../src/server/store';
import { HEADERS, benchBootstrap, freshPostgresDatabase, startWorker } from './service-queries';

const WRK = process.env.WRK_BIN ?? '/usr/bin/wrk';
const CONNECTIONS = 10;

// A fresh name per request (one wrk thread: its connections share the counter).
const WRK_CREATE_SCRIPT = `
local counter = 0
local prefix = os.getenv("CDKWS_BENCH_PREFIX")
wrk.method = "POST"
wrk.headers["Authorization"] = os.getenv("CDKWS_BENCH_AUTHORIZATION")
wrk.headers["Content-Type"] = "application/vnd.api+json"
request = function()
  counter = counter + 1
  return wrk.format(nil, nil, nil, '{"data":{"type":"workspaces","attributes":{"name":"' .. prefix .. counter .. '"}}}')
end
`;

let runs = 0;

/** Creates per second wrk got from `url` in `seconds`; throws on any answer but 201. */
function wrkCreates(url: string, script: string, seconds: number): Promise<number> {
  const env = { ...process.env, CDKWS_BENCH_PREFIX: `c${process.pid}-${++runs}-`, CDKWS_BENCH_AUTHORIZATION: HEADERS.authorization };
  return new Promise((resolve, reject) => {
    execFile(WRK, ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', script, `${url}/api/v2/organizations/small/workspaces`], { env }, (error, stdout) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}`));
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
      if (!rate || /Non-2xx|Socket errors/.test(stdout)) return reject(new Error(`wrk against ${url}: ${stdout}`));
      resolve(Number(rate[1]));
    });
  });
}

function startFrom(file: string, data: unknown): Promise<{ url: string; worker: Worker }> {
  const worker = new Worker(file, { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { url?: string; error?: string }) =>
      message.url ? resolve({ url: message.url, worker }) : reject(new Error(message.error)),
    );
    worker.once('error', reject);
  });
}

/** `count` calls of `create`, `CONNECTIONS` at a time: creates per second. */
async function createsPerSecond(count: number, create: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) await create(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchCreatesPostgres(options: { rounds: number; seconds: number; from?: string }): Promise<Record<string, unknown>> {
  const service = await freshPostgresDatabase();
  const bare = await freshPostgresDatabase();
  if (!service || !bare) return { skipped: 'set CDKWS_BENCH_DATABASE_URL to an admin PostgreSQL URL (or source .ci/postgres.sh)' };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-creates-'));
  const script = path.join(dir, 'create.lua');
  writeFileSync(script, WRK_CREATE_SCRIPT);
  const job = { mode: 'service', bootstrap: benchBootstrap(), dataPath: path.join(dir, 'unused.db'), storage: { kind: 'postgres', url: service.url } };
  const builds: Array<{ label: string; start: () => Promise<{ url: string; worker: Worker }> }> = [
    ...(options.from
      ? [{ label: 'before: service', start: () => startFrom(path.join(path.resolve(options.from!), 'dist', 'bench', 'service-worker.js'), job) }]
      : []),
    { label: 'service', start: () => startWorker(job) },
  ];
  const rates: Record<string, number[]> = { bare: [], ...Object.fromEntries(builds.map(({ label }) => [label, []])) };
  const figures: Record<string, unknown> = {};
  const bareServer = await startFrom(path.join(__dirname, 'creates-postgres-worker.js'), { url: bare.url });
  try {
    await wrkCreates(bareServer.url, script, 1); // warm
    for (let round = 0; round < options.rounds; round++) {
      rates.bare.push(await wrkCreates(bareServer.url, script, options.seconds));
      for (const { label, start } of builds) {
        const started = await start();
        try {
          await wrkCreates(started.url, script, 1); // warm: JIT, pool
          rates[label].push(await wrkCreates(started.url, script, options.seconds));
        } finally {
          await started.worker.terminate();
        }
      }
    }
    for (const [label, xs] of Object.entries(rates)) {
      figures[`${label}: creates/s, median of ${options.rounds} (${xs.map((x) => Math.round(x)).join(', ')})`] = Math.round(median(xs));
      if (label !== 'bare') figures[`${label}: ratio to bare (goal >= 0.5)`] = Number((median(xs) / median(rates.bare)).toFixed(2));
    }
    Object.assign(figures, await stages(service.url, bare.url));
  } finally {
    await bareServer.worker.terminate();
    await service.drop().catch(() => undefined);
    await bare.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

/** The same creates without HTTP: a bare INSERT, the store's insert, and its former transaction; µs of wall time per create at 10 at a time. */
async function stages(serviceUrl: string, bareUrl: string): Promise<Record<string, unknown>> {
  const count = 3_000;
  const pool = new Pool({ connectionString: bareUrl, max: 10 });
  const store = await openStore({ kind: 'postgres', url: serviceUrl });
  const settings = { 'auto-apply': false, description: null } as never;
  const prefix = `s${process.pid}-`;
  const servicePool = new Pool({ connectionString: serviceUrl, max: 10 });
  const bareRates: number[] = [];
  const storeRates: number[] = [];
  const transactionRates: number[] = [];
  // What the store did before one statement: BEGIN, the two inserts, COMMIT, on one client.
  const asTransaction = async (name: string) => {
    const client = await servicePool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        'INSERT INTO workspaces (id, organization, name, name_key, project_id, created_at, updated_at, latest_change_at, locked, resource_count, settings, version) ' +
          "VALUES ($1, 'stages-tx', $2, $2, 'prj-stages', '', '', '', 0, 0, '{}', 1)",
        [`ws-${name}`, name],
      );
      await client.query(
        "INSERT INTO organization_counters (organization, workspace_count, list_version) VALUES ('stages-tx', 1, 1) ON CONFLICT (organization) " +
          'DO UPDATE SET workspace_count = organization_counters.workspace_count + 1, list_version = organization_counters.list_version + 1',
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
  try {
    for (let round = 0; round < 3; round++) {
      bareRates.push(
        await createsPerSecond(count, (i) =>
          pool.query('INSERT INTO bare_workspaces (id, organization, name, settings) VALUES ($1, $2, $3, $4)', [
            `${prefix}${round}-${i}`,
            'acme',
            `n${i}`,
            '{}',
          ]),
        ),
      );
      storeRates.push(
        await createsPerSecond(count, (i) =>
          store.workspaces.insert({
            id: `ws-${prefix}${round}-${i}`,
            organization: 'stages',
            name: `${prefix}${round}-${i}`,
            projectId: 'prj-stages',
            createdAt: new Date().toISOString(),
            settings,
          }),
        ),
      );
      transactionRates.push(await createsPerSecond(count, (i) => asTransaction(`t${prefix}${round}-${i}`)));
    }
  } finally {
    await store.close();
    await pool.end();
    await servicePool.end();
  }
  const us = (rate: number) => Math.round(1e6 / rate);
  return {
    'stages, 10 at a time: bare INSERT, µs per create': us(median(bareRates)),
    'stages, 10 at a time: the store insert (one statement), µs per create': us(median(storeRates)),
    'stages, 10 at a time: the same as BEGIN, two INSERTs, COMMIT, µs per create': us(median(transactionRates)),
  };
}

// `node dist/bench/creates-postgres.js [--from DIR]` runs this benchmark alone.
if (require.main === module) {
  const fromAt = process.argv.indexOf('--from');
  benchCreatesPostgres({ rounds: 5, seconds: 4, from: fromAt > 0 ? process.argv[fromAt + 1] : undefined }).then(
    (figures) => {
      for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(70)} ${String(value)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`bench failed: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
