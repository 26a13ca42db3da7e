import { Db } from './db';
import { HISTORY, type Migration, migrate } from './migrations';
import { openDriverDb } from './drivers';
import type { StorageOptions } from './types';

export * from './types';
export type { DatabaseKind, Db } from './db';
export { HISTORY, ddl, schemaInVersionOrder, schemaIsCurrent, type Migration } from './migrations';
export { StorageDriverMissingError } from './drivers';
export { StorageFaultError, type StorageHealth } from './faults';

/**
 * Opens the database and applies the pending migrations of `schema` (the service passes every
 * aggregate's: store.ts); closes it again when they fail.
 */
export async function openDatabase(options: StorageOptions, schema: readonly Migration[] = HISTORY): Promise<Db> {
  const db: Db = openDriverDb(options);
  try {
    await migrate(db, schema);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}
