// Issue 39 item 2: on PostgreSQL a show served again needs no statement, because every instance
// hears every commit (the change signal, src/server/storage/postgres-change-signal.ts), and it is
// never served from before a write: two instances on one database, a writer on each, and the
// listener connections killed (pg_terminate_backend) with a write landing while they are down.
import { Client } from 'pg';
import { LISTENER_APPLICATION_NAME } from '../../src/server/storage/postgres-change-signal';
import { createWorkspace } from '../helpers/fixtures';
import { startService, testStorage, type TestService } from '../helpers/service';

jest.setTimeout(60_000);

let one: TestService;
let two: TestService;
let url: string;

const token = (service: TestService) => service.server.service.store.changeToken();

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Statements sent by every pg client of this process (the services run in it) while `fn` runs,
 * but for the directory watch's (a timer that may tick meanwhile: it looks after every change).
 */
async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(Client.prototype, 'query');
  try {
    await fn();
    return spy.mock.calls.filter(([text]) => !/\bFROM meta\b/.test(String(text))).length;
  } finally {
    spy.mockRestore();
  }
}

const description = async (service: TestService, id: string) => {
  const shown = await service.request('GET', `/workspaces/${id}`);
  expect(shown.status).toBe(200);
  return shown.body.data.attributes.description as string;
};

const describeWrite = (service: TestService, id: string, text: string) =>
  service.request('PATCH', `/workspaces/${id}`, { body: { data: { type: 'workspaces', attributes: { description: text } } } }).then((answer) => {
    expect(answer.status).toBe(200);
  });

beforeAll(async () => {
  const storage = await testStorage();
  if (storage.kind !== 'postgres') throw new Error('a PostgreSQL suite: set CDKWS_TEST_DATABASE_URL');
  url = storage.url;
  one = await startService({ storage });
  two = await startService({ storage });
  await until('both instances listening', () => token(one) !== undefined && token(two) !== undefined);
});

afterAll(async () => {
  await one?.close();
  await two?.close();
});

describe('shows on two PostgreSQL instances', () => {
  it('serve a confirmed show without a statement and see every write of either instance', async () => {
    const ws = await createWorkspace(one, { description: 'first' });
    for (let round = 1; round <= 6; round++) {
      const [writer, other] = round % 2 ? [one, two] : [two, one];
      // Confirmed on both; shown again, no statement runs.
      for (const service of [one, two]) await description(service, ws.id);
      expect(await statementsDuring(async () => Promise.all([description(one, ws.id), description(two, ws.id)]))).toBe(0);

      await describeWrite(writer, ws.id, `round ${round}`);
      // The writer counts its own commit at once; the other instance once the notification arrives
      // (it travels over the listener's connection: milliseconds at most on loopback).
      expect(await description(writer, ws.id)).toBe(`round ${round}`);
      let seen = '';
      await until(`instance sees round ${round}`, async () => (seen = await description(other, ws.id)) === `round ${round}`, 2_000).catch(() => {
        throw new Error(`the other instance still shows "${seen}" after round ${round}`);
      });
    }
  });

  it('trust nothing while the listener is down, and nothing from before the loss once it is back', async () => {
    const ws = await createWorkspace(one, { description: 'before' });
    for (const service of [one, two]) await description(service, ws.id);
    expect(await statementsDuring(() => description(two, ws.id))).toBe(0);
    const before = token(two);

    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
        LISTENER_APPLICATION_NAME,
      ]);
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await until('the listeners notice', () => token(one) === undefined && token(two) === undefined);
    // Written while neither listens: its notification is never heard by anyone.
    await describeWrite(one, ws.id, 'while deaf');
    expect(token(two)).toBeUndefined();

    await until('both listening again', () => token(one) !== undefined && token(two) !== undefined);
    expect(token(two)).not.toBe(before);
    expect(await description(two, ws.id)).toBe('while deaf');
    expect(await description(one, ws.id)).toBe('while deaf');
    // Caching again, and still hearing the other instance.
    expect(await statementsDuring(() => description(two, ws.id))).toBe(0);
    await describeWrite(one, ws.id, 'after');
    await until('instance two sees the write after reconnecting', async () => (await description(two, ws.id)) === 'after', 2_000);
  });
});
