// The two SQLite drivers behind one small interface: Node.js's built-in `node:sqlite` (no
// compiler, no install) and the `better-sqlite3` package. sqlite.ts speaks only this interface.
// Which one opens a database: docs/operating.md "Which SQLite driver".

/** One prepared statement. `readonly`: it writes nothing, so it may run outside the write lock. */
export interface SqliteStatement {
  readonly readonly: boolean;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number | bigint };
}

/** One connection to a database file. Errors carry better-sqlite3's `code` (`SQLITE_BUSY`, …) whichever driver threw. */
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  close(): void;
}

export type SqliteDriverName = 'node' | 'better-sqlite3';
export const SQLITE_DRIVER_NAMES: readonly SqliteDriverName[] = ['node', 'better-sqlite3'];
/** Overrides the choice: `node` or `better-sqlite3`. */
export const SQLITE_DRIVER_ENV = 'CDKWS_SQLITE_DRIVER';

export class SqliteDriverChoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SqliteDriverChoiceError';
  }
}

/* eslint-disable @typescript-eslint/no-require-imports */

// node:sqlite's types are not in @types/node 20: the part used here.
interface NodeStatement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number | bigint };
}
interface NodeDatabase {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  close(): void;
}
type NodeSqlite = { DatabaseSync: new (path: string) => NodeDatabase };

let nodeSqlite: NodeSqlite | null | undefined;

/**
 * `node:sqlite`, or null where this Node.js has none without a flag (before 22.13). Node.js 22
 * warns "SQLite is an experimental feature" once when the module loads: that one warning is
 * dropped (the service chose the module knowingly); every other warning goes through as before.
 */
export function loadNodeSqlite(): NodeSqlite | null {
  if (nodeSqlite !== undefined) return nodeSqlite;
  // Kept unbound to be put back as it was; called with `process` as its receiver.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning?.message;
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === 'ExperimentalWarning' && typeof text === 'string' && text.startsWith('SQLite is an experimental feature')) return;
    Reflect.apply(emitWarning, process, [warning, ...rest]);
  };
  try {
    nodeSqlite = require('node:sqlite') as NodeSqlite;
  } catch {
    nodeSqlite = null;
  } finally {
    process.emitWarning = emitWarning;
  }
  return nodeSqlite;
}

/**
 * The driver to open SQLite with: CDKWS_SQLITE_DRIVER when set; else `node:sqlite` where Node.js
 * has it unflagged, else better-sqlite3 (which must then be installed).
 */
export function chooseSqliteDriver(env: NodeJS.ProcessEnv = process.env): SqliteDriverName {
  const wanted = env[SQLITE_DRIVER_ENV];
  if (wanted) {
    if (!(SQLITE_DRIVER_NAMES as readonly string[]).includes(wanted)) {
      throw new SqliteDriverChoiceError(`${SQLITE_DRIVER_ENV}=${wanted} names no SQLite driver: use ${SQLITE_DRIVER_NAMES.join(' or ')}`);
    }
    if (wanted === 'node' && !loadNodeSqlite()) {
      throw new SqliteDriverChoiceError(`${SQLITE_DRIVER_ENV}=node needs Node.js 22.13 or later (this is ${process.version}); use better-sqlite3`);
    }
    return wanted as SqliteDriverName;
  }
  return loadNodeSqlite() ? 'node' : 'better-sqlite3';
}

/** Opens a connection with busy_timeout 0: the caller waits for locks itself, asynchronously. */
export function openSqliteConnection(driver: SqliteDriverName, path: string): SqliteConnection {
  const connection = driver === 'node' ? openNode(path) : openBetter(path);
  connection.exec('PRAGMA busy_timeout = 0');
  return connection;
}

function openBetter(path: string): SqliteConnection {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  // better-sqlite3's own statements already have the interface (readonly, all, get, run).
  return new Database(path, { timeout: 0 });
}

function openNode(path: string): SqliteConnection {
  const sqlite = loadNodeSqlite();
  if (!sqlite) throw new SqliteDriverChoiceError(`node:sqlite is not available in Node.js ${process.version}`);
  let db: NodeDatabase;
  try {
    db = new sqlite.DatabaseSync(path);
  } catch (err) {
    throw withSqliteCode(err);
  }
  return {
    prepare: (sql) => {
      try {
        return new NodeStatementAdapter(db.prepare(sql), readsOnly(sql));
      } catch (err) {
        throw withSqliteCode(err);
      }
    },
    exec: (sql) => {
      try {
        db.exec(sql);
      } catch (err) {
        throw withSqliteCode(err);
      }
    },
    close: () => db.close(),
  };
}

/**
 * Whether a statement writes nothing, from its text: node:sqlite does not expose
 * sqlite3_stmt_readonly. A SELECT (or WITH … SELECT) naming no writing keyword; anything else
 * (PRAGMA included) counts as a write, which only costs it the write lock.
 */
export function readsOnly(sql: string): boolean {
  return /^\s*(SELECT|WITH)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql);
}

/** Rows come with blobs as Uint8Array: the stores read them as Buffers, as better-sqlite3 gives them. */
function withBuffers<T>(row: T): T {
  if (row !== null && typeof row === 'object') {
    const record = row as Record<string, unknown>;
    for (const key in record) {
      const value = record[key];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return row;
}

class NodeStatementAdapter implements SqliteStatement {
  constructor(
    private readonly statement: NodeStatement,
    readonly readonly: boolean,
  ) {}

  all(...params: unknown[]): unknown[] {
    try {
      const rows = this.statement.all(...params);
      for (const row of rows) withBuffers(row);
      return rows;
    } catch (err) {
      throw withSqliteCode(err);
    }
  }

  get(...params: unknown[]): unknown {
    try {
      return withBuffers(this.statement.get(...params));
    } catch (err) {
      throw withSqliteCode(err);
    }
  }

  run(...params: unknown[]): { changes: number | bigint } {
    try {
      return this.statement.run(...params);
    } catch (err) {
      throw withSqliteCode(err);
    }
  }
}

/** SQLite's primary result codes by number, as better-sqlite3 names them. */
const PRIMARY_CODES: Record<number, string> = {
  1: 'ERROR',
  2: 'INTERNAL',
  3: 'PERM',
  4: 'ABORT',
  5: 'BUSY',
  6: 'LOCKED',
  7: 'NOMEM',
  8: 'READONLY',
  9: 'INTERRUPT',
  10: 'IOERR',
  11: 'CORRUPT',
  13: 'FULL',
  14: 'CANTOPEN',
  15: 'PROTOCOL',
  17: 'SCHEMA',
  18: 'TOOBIG',
  19: 'CONSTRAINT',
  20: 'MISMATCH',
  21: 'MISUSE',
  22: 'NOLFS',
  23: 'AUTH',
  25: 'RANGE',
  26: 'NOTADB',
};
/** The extended codes the stores tell apart. */
const EXTENDED_CODES: Record<number, string> = {
  275: 'CONSTRAINT_CHECK',
  787: 'CONSTRAINT_FOREIGNKEY',
  1299: 'CONSTRAINT_NOTNULL',
  1555: 'CONSTRAINT_PRIMARYKEY',
  2067: 'CONSTRAINT_UNIQUE',
  517: 'BUSY_SNAPSHOT',
  261: 'BUSY_RECOVERY',
};

/** A node:sqlite error (code ERR_SQLITE_ERROR, numeric errcode) with better-sqlite3's `code` spelling. */
function withSqliteCode(err: unknown): unknown {
  const { errcode } = (err ?? {}) as { errcode?: unknown };
  if (typeof errcode !== 'number') return err;
  const name = EXTENDED_CODES[errcode] ?? PRIMARY_CODES[errcode & 0xff] ?? 'ERROR';
  const mapped = new Error((err as Error).message, { cause: err }) as Error & { code: string };
  mapped.code = `SQLITE_${name}`;
  return mapped;
}
