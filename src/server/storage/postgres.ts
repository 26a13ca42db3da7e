import { Pool, PoolClient, types as pgTypes } from 'pg';
import { Db, Param, PoolUsage, SavepointQueue, UniqueViolationError, toNumberedPlaceholders } from './db';

// Transactions run on one checked-out client; everything else goes through the pool. A deadlock or
// serialization failure re-runs the whole transaction a few times (the store's transactions touch
// only the database), so callers never see those transient errors.

const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

// COUNT(*) and BIGSERIAL are int8; our values fit a JS number, so read them as numbers (for this
// pool only; the global pg parsers stay as they are).
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 && format !== 'binary') return (value: string) => Number(value);
    return (pgTypes.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
  },
};

function toPgParams(params: Param[] | undefined): unknown[] {
  if (!params) return [];
  return params.map((p) => (p === undefined ? null : typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

function mapError(err: unknown): unknown {
  const e = err as { code?: unknown; constraint?: unknown; message?: string };
  if (e && e.code === '23505') {
    return new UniqueViolationError(typeof e.constraint === 'string' ? e.constraint : String(e.message), { cause: err });
  }
  return err;
}

interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

async function query(target: Queryable, sql: string, params?: Param[]) {
  try {
    return await target.query(toNumberedPlaceholders(sql), toPgParams(params));
  } catch (err) {
    throw mapError(err);
  }
}

export function openPostgresDb(url: string): Db {
  const pool = new Pool({ connectionString: url, types: typeParsers });
  // An idle client losing its connection (server restart) must not crash the process; the pool
  // drops it and the next query connects afresh.
  pool.on('error', () => undefined);
  return new PostgresDb(pool);
}

class PostgresDb implements Db {
  readonly dialect = 'postgres' as const;
  constructor(private readonly pool: Pool) {}

  async all<T>(sql: string, params?: Param[]): Promise<T[]> {
    return (await query(this.pool, sql, params)).rows as T[];
  }

  async get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    return (await query(this.pool, sql, params)).rows[0] as T | undefined;
  }

  async run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    return { changes: (await query(this.pool, sql, params)).rowCount ?? 0 };
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      const tx = new PostgresTx(client);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error; // the connection is unusable: destroy, not reuse
        }
        const code = (err as { code?: unknown }).code;
        if (typeof code === 'string' && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) {
          await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
          continue;
        }
        throw mapError(err);
      } finally {
        tx.end();
        client.release(broken);
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  poolUsage(): PoolUsage {
    return { inUse: this.pool.totalCount - this.pool.idleCount, waiting: this.pool.waitingCount };
  }
}

class PostgresTx implements Db {
  readonly dialect = 'postgres' as const;
  private ended = false;
  private savepoints = 0;
  private readonly nested: SavepointQueue;

  constructor(private readonly client: PoolClient) {
    this.nested = new SavepointQueue((sql) => client.query(sql), mapError);
  }

  end(): void {
    this.ended = true;
  }

  private target(): Queryable {
    if (this.ended) throw new Error('transaction handle used after its transaction ended');
    return this.client;
  }

  async all<T>(sql: string, params?: Param[]): Promise<T[]> {
    return (await query(this.target(), sql, params)).rows as T[];
  }

  async get<T>(sql: string, params?: Param[]): Promise<T | undefined> {
    return (await query(this.target(), sql, params)).rows[0] as T | undefined;
  }

  async run(sql: string, params?: Param[]): Promise<{ changes: number }> {
    return { changes: (await query(this.target(), sql, params)).rowCount ?? 0 };
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.nested.run(() => {
      this.target();
      return { name: `sp_${++this.savepoints}`, child: new PostgresTx(this.client) };
    }, fn);
  }

  async close(): Promise<void> {
    throw new Error('close the database, not a transaction handle');
  }
}
