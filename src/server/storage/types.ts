// The storage layer's own types: how to open a database, and a page of any list. The records each
// aggregate stores live beside its store (e.g. workspaces/records.ts).

export interface StoragePage<T> {
  items: T[];
  total: number;
}

/** Defaults of the PostgreSQL bounds (docs/service.md "Outages and bounds"). */
export const POSTGRES_DEFAULTS = { poolSize: 10, poolWaitMs: 5_000, statementTimeoutMs: 30_000 } as const;

/** PostgreSQL bounds (`cdkws serve --statement-timeout`, `--database-pool`). */
export interface PostgresTuning {
  /** Connections this process opens at most. @default 10 */
  poolSize?: number;
  /** How long a statement may wait for a free connection (or for connecting) before a 503. @default 5000 */
  poolWaitMs?: number;
  /** The server cancels a statement running longer (0: no limit). @default 30000 */
  statementTimeoutMs?: number;
  /** Receives the one line when the database goes away and the one when it is back. */
  log?: (line: string) => void;
}

/** SQLite options beyond the file. */
export interface SqliteTuning {
  /** Receives the one line when the file cannot be written and the one when it can again. */
  log?: (line: string) => void;
  /** How long a write waits for another process's write lock before a 503 (ms). @default 10000 */
  lockWaitMs?: number;
  /** `node` (node:sqlite) or `better-sqlite3`; default: the CDKWS_SQLITE_DRIVER rule (docs/operating.md). */
  driver?: 'node' | 'better-sqlite3';
}

export type StorageOptions = ({ kind: 'sqlite'; path: string } & SqliteTuning) | ({ kind: 'postgres'; url: string } & PostgresTuning);
