import { realpathSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import { ensureDataDirectory, ensureOwnerOnlyDatabaseFiles } from '../owner-only';
import { Db, KindSql, Param, SavepointQueue, UniqueViolationError } from './db';
import { OutageTracker, StorageFaultError, describeFault, sqliteFaultKind, type StorageHealth } from './faults';
import { chooseSqliteDriver, openSqliteConnection, type SqliteConnection, type SqliteDriverName, type SqliteStatement } from './sqlite-driver';

// Both SQLite drivers are synchronous, our transactions are not: while a transaction awaits between
// its statements, statements of other callers must not slip into it. A FIFO gate owned by the open
// transaction makes writers wait; the transaction's own handle bypasses the gate. Handles on one
// file within one process share the gate. Reads outside a transaction run on a second connection
// of their own (WAL: readers never wait for the writer), so they pass an open transaction.
//
// No statement ever waits for a lock inside SQLite (busy_timeout 0: its busy wait is synchronous
// and would stop the whole process): a lock another process holds is waited for here, with
// timers, up to `lockWaitMs`, then answered 503 database-busy.

/** How long a write waits for another process's write lock before it is answered 503. */
export const SQLITE_LOCK_WAIT_MS = 10_000;
const STATEMENT_CACHE_LIMIT = 500;

type Statement = SqliteStatement;

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

export interface SqliteOpenOptions {
  log?: (line: string) => void;
  /** Which driver opens the file (default: chooseSqliteDriver()). */
  driver?: SqliteDriverName;
  /** How long a write waits for another process's write lock (default SQLITE_LOCK_WAIT_MS). */
  lockWaitMs?: number;
}

export function openSqliteDb(path: string, logOrOptions: ((line: string) => void) | SqliteOpenOptions = {}): Db {
  const options = typeof logOrOptions === 'function' ? { log: logOrOptions } : logOrOptions;
  const driver = options.driver ?? chooseSqliteDriver();
  const inMemory = path === ':memory:';
  if (!inMemory) {
    // The database holds token hashes and sessions: its folder and files are the owner's alone.
    ensureDataDirectory(path);
    ensureOwnerOnlyDatabaseFiles(path);
  }
  const db = openSqliteConnection(driver, path);
  let reader: SqliteConnection | null = null;
  try {
    // Once, while opening (nothing is served yet): a new file switching to WAL needs an exclusive lock.
    withBusyRetry(() => db.exec('PRAGMA journal_mode = WAL'));
    // NORMAL in WAL mode loses nothing when the process is killed (only on power loss).
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    // Statistics are gathered from a sample, so refreshing them stays cheap on large tables.
    db.exec('PRAGMA analysis_limit = 1000');
    db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
    if (!inMemory) {
      reader = openSqliteConnection(driver, path);
      reader.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
      // A read must never write: a statement taken for a read by mistake fails instead.
      reader.exec('PRAGMA query_only = 1');
    }
    return new SqliteDb(db, reader, inMemory ? null : realpathSync(path), new OutageTracker(options.log ?? (() => undefined)), {
      driver,
      lockWaitMs: options.lockWaitMs ?? SQLITE_LOCK_WAIT_MS,
    });
  } catch (err) {
    reader?.close();
    db.close();
    throw err;
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Switching a new file to WAL needs an exclusive lock and answers SQLITE_BUSY when another
 * process opens the same new file at the same moment: retry briefly. Only while opening.
 */
function withBusyRetry<T>(fn: () => T): T {
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      return fn();
    } catch (err) {
      if (!isBusy(err) || Date.now() > deadline) throw err;
      Atomics.wait(pause, 0, 0, 10 + Math.floor(Math.random() * 20));
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` now; while it answers SQLITE_BUSY (another process holds the lock), again after a
 * growing pause on a timer, so the event loop keeps serving. Past `boundMs`: a busy fault.
 */
async function retryWhileBusy<T>(fn: () => T, boundMs: number): Promise<T> {
  const started = Date.now();
  let pause = 1;
  for (;;) {
    try {
      return fn();
    } catch (err) {
      if (!isBusy(err)) throw err;
      const waited = Date.now() - started;
      if (waited >= boundMs) {
        throw new StorageFaultError('busy', `another connection held the database lock for ${waited} ms`, false, { cause: err });
      }
      // Jittered, growing to 50 ms: several waiting processes do not retry in step.
      await sleep(Math.min(pause * (0.5 + Math.random()), boundMs - waited));
      pause = Math.min(pause * 2, 50);
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

/** At most this many transactions share one commit, so a steady stream still commits often. */
const GROUP_COMMIT_LIMIT = 64;

interface BatchMember {
  fn: (tx: Db) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

/** A statement prepared on the writer, and its twin on the reader once a read outside a transaction needed it. */
interface Prepared {
  writer: Statement;
  reader?: Statement;
}

class SqliteDb implements Db {
  readonly kind = 'sqlite' as const;
  readonly sql = SQLITE_SQL;
  private readonly gate: Gate;
  /** Prepared statements (preparing costs more than running one): never invalidated, as SQLite re-prepares one itself after a schema change. */
  private readonly statements = new LRUCache<string, Prepared>({ max: STATEMENT_CACHE_LIMIT });
  private closed = false;
  private closing: Promise<void> | undefined;
  private savepoints = 0;
  private writes = 0;
  /** This handle's commits, and failed ones that may have taken effect (Db.commitCount). */
  private commits = 0;
  private nextStatisticsAt = 200;
  private readonly dataVersion: Statement;
  readonly driver: SqliteDriverName;
  private readonly lockWaitMs: number;

  constructor(
    private readonly db: SqliteConnection,
    /** Reads outside a transaction (null for an in-memory database, which a second connection would not share). */
    private readonly reader: SqliteConnection | null,
    private readonly file: string | null,
    private readonly outage: OutageTracker,
    options: { driver: SqliteDriverName; lockWaitMs: number },
  ) {
    this.gate = gateFor(file);
    this.driver = options.driver;
    this.lockWaitMs = options.lockWaitMs;
    this.dataVersion = (reader ?? db).prepare('PRAGMA data_version');
  }

  /**
   * `data_version` changes when another connection commits (the reader's: this process's writer
   * too); the commits of this process's own handles on the file are counted by their shared gate.
   * Together they change whenever the database does. Read afresh on every call: when a caller may
   * reuse one is the show cache's rule (src/server/show-cache).
   */
  changeToken(): string {
    this.checkOpen();
    let version: unknown;
    try {
      version = (this.dataVersion.get() as { data_version: number }).data_version;
    } catch (err) {
      if (!isBusy(err)) throw this.fault(err);
      // Unknown now: a token matching nothing, so nothing is served from memory.
      version = `busy-${Math.random()}`;
    }
    return `${String(version)}:${this.gate.commits}`;
  }

  private prepared(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = { writer: this.db.prepare(sql) };
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /** Runs one statement of the open transaction now. */
  execInTransaction<R>(sql: string, body: (stmt: Statement) => R): R {
    try {
      return body(this.prepared(sql).writer);
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
      this.db.exec('ROLLBACK');
    } catch {
      // no transaction left (SQLite ended it), or it is gone either way: the original error is the one to report
    }
  }

  health(): StorageHealth {
    return { available: this.outage.available, outages: this.outage.outages };
  }

  commitCount(): number {
    return this.commits;
  }

  /**
   * Takes the write lock: BEGIN IMMEDIATE at once when it is free (no await), else waits on timers
   * while another process holds it.
   */
  private begin(): Promise<void> | undefined {
    try {
      this.db.exec('BEGIN IMMEDIATE');
      return undefined;
    } catch (err) {
      if (!isBusy(err)) throw err;
    }
    return retryWhileBusy(() => {
      this.checkOpen();
      this.db.exec('BEGIN IMMEDIATE');
    }, this.lockWaitMs);
  }

  private async outside<R>(sql: string, body: (stmt: Statement) => R): Promise<R> {
    let reader: Statement | undefined;
    try {
      this.checkOpen();
      const prepared = this.prepared(sql);
      if (!this.reader || !prepared.writer.readonly) return await this.outsideWrite(prepared.writer, body);
      reader = prepared.reader ??= this.reader.prepare(sql);
      return body(reader);
    } catch (err) {
      if (!reader || !isBusy(err)) throw this.fault(err);
    }
    // A reader waits for a lock only in rare moments (another process recovering the WAL).
    try {
      return await retryWhileBusy(() => body(reader), this.lockWaitMs);
    } catch (err) {
      throw this.fault(err);
    }
  }

  private async outsideWrite<R>(stmt: Statement, body: (stmt: Statement) => R): Promise<R> {
    // No await when the gate is free: the statement runs at once.
    if (!this.gate.tryAcquire()) await this.gate.acquire();
    try {
      this.checkOpen();
      // Reads of an in-memory database, which has no reader connection.
      if (stmt.readonly) return body(stmt);
      const waiting = this.begin();
      if (waiting) await waiting;
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
    return this.outside(sql, (s) => ({ changes: Number(s.run(...toSqliteParams(params)).changes) }));
  }

  /**
   * Group commit: transactions waiting together run in one SQLite transaction, each inside a
   * savepoint of its own (a failing one is rolled back alone), and are answered after the one
   * COMMIT: nothing is answered before it is durable, and a page written by many creates goes to
   * the WAL once (docs/performance.md "Durable creates").
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ fn, resolve: resolve, reject });
      if (this.batching) return;
      this.batching = true;
      void this.runBatches();
    });
  }

  private readonly waiting: BatchMember[] = [];
  private batching = false;

  private async runBatches(): Promise<void> {
    await this.gate.acquire();
    try {
      while (this.waiting.length > 0) await this.runBatch();
    } finally {
      this.batching = false;
      this.gate.release();
    }
  }

  private async runBatch(): Promise<void> {
    try {
      this.checkOpen();
      const waiting = this.begin();
      if (waiting) await waiting;
    } catch (err) {
      const fault = this.fault(err);
      for (const member of this.waiting.splice(0)) member.reject(fault);
      return;
    }
    const done: Array<{ member: BatchMember; result: unknown }> = [];
    /** The error after which SQLite had ended the whole transaction (a full disk does). */
    let lost: unknown;
    for (let count = 0; count < GROUP_COMMIT_LIMIT && lost === undefined;) {
      const member = this.waiting.shift();
      if (!member) {
        // Requests whose bodies arrived in this turn of the event loop join before the commit.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.waiting.length === 0) break;
        continue;
      }
      count += 1;
      const savepoint = this.nextSavepoint();
      const tx = new SqliteTx(this);
      try {
        this.db.exec(`SAVEPOINT ${savepoint}`);
        done.push({ member, result: await member.fn(tx) });
        this.db.exec(`RELEASE SAVEPOINT ${savepoint}`);
      } catch (err) {
        if (done.at(-1)?.member === member) done.pop();
        try {
          this.db.exec(`ROLLBACK TO SAVEPOINT ${savepoint}`);
          this.db.exec(`RELEASE SAVEPOINT ${savepoint}`);
        } catch {
          lost = err;
        }
        member.reject(this.fault(err));
      } finally {
        tx.end();
      }
    }
    const failAll = (err: unknown, committing: boolean) => {
      this.rollback();
      const fault = this.fault(err, committing);
      for (const { member } of done) member.reject(fault);
    };
    if (lost !== undefined) return failAll(lost, false);
    try {
      this.db.exec('COMMIT');
    } catch (err) {
      return failAll(err, true);
    }
    this.noteWrite();
    for (const { member, result } of done) member.resolve(result);
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
        this.reader?.close();
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
    return this.owner.execInTransaction(sql, (s) => s.all(...toSqliteParams(params)) as T[]);
  }

  async get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    this.check();
    return this.owner.execInTransaction(sql, (s) => s.get(...toSqliteParams(params)) as T | undefined);
  }

  async run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    this.check();
    return this.owner.execInTransaction(sql, (s) => ({ changes: Number(s.run(...toSqliteParams(params)).changes) }));
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
