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

export type StorageOptions = { kind: 'sqlite'; path: string; log?: (line: string) => void } | ({ kind: 'postgres'; url: string } & PostgresTuning);
