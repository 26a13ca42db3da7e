// The show path when the reply cache cannot help (issue "Speed where users feel it", item 1):
// GET show of `count` distinct workspaces chosen at random, by wrk in its own process with 10
// connections, against a bare node:http server holding the same documents in memory. The service
// runs with its reply cache and without it (the uncached path alone must reach the goal), on
// SQLite, and on PostgreSQL when CDKWS_BENCH_DATABASE_URL (or CDKWS_TEST_DATABASE_URL) is set.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/**
 * What wrk measured against `origin`: requests per second, and the CPU time this process (the
 * servers' threads; wrk runs in its own process) spent per request meanwhile. Only the server
 * under test is busy during a run, so CPU per request is its cost, steadier than the rate on a
 * shared machine. Throws on any error or non-2xx answer.
 */
function wrk(origin: string, script: string, pathsFile: string, seconds: number): Promise<{ rate: number; cpuMicrosPerRequest: number }> {
  const env = { ...process.env, CDKWS_BENCH_PATHS: pathsFile, CDKWS_BENCH_AUTHORIZATION: HEADERS.authorization };
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    execFile(WRK, ['-t1', '-c10', `-d${seconds}s`, '-s', script, origin], { env }, (error, stdout) => {
      const cpu = process.cpuUsage(cpuBefore);
      if (error) return reject(new Error(`wrk failed: ${error.message}`));
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
      const requests = /(\d+) requests in/.exec(stdout);
      if (!rate || !requests || /Non-2xx|Socket errors/.test(stdout)) return reject(new Error(`wrk against ${origin}: ${stdout}`));
      resolve({ rate: Number(rate[1]), cpuMicrosPerRequest: (cpu.user + cpu.system) / Number(requests[1]) });
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Number(n.toFixed(3));

/** `rounds` alternating runs of bare and each service; ratios to the bare run of the same round. */
async function compare(
  bareUrl: string,
  services: Record<string, string>,
  script: string,
  pathsFile: string,
  seconds: number,
  rounds: number,
): Promise<Record<string, unknown>> {
  const names = ['bare', ...Object.keys(services)];
  const urls: Record<string, string> = { bare: bareUrl, ...services };
  const rates: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const ratios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const run = await wrk(urls[name], script, pathsFile, seconds);
      rates[name].push(run.rate);
      cpu[name].push(run.cpuMicrosPerRequest);
      ratios[name].push(run.rate / rates.bare[round]);
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
  }
  return figures;
}

export interface ColdShowOptions {
  /** Distinct workspaces shown. @default 20000 */
  count?: number;
  /** Seconds per wrk run. @default 5 */
  seconds?: number;
  /** Alternating rounds. @default 3 */
  rounds?: number;
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
    // A second service on the same file, without the reply cache.
    const uncached = await startWorker({ mode: 'service', bootstrap: benchBootstrap(), dataPath, replyCache: false });
    workers.push(uncached);
    // Warm both up: page cache, JIT, and the caches that hold under 20,000 entries.
    for (const url of [bare.url, cached.url, uncached.url]) await wrk(url, script, pathsFile, 2);
    const figures: Record<string, unknown> = {
      [`distinct workspaces shown at random (wrk, 10 connections, ${seconds} s runs)`]: count,
      ...(await compare(bare.url, { 'SQLite, reply cache on': cached.url, 'SQLite, reply cache off': uncached.url }, script, pathsFile, seconds, rounds)),
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
      const pgPaths = onPostgres.ids!.map((id) => `/api/v2/workspaces/${id}`);
      const pgPathsFile = path.join(dir, 'pg-paths.txt');
      writeFileSync(pgPathsFile, `${pgPaths.join('\n')}\n`);
      const pg = await readDocuments(onPostgres.url, pgPaths);
      const pgBare = await startWorker({ mode: 'bare-many', documents: pg.documents, contentType: pg.contentType });
      workers.push(pgBare);
      for (const url of [pgBare.url, onPostgres.url]) await wrk(url, script, pgPathsFile, 2);
      const pgFigures = await compare(pgBare.url, { PostgreSQL: onPostgres.url }, script, pgPathsFile, seconds, rounds);
      for (const [label, value] of Object.entries(pgFigures)) figures[`PostgreSQL run: ${label}`] = value;
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

// `node dist/bench/cold-show.js [count]` runs this benchmark alone.
if (require.main === module) {
  benchColdShow({ count: Number(process.argv[2] ?? 20_000) }).then(
    (figures) => {
      for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(70)} ${String(value)}\n`);
    },
    (error) => {
      process.stderr.write(`bench failed: ${(error instanceof Error && error.stack) || String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
