// Faults of the real storage drivers, provoked under a running service (issue 22): the service's
// own SQLite handle is reached through the store, as no option exposes it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chooseSqliteDriver, openSqliteConnection, type SqliteConnection } from '../../src/server/storage/sqlite-driver';
import { startServer, type RunningServer } from '../../src/server';
import { defaultBootstrap, request, type ApiResponse, type RequestOptions } from './service';

export interface SqliteFileService {
  server: RunningServer;
  file: string;
  /** The connection the service itself writes through. */
  handle: SqliteConnection;
  request(method: string, pathOrUrl: string, options?: RequestOptions): Promise<ApiResponse>;
  log: string[];
  close(): Promise<void>;
}

/** A service on a SQLite file of its own, with its log lines kept. */
export async function startSqliteFileService(options: { lockWaitMs?: number } = {}): Promise<SqliteFileService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-faults-'));
  const file = path.join(dir, 'service.db');
  const log: string[] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    storage: { kind: 'sqlite', path: file, ...options },
    bootstrap: defaultBootstrap(),
    log: (line) => log.push(line),
  });
  const handle = (server.service.store as unknown as { db: { db: SqliteConnection } }).db.db;
  return {
    server,
    file,
    handle,
    log,
    request: (method, pathOrUrl, options) => request(`${server.url}/api/v2`, method, pathOrUrl, options),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Holds the write lock of `file` from another connection (another process's writer) until released. */
export function holdWriteLock(file: string): { release(): void } {
  const other = openSqliteConnection(chooseSqliteDriver(), file);
  other.exec('BEGIN IMMEDIATE');
  return {
    release: () => {
      other.exec('ROLLBACK');
      other.close();
    },
  };
}

/** The database file cannot grow: the next write that needs a page answers SQLITE_FULL. */
export function fillDisk(handle: SqliteConnection): () => void {
  const { page_count: pages } = handle.prepare('PRAGMA page_count').get() as { page_count: number };
  handle.exec(`PRAGMA max_page_count = ${pages}`);
  return () => handle.exec('PRAGMA max_page_count = 1073741823');
}
