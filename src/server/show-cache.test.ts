import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DirectoryIndex, EMULATOR_CALLER, organizationTokenCaller, userCaller } from './access';
import { mergeBootstrap } from './bootstrap';
import type { Reply } from './http/router';
import { RECORD_BYTES, ReplyCache, TurnChangeToken, WorkspaceShowCache } from './show-cache';
import { startServer } from './index';
import { openStore } from './store';
import { freshOrg, newWorkspace } from './test-support';
import type { Store } from './store';
import type { WorkspaceRecord } from './workspaces/records';

const emptyIndex = () => new DirectoryIndex(mergeBootstrap(null, { edition: 'hosted', 'emulator-admin-tokens': [], users: [], organizations: [] }));
const shown: Reply = { status: 200, raw: Buffer.from('{"data":{}}') };
const alice = userCaller('user-alice', 'alice');
const dave = userCaller('user-dave', 'dave');
const SHOW = '/api/v2/workspaces/ws-1';

describe('ReplyCache', () => {
  it('serves a reply only under the change token and directory it was made under', () => {
    const cache = new ReplyCache<Reply>();
    const index = emptyIndex();
    cache.remember(alice, SHOW, '3:1', index, shown);
    expect(cache.get(alice, SHOW, '3:1', index)).toBe(shown);
    expect(cache.get(alice, SHOW, '3:2', index)).toBeUndefined();
    expect(cache.get(alice, SHOW, '3:1', emptyIndex())).toBeUndefined();
  });

  it('keeps callers and request targets apart', () => {
    const cache = new ReplyCache<Reply>();
    const index = emptyIndex();
    cache.remember(alice, SHOW, '1:0', index, shown);
    expect(cache.get(dave, SHOW, '1:0', index)).toBeUndefined();
    expect(cache.get(alice, `${SHOW}?include=project`, '1:0', index)).toBeUndefined();
    expect(cache.get(organizationTokenCaller('acme'), SHOW, '1:0', index)).toBeUndefined();
  });

  it('never serves one kind of caller the reply of another, whatever their identifiers spell', () => {
    const cache = new ReplyCache<Reply>();
    const index = emptyIndex();
    const organizationReply: Reply = { status: 200, raw: Buffer.from('{"data":{"org":true}}') };
    cache.remember(organizationTokenCaller('acme'), SHOW, '1:0', index, organizationReply);
    // Identifiers that spell the other kinds' keys or the old `org:` form.
    for (const lookalike of ['org:acme', 'organization-token acme', 'acme', 'emulator']) {
      expect(cache.get(userCaller(lookalike, 'mallory'), SHOW, '1:0', index)).toBeUndefined();
    }
    cache.remember(EMULATOR_CALLER, SHOW, '1:0', index, shown);
    expect(cache.get(userCaller('emulator', 'mallory'), SHOW, '1:0', index)).toBeUndefined();
    expect(cache.get(organizationTokenCaller('acme'), SHOW, '1:0', index)).toBe(organizationReply);
  });

  it('keeps only successful pre-rendered replies without headers of their own', () => {
    const cache = new ReplyCache<Reply>();
    const index = emptyIndex();
    const refusals: Reply[] = [
      { status: 404, raw: Buffer.from('{}') },
      { status: 200, body: { data: {} } },
      { status: 200, raw: Buffer.from('{}'), headers: { 'x-ratelimit-limit': '30' } },
    ];
    refusals.forEach((reply, i) => cache.remember(alice, `${SHOW}-${i}`, '1:0', index, reply));
    refusals.forEach((_reply, i) => expect(cache.get(alice, `${SHOW}-${i}`, '1:0', index)).toBeUndefined());
  });
});

/** Runs `read` from a timer (setTimeout) or an immediate (setImmediate) callback. */
function startedFrom<T>(kind: 'timer' | 'immediate', read: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // `read` itself runs in the callback; only its answer is awaited.
    const run = (): void => void new Promise<T>((started) => started(read())).then(resolve, reject);
    if (kind === 'timer') setTimeout(run, 0);
    else setImmediate(run);
  });
}

describe('the show path on a database another connection writes', () => {
  let dir: string;
  let store: Store;
  /** Another connection on the same file, outside this process's stores: "another process". */
  let other: Database.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cdkws-show-cache-'));
    store = await openStore({ kind: 'sqlite', path: join(dir, 'service.db') });
    other = new Database(join(dir, 'service.db'), { timeout: 10_000 });
  });
  afterEach(async () => {
    other.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const renameElsewhere = (id: string, name: string) =>
    other.prepare('UPDATE workspaces SET name = ?, name_key = ?, version = version + 1 WHERE id = ?').run(name, name.toLowerCase(), id);

  describe.each(['timer', 'immediate'] as const)('a read started from a %s', (kind) => {
    it('sees a change token moved by a commit of another connection made just before', async () => {
      // The first reading happens in an immediate, then the other connection commits, then the
      // read starts from a timer or an immediate: a reading kept for the turn would miss the commit.
      const [before, after] = await new Promise<[string | undefined, string | undefined]>((resolve, reject) => {
        setImmediate(() => {
          const first = store.changeToken();
          other.prepare("INSERT INTO meta (key, value) VALUES ('probe', 'x') ON CONFLICT (key) DO UPDATE SET value = value || 'x'").run();
          startedFrom(kind, () => store.changeToken()).then((second) => resolve([first, second]), reject);
        });
      });
      expect(before).toBeDefined();
      expect(after).not.toBe(before);
    });

    it('serves the workspace as another connection left it, not the kept record', async () => {
      const cache = new WorkspaceShowCache();
      const organization = freshOrg();
      const created = await store.workspaces.insert(newWorkspace(organization, 'before'));
      expect((await cache.workspace(store, { id: created.id }))?.name).toBe('before');
      const shown = await new Promise<WorkspaceRecord | null>((resolve, reject) => {
        setImmediate(() => {
          void cache.workspace(store, { id: created.id }).then(() => {
            renameElsewhere(created.id, 'after');
            startedFrom(kind, () => cache.workspace(store, { id: created.id })).then(resolve, reject);
          }, reject);
        });
      });
      expect(shown?.name).toBe('after');
      expect((await cache.workspace(store, { organization, name: 'after' }))?.id).toBe(created.id);
      expect(await cache.workspace(store, { organization, name: 'before' })).toBeNull();
    });
  });

  it('answers each caller by its own access from a record confirmed without a statement, and refuses a non-member', async () => {
    const server = await startServer({
      storage: { kind: 'sqlite', path: join(dir, 'service.db') },
      bootstrap: join(__dirname, '..', '..', 'examples', 'bootstrap.json'),
      log: () => undefined,
      replyCache: false,
    });
    try {
      const created = await server.service.store.workspaces.insert(newWorkspace('acme', 'shared'));
      const show = async (token: string) => {
        const answer = await fetch(`${server.url}/api/v2/workspaces/${created.id}`, { headers: { authorization: `Bearer ${token}` } });
        return { status: answer.status, body: (await answer.json()) as any };
      };
      expect((await show('alice-token')).status).toBe(200); // reads the record and confirms it
      const stamps = jest.spyOn(server.service.store.workspaces, 'getStamp');
      const reads = jest.spyOn(server.service.store.workspaces, 'get');
      const owner = await show('alice-token');
      const reader = await show('dave-token');
      const outsider = await show('erin-token');
      expect([stamps.mock.calls.length, reads.mock.calls.length]).toEqual([0, 0]);
      expect(owner.body.data.attributes.permissions['can-update']).toBe(true);
      expect(reader.body.data.attributes.permissions['can-update']).toBe(false);
      expect(reader.body.data.attributes.permissions['can-queue-run']).toBe(false);
      expect(outsider.status).toBe(404);
      expect(outsider.body.errors[0].code).toBe('not-found');
    } finally {
      await server.close();
    }
  });

  it.each([true, false])('answers each show after a commit of another process with it (reply cache %s)', async (replyCache) => {
    const file = join(dir, 'service.db');
    const server = await startServer({
      storage: { kind: 'sqlite', path: file },
      bootstrap: join(__dirname, '..', '..', 'examples', 'bootstrap.json'),
      log: () => undefined,
      replyCache,
    });
    try {
      const created = await server.service.store.workspaces.insert(newWorkspace('acme', 'name-0'));
      const show = async () => {
        const answer = await fetch(`${server.url}/api/v2/workspaces/${created.id}`, { headers: { authorization: 'Bearer alice-token' } });
        return ((await answer.json()) as { data: { attributes: { name: string } } }).data.attributes.name;
      };
      // A separate node process writes the file, as a second `cdkws serve` on it would.
      const renameInAnotherProcess = (name: string) =>
        execFileSync(
          process.execPath,
          [
            '-e',
            "const db = new (require('better-sqlite3'))(process.argv[1], { timeout: 10000 }); db.prepare('UPDATE workspaces SET name = ?, name_key = ?, version = version + 1 WHERE id = ?').run(process.argv[2], process.argv[2], process.argv[3]); db.close();",
            file,
            name,
            created.id,
          ],
          { cwd: join(__dirname, '..', '..') },
        );
      for (let round = 1; round <= 3; round += 1) {
        expect(await show()).toBe(`name-${round - 1}`);
        expect(await show()).toBe(`name-${round - 1}`);
        renameInAnotherProcess(`name-${round}`);
        expect(await show()).toBe(`name-${round}`);
      }
    } finally {
      await server.close();
    }
  });

  it.each([true, false])(
    'answers a request sent after another connection committed, though a timer read the change token in that turn (reply cache %s)',
    async (replyCache) => {
      const server = await startServer({
        storage: { kind: 'sqlite', path: join(dir, 'service.db') },
        bootstrap: join(__dirname, '..', '..', 'examples', 'bootstrap.json'),
        log: () => undefined,
        replyCache,
      });
      try {
        const created = await server.service.store.workspaces.insert(newWorkspace('acme', 'before'));
        const show = async () => {
          const answer = await fetch(`${server.url}/api/v2/workspaces/${created.id}`, { headers: { authorization: 'Bearer alice-token' } });
          return ((await answer.json()) as { data: { attributes: { name: string } } }).data.attributes.name;
        };
        expect(await show()).toBe('before');
        expect(await show()).toBe('before'); // now from the reply cache, or the show cache confirmed under the turn's token
        const shown = await startedFrom('timer', async () => {
          await server.service.refreshDirectory(); // the directory watch's reading, in a timer
          renameElsewhere(created.id, 'after');
          return show();
        });
        expect(shown).toBe('after');
      } finally {
        await server.close();
      }
    },
  );

  it('trusts a record confirmed under the same change token without a statement, and any commit moves the token', async () => {
    const cache = new WorkspaceShowCache();
    const created = await store.workspaces.insert(newWorkspace(freshOrg(), 'before'));
    const stamps = jest.spyOn(store.workspaces, 'getStamp');
    const reads = jest.spyOn(store.workspaces, 'get');
    const show = async (token: string) => (await cache.workspace(store, { id: created.id }, token))?.name;
    /** The token as a request would read it now; it must differ from `last` after a commit. */
    const tokenAfterCommit = (last: string) => {
      const token = store.changeToken()!;
      expect(token).not.toBe(last);
      return token;
    };

    let token = store.changeToken()!;
    expect(await show(token)).toBe('before');
    expect(await show(token)).toBe('before');
    // The first show reads the record (nothing kept: no stamp to compare); the second, nothing.
    expect([stamps.mock.calls.length, reads.mock.calls.length]).toEqual([0, 1]);

    // Another connection (as another process would): SQLite's data_version moves.
    renameElsewhere(created.id, 'by-another-connection');
    token = tokenAfterCommit(token);
    expect(await show(token)).toBe('by-another-connection');
    expect([stamps.mock.calls.length, reads.mock.calls.length]).toEqual([1, 2]);

    // Another handle of this process on the same file: counted by the file's shared gate.
    const second = await openStore({ kind: 'sqlite', path: join(dir, 'service.db') });
    try {
      await second.locks.lock(created.id, 'user-alice', 'testing', new Date().toISOString());
    } finally {
      await second.close();
    }
    token = tokenAfterCommit(token);
    expect((await cache.workspace(store, { id: created.id }, token))?.locked).toBe(true);

    // This handle itself.
    await store.locks.unlock(created.id, 'user-alice', new Date().toISOString());
    token = tokenAfterCommit(token);
    expect((await cache.workspace(store, { id: created.id }, token))?.locked).toBe(false);
    expect([stamps.mock.calls.length, reads.mock.calls.length]).toEqual([3, 4]);
  });

  it('keeps one frozen record while the workspace is unchanged, and reads it again after any write', async () => {
    const cache = new WorkspaceShowCache();
    const created = await store.workspaces.insert(newWorkspace(freshOrg(), 'kept'));
    const first = await cache.workspace(store, { id: created.id });
    expect(await cache.workspace(store, { id: created.id })).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first!.settings)).toBe(true);
    expect(() => {
      (first!.settings as Record<string, unknown>).description = 'changed';
    }).toThrow(TypeError);

    await store.locks.lock(created.id, 'user-alice', 'testing', new Date().toISOString());
    const locked = await cache.workspace(store, { id: created.id });
    expect(locked).not.toBe(first);
    expect(locked?.locked).toBe(true);

    // Adding a change request raises the workspace's version: the record counts the open ones.
    await store.changeRequests.insertMany([
      { id: 'wscr-1', workspaceId: created.id, subject: 's', message: 'm', archivedBy: null, archivedAt: null, createdAt: 'now', updatedAt: 'now' },
    ]);
    expect((await cache.workspace(store, { id: created.id }))?.unarchivedChangeRequests).toBe(1);
  });
});

describe('TurnChangeToken.forRequest', () => {
  it('reads the change token once per turn of the event loop, and afresh in the next', async () => {
    let readings = 0;
    const store = { changeToken: () => `token-${++readings}`, commitCount: () => 0 };
    const turnToken = new TurnChangeToken();
    expect(turnToken.forRequest(store)).toBe('token-1');
    expect(turnToken.forRequest(store)).toBe('token-1');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(turnToken.forRequest(store)).toBe('token-2');
  });

  it("reads afresh within the turn once the store's own handle has committed", () => {
    let readings = 0;
    let commits = 0;
    const store = { changeToken: () => `token-${++readings}`, commitCount: () => commits };
    const turnToken = new TurnChangeToken();
    expect(turnToken.forRequest(store)).toBe('token-1');
    commits += 1; // a write request finished in this turn
    expect(turnToken.forRequest(store)).toBe('token-2');
    expect(turnToken.forRequest(store)).toBe('token-2');
  });
});

describe('WorkspaceShowCache documents', () => {
  /** What the show route does: the kept document, else one rendered and kept. */
  const documentOf = (cache: WorkspaceShowCache, record: WorkspaceRecord, variant: string, index: DirectoryIndex, render: () => Buffer) => {
    const kept = cache.keptDocument(record, variant, index);
    if (kept) return kept;
    const rendered = render();
    cache.keepDocument(record, variant, index, rendered);
    return rendered;
  };

  const record = (id: string, version: number) =>
    ({ id, version, unarchivedChangeRequests: 0, name: id, settings: {}, tagNames: [] }) as unknown as WorkspaceRecord;

  it('renders each variant once per version and directory index', () => {
    const cache = new WorkspaceShowCache();
    const index = emptyIndex();
    let renders = 0;
    const render = () => Buffer.from(`{"render":${++renders}}`);
    const v1 = record('ws-1', 1);
    expect(documentOf(cache, v1, 'admin', index, render).toString()).toBe('{"render":1}');
    expect(documentOf(cache, v1, 'admin', index, render).toString()).toBe('{"render":1}');
    expect(documentOf(cache, v1, 'read', index, render).toString()).toBe('{"render":2}');
    expect(documentOf(cache, record('ws-1', 2), 'admin', index, render).toString()).toBe('{"render":3}');
    // The directory changed (a project renamed, a team's access): render again.
    expect(documentOf(cache, record('ws-1', 2), 'admin', emptyIndex(), render).toString()).toBe('{"render":4}');
  });

  it('stays within its bytes, dropping the least recently used workspace first', () => {
    const document = Buffer.alloc(1_000);
    const cache = new WorkspaceShowCache(3 * (RECORD_BYTES + document.length + 10));
    const index = emptyIndex();
    let renders = 0;
    const render = () => (renders++, document);
    for (const id of ['ws-a', 'ws-b', 'ws-c']) documentOf(cache, record(id, 1), 'admin', index, render);
    documentOf(cache, record('ws-a', 1), 'admin', index, render); // now the most recently used
    documentOf(cache, record('ws-d', 1), 'admin', index, render); // pushes out ws-b
    expect(renders).toBe(4);
    documentOf(cache, record('ws-a', 1), 'admin', index, render);
    documentOf(cache, record('ws-c', 1), 'admin', index, render);
    expect(renders).toBe(4);
    documentOf(cache, record('ws-b', 1), 'admin', index, render);
    expect(renders).toBe(5);
  });
});
