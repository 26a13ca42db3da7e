// A small dialect adapter: the store writes its SQL once, with `?` placeholders, and runs it on
// SQLite (better-sqlite3) or PostgreSQL (pg). Only the few things the dialects spell differently
// live here as helpers.

import type { StorageHealth } from './faults';

export type Dialect = 'sqlite' | 'postgres';
export type Param = string | number | boolean | null | undefined;

export interface Db {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: Param[]): Promise<T[]>;
  get<T>(sql: string, params?: Param[]): Promise<T | undefined>;
  run(sql: string, params?: Param[]): Promise<{ changes: number }>;
  /**
   * Runs `fn` in one transaction; nested calls on `tx` use savepoints. Inside `fn`, use only `tx`:
   * the outer handle waits for the transaction to end. PostgreSQL may re-run `fn` after a deadlock
   * or serialization failure, so `fn` must do nothing but database work.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * A value that changes whenever anything was committed to the database, by this process or any
   * other; absent where that cannot be known cheaply (PostgreSQL). Lets reads be served from memory.
   */
  changeToken?(): string;
  /** The outage state and, on PostgreSQL, the pool's use (for readiness and metrics). */
  health(): StorageHealth;
  /**
   * Commits (and writes outside a transaction) that took effect, or whose outcome a fault left
   * unknown, so far. A request that sees it unchanged across a fault changed nothing.
   */
  commitCount(): number;
  /**
   * A view whose statements are cancelled on the server when `signal` aborts (PostgreSQL); absent
   * where a statement cannot be interrupted (SQLite runs each one synchronously).
   */
  withSignal?(signal: AbortSignal): Db;
}

/**
 * The nested transactions of one transaction handle, as savepoints. They run one after another, so
 * savepoints never interleave; a failure rolls back to its savepoint and is rethrown (mapped).
 */
export class SavepointQueue {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly execute: (sql: string) => unknown,
    private readonly mapError: (err: unknown) => unknown,
  ) {}

  /** `open` runs when the turn comes: it checks the handle is still usable and names the savepoint. */
  run<T>(open: () => { name: string; child: Db & { end(): void } }, fn: (tx: Db) => Promise<T>): Promise<T> {
    const next = this.chain.then(async () => {
      const { name, child } = open();
      await this.execute(`SAVEPOINT ${name}`);
      try {
        const result = await fn(child);
        await this.execute(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await this.execute(`ROLLBACK TO SAVEPOINT ${name}`);
        await this.execute(`RELEASE SAVEPOINT ${name}`);
        throw this.mapError(err);
      } finally {
        child.end();
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }
}

/** A UNIQUE or PRIMARY KEY constraint refused a write; `detail` names the constraint when known. */
export class UniqueViolationError extends Error {
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`unique constraint violated: ${detail}`, options);
    this.name = 'UniqueViolationError';
  }
}

/** Rewrites `?` placeholders to `$1…$n`, leaving quoted literals and identifiers alone. */
export function toNumberedPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      out += `$${++n}`;
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * `expr IN (<the values of one JSON-array parameter>)`: one parameter whatever the list's length,
 * so long lists never hit the dialects' parameter limits and statements stay cacheable.
 */
export function inJsonList(dialect: Dialect, expr: string): string {
  return dialect === 'postgres' ? `${expr} IN (SELECT jsonb_array_elements_text(?::jsonb))` : `${expr} IN (SELECT value FROM json_each(?))`;
}

/**
 * Row lock for read-then-write inside a transaction (SQLite's write transaction already excludes
 * every other writer). `noKey` is for rows that stay: it does not block foreign-key checks.
 */
export function forUpdate(dialect: Dialect, noKey = false): string {
  if (dialect !== 'postgres') return '';
  return noKey ? ' FOR NO KEY UPDATE' : ' FOR UPDATE';
}

/** A LIKE pattern matching `text` literally (used with `ESCAPE '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
