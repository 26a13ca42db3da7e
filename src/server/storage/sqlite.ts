import { realpathSync } from 'node:fs';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { ensureDataDirectory, ensureOwnerOnlyDatabaseFiles } from '../owner-only';
import { Db, KindSql, Param, SavepointQueue, UniqueViolationError } from './db';
import { OutageTracker, StorageFaultError, describeFault, sqliteFaultKind, type StorageHealth } from './faults';

// better-sqlite3 is synchronous, our transactions are not: while a transaction awaits between its
// statements, statements of other callers must not slip into it. A FIFO gate owned by the open
// transaction makes them wait; the transaction's own handle bypasses the gate. Handles on one file
// within one process share the gate: SQLite's busy wait is synchronous, so a second connection
// waiting for the write lock would block the event loop that the lock holder needs to finish.

const BUSY_TIMEOUT_MS = 10_000;
const STATEMENT_CACHE_LIMIT = 500;

type Statement = Database.Statement<unknown[], unknown>;

/** Trigram indexes hold runs of three characters: shorter needles cannot use them. */
const TRIGRAM = 3;

/** SQLite's spelling of what the two kinds of database spell differently (db.ts KindSql). */
export const SQLITE_SQL: KindSql = {
  inJsonList: (expr) => `${expr} IN (SELECT value FROM json_each(?))`,
  // A write transaction (BEGIN IMMEDIATE) already excludes every other writer.
  forUpdate: () => '',
  jsonRelation: (shape) =>
    shape === 'pairs'
      ? "(SELECT json_extract(value, '$.k') AS k, json_extract(value, '$.v') AS v FROM json_each(?)) e"
      : '(SELECT value AS k FROM json_each(?)) e',
  tagNamesOfW:
    '(SELECT json_group_array(name) FROM (SELECT t.name AS name FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.workspace_id = w.id ORDER BY wt.seq))',
  refreshWorkspaceStatistics: 'PRAGMA optimize=0x10002',
  rowKey: 'rowid',
  // The FTS5 trigram table finds the candidates; an FTS5 phrase matches as a substring.
  trigramCandidates: (needle) =>
    [...needle].length < TRIGRAM
      ? null
      : { sql: 'w.rowid IN (SELECT rowid FROM workspace_name_trigrams WHERE workspace_name_trigrams MATCH ?)', params: [`"${needle.replace(/"/g, '""')}"`] },
  md5: () => null,
};

/**
 * Pages SQLite keeps in memory (negative: KiB). The default 2 MB made a show of one of 20,000
 * workspaces read most of its index and table pages from the file again, a system call each
 * (docs/performance.md "A show the reply cache cannot help"); the cache fills only as pages are read.
 */
const PAGE_CACHE_KIB = 32 * 1024;

export function openSqliteDb(path: string, log: (line: string) => void = () => undefined): Db {
  const inMemory = path === ':memory:';
  if (!inMemory) {
    // The database holds token hashes and sessions: its folder and files are the owner's alone.
    ensureDataDirectory(path);
    ensureOwnerOnlyDatabaseFiles(path);
  }
  // `timeout` is the busy timeout: a second process waits for the write lock instead of failing.
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    // exec, not db.pragma: a pragma call prepares a statement and drops it, and on Node.js 24 the
    // garbage collector can finalize a dropped better-sqlite3 statement where no environment is
    // current, which aborts the process (Statement::~Statement, "(env) != nullptr").
    withBusyRetry(() => db.exec('PRAGMA journal_mode = WAL'));
    // NORMAL in WAL mode loses nothing when the process is killed (only on power loss).
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    // Statistics are gathered from a sample, so refreshing them stays cheap on large tables.
    db.exec('PRAGMA analysis_limit = 1000');
    db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
    return new SqliteDb(db, inMemory ? null : realpathSync(path), new OutageTracker(log));
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Switching a new file to WAL needs an exclusive lock and answers SQLITE_BUSY at once, without the
 * busy handler, when another process opens the same new file at the same moment: retry briefly.
 */
function withBusyRetry<T>(fn: () => T): T {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      return fn();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if ((code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') || Date.now() > deadline) throw err;
      Atomics.wait(pause, 0, 0, 10 + Math.floor(Math.random() * 20));
    }
  }
}

/** What this process's handles on one database file share: the write lock, and a count of commits. */
class Gate {
  /** Commits made through any handle of this process on the file. */
  commits = 0;
  private held = false;
  private readonly waiters: Array<() => void> = [];

  tryAcquire(): boolean {
    if (this.held) return false;
    this.held = true;
    return true;
  }

  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next)
      next(); // ownership passes straight to the next waiter
    else this.held = false;
  }
}

function toSqliteParams(params: Param[] | undefined): unknown[] {
  if (!params) return [];
  return params.map((p) => (p === undefined ? null : typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

/**
 * Driver errors in the store's terms. A busy, read-only or full database file is a StorageFaultError
 * (503 upstream); `committing`: the failing statement was the COMMIT, whose outcome is unknown only
 * after an I/O error (a full or read-only file refuses the commit whole).
 */
function mapError(err: unknown, committing = false): unknown {
  if (err instanceof StorageFaultError || err instanceof UniqueViolationError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new UniqueViolationError((err as Error).message, { cause: err });
  }
  const kind = sqliteFaultKind(err);
  if (kind === undefined) return err;
  return new StorageFaultError(kind, describeFault(err), committing && String(code).startsWith('SQLITE_IOERR'), { cause: err });
}

/** One gate per database file in this process, shared by every handle open on it. */
const fileGates = new Map<string, { gate: Gate; handles: number }>();

function gateFor(file: string | null): Gate {
  if (file === null) return new Gate();
  let entry = fileGates.get(file);
  if (!entry) fileGates.set(file, (entry = { gate: new Gate(), handles: 0 }));
  entry.handles++;
  return entry.gate;
}

function releaseGate(file: string | null): void {
  const entry = file === null ? undefined : fileGates.get(file);
  if (entry && --entry.handles === 0) fileGates.delete(file!);
}

class SqliteDb implements Db {
  readonly kind = 'sqlite' as const;
  readonly sql = SQLITE_SQL;
  private readonly gate: Gate;
  /** Prepared statements (preparing costs more than running one): never invalidated, as SQLite re-prepares one itself after a schema change. */
  private readonly statements = new LRUCache<string, Statement>({ max: STATEMENT_CACHE_LIMIT });
  private closed = false;
  private closing: Promise<void> | undefined;
  private savepoints = 0;
  private writes = 0;
  /** This handle's commits, and failed ones that may have taken effect (Db.commitCount). */
  private commits = 0;
  private nextStatisticsAt = 200;

  private readonly dataVersion: Database.Statement<unknown[], unknown>;

  constructor(
    private readonly db: Database.Database,
    private readonly file: string | null,
    private readonly outage: OutageTracker,
  ) {
    this.gate = gateFor(file);
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
  }

  /**
   * `data_version` changes when another connection commits; the commits of this process's own
   * handles on the file are counted by their shared gate. Together they change whenever the
   * database does. Read afresh on every call (a shared lock on the file, two system calls): when
   * a caller may reuse one is the show cache's rule (src/server/show-cache).
   */
  changeToken(): string {
    this.checkOpen();
    return `${this.dataVersion.get() as number}:${this.gate.commits}`;
  }

  prepare(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Runs one statement now; a writing statement outside a transaction takes the write lock first. */
  exec<R>(sql: string, inTransaction: boolean, body: (stmt: Statement) => R): R {
    try {
      const stmt = this.prepare(sql);
      if (inTransaction || stmt.readonly) return body(stmt);
      // BEGIN IMMEDIATE waits (busy timeout) for another process's write instead of failing on a
      // stale read snapshot.
      this.db.exec('BEGIN IMMEDIATE');
      let committing = false;
      try {
        const result = body(stmt);
        committing = true;
        this.db.exec('COMMIT');
        this.noteWrite();
        return result;
      } catch (err) {
        this.rollback();
        throw this.fault(err, committing);
      }
    } catch (err) {
      throw this.fault(err);
    }
  }

  /** Maps a driver error, and starts an outage when it says the file cannot be written. */
  private fault(err: unknown, committing = false): unknown {
    const mapped = mapError(err, committing);
    if (mapped instanceof StorageFaultError) {
      if (mapped.mayHaveCommitted) this.commits += 1;
      this.outage.fault(mapped);
    }
    return mapped;
  }

  /** Ends a failed transaction; SQLite may have rolled it back already (a full disk does). */
  private rollback(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } catch {
      // the transaction is gone either way; the original error is the one to report
    }
  }

  health(): StorageHealth {
    return { available: this.outage.available, outages: this.outage.outages };
  }

  commitCount(): number {
    return this.commits;
  }

  private async outside<R>(sql: string, body: (stmt: Statement) => R): Promise<R> {
    // No await when the gate is free: the statement runs at once.
    if (!this.gate.tryAcquire()) await this.gate.acquire();
    try {
      this.checkOpen();
      return this.exec(sql, false, body);
    } finally {
      this.gate.release();
    }
  }

  private checkOpen(): void {
    if (this.closed) throw new Error('database is closed');
  }

  all<T>(sql: string, params?: Param[]): Promise<T[]> {
    return this.outside(sql, (s) => s.all(...toSqliteParams(params)) as T[]);
  }

  get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    return this.outside(sql, (s) => s.get(...toSqliteParams(params)) as T | undefined);
  }

  run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    return this.outside(sql, (s) => ({ changes: s.run(...toSqliteParams(params)).changes }));
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    await this.gate.acquire();
    const tx = new SqliteTx(this);
    let committing = false;
    try {
      this.checkOpen();
      this.db.exec('BEGIN IMMEDIATE');
      const result = await fn(tx);
      committing = true;
      this.db.exec('COMMIT');
      this.noteWrite();
      return result;
    } catch (err) {
      this.rollback();
      throw this.fault(err, committing);
    } finally {
      tx.end();
      this.gate.release();
    }
  }

  /**
   * The query planner chooses between walking the name index and starting from a selective filter
   * (tags, bindings) by table statistics, which SQLite never gathers by itself: refresh them each
   * time the number of writes doubles, so a growing database keeps index-driven plans.
   */
  private noteWrite(): void {
    this.gate.commits += 1;
    this.commits += 1;
    // Only a commit shows a read-only or full file writable again; reads worked all along.
    this.outage.recovered();
    if (++this.writes < this.nextStatisticsAt) return;
    this.nextStatisticsAt = this.writes * 2;
    setImmediate(() => {
      void this.outside('PRAGMA optimize=0x10002', (stmt) => stmt.run()).catch(() => undefined);
    });
  }

  nextSavepoint(): string {
    return `sp_${++this.savepoints}`;
  }

  execRaw(sql: string): void {
    this.db.exec(sql);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // Let a running transaction finish first.
      await this.gate.acquire();
      this.closed = true;
      this.statements.clear();
      try {
        this.db.close();
      } finally {
        releaseGate(this.file);
        this.gate.release();
      }
    })();
    return this.closing;
  }
}

/** The handle given to a transaction's callback: runs at once, nests with savepoints. */
class SqliteTx implements Db {
  readonly kind = 'sqlite' as const;
  readonly sql = SQLITE_SQL;
  private ended = false;
  private readonly nested: SavepointQueue;

  constructor(private readonly owner: SqliteDb) {
    this.nested = new SavepointQueue(
      (sql) => owner.execRaw(sql),
      (err) => mapError(err),
    );
  }

  end(): void {
    this.ended = true;
  }

  private check(): void {
    if (this.ended) throw new Error('transaction handle used after its transaction ended');
  }

  async all<T>(sql: string, params?: Param[]): Promise<T[]> {
    this.check();
    return this.owner.exec(sql, true, (s) => s.all(...toSqliteParams(params)) as T[]);
  }

  async get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    this.check();
    return this.owner.exec(sql, true, (s) => s.get(...toSqliteParams(params)) as T | undefined);
  }

  async run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    this.check();
    return this.owner.exec(sql, true, (s) => ({ changes: s.run(...toSqliteParams(params)).changes }));
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.nested.run(() => {
      this.check();
      return { name: this.owner.nextSavepoint(), child: new SqliteTx(this.owner) };
    }, fn);
  }

  health(): StorageHealth {
    return this.owner.health();
  }

  commitCount(): number {
    return this.owner.commitCount();
  }

  async close(): Promise<void> {
    throw new Error('close the database, not a transaction handle');
  }
}
