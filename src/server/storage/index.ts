import { Db } from './db';
import { migrate } from './migrations';
import { openDriverDb } from './drivers';
import type { StorageOptions } from './types';

export * from './types';
export type { DatabaseKind, Db } from './db';
export { schemaIsCurrent } from './migrations';
export { StorageDriverMissingError } from './drivers';
export { StorageFaultError, type StorageHealth } from './faults';

/** Opens the database and applies pending migrations; closes it again when they fail. */
export async function openDatabase(options: StorageOptions): Promise<Db> {
  const db: Db = openDriverDb(options);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}
