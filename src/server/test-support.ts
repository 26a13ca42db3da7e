import { randomBytes } from 'node:crypto';
import { BackendKind, createFreshDatabase } from './storage/test-database';
import type { StorageOptions } from './storage/types';
import { Store, openStore } from './store';
import type { NewWorkspace } from './workspaces/records';

// Test helpers shared by the store suites: every suite runs on SQLite, and also on PostgreSQL when
// CDKWS_TEST_DATABASE_URL names an admin database (a fresh database per suite: storage/test-database.ts).

export { type BackendKind, backendKinds } from './storage/test-database';
type StoreTuning = Parameters<typeof openStore>[1];

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

export async function createTestDatabase(kind: BackendKind): Promise<TestDatabase> {
  const fresh = await createFreshDatabase(kind);
  const opened: Store[] = [];
  const track = async (store: Promise<Store>) => {
    const s = await store;
    opened.push(s);
    return s;
  };
  return {
    options: fresh.options,
    // SQLite's main store is in memory; PostgreSQL's is the suite's database.
    openMain: () => track(openStore(kind === 'sqlite' ? { kind: 'sqlite', path: ':memory:' } : fresh.options)),
    openShared: (tuning) => track(openStore(fresh.options, tuning)),
    drop: async () => {
      await Promise.all(opened.splice(0).map((s) => s.close().catch(() => undefined)));
      await fresh.drop();
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
