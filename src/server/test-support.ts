import { randomBytes } from 'node:crypto';
import { checkState, md5Hex } from './state-versions/state-check';
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

/** The text of a Terraform state (format 4) managing `resources` instances. */
export function stateText(options: { resources?: number; serial?: number; lineage?: string; outputs?: Record<string, unknown> } = {}): string {
  const instances = Array.from({ length: options.resources ?? 0 }, (_, index) => ({ index_key: index, attributes: { id: String(index) } }));
  const outputs = Object.fromEntries(Object.entries(options.outputs ?? {}).map(([name, value]) => [name, { value, type: 'string' }]));
  return JSON.stringify({
    version: 4,
    terraform_version: '1.11.4',
    serial: options.serial ?? 1,
    lineage: options.lineage ?? 'store-tests',
    outputs,
    resources: instances.length
      ? [{ mode: 'managed', type: 'null_resource', name: 'n', provider: 'provider["registry.terraform.io/hashicorp/null"]', instances }]
      : [],
  });
}

/**
 * Creates a finalized state version of `text` as `principal`, who must hold the workspace's lock
 * (`lock: true` takes and releases it around the write). Returns the state version's ID.
 */
export async function writeState(
  store: Store,
  workspaceId: string,
  text: string,
  at: string,
  options: { principal?: string; lock?: boolean } = {},
): Promise<string> {
  const principal = options.principal ?? 'user-states';
  if (options.lock && !(await store.locks.lock(workspaceId, principal, 'state', at))) throw new Error(`could not lock ${workspaceId}`);
  const raw = Buffer.from(text);
  const facts = checkState(raw, md5Hex(raw));
  const id = `sv-${randomBytes(6).toString('hex')}`;
  const result = await store.stateVersions.create({
    id,
    workspaceId,
    principal,
    serial: facts.serial,
    lineage: facts.lineage,
    md5: md5Hex(raw),
    force: false,
    createdAt: at,
    state: { raw, facts, outputIds: facts.outputs.map(() => `wsout-${randomBytes(6).toString('hex')}`) },
  });
  if (result.kind !== 'created') throw new Error(`could not write a state to ${workspaceId}: ${result.kind}`);
  if (options.lock) await store.locks.unlock(workspaceId, principal, at);
  return id;
}
