import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { StorageOptions } from './types';

// Fresh databases for tests: every storage suite runs on SQLite, and also on PostgreSQL when
// CDKWS_TEST_DATABASE_URL names an admin database (a fresh database is created per suite). The
// stores over them are opened by ../test-support.ts.

export type BackendKind = 'sqlite' | 'postgres';

export const backendKinds: BackendKind[] = process.env.CDKWS_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface FreshDatabase {
  /** Storage options of this database; for SQLite, a file (so several stores can share it). */
  options: StorageOptions;
  /** Removes the database; whoever opened it closes it first. */
  drop(): Promise<void>;
}

function postgresUrl(database: string): string {
  const url = new URL(process.env.CDKWS_TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function createFreshDatabase(kind: BackendKind): Promise<FreshDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cdkws-store-'));
    return {
      options: { kind: 'sqlite', path: join(dir, 'service.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `cdkws_t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: process.env.CDKWS_TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    options: { kind: 'postgres', url: postgresUrl(name) },
    drop: async () => {
      const client = new Client({ connectionString: process.env.CDKWS_TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
