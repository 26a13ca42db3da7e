// Durable creates: POST /organizations/:org/workspaces through the service against a bare
// node:http server that parses the same body and INSERTs one row with the same SQLite settings and
// driver (the floor of a create that is on disk when answered), interleaved rounds, medians. Then
// 12,000 workspaces seeded through the API, and for each SQLite driver this Node.js can load, the
// creates, shows and a list, so the two drivers compare (docs/operating.md "Which SQLite driver").
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { SQLITE_DRIVER_NAMES, chooseSqliteDriver, openSqliteConnection, type SqliteDriverName } from '../src/server/storage/sqlite-driver';
import { closedLoop, medianLatency } from './load';
import { HEADERS, benchBootstrap, startWorker } from './service-queries';

const CONNECTIONS = 16;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let sequence = 0;

/** Creates per second from `connections` clients posting new names for `durationMs` (or `count` creates). */
async function createLoop(
  origin: string,
  headers: Record<string, string>,
  organization: string,
  limit: { durationMs?: number; count?: number },
): Promise<{ perSecond: number; created: number; errors: number; seconds: number }> {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const started = performance.now();
  const deadline = limit.durationMs === undefined ? Infinity : started + limit.durationMs;
  let created = 0;
  let issued = 0;
  let errors = 0;
  const prefix = `c${process.pid}-${Date.now().toString(36)}`;
  async function client(): Promise<void> {
    while (performance.now() < deadline && (limit.count === undefined || issued < limit.count)) {
      issued += 1;
      const body = JSON.stringify({ data: { type: 'workspaces', attributes: { name: `${prefix}-${(sequence += 1)}` } } });
      const response = await pool.request({
        method: 'POST',
        path: `/api/v2/organizations/${organization}/workspaces`,
        headers: { ...headers, 'content-type': 'application/vnd.api+json' },
        body,
      });
      await response.body.arrayBuffer();
      if (response.statusCode === 201) created += 1;
      else errors += 1;
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { perSecond: created / seconds, created, errors, seconds };
}

/** The drivers this Node.js can open: node:sqlite (22.13+) and better-sqlite3 where it is installed and built. */
function loadableDrivers(): SqliteDriverName[] {
  return SQLITE_DRIVER_NAMES.filter((driver) => {
    try {
      openSqliteConnection(driver, ':memory:').close();
      return true;
    } catch {
      return false;
    }
  });
}

async function measureDriver(driver: SqliteDriverName, options: { seconds: number; rounds: number }, dir: string): Promise<Record<string, number>> {
  const service = await startWorker({
    mode: 'service',
    bootstrap: benchBootstrap(),
    dataPath: path.join(dir, `service-${driver}.db`),
    storage: { kind: 'sqlite', path: path.join(dir, `service-${driver}.db`), driver },
  });
  const bare = await startWorker({ mode: 'bare-insert', dataPath: path.join(dir, `bare-${driver}.db`), driver });
  try {
    await createLoop(bare.url, {}, 'acme', { count: 300 }); // warm both up
    await createLoop(service.url, HEADERS, 'acme', { count: 300 });
    const bareRates: number[] = [];
    const serviceRates: number[] = [];
    const ratios: number[] = [];
    let errors = 0;
    for (let round = 0; round < options.rounds; round += 1) {
      const bareRun = await createLoop(bare.url, {}, 'acme', { durationMs: (options.seconds * 1000) / options.rounds });
      const serviceRun = await createLoop(service.url, HEADERS, 'acme', { durationMs: (options.seconds * 1000) / options.rounds });
      bareRates.push(bareRun.perSecond);
      serviceRates.push(serviceRun.perSecond);
      ratios.push(serviceRun.perSecond / bareRun.perSecond);
      errors += bareRun.errors + serviceRun.errors;
    }
    const seed = await createLoop(service.url, HEADERS, 'large', { count: 12_000 });
    // A show of one workspace, and the first page of an organization of 12,000.
    const created = await fetch(`${service.url}/api/v2/organizations/acme/workspaces`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'workspaces', attributes: { name: `show-${driver}` } } }),
    });
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    const shows = await closedLoop(service.url, `/api/v2/workspaces/${id}`, HEADERS, CONNECTIONS, options.seconds * 500);
    const list = await medianLatency(service.url, '/api/v2/organizations/large/workspaces?page%5Bsize%5D=20', HEADERS, 100);
    return {
      'creates: bare node:http + INSERT /s (median)': Math.round(median(bareRates)),
      'creates: service /s (median)': Math.round(median(serviceRates)),
      'creates: ratio to bare, median of interleaved rounds (goal >= 0.5)': Number(median(ratios).toFixed(3)),
      'creates: errors': errors + seed.errors + shows.errors,
      'seeding 12,000 workspaces through the API: seconds (goal < 60)': Number(seed.seconds.toFixed(1)),
      'shows /s (one workspace, 16 connections)': Math.round(shows.perSecond),
      'list of 12,000, first page: median ms': Number(list.toFixed(2)),
    };
  } finally {
    await service.worker.terminate();
    await bare.worker.terminate();
  }
}

export async function benchCreates(options: { seconds: number; rounds: number }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-creates-'));
  try {
    const figures: Record<string, unknown> = { 'default SQLite driver here': chooseSqliteDriver() };
    const byDriver: Partial<Record<SqliteDriverName, Record<string, number>>> = {};
    for (const driver of loadableDrivers()) {
      byDriver[driver] = await measureDriver(driver, options, dir);
      for (const [label, value] of Object.entries(byDriver[driver])) figures[`${driver}: ${label}`] = value;
    }
    const node = byDriver.node;
    const better = byDriver['better-sqlite3'];
    if (node && better) {
      figures['node:sqlite / better-sqlite3: creates/s'] = Number((node['creates: service /s (median)'] / better['creates: service /s (median)']).toFixed(2));
      figures['node:sqlite / better-sqlite3: shows/s'] = Number(
        (node['shows /s (one workspace, 16 connections)'] / better['shows /s (one workspace, 16 connections)']).toFixed(2),
      );
      figures['node:sqlite / better-sqlite3: list time'] = Number(
        (node['list of 12,000, first page: median ms'] / better['list of 12,000, first page: median ms']).toFixed(2),
      );
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
