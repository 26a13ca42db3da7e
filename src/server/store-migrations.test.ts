import { LATEST_SCHEMA_VERSION, SCHEMA_VERSIONS, migrate } from './storage/migrations';
import { openPostgresDb } from './storage/postgres';
import { openSqliteDb } from './storage/sqlite';
import { openStore } from './store';
import { BackendKind, backendKinds, createTestDatabase, freshOrg, newWorkspace } from './test-support';

// Stores of several processes opening one new database at once (storage/migrations.ts's lock).

jest.setTimeout(30_000);

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
        await migrate(raw); // applying again changes nothing
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
