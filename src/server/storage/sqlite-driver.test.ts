import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SQLITE_DRIVER_ENV, chooseSqliteDriver, loadNodeSqlite, openSqliteConnection, readsOnly } from './sqlite-driver';

const hasNodeSqlite = loadNodeSqlite() !== null;

describe('choosing the SQLite driver', () => {
  it('takes node:sqlite where this Node.js has it, else better-sqlite3', () => {
    expect(chooseSqliteDriver({})).toBe(hasNodeSqlite ? 'node' : 'better-sqlite3');
  });

  it('follows CDKWS_SQLITE_DRIVER, and refuses a name it does not know or a driver this Node.js lacks', () => {
    expect(chooseSqliteDriver({ [SQLITE_DRIVER_ENV]: 'better-sqlite3' })).toBe('better-sqlite3');
    expect(() => chooseSqliteDriver({ [SQLITE_DRIVER_ENV]: 'sqlite4' })).toThrow(
      'CDKWS_SQLITE_DRIVER=sqlite4 names no SQLite driver: use node or better-sqlite3',
    );
    if (hasNodeSqlite) expect(chooseSqliteDriver({ [SQLITE_DRIVER_ENV]: 'node' })).toBe('node');
    else expect(() => chooseSqliteDriver({ [SQLITE_DRIVER_ENV]: 'node' })).toThrow('needs Node.js 22.13 or later');
  });

  it('tells reads from writes by their text where the driver cannot say (node:sqlite)', () => {
    expect(readsOnly('SELECT id FROM workspaces WHERE updated_at > ?')).toBe(true);
    expect(readsOnly('  with x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    expect(readsOnly('WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x')).toBe(false);
    expect(readsOnly('INSERT INTO t VALUES (1)')).toBe(false);
    expect(readsOnly('PRAGMA optimize')).toBe(false);
  });
});

(hasNodeSqlite ? describe : describe.skip)('the node:sqlite connection (Node.js 22.13 and later)', () => {
  it('names errors as better-sqlite3 does and gives blobs as Buffers', () => {
    const db = openSqliteConnection('node', ':memory:');
    try {
      db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, b BLOB)');
      db.prepare('INSERT INTO t VALUES (?, ?)').run('a', Buffer.from('bytes'));
      let error: unknown;
      try {
        db.prepare('INSERT INTO t VALUES (?, ?)').run('a', null);
      } catch (err) {
        error = err;
      }
      expect((error as { code?: string }).code).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
      const row = db.prepare('SELECT b FROM t').get() as { b: Buffer };
      expect(Buffer.isBuffer(row.b)).toBe(true);
      expect(row.b.toString('utf8')).toBe('bytes');
      expect(db.prepare('SELECT b FROM t').readonly).toBe(true);
    } finally {
      db.close();
    }
  });

  it("drops Node.js 22's ExperimentalWarning about SQLite and no other warning", async () => {
    const driver = path.resolve(__dirname, '..', '..', '..', 'dist', 'src', 'server', 'storage', 'sqlite-driver.js');
    const script = `require(process.argv[1]).loadNodeSqlite(); process.emitWarning('another feature', 'ExperimentalWarning'); process.emitWarning('something else');`;
    const { stderr } = await promisify(execFile)(process.execPath, ['-e', script, driver]);
    expect(stderr).not.toContain('SQLite is an experimental feature');
    expect(stderr).toContain('ExperimentalWarning: another feature');
    expect(stderr).toContain('Warning: something else');
  });
});
