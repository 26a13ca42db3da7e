// The storage drivers are optional peer dependencies: an app that only declares workspaces never
// runs the service, so installing cdk-workspaces must not compile SQLite. They load on first use.
import type { Db } from './db';
import type { StorageOptions } from './types';

/** The npm package each storage kind needs. */
export const STORAGE_DRIVER_PACKAGES = { sqlite: 'better-sqlite3', postgres: 'pg' } as const;

export class StorageDriverMissingError extends Error {
  constructor(
    readonly packageName: string,
    kind: string,
  ) {
    super(
      `${kind === 'sqlite' ? 'embedded storage (SQLite)' : 'PostgreSQL storage'} needs the package "${packageName}", which is not installed: ` +
        `run "npm install ${packageName}" in your project (it is an optional peer dependency of cdk-workspaces)`,
    );
    this.name = 'StorageDriverMissingError';
  }
}

/** Loads the module opening the database, naming the package to install when its driver is absent. */
export function openDriverDb(options: StorageOptions): Db {
  const packageName = STORAGE_DRIVER_PACKAGES[options.kind];
  try {
    /* eslint-disable @typescript-eslint/no-require-imports */
    if (options.kind === 'sqlite') {
      const { openSqliteDb } = require('./sqlite') as typeof import('./sqlite');
      return openSqliteDb(options.path, { log: options.log, lockWaitMs: options.lockWaitMs, driver: options.driver });
    }
    const { openPostgresDb } = require('./postgres') as typeof import('./postgres');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const { url, ...tuning } = options;
    return openPostgresDb(url, tuning);
  } catch (error) {
    if (isMissingModule(error, packageName)) throw new StorageDriverMissingError(packageName, options.kind);
    throw error;
  }
}

function isMissingModule(error: unknown, packageName: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'MODULE_NOT_FOUND' && typeof message === 'string' && message.includes(`'${packageName}'`);
}
