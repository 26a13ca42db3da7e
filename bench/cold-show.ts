// The show path when the reply cache cannot help (issue "Speed where users feel it", item 1):
// GET show of `count` distinct workspaces chosen at random, by wrk in its own process with 10
// connections, against a bare node:http server holding the same documents in memory. The service
// runs with its reply cache and without it (the uncached path alone must reach the goal), on
// SQLite, and on PostgreSQL when CDKWS_BENCH_DATABASE_URL (or CDKWS_TEST_DATABASE_URL) is set.
// "Truly cold": a service started afresh for each run, whose caches have never seen the
// workspaces, shows each of them once, in turn (a database read and a render every time).
// `--from DIR`: the same services built from another checkout (DIR/dist, e.g. main's), run in
// the same rounds, alternating with this build's: before and after from one run.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { HEADERS, benchBootstrap, benchSeed, freshPostgresDatabase, startWorker } from './service-queries';

const WRK = process.env.WRK_BIN ?? '/usr/bin/wrk';

// Picks one of the listed paths at random for every request (wrk's Lua API).
const WRK_SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("CDKWS_BENCH_PATHS")) do paths[#paths + 1] = line end
math.randomseed(os.time())
wrk.headers["Authorization"] = os.getenv("CDKWS_BENCH_AUTHORIZATION")
request = function() return wrk.format("GET", paths[math.random(#paths)]) end
`;

// Each listed path once, in turn, from CDKWS_BENCH_OFFSET (one wrk thread: its connections share
// this counter); with CDKWS_BENCH_LIMIT, wrk stops after that many answers (its rate is then not
// meaningful: only for warming up).
const WRK_IN_TURN_SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("CDKWS_BENCH_PATHS")) do paths[#paths + 1] = line end
local shown = tonumber(os.getenv("CDKWS_BENCH_OFFSET") or "0")
local limit = tonumber(os.getenv("CDKWS_BENCH_LIMIT") or "0")
local answered = 0
wrk.headers["Authorization"] = os.getenv("CDKWS_BENCH_AUTHORIZATION")
if limit > 0 then
  response = function()
    answered = answered + 1
    if answered >= limit then wrk.thread:stop() end
  end
end
request = function()
  shown = shown + 1
  return wrk.format("GET", paths[(shown - 1) % #paths + 1])
end
`;

/**
 * What wrk measured against `origin`: requests per second, and the CPU time this process (the
 * servers' threads; wrk runs in its own process) spent per request meanwhile. Only the server
 * under test is busy during a run, so CPU per request is its cost, steadier than the rate on a
 * shared machine. Throws on any error or non-2xx answer.
 */
function wrk(
  origin: string,
  script: string,
  pathsFile: string,
  seconds: number,
  inTurn: { offset: number; limit: number } = { offset: 0, limit: 0 },
): Promise<{ rate: number; cpuMicrosPerRequest: number; requests: number }> {
  const env = {
    ...process.env,
    CDKWS_BENCH_PATHS: pathsFile,
    CDKWS_BENCH_AUTHORIZATION: HEADERS.authorization,
    CDKWS_BENCH_OFFSET: String(inTurn.offset),
    CDKWS_BENCH_LIMIT: String(inTurn.limit),
  };
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    execFile(WRK, ['-t1', '-c10', `-d${seconds}s`, '-s', script, origin], { env }, (error, stdout) => {
      const cpu = process.cpuUsage(cpuBefore);
      if (error) return reject(new Error(`wrk failed: ${error.message}`));
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
      const requests = /(\d+) requests in/.exec(stdout);
      if (!rate || !requests || /Non-2xx|Socket errors/.test(stdout)) return reject(new Error(`wrk against ${origin}: ${stdout}`));
      resolve({ rate: Number(rate[1]), cpuMicrosPerRequest: (cpu.user + cpu.system) / Number(requests[1]), requests: Number(requests[1]) });
    });
  });
}

/** Every document the service answers for `paths`, read with 16 requests in flight. */
async function readDocuments(origin: string, paths: string[]): Promise<{ documents: Record<string, string>; contentType: string }> {
  const pool = new Pool(origin, { connections: 16 });
  const documents: Record<string, string> = {};
  let contentType = 'application/vnd.api+json';
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < paths.length) {
        const route = paths[next++];
        const answer = await pool.request({ method: 'GET', path: route, headers: HEADERS });
        const body = await answer.body.text();
        if (answer.statusCode !== 200) throw new Error(`GET ${route} answered ${answer.statusCode}`);
        contentType = String(answer.headers['content-type'] ?? contentType);
        documents[route] = body;
      }
    }),
  );
  await pool.close();
  return { documents, contentType };
}

/** Shows that warm a fresh server up (the last quarter of the list; 10 connections may each send one more). */
const warmUpShows = (paths: string[]) => Math.floor(paths.length / 4);
const prefixed = (prefix: string, figures: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(figures).map(([label, value]) => [`${prefix}: ${label}`, value]));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Number(n.toFixed(3));

/**
 * A server for one run: started before it and stopped after. Its JIT is warmed first (not
 * measured) by showing, for a second, workspaces from the second half of the list, so the
 * measured run, from the first half, shows workspaces the server has never seen.
 */
type Target = string | (() => Promise<Started>);
type Started = { url: string; worker: { terminate(): Promise<number> } };

/** `rounds` alternating runs of bare and each service; ratios to the bare run of the same round. */
async function compare(
  bareUrl: string,
  services: Record<string, Target>,
  script: string,
  paths: string[],
  pathsFile: string,
  seconds: number,
  rounds: number,
): Promise<Record<string, unknown>> {
  const names = ['bare', ...Object.keys(services)];
  const targets: Record<string, Target> = { bare: bareUrl, ...services };
  const rates: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const ratios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const requests: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const target = targets[name];
      const fresh = typeof target === 'string' ? null : await target();
      try {
        if (fresh) await wrk(fresh.url, script, pathsFile, 2, { offset: paths.length - warmUpShows(paths), limit: warmUpShows(paths) - 10 });
        const run = await wrk(fresh?.url ?? (target as string), script, pathsFile, seconds);
        rates[name].push(run.rate);
        cpu[name].push(run.cpuMicrosPerRequest);
        ratios[name].push(run.rate / rates.bare[round]);
        requests[name].push(run.requests);
      } finally {
        await fresh?.worker.terminate();
      }
    }
  }
  const spread = (xs: number[], digits: number) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
  const figures: Record<string, unknown> = {
    'bare node:http req/s, median': Math.round(median(rates.bare)),
    'bare node:http CPU µs per request, median (range)': spread(cpu.bare, 1),
  };
  for (const name of Object.keys(services)) {
    figures[`${name}: req/s, median`] = Math.round(median(rates[name]));
    figures[`${name}: ratio to bare, median of ${rounds} (goal >= 0.6)`] = round(median(ratios[name]));
    figures[`${name}: ratios, each round`] = ratios[name].map(round).join(', ');
    figures[`${name}: CPU µs per request, median (range)`] = spread(cpu[name], 1);
    figures[`${name}: bare CPU / service CPU, median of rounds`] = round(median(cpu[name].map((c, i) => cpu.bare[i] / c)));
    if (typeof services[name] !== 'string')
      figures[`${name}: requests per run (all first shows while under three quarters of the count)`] = requests[name].join(', ');
  }
  return figures;
}

/** A bench worker from another build (`--from`): its own service-worker.js, the same job. */
function startWorkerFrom(from: string | undefined, data: unknown): Promise<Started> {
  if (!from) return startWorker(data);
  const worker = new Worker(path.join(path.resolve(from), 'dist', 'bench', 'service-worker.js'), { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { url?: string; error?: string }) => {
      if (message.url) resolve({ url: message.url, worker });
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
}

export interface ColdShowOptions {
  /** Distinct workspaces shown. @default 20000 */
  count?: number;
  /** Seconds per wrk run. @default 5 */
  seconds?: number;
  /** Alternating rounds. @default 3 */
  rounds?: number;
  /** Seconds per truly cold run: short enough that every request is a first show. @default 1 */
  coldSeconds?: number;
  /** A checkout built with `tsc -p tsconfig.build.json` (e.g. main's): its services run beside this build's, labelled "before". */
  from?: string;
}

export async function benchColdShow(options: ColdShowOptions = {}): Promise<Record<string, unknown>> {
  if (!existsSync(WRK)) return { skipped: `needs wrk (${WRK}; set WRK_BIN)` };
  const count = options.count ?? 20_000;
  const seconds = options.seconds ?? 5;
  const rounds = options.rounds ?? 3;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-cold-'));
  const workers: Array<{ worker: { terminate(): Promise<number> } }> = [];
  const postgres = await freshPostgresDatabase();
  try {
    const script = path.join(dir, 'random-show.lua');
    writeFileSync(script, WRK_SCRIPT);
    const dataPath = path.join(dir, 'bench.db');
    const seed = benchSeed(count).filter((s) => s.organization === 'large');
    const cached = await startWorker({ mode: 'service', bootstrap: benchBootstrap(), dataPath, seed, reportIds: true });
    workers.push(cached);
    const paths = cached.ids!.map((id) => `/api/v2/workspaces/${id}`);
    const pathsFile = path.join(dir, 'paths.txt');
    writeFileSync(pathsFile, `${paths.join('\n')}\n`);
    const { documents, contentType } = await readDocuments(cached.url, paths);
    const bare = await startWorker({ mode: 'bare-many', documents, contentType });
    workers.push(bare);
    const services: Record<string, string> = { 'SQLite, reply cache on': cached.url };
    const fresh: Record<string, () => Promise<Started>> = {};
    const builds: Array<{ label: string; from?: string }> = options.from ? [{ label: 'before: ', from: options.from }, { label: '' }] : [{ label: '' }];
    for (const { label: build, from } of builds) {
      // Services on the same file, without the reply cache: one kept for the warm runs, and one
      // started afresh for each truly cold run.
      const job = { mode: 'service', bootstrap: benchBootstrap(), dataPath, replyCache: false };
      if (from) {
        const before = await startWorkerFrom(from, { ...job, replyCache: true });
        workers.push(before);
        services['before: SQLite, reply cache on'] = before.url;
      }
      const uncached = await startWorkerFrom(from, job);
      workers.push(uncached);
      services[`${build}SQLite, reply cache off`] = uncached.url;
      fresh[`${build}SQLite, truly cold`] = () => startWorkerFrom(from, job);
    }
    // Warm them up: page cache, JIT, and the caches that hold under 20,000 entries.
    for (const url of [bare.url, ...Object.values(services)]) await wrk(url, script, pathsFile, 2);
    const inTurn = path.join(dir, 'in-turn-show.lua');
    writeFileSync(inTurn, WRK_IN_TURN_SCRIPT);
    const figures: Record<string, unknown> = {
      [`distinct workspaces shown at random (wrk, 10 connections, ${seconds} s runs)`]: count,
      ...(await compare(bare.url, services, script, paths, pathsFile, seconds, rounds)),
      [`truly cold: a fresh service shows each workspace once, in turn (${options.coldSeconds ?? 1} s runs)`]: count,
      ...prefixed('truly cold run', await compare(bare.url, fresh, inTurn, paths, pathsFile, options.coldSeconds ?? 1, rounds)),
    };
    if (postgres) {
      const onPostgres = await startWorker({
        mode: 'service',
        bootstrap: benchBootstrap(),
        dataPath,
        storage: { kind: 'postgres', url: postgres.url },
        seed,
        reportIds: true,
      });
      workers.push(onPostgres);
      const pgServices: Record<string, string> = { PostgreSQL: onPostgres.url };
      // Started before the documents are read: a service's start writes (its bootstrap), and on
      // PostgreSQL every instance then confirms each workspace again with a statement.
      if (options.from) {
        const before = await startWorkerFrom(options.from, {
          mode: 'service',
          bootstrap: benchBootstrap(),
          dataPath,
          storage: { kind: 'postgres', url: postgres.url },
        });
        workers.push(before);
        pgServices['before: PostgreSQL'] = before.url;
      }
      const pgPaths = onPostgres.ids!.map((id) => `/api/v2/workspaces/${id}`);
      const pgPathsFile = path.join(dir, 'pg-paths.txt');
      writeFileSync(pgPathsFile, `${pgPaths.join('\n')}\n`);
      const pg = await readDocuments(onPostgres.url, pgPaths);
      const pgBare = await startWorker({ mode: 'bare-many', documents: pg.documents, contentType: pg.contentType });
      workers.push(pgBare);
      for (const url of [pgBare.url, ...Object.values(pgServices)]) await wrk(url, script, pgPathsFile, 2);
      Object.assign(figures, prefixed('PostgreSQL run', await compare(pgBare.url, pgServices, script, pgPaths, pgPathsFile, seconds, rounds)));
    } else {
      figures.PostgreSQL = 'skipped: set CDKWS_BENCH_DATABASE_URL to an admin PostgreSQL URL (or source .ci/postgres.sh)';
    }
    return figures;
  } finally {
    for (const { worker } of workers) await worker.terminate();
    await postgres?.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node dist/bench/cold-show.js [count] [--from DIR]` runs this benchmark alone.
if (require.main === module) {
  const fromAt = process.argv.indexOf('--from');
  const from = fromAt > 0 ? process.argv[fromAt + 1] : undefined;
  const count = process.argv.slice(2).find((arg, i, args) => /^\d+$/.test(arg) && args[i - 1] !== '--from');
  benchColdShow({ count: Number(count ?? 20_000), from }).then(
    (figures) => {
      for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(70)} ${String(value)}\n`);
    },
    (error) => {
      process.stderr.write(`bench failed: ${(error instanceof Error && error.stack) || String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
