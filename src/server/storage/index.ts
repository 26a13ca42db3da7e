import { Db } from './db';
import { migrate } from './migrations';
import { openDriverDb } from './drivers';
import { SqlStore } from './store';
import type { Store, StorageOptions } from './types';

export * from './types';
export { StorageDriverMissingError } from './drivers';
export { StorageFaultError, type StorageHealth } from './faults';

/** Opens the database, applies pending migrations, and returns the store over it (`tuning`: for tests). */
export async function openStore(options: StorageOptions, tuning: { bookmarkEvery?: number } = {}): Promise<Store> {
  const db: Db = openDriverDb(options);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return new SqlStore(db, tuning);
}
