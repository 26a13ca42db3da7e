// Runs a server for a benchmark in its own thread, so the load generator in the main thread does
// not share an event loop with it. Modes: the real service (optionally seeded with workspaces
// straight through the store), or a bare node:http server answering fixed bytes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { startServer } from '../src/server';
import { newId } from '../src/server/ids';
import { WORKSPACE_DEFAULTS } from '../src/contract';
import type { StorageOptions } from '../src/server/storage/types';
import { openSqliteConnection, type SqliteDriverName } from '../src/server/storage/sqlite-driver';
import type { NewWorkspace } from '../src/server/workspaces/records';

/** Workspaces per transaction while seeding. */
const SEED_BATCH = 5_000;

interface ServiceJob {
  mode: 'service';
  bootstrap: unknown;
  /** An SQLite file, unless `storage` says otherwise. */
  dataPath: string;
  storage?: StorageOptions;
  /** `matching`: that many workspaces (the first) carry the flat tag `shared` and the binding env=prod. */
  seed?: Array<{ organization: string; projectId: string; count: number; matching?: number }>;
  /** `false`: no reply cache (the uncached show path). */
  replyCache?: boolean;
  /** Send the seeded workspaces' IDs back with the URL. */
  reportIds?: boolean;
}
interface BareJob {
  mode: 'bare';
  body: string;
  contentType: string;
}
/**
 * The floor of a durable create: a bare node:http server that parses the JSON body and INSERTs one
 * row, with the service's SQLite settings and driver, answering 201 with a small document.
 */
interface BareInsertJob {
  mode: 'bare-insert';
  dataPath: string;
  driver: SqliteDriverName;
}
/** A bare node:http server answering each path in `documents` with its body, others with 404. */
interface BareManyJob {
  mode: 'bare-many';
  documents: Record<string, string>;
  contentType: string;
}

async function run(job: ServiceJob | BareJob | BareManyJob | BareInsertJob): Promise<void> {
  if (job.mode === 'bare-insert') {
    const db = openSqliteConnection(job.driver, job.dataPath);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('CREATE TABLE IF NOT EXISTS workspaces (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, settings TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO workspaces (id, name, settings) VALUES (?, ?, ?)');
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { attributes: { name: string } } };
        const id = newId('ws-');
        insert.run(id, body.data.attributes.name, JSON.stringify(body.data.attributes));
        const payload = Buffer.from(JSON.stringify({ data: { id, type: 'workspaces', attributes: body.data.attributes } }));
        res.writeHead(201, { 'content-type': 'application/vnd.api+json', 'content-length': payload.length });
        res.end(payload);
      });
    });
    await listenAndReport(server);
    return;
  }
  if (job.mode === 'bare-many') {
    const documents = new Map(Object.entries(job.documents).map(([route, body]) => [route, Buffer.from(body)]));
    const server = http.createServer((req, res) => {
      const payload = documents.get(req.url ?? '');
      if (!payload) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': job.contentType, 'content-length': payload.length });
      res.end(payload);
    });
    await listenAndReport(server);
    return;
  }
  if (job.mode === 'bare') {
    const payload = Buffer.from(job.body);
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': job.contentType, 'content-length': payload.length });
      res.end(payload);
    });
    await listenAndReport(server);
    return;
  }
  const server = await startServer({
    storage: job.storage ?? { kind: 'sqlite', path: job.dataPath },
    bootstrap: job.bootstrap,
    log: () => {},
    replyCache: job.replyCache,
  });
  const ids: string[] = [];
  for (const seed of job.seed ?? []) {
    const createdAt = new Date().toISOString();
    let batch: NewWorkspace[] = [];
    for (let i = 0; i < seed.count; i += 1) {
      const id = newId('ws-');
      if (job.reportIds) ids.push(id);
      batch.push({
        id,
        organization: seed.organization,
        name: `ws-${String(i).padStart(6, '0')}`,
        tagBindings: bindingsOf(i, seed),
        tagNames: i < (seed.matching ?? 0) ? ['shared'] : undefined,
        projectId: seed.projectId,
        createdAt,
        settings: {
          ...structuredClone(WORKSPACE_DEFAULTS),
          source: 'tfe-api',
          'execution-mode': 'remote',
          'agent-pool-id': null,
          'setting-overwrites': { 'execution-mode': false, 'agent-pool': false },
          'engine-version': '1.11.4',
        },
      });
      if (batch.length === SEED_BATCH || i === seed.count - 1) {
        await server.service.store.workspaces.insertMany(batch);
        batch = [];
      }
    }
  }
  parentPort!.on('message', (message: unknown) => {
    if (message === 'rss') parentPort!.postMessage({ rss: process.memoryUsage().rss });
  });
  parentPort!.postMessage({ url: server.url, ...(job.reportIds ? { ids } : {}) });
}

run(workerData).catch((error) => {
  parentPort!.postMessage({ error: String(error?.stack ?? error) });
});

/** Twenty workspaces of every organization carry the binding the filtered list looks for; the `matching` ones env=prod too. */
function bindingsOf(i: number, seed: { count: number; matching?: number }): Array<{ key: string; value: string }> | undefined {
  const bindings = [
    ...(i % Math.max(1, Math.floor(seed.count / 20)) === 0 ? [{ key: 'team', value: 'core' }] : []),
    ...(i < (seed.matching ?? 0) ? [{ key: 'env', value: 'prod' }] : []),
  ];
  return bindings.length > 0 ? bindings : undefined;
}

/** The bare baselines: listen on a free loopback port and tell the bench where. */
async function listenAndReport(server: http.Server): Promise<void> {
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  parentPort!.postMessage({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}
