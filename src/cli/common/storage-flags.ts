// The data store a command works on, from `--data PATH` or `--database postgres://…`, as
// `cdkws serve` takes them (architecture "Starting the service"): default `.cdkws/service.db`.
import path from 'node:path';
import type { StorageOptions } from '../../server/storage/types';
import { CliError } from './output';

export const DEFAULT_DATA_FILE = path.join('.cdkws', 'service.db');

/** The storage flags a command may take; the PostgreSQL tuning ones only `serve` does. */
export interface StorageFlags {
  data?: string;
  database?: string;
  'statement-timeout'?: string;
  'database-pool'?: string;
}

export function storageFromFlags(flags: StorageFlags): StorageOptions {
  if (flags.data && flags.database) throw new CliError('give --data or --database, not both');
  const timeout = flags['statement-timeout'];
  const pool = flags['database-pool'];
  if (!flags.database) {
    if (timeout !== undefined || pool !== undefined) throw new CliError('--statement-timeout and --database-pool apply to PostgreSQL (--database) only');
    return { kind: 'sqlite', path: flags.data ?? DEFAULT_DATA_FILE };
  }
  if (!/^postgres(ql)?:\/\//.test(flags.database)) throw new CliError('--database must be a postgres:// URL');
  const storage: StorageOptions = { kind: 'postgres', url: flags.database };
  if (timeout !== undefined) {
    const seconds = Number(timeout);
    if (timeout.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) {
      throw new CliError(`--statement-timeout must be a number of seconds from 0 (no limit) to 86400, not "${timeout}"`);
    }
    storage.statementTimeoutMs = Math.round(seconds * 1000);
  }
  if (pool !== undefined) {
    const size = Number(pool);
    if (!Number.isInteger(size) || size < 1 || size > 1000) throw new CliError(`--database-pool must be a whole number from 1 to 1000, not "${pool}"`);
    storage.poolSize = size;
  }
  return storage;
}
