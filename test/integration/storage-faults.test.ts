// Issue 22, item 1 on SQLite: a full disk, a database file that cannot be written and one whose
// write lock another process holds answer 503 with Retry-After and a code of the catalogue, like a
// PostgreSQL outage (faults.postgres.test.ts); reads go on, and the service is writable again as
// soon as the file is. The faults are the driver's own (SQLITE_FULL, SQLITE_READONLY, SQLITE_BUSY).
import { ERRORS } from '../../src/contract';
import { fillDisk, holdWriteLock, startSqliteFileService, type SqliteFileService } from '../helpers/storage-faults';
import { spawnServe } from '../helpers/processes';
import { ORG, TOKENS } from '../helpers/service';
import { StorageFaultError } from '../../src/server/storage/faults';
import { uniqueName } from '../helpers/workspace-assertions';

let service: SqliteFileService;

const create = (name: string) => service.request('POST', `/organizations/${ORG}/workspaces`, { body: { data: { type: 'workspaces', attributes: { name } } } });
const show = (name: string) => service.request('GET', `/organizations/${ORG}/workspaces/${name}`);

describe('a SQLite database that cannot be written', () => {
  beforeEach(async () => {
    service = await startSqliteFileService();
  });
  afterEach(async () => {
    await service.close();
  });

  it('answers writes 503 database-unavailable while the disk is full, reads 200, and writes again once there is room', async () => {
    const before = uniqueName('before');
    expect((await create(before)).status).toBe(201);
    const freeDisk = fillDisk(service.handle);
    const refused: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const name = uniqueName('full');
      const response = await create(name);
      if (response.status === 201) continue; // a page with room left takes a few
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.body.errors[0]).toMatchObject({ status: '503', code: ERRORS.databaseUnavailable.code });
      refused.push(name);
    }
    expect(refused.length).toBeGreaterThan(0);
    expect((await show(before)).status).toBe(200);
    for (const name of refused) expect((await show(name)).status).toBe(404);

    freeDisk();
    expect((await create(uniqueName('after'))).status).toBe(201);
    // One line when it went away, one when it was back: not one a request (the 404s of the shows
    // above are client errors, logged as such).
    expect(service.log.filter((line) => line.startsWith('database '))).toEqual([
      'database unavailable: database or disk is full (SQLITE_FULL); answering 503 until it is back',
      expect.stringMatching(/^database available again after \d+\.\d s$/),
    ]);
  });

  it('answers every kind of write 503 on a read-only database, and nothing changes', async () => {
    const name = uniqueName('ro');
    const created = await create(name);
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    service.handle.exec('PRAGMA query_only = 1');
    const writes = await Promise.all([
      create(uniqueName('ro')),
      service.request('PATCH', `/workspaces/${id}`, { body: { data: { type: 'workspaces', attributes: { description: 'changed' } } } }),
      service.request('POST', `/workspaces/${id}/actions/lock`, { body: { reason: 'x' } }),
      service.request('POST', `/workspaces/${id}/relationships/tags`, { body: { data: [{ type: 'tags', attributes: { name: 'prod' } }] } }),
    ]);
    for (const response of writes) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.body.errors[0].code).toBe(ERRORS.databaseUnavailable.code);
    }
    const shown = await show(name);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes).toMatchObject({ description: null, locked: false, 'tag-names': [] });
    service.handle.exec('PRAGMA query_only = 0');
    expect((await service.request('POST', `/workspaces/${id}/actions/lock`, { body: { reason: 'x' } })).status).toBe(200);
  });

  it('answers 503 database-busy while another process holds the write lock past the busy wait, and logs no outage', async () => {
    await service.close();
    service = await startSqliteFileService({ lockWaitMs: 20 });
    const lock = holdWriteLock(service.file);
    let response;
    try {
      response = await create(uniqueName('busy'));
    } finally {
      lock.release();
    }
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.body.errors[0].code).toBe(ERRORS.databaseBusy.code);
    expect(service.log).toEqual([]);
    expect((await create(uniqueName('busy'))).status).toBe(201);
  });
});

describe('the web console during an outage', () => {
  it('answers its pages 503 with Retry-After, logging no stack', async () => {
    const service = await startSqliteFileService();
    try {
      const login = await fetch(`${service.server.url}/app/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: TOKENS.owner }).toString(),
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0];
      // Reads of a SQLite file do not fail; the store reports what the PostgreSQL driver does in an outage.
      service.server.service.store.workspaces.list = () => Promise.reject(new StorageFaultError('unavailable', 'Connection terminated unexpectedly', false));
      const page = await fetch(`${service.server.url}/app/${ORG}/workspaces`, { headers: { cookie }, redirect: 'manual' });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('1');
      expect(await page.text()).toContain('Try again in a moment');
      expect(service.log).toEqual([]);
    } finally {
      await service.close();
    }
  });
});

describe('the bounds of cdkws serve', () => {
  it.each([
    [['--data', ':memory:', '--statement-timeout', '5'], /--statement-timeout and --database-pool apply to PostgreSQL \(--database\) only/],
    [['--database', 'postgres://127.0.0.1:1/none', '--statement-timeout', 'soon'], /--statement-timeout must be a number of seconds/],
    [['--database', 'postgres://127.0.0.1:1/none', '--database-pool', '0'], /--database-pool must be a whole number from 1 to 1000/],
  ])('refuses %j with a message naming the option', async (args, message) => {
    const outcome = await spawnServe(args, [], 15_000).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/exited \(code 1/);
    expect(outcome).toMatch(message);
  });
});
