import { SCHEMA } from './migrations.generated';
import { HISTORY, type Migration, migrate, schemaInVersionOrder, schemaIsCurrent } from './storage/migrations';
import { openPostgresDb } from './storage/postgres';
import { openSqliteDb } from './storage/sqlite';
import { openStore } from './store';
import { BackendKind, backendKinds, createTestDatabase, freshOrg, newWorkspace } from './test-support';

// The schema (storage/migrations.ts's history and each aggregate's own `<NAME>_MIGRATIONS`, gathered
// into migrations.generated.ts), and stores of several processes opening one new database at once
// (storage/migrations.ts's lock).

jest.setTimeout(30_000);

const SCHEMA_VERSIONS = SCHEMA.map((m) => m.version);
const LATEST_SCHEMA_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1];

describe('the schema', () => {
  it('holds every migration of the history unchanged, and each version once, in increasing order', () => {
    for (const migration of HISTORY) expect(SCHEMA).toContain(migration);
    for (let i = 1; i < SCHEMA_VERSIONS.length; i++) expect(SCHEMA_VERSIONS[i]).toBeGreaterThan(SCHEMA_VERSIONS[i - 1]);
  });

  const step = (version: number, statements: string[] = []): Migration => ({ version, name: `step ${version}`, statements: () => statements });

  it('merges lists by version, whatever file declares them, and refuses two migrations of one version naming both', () => {
    const merged = schemaInVersionOrder({ history: [step(1), step(2), step(9)], 'variables/store.ts': [step(5), step(3)] });
    expect(merged.map((m) => m.version)).toEqual([1, 2, 3, 5, 9]);
    expect(() => schemaInVersionOrder({ history: [step(1), step(18)], 'teams/store.ts': [step(18)] })).toThrow(
      'two migrations have version 18: history "step 18" and teams/store.ts "step 18"',
    );
  });

  it('applies an aggregate migration between two of the history in version order, and only what is missing', async () => {
    const db = openSqliteDb(':memory:');
    try {
      // 3 (an aggregate's) creates what 4 (the history's) alters: any other order fails.
      const history = [step(1, ['CREATE TABLE first (id TEXT)']), step(4, ['ALTER TABLE gadgets ADD COLUMN size INTEGER'])];
      const aggregate = [step(3, ['CREATE TABLE gadgets (id TEXT)'])];
      await migrate(db, [step(1, ['CREATE TABLE first (id TEXT)'])]);
      const schema = schemaInVersionOrder({ history, 'gadgets/store.ts': aggregate });
      expect(await schemaIsCurrent(db, schema)).toBe(false);
      await migrate(db, schema);
      expect(await schemaIsCurrent(db, schema)).toBe(true);
      await db.run('INSERT INTO gadgets (id, size) VALUES (?, ?)', ['g-1', 2]);
      const applied = await db.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(applied.map((r) => Number(r.version))).toEqual([1, 3, 4]);
    } finally {
      await db.close();
    }
  });
});

describe.each(backendKinds)('migrations on %s', (kind: BackendKind) => {
  it('apply once when several stores open one new database at the same time', async () => {
    const database = await createTestDatabase(kind);
    try {
      const stores = await Promise.all([0, 1, 2].map(() => database.openShared()));
      const org = freshOrg();
      const ws = await stores[0].workspaces.insert(newWorkspace(org, 'shared'));
      expect((await stores[2].workspaces.get(ws.id))?.name).toBe('shared');
      const raw = database.options.kind === 'sqlite' ? openSqliteDb(database.options.path) : openPostgresDb(database.options.url);
      try {
        await migrate(raw, SCHEMA); // applying again changes nothing
        const rows = await raw.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(rows.map((r) => Number(r.version))).toEqual(SCHEMA_VERSIONS);
        await raw.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [LATEST_SCHEMA_VERSION + 1, 'future', 'now']);
        await expect(openStore(database.options)).rejects.toThrow('newer than this program');
      } finally {
        await raw.close();
      }
    } finally {
      await database.drop();
    }
  });
});
