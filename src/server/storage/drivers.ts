// The storage drivers are optional peer dependencies: an app that only declares workspaces never
// runs the service, so installing cdk-workspaces must not compile SQLite. They load on first use.
import type { Db } from './db';

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

/** Loads the module opening `kind`'s database, naming the package to install when its driver is absent. */
export function openDriverDb(kind: 'sqlite' | 'postgres', target: string): Db {
  const packageName = STORAGE_DRIVER_PACKAGES[kind];
  let opener: (target: string) => Db;
  try {
    /* eslint-disable @typescript-eslint/no-require-imports */
    opener =
      kind === 'sqlite'
        ? (require('./sqlite') as typeof import('./sqlite')).openSqliteDb
        : (require('./postgres') as typeof import('./postgres')).openPostgresDb;
    /* eslint-enable @typescript-eslint/no-require-imports */
  } catch (error) {
    if (isMissingModule(error, packageName)) throw new StorageDriverMissingError(packageName, kind);
    throw error;
  }
  return opener(target);
}

function isMissingModule(error: unknown, packageName: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'MODULE_NOT_FOUND' && typeof message === 'string' && message.includes(`'${packageName}'`);
}
