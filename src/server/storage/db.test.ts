import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Db, UniqueViolationError, escapeLike, toNumberedPlaceholders } from './db';
import { openDatabase } from './index';
import { openPostgresDb } from './postgres';
import { openSqliteDb } from './sqlite';
import { BackendKind, FreshDatabase, backendKinds, createFreshDatabase } from './test-database';

jest.setTimeout(30_000);

describe('SQL helpers', () => {
  it('numbers placeholders and leaves question marks in quotes alone', () => {
    expect(toNumberedPlaceholders(`SELECT ?, '?', "a?" FROM t WHERE a = ? AND b = 'it''s?'`)).toBe(`SELECT $1, '?', "a?" FROM t WHERE a = $2 AND b = 'it''s?'`);
  });

  it('escapes LIKE metacharacters', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('the SQLite adapter', () => {
  let dir: string;
  let db: Db;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cdkws-db-'));
    db = openSqliteDb(join(dir, 'nested', 'folder', 'test.db'));
    await db.run('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)');
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the parent directory of the database file', () => {
    expect(existsSync(join(dir, 'nested', 'folder', 'test.db'))).toBe(true);
  });

  it('keeps statements of other callers out of an open transaction: reads see the committed state at once, writes wait for its end', async () => {
    await db.run("INSERT INTO t VALUES ('a', 0)");
    const seen: string[] = [];
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.run("UPDATE t SET v = 1 WHERE k = 'a'");
      await paused;
      await t.run("UPDATE t SET v = 2 WHERE k = 'a'");
      seen.push('committed');
    });
    await new Promise((r) => setImmediate(r));
    const write = db.run("UPDATE t SET v = v * 10 WHERE k = 'a'").then(() => seen.push('write'));
    try {
      // WAL: the read neither waits for the transaction nor sees its uncommitted change.
      expect(await db.get<{ v: number }>("SELECT v FROM t WHERE k = 'a'")).toEqual({ v: 0 });
      await new Promise((r) => setTimeout(r, 20));
      expect(seen).toEqual([]);
    } finally {
      release();
    }
    await Promise.all([tx, write]);
    expect(seen).toEqual(['committed', 'write']);
    expect(await db.get<{ v: number }>("SELECT v FROM t WHERE k = 'a'")).toEqual({ v: 20 });
  });

  it('commits transactions that wait together once (group commit), rolling back a failing one alone and answering none before the commit', async () => {
    const before = db.commitCount();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction(async (t) => {
          await t.run('INSERT INTO t VALUES (?, ?)', [`g${i}`, i]);
          if (i === 4) throw new Error('refused');
          // When this resolves, the row is committed: another connection reads it.
          return i;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(db.commitCount() - before).toBe(1);
    const other = openSqliteDb(join(dir, 'nested', 'folder', 'test.db'));
    try {
      expect((await other.all<{ k: string }>("SELECT k FROM t WHERE k LIKE 'g%' ORDER BY v")).map((r) => r.k)).toEqual([
        'g0',
        'g1',
        'g2',
        'g3',
        'g5',
        'g6',
        'g7',
        'g8',
        'g9',
      ]);
    } finally {
      await other.close();
    }
  });

  it('changes its change token at once when another handle of this process commits, within one turn', async () => {
    const other = openSqliteDb(join(dir, 'nested', 'folder', 'test.db'));
    try {
      const before = db.changeToken!();
      await other.run("INSERT INTO t VALUES ('other', 1)"); // no turn of the event loop passes
      expect(db.changeToken!()).not.toBe(before);
    } finally {
      await other.close();
    }
  });

  it("changes its change token once another process's commit can be known, in a later turn", async () => {
    const file = join(dir, 'nested', 'folder', 'test.db');
    const before = db.changeToken!();
    const script = `let d; try { d = new (require('node:sqlite').DatabaseSync)(process.argv[1]); } catch { d = new (require('better-sqlite3'))(process.argv[1]); } d.prepare("INSERT INTO t VALUES ('child', 2)").run(); d.close();`;
    await promisify(execFile)(process.execPath, ['-e', script, file], { cwd: process.cwd() });
    expect(await db.get('SELECT v FROM t WHERE k = ?', ['child'])).toEqual({ v: 2 });
    expect(db.changeToken!()).not.toBe(before);
  });

  it('rolls a failed transaction back and keeps the connection usable', async () => {
    await expect(
      db.transaction(async (t) => {
        await t.run("INSERT INTO t VALUES ('x', 1)");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.all('SELECT * FROM t')).toEqual([]);
    await db.run("INSERT INTO t VALUES ('y', 1)");
    expect(await db.get('SELECT k FROM t')).toEqual({ k: 'y' });
  });

  it('refuses a transaction handle used after its transaction ended', async () => {
    let leaked!: Db;
    await db.transaction(async (t) => {
      leaked = t;
    });
    await expect(leaked.run('SELECT 1')).rejects.toThrow('after its transaction ended');
  });

  it('reports unique violations as UniqueViolationError', async () => {
    await db.run("INSERT INTO t VALUES ('dup', 1)");
    await expect(db.run("INSERT INTO t VALUES ('dup', 2)")).rejects.toBeInstanceOf(UniqueViolationError);
  });

  it('keeps committed data when the database is opened again', async () => {
    await db.run("INSERT INTO t VALUES ('durable', 7)");
    await db.close();
    db = openSqliteDb(join(dir, 'nested', 'folder', 'test.db'));
    expect(await db.get('SELECT v FROM t WHERE k = ?', ['durable'])).toEqual({ v: 7 });
  });
});

describe.each(backendKinds)('nested transactions on %s', (kind: BackendKind) => {
  let database: FreshDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createFreshDatabase(kind);
    await (await openDatabase(database.options)).close(); // creates the database (and its folder)
    db = database.options.kind === 'sqlite' ? openSqliteDb(database.options.path) : openPostgresDb(database.options.url);
    await db.run('CREATE TABLE nested_t (k TEXT PRIMARY KEY)');
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('run on the handle without deadlock, undoing only a failed inner one and what it nested', async () => {
    await db.transaction(async (t) => {
      await t.run("INSERT INTO nested_t VALUES ('outer')");
      await t.transaction(async (inner) => inner.run("INSERT INTO nested_t VALUES ('kept')"));
      await expect(
        t.transaction(async (inner) => {
          await inner.run("INSERT INTO nested_t VALUES ('undone')");
          await inner.transaction(async (innermost) => innermost.run("INSERT INTO nested_t VALUES ('undone-too')"));
          throw new Error('inner failure');
        }),
      ).rejects.toThrow('inner failure');
      // Started together, they run one after another; the failed one leaves the other's row.
      const both = await Promise.allSettled([
        t.transaction(async (inner) => inner.run("INSERT INTO nested_t VALUES ('first')")),
        t.transaction(async (inner) => inner.run("INSERT INTO nested_t VALUES ('first')")),
      ]);
      expect(both.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
      expect((both[1] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolationError);
    });
    expect((await db.all<{ k: string }>('SELECT k FROM nested_t ORDER BY k')).map((r) => r.k)).toEqual(['first', 'kept', 'outer']);
  });
});
