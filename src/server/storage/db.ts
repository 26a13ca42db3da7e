// One database handle over two kinds of database: the stores write their SQL once, with `?`
// placeholders, and run it on SQLite (better-sqlite3) or PostgreSQL (pg). The few things the two
// kinds spell differently are named in KindSql, and each driver (sqlite.ts, postgres.ts) spells
// them its way: no store branches on the database's kind.

import type { StorageHealth } from './faults';

/** Which database a Db runs on (`store.kind`). */
export type DatabaseKind = 'sqlite' | 'postgres';
/** Buffers are stored as bytes (SQLite BLOB, PostgreSQL BYTEA). */
export type Param = string | number | boolean | Buffer | null | undefined;

/** The SQL each kind of database spells its own way, by name; each driver implements it once. */
export interface KindSql {
  /**
   * `expr IN (<the values of one JSON-array parameter>)`: one parameter whatever the list's length,
   * so long lists never hit the databases' parameter limits and statements stay cacheable.
   */
  inJsonList(expr: string): string;
  /**
   * Row lock for read-then-write inside a transaction ('' where the write transaction already
   * excludes every other writer). `noKey` is for rows that stay: it does not block foreign-key checks.
   */
  forUpdate(noKey?: boolean): string;
  /** A JSON array parameter as a relation `e`: of (k, v) pairs, or of keys k alone. */
  jsonRelation(shape: 'pairs' | 'keys'): string;
  /** The flat tag names of workspace `w`, in the order added, as a JSON array (text). */
  readonly tagNamesOfW: string;
  /** Refreshes the planner's statistics of the workspace tables after a bulk load. */
  readonly refreshWorkspaceStatistics: string;
  /**
   * The column naming a workspace row inside the list indexes: SQLite's indexes hold the rowid,
   * and PostgreSQL's list indexes include the id, so a page's keys come from an index alone.
   */
  readonly rowKey: 'rowid' | 'id';
  /**
   * A condition on `w` narrowing `w.name_key LIKE …` to names containing `needle` through a
   * trigram index of its own (SQLite's FTS5 table), or null where the LIKE uses an index itself
   * (PostgreSQL's pg_trgm) or the needle is too short for trigrams.
   */
  trigramCandidates(needle: string): { sql: string; params: Param[] } | null;
  /**
   * Set where a WITH clause may hold INSERT, UPDATE or DELETE (PostgreSQL): writes to several
   * tables in one statement, so one round trip, atomic without a transaction.
   */
  readonly writesInWith?: true;
  /** `md5(expr)` in hex where the database has it (else null: hash the value in the process). */
  md5(expr: string): string | null;
}

export interface Db {
  readonly kind: DatabaseKind;
  /** This kind's spelling of what differs (KindSql). */
  readonly sql: KindSql;
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
   * other; undefined while that cannot be known (PostgreSQL, while its change listener is not
   * listening). Lets reads be served from memory.
   */
  changeToken?(): string | undefined;
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

/** A LIKE pattern matching `text` literally (used with `ESCAPE '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
