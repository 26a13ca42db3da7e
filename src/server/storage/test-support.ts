import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openStore } from './index';
import type { NewWorkspace, Store, StorageOptions } from './types';

// Test helpers shared by the storage suites: every suite runs on SQLite, and also on PostgreSQL
// when CDKWS_TEST_DATABASE_URL names an admin database (a fresh database is created per suite).

export type BackendKind = 'sqlite' | 'postgres';
type StoreTuning = Parameters<typeof openStore>[1];

export const backendKinds: BackendKind[] = process.env.CDKWS_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  /** Storage options of this database; for SQLite, a file (so several stores can share it). */
  options: StorageOptions;
  /** A store for the suite: SQLite `:memory:`, or the PostgreSQL database. */
  openMain(): Promise<Store>;
  /** Another store on the shared database (a second process's worth of connections). */
  openShared(tuning?: StoreTuning): Promise<Store>;
  drop(): Promise<void>;
}

/**
 * A fresh database of `kind` for the enclosing describe block, dropped after it; `ready` receives it
 * and its main store before the first test (and is awaited when it returns a promise).
 */
export function useTestDatabase(kind: BackendKind, ready: (store: Store, database: TestDatabase) => unknown): void {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await ready(await database.openMain(), database);
  });
  afterAll(async () => {
    await database?.drop();
  });
}

function postgresUrl(database: string): string {
  const url = new URL(process.env.CDKWS_TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function createTestDatabase(kind: BackendKind): Promise<TestDatabase> {
  const opened: Store[] = [];
  const track = async (store: Promise<Store>) => {
    const s = await store;
    opened.push(s);
    return s;
  };
  const closeAll = async () => {
    await Promise.all(opened.splice(0).map((s) => s.close().catch(() => undefined)));
  };
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cdkws-store-'));
    const options: StorageOptions = { kind: 'sqlite', path: join(dir, 'service.db') };
    return {
      options,
      openMain: () => track(openStore({ kind: 'sqlite', path: ':memory:' })),
      openShared: (tuning) => track(openStore(options, tuning)),
      drop: async () => {
        await closeAll();
        rmSync(dir, { recursive: true, force: true });
      },
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
  const options: StorageOptions = { kind: 'postgres', url: postgresUrl(name) };
  return {
    options,
    openMain: () => track(openStore(options)),
    openShared: (tuning) => track(openStore(options, tuning)),
    drop: async () => {
      await closeAll();
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

let counter = 0;

/** A fresh organization name per test, so tests sharing a database never see each other's rows. */
export function freshOrg(): string {
  return `org-${++counter}-${randomBytes(3).toString('hex')}`;
}

let idCounter = 0;

/** Workspace creation times increase with each call, so latest-change-at order is predictable. */
export function newWorkspace(organization: string, name: string, extra: Partial<NewWorkspace> = {}): NewWorkspace {
  idCounter++;
  return {
    id: `ws-${randomBytes(8).toString('hex')}`,
    organization,
    name,
    projectId: 'prj-default',
    createdAt: new Date(Date.UTC(2024, 0, 1) + idCounter * 1000).toISOString(),
    settings: { 'auto-apply': false, description: null },
    ...extra,
  };
}
