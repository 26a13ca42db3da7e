import { Db } from './db';
import { migrate } from './migrations';
import { openPostgresDb } from './postgres';
import { openSqliteDb } from './sqlite';
import { SqlStore } from './store';
import type { Store, StorageOptions } from './types';

export * from './types';

/** Opens the database, applies pending migrations, and returns the store over it. */
export async function openStore(options: StorageOptions): Promise<Store> {
  const db: Db = options.kind === 'sqlite' ? openSqliteDb(options.path) : openPostgresDb(options.url);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return new SqlStore(db);
}
