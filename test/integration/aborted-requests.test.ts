// Issue 37 item 0: whatever a request holds (its caller's share of the pool, a connection, a
// transaction) is given back however the request ends, also when its client goes away at any
// moment: in the middle of its headers, of its body, or while its statements run.
import net from 'node:net';
import { ORG, TOKENS, startService, type TestService } from '../helpers/service';
import { uniqueName } from '../helpers/workspace-assertions';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `head` and `body` on a socket of its own in two writes, `gapMs` apart, and closes it after `abortMs`. */
function abandon(url: string, head: string, body: string, gapMs: number, abortMs: number): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      setTimeout(() => socket.writable && socket.write(body), gapMs);
      setTimeout(() => socket.destroy(), abortMs);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

function createRequest(token: string, complete: boolean): { head: string; body: string } {
  const body = JSON.stringify({ data: { type: 'workspaces', attributes: { name: uniqueName('abandoned') } } });
  // An incomplete body declares more than it sends: the server is still reading it when the client leaves.
  const length = complete ? Buffer.byteLength(body) : Buffer.byteLength(body) + 100;
  const head =
    `POST /api/v2/organizations/${ORG}/workspaces HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: application/vnd.api+json\r\nContent-Length: ${length}\r\n\r\n`;
  return { head, body };
}

function listRequest(token: string): string {
  return `GET /api/v2/organizations/${ORG}/workspaces?page%5Bsize%5D=100 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`;
}

describe('requests whose client goes away', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ authFailureLimit: 0 });
  });
  afterAll(() => service.close());

  it('give back everything they held: the caller is answered again at once and the pool is idle', async () => {
    const token = TOKENS.owner;
    const attacks: Array<Promise<void>> = [];
    for (let round = 0; round < 60; round += 1) {
      const abortMs = 1 + Math.floor(Math.random() * 8);
      const kind = round % 3;
      if (kind === 0) {
        const { head, body } = createRequest(token, true);
        attacks.push(abandon(service.url, head, body, Math.floor(Math.random() * 4), abortMs));
      } else if (kind === 1) {
        const { head, body } = createRequest(token, false);
        attacks.push(abandon(service.url, head, body, 0, abortMs));
      } else attacks.push(abandon(service.url, listRequest(token), '', 0, abortMs));
      if (round % 10 === 9) await Promise.all(attacks.splice(0));
    }
    await Promise.all(attacks);
    // The caller runs more requests at once than its share of the pool, and every one is answered.
    const deadline = Date.now() + 5_000;
    let statuses: number[] = [];
    do {
      await sleep(50);
      const responses = await Promise.all(Array.from({ length: 6 }, () => service.request('GET', `/organizations/${ORG}/workspaces`, { token })));
      statuses = responses.map((response) => response.status);
    } while (statuses.some((status) => status !== 200) && Date.now() < deadline);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const created = await service.request('POST', `/organizations/${ORG}/workspaces`, {
      token,
      body: { data: { type: 'workspaces', attributes: { name: uniqueName('after') } } },
    });
    expect(created.status).toBe(201);
    // Nothing is still checked out of the pool (PostgreSQL; SQLite has no pool).
    const pool = service.server.service.store.health().pool;
    if (pool) {
      while (pool && service.server.service.store.health().pool!.inUse > 0 && Date.now() < deadline) await sleep(20);
      expect(service.server.service.store.health().pool!.inUse).toBe(0);
    }
  }, 30_000);
});
