import { Client, Pool, PoolClient, types as pgTypes } from 'pg';
import { Db, KindSql, Param, SavepointQueue, UniqueViolationError, toNumberedPlaceholders } from './db';
import { OutageTracker, StorageFaultError, describeFault, postgresFaultKind, type StorageHealth } from './faults';
import { ChangeListener } from './postgres-changes';
import { POSTGRES_DEFAULTS, type PostgresTuning } from './types';

// Transactions run on one checked-out client; everything else goes through the pool. A deadlock or
// serialization failure re-runs the whole transaction a few times (the store's transactions touch
// only the database), so callers never see those transient errors. Connection-class errors become
// StorageFaultError (503 upstream) and never crash the process: the pool listens on idle clients,
// and a client checked out for a transaction has its own listener while it is out.

const RETRYABLE = new Set(['40P01', '40001']);
/** How much longer than the statement timeout the client waits for an answer before giving up. */
export const CLIENT_TIMEOUT_MARGIN_MS = 1_000;
const MAX_ATTEMPTS = 5;

// COUNT(*) and BIGSERIAL are int8; our values fit a JS number, so read them as numbers (for this
// pool only; the global pg parsers stay as they are).
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 && format !== 'binary') return (value: string) => Number(value);
    return (pgTypes.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
  },
};

/** PostgreSQL's spelling of what the two kinds of database spell differently (db.ts KindSql). */
export const POSTGRES_SQL: KindSql = {
  inJsonList: (expr) => `${expr} IN (SELECT jsonb_array_elements_text(?::jsonb))`,
  forUpdate: (noKey = false) => (noKey ? ' FOR NO KEY UPDATE' : ' FOR UPDATE'),
  jsonRelation: (shape) => (shape === 'pairs' ? 'jsonb_to_recordset(?::jsonb) AS e(k text, v text)' : 'jsonb_array_elements_text(?::jsonb) AS e(k)'),
  tagNamesOfW:
    "(SELECT COALESCE(json_agg(t.name ORDER BY wt.seq), '[]'::json)::text FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.workspace_id = w.id)",
  refreshWorkspaceStatistics: 'ANALYZE workspaces, workspace_tags, tags, tag_bindings',
  rowKey: 'id',
  // The pg_trgm index serves the LIKE itself.
  trigramCandidates: () => null,
  md5: (expr) => `md5(${expr})`,
  writesInWith: true,
};

function toPgParams(params: Param[] | undefined): unknown[] {
  if (!params) return [];
  return params.map((p) => (p === undefined ? null : typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

/** A statement that may change data when it runs outside a transaction (it commits by itself). */
const isWrite = (sql: string) => !/^\s*select\b/i.test(sql);

/** Errors raised before the statement reached the server: it cannot have taken effect. */
function neverSent(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '57P03' || (typeof message === 'string' && /trying to connect|not queryable/i.test(message))
  );
}

interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

export function openPostgresDb(url: string, tuning: PostgresTuning = {}): Db {
  const poolSize = tuning.poolSize ?? POSTGRES_DEFAULTS.poolSize;
  const statementTimeoutMs = tuning.statementTimeoutMs ?? POSTGRES_DEFAULTS.statementTimeoutMs;
  const pool = new Pool({
    connectionString: url,
    types: typeParsers,
    max: poolSize,
    // Bounds both connecting and waiting for a free client: an exhausted pool answers, it does not queue forever.
    connectionTimeoutMillis: tuning.poolWaitMs ?? POSTGRES_DEFAULTS.poolWaitMs,
    // A server that vanished without closing the socket is noticed: probes start after 10 s idle.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // The server's statement timeout cannot fire on a server that is frozen (SIGSTOP, a stalled VM)
    // or unreachable: the client gives up too, a margin later, and the connection is dropped
    // (issue 37: requests hung for as long as the freeze lasted, 40.9 s seen).
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS } : {}),
  });
  // An idle client losing its connection (server restart) must not crash the process; the pool
  // drops it and the next query connects afresh.
  pool.on('error', () => undefined);
  return new PostgresDb(pool, url, poolSize, tuning.log ?? (() => undefined));
}

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  readonly sql = POSTGRES_SQL;
  private commits = 0;
  private readonly outage: OutageTracker;
  private readonly changes: ChangeListener;

  constructor(
    private readonly pool: Pool,
    private readonly url: string,
    private readonly poolSize: number,
    log: (line: string) => void,
  ) {
    this.outage = new OutageTracker(log, () => this.pool.query('SELECT 1'));
    this.changes = new ChangeListener(url, log);
  }

  /**
   * The notifications heard from every instance's commits (postgres-changes.ts), and this
   * handle's own commits, counted at once; none while the listener is not listening.
   */
  changeToken(): string | undefined {
    const heard = this.changes.token();
    return heard === undefined ? undefined : `${heard}:${this.commits}`;
  }

  /** Maps a driver error; `committing`: a commit, or a write outside a transaction, was under way. */
  mapError(err: unknown, committing: boolean): unknown {
    if (err instanceof StorageFaultError || err instanceof UniqueViolationError) return err;
    const e = err as { code?: unknown; constraint?: unknown; message?: string };
    if (e && e.code === '23505') {
      return new UniqueViolationError(typeof e.constraint === 'string' ? e.constraint : String(e.message), { cause: err });
    }
    let kind = postgresFaultKind(err);
    if (kind === undefined) return err;
    // The pool's wait ran out while every client was busy: the database is up, this process is saturated.
    if (/trying to connect/i.test(String(e.message)) && this.pool.totalCount >= this.poolSize) kind = 'busy';
    const fault = new StorageFaultError(kind, describeFault(err), committing && kind === 'unavailable' && !neverSent(err), { cause: err });
    if (fault.mayHaveCommitted) this.commits += 1;
    this.outage.fault(fault);
    return fault;
  }

  /** One statement: on the pool, on a transaction's `client`, or cancellable by `signal`. */
  async query(sql: string, params: Param[] | undefined, via: { client?: Queryable; signal?: AbortSignal } = {}) {
    const write = !via.client && isWrite(sql);
    try {
      const result = via.signal
        ? await this.cancellable(sql, params, via.signal)
        : await (via.client ?? this.pool).query(toNumberedPlaceholders(sql), toPgParams(params));
      if (write) this.commits += 1;
      this.outage.recovered();
      return result;
    } catch (err) {
      // Nobody waits for the answer; nothing to log (busy faults start no outage).
      if (via.signal?.aborted) throw new StorageFaultError('busy', 'statement cancelled: the client went away', false, { cause: err });
      throw this.mapError(err, write);
    }
  }

  /**
   * Runs one statement on a client of its own, and cancels it on the server when `signal` aborts
   * (the HTTP client went away): the database stops working for nobody.
   */
  private async cancellable(sql: string, params: Param[] | undefined, signal: AbortSignal) {
    signal.throwIfAborted();
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const onError = (err: Error) => (broken = err);
    client.on('error', onError);
    const cancel = () => {
      // A cancel request may land late, on whatever the backend runs next: this client is not reused.
      broken ??= new Error('statement cancelled: the client went away');
      sendCancelRequest(this.url, client);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await client.query(toNumberedPlaceholders(sql), toPgParams(params));
    } catch (err) {
      if (postgresFaultKind(err) === 'unavailable') broken ??= err as Error;
      throw err;
    } finally {
      signal.removeEventListener('abort', cancel);
      client.off('error', onError);
      client.release(broken);
    }
  }

  async all<T>(sql: string, params?: Param[]): Promise<T[]> {
    return (await this.query(sql, params)).rows as T[];
  }

  async get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    return (await this.query(sql, params)).rows[0] as T | undefined;
  }

  async run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }

  withSignal(signal: AbortSignal): Db {
    return new CancellableView(this, signal);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let client: PoolClient;
      try {
        client = await this.pool.connect();
      } catch (err) {
        throw this.mapError(err, false);
      }
      // The crash of issue 22: a checked-out client has no pool listener, so a connection lost
      // mid-transaction emitted 'error' with nobody listening. The query under way fails too.
      let broken: Error | undefined;
      const onError = (err: Error) => (broken = err);
      client.on('error', onError);
      const tx = new PostgresTx(client, this);
      let committing = false;
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        committing = true;
        await client.query('COMMIT');
        this.commits += 1;
        this.outage.recovered();
        return result;
      } catch (err) {
        if (postgresFaultKind(err) === 'unavailable' || (err instanceof StorageFaultError && err.kind === 'unavailable')) broken ??= err as Error;
        if (!broken) {
          try {
            await client.query('ROLLBACK');
          } catch (rollbackError) {
            broken = rollbackError as Error; // the connection is unusable: destroy, not reuse
          }
        }
        const code = (err as { code?: unknown }).code;
        if (typeof code === 'string' && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) {
          await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
          continue;
        }
        throw this.mapError(err, committing);
      } finally {
        tx.end();
        client.off('error', onError);
        client.release(broken);
      }
    }
  }

  health(): StorageHealth {
    const { totalCount, idleCount, waitingCount } = this.pool;
    return {
      available: this.outage.available,
      outages: this.outage.outages,
      pool: { size: this.poolSize, inUse: totalCount - idleCount, idle: idleCount, waiting: waitingCount },
    };
  }

  commitCount(): number {
    return this.commits;
  }

  async close(): Promise<void> {
    this.outage.close();
    await this.changes.close();
    await this.pool.end();
  }
}

/**
 * Sends PostgreSQL's cancel request for the statement `client`'s backend is running, over a
 * connection of its own (so it works when the pool is exhausted), as the protocol prescribes: a
 * new connection carrying the backend's process ID and secret key, closed by the server.
 */
function sendCancelRequest(url: string, client: PoolClient): void {
  const { processID, secretKey } = client as unknown as { processID: number; secretKey: number };
  const canceller = new Client({ connectionString: url }) as Client & { host: string; port: number };
  const connection = canceller.connection as unknown as {
    on(event: string, listener: () => void): void;
    connect(port: number | string, host?: string): void;
    cancel(processID: number, secretKey: number): void;
  };
  connection.on('error', () => undefined);
  connection.on('connect', () => connection.cancel(processID, secretKey));
  if (canceller.host.startsWith('/')) connection.connect(`${canceller.host}/.s.PGSQL.${canceller.port}`);
  else connection.connect(canceller.port, canceller.host);
}

/** The pool's statements, each cancelled when the signal aborts (a list for a caller who left). */
class CancellableView implements Db {
  readonly kind = 'postgres' as const;
  readonly sql = POSTGRES_SQL;

  constructor(
    private readonly owner: PostgresDb,
    private readonly signal: AbortSignal,
  ) {}

  async all<T>(sql: string, params?: Param[]): Promise<T[]> {
    return (await this.owner.query(sql, params, { signal: this.signal })).rows as T[];
  }

  async get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    return (await this.owner.query(sql, params, { signal: this.signal })).rows[0] as T | undefined;
  }

  async run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    return { changes: (await this.owner.query(sql, params, { signal: this.signal })).rowCount ?? 0 };
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.owner.transaction(fn);
  }

  health(): StorageHealth {
    return this.owner.health();
  }

  commitCount(): number {
    return this.owner.commitCount();
  }

  withSignal(signal: AbortSignal): Db {
    return this.owner.withSignal(signal);
  }

  close(): Promise<void> {
    throw new Error('close the database, not a view of it');
  }
}

class PostgresTx implements Db {
  readonly kind = 'postgres' as const;
  readonly sql = POSTGRES_SQL;
  private ended = false;
  private savepoints = 0;
  private readonly nested: SavepointQueue;

  constructor(
    private readonly client: PoolClient,
    private readonly owner: PostgresDb,
  ) {
    this.nested = new SavepointQueue(
      (sql) => client.query(sql),
      (err) => owner.mapError(err, false),
    );
  }

  end(): void {
    this.ended = true;
  }

  private target(): Queryable {
    if (this.ended) throw new Error('transaction handle used after its transaction ended');
    return this.client;
  }

  async all<T>(sql: string, params?: Param[]): Promise<T[]> {
    return (await this.owner.query(sql, params, { client: this.target() })).rows as T[];
  }

  async get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    return (await this.owner.query(sql, params, { client: this.target() })).rows[0] as T | undefined;
  }

  async run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    return { changes: (await this.owner.query(sql, params, { client: this.target() })).rowCount ?? 0 };
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.nested.run(() => {
      this.target();
      return { name: `sp_${++this.savepoints}`, child: new PostgresTx(this.client, this.owner) };
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
