// The data store a command works on, from `--data PATH` or `--database postgres://…`, as
// `cdkws serve` takes them (architecture "Starting the service"): default `.cdkws/service.db`.
import path from 'node:path';
import type { StorageOptions } from '../server/storage/types';
import { CliError } from './output';

export const DEFAULT_DATA_FILE = path.join('.cdkws', 'service.db');

export function storageFromFlags(flags: { data?: string; database?: string }): StorageOptions {
  if (flags.data && flags.database) throw new CliError('give --data or --database, not both');
  if (flags.database) {
    if (!/^postgres(ql)?:\/\//.test(flags.database)) throw new CliError('--database must be a postgres:// URL');
    return { kind: 'postgres', url: flags.database };
  }
  return { kind: 'sqlite', path: flags.data ?? DEFAULT_DATA_FILE };
}
