// Spawned `cdkws serve` processes — architecture "Starting the service": the `listening on` line,
// several processes on one store, SIGTERM → exit 0, acknowledged writes (a state version too) survive kill -9.
// The two-process lock race: 50 concurrent locks over two processes give exactly one 200.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { ORG, TOKENS } from '../helpers/service';
import { removeTemporaryStorage, sharedStorageArgs, spawnServe, stopServe, type ServeProcess } from '../helpers/processes';
import { uniqueName } from '../helpers/workspace-assertions';
import { inlineStateVersionBody, terraformState } from '../helpers/fixtures';

jest.setTimeout(60_000);

const started: ServeProcess[] = [];

/** The exit of a process, or 'still running' after `ms`: a clean stop must not wait on idle keep-alive connections. */
async function exitWithin(server: ServeProcess, ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms);
  });
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  return result;
}
async function serve(storageArgs: string[]): Promise<ServeProcess> {
  const process_ = await spawnServe(storageArgs);
  started.push(process_);
  return process_;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => stopServe(p, 'SIGKILL')));
});
afterAll(() => {
  removeTemporaryStorage();
});

async function create(server: ServeProcess, name: string): Promise<any> {
  const response = await server.request('POST', `/organizations/${ORG}/workspaces`, { body: { data: { type: 'workspaces', attributes: { name } } } });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body.data;
}

describe('a serve process', () => {
  it('prints "listening on http://HOST:PORT" and serves the API root under it', async () => {
    const server = await serve(await sharedStorageArgs());
    expect(server.output().stdout).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
    const response = await server.request('GET', `/organizations/${ORG}/workspaces`);
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.data)).toBe(true);
  });

  it('exits 0 on SIGTERM', async () => {
    const server = await serve(await sharedStorageArgs());
    await create(server, uniqueName('term'));
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toEqual({ code: 0, signal: null });
  });

  it('finishes a request in flight before exiting on SIGTERM', async () => {
    const storageArgs = await sharedStorageArgs();
    const server = await serve(storageArgs);
    const name = uniqueName('in-flight');
    const body = JSON.stringify({ data: { type: 'workspaces', attributes: { name } } });
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    // The request is in flight: its headers and half its body are with the service when SIGTERM arrives.
    const half = Math.floor(body.length / 2);
    socket.write(
      `POST /api/v2/organizations/${ORG}/workspaces HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${TOKENS.owner}\r\nConnection: close\r\n` +
        `Content-Type: application/vnd.api+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    await delay(300);
    server.child.kill('SIGTERM');
    await delay(300);
    // write, not end: a client's FIN before its answer tells the server nobody will read one.
    socket.write(body.slice(half));
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 201 /);
    expect(await exitWithin(server, 10_000)).toEqual({ code: 0, signal: null });

    // The acknowledged create is there for the next process on the same storage.
    const next = await serve(storageArgs);
    expect((await next.request('GET', `/organizations/${ORG}/workspaces/${name}`)).status).toBe(200);
  });

  it('keeps acknowledged writes after kill -9 and a restart on the same storage', async () => {
    const storageArgs = await sharedStorageArgs();
    const server = await serve(storageArgs);
    const name = uniqueName('durable');
    const ws = await create(server, name);
    const locked = await server.request('POST', `/workspaces/${ws.id}/actions/lock`, { body: { reason: 'before crash' } });
    expect(locked.status).toBe(200);
    const patched = await server.request('PATCH', `/workspaces/${ws.id}`, {
      body: { data: { type: 'workspaces', attributes: { description: 'acknowledged' } } },
    });
    expect(patched.status).toBe(200);
    const state = terraformState({ resources: 1, outputs: { kept: { value: 'after the crash' } } });
    const written = await server.request('POST', `/workspaces/${ws.id}/state-versions`, { body: inlineStateVersionBody(state) });
    expect(written.status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;

    const restarted = await serve(storageArgs);
    const shown = await restarted.request('GET', `/organizations/${ORG}/workspaces/${name}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.id).toBe(ws.id);
    expect(shown.body.data.attributes).toMatchObject({ description: 'acknowledged', locked: true, 'locked-reason': 'before crash', 'resource-count': 1 });
    // The acknowledged state version too, readable with the key the first process made.
    expect((await restarted.request('GET', `/state-versions/${written.body.data.id}/download`)).text).toBe(state);
  });

  it('fails to start with a clear message when the bootstrap file does not exist', async () => {
    const outcome = await spawnServe(await sharedStorageArgs(), ['--bootstrap', '/nonexistent/bootstrap.json'], 15000).then(
      (p) => {
        started.push(p);
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/exited \(code [1-9]\d*/);
    expect(outcome).toMatch(/bootstrap/i);
  });
});

describe('two serve processes sharing one store', () => {
  it("see each other's writes", async () => {
    const storageArgs = await sharedStorageArgs();
    const a = await serve(storageArgs);
    const b = await serve(storageArgs);
    const ws = await create(a, uniqueName('shared'));
    const shown = await b.request('GET', `/workspaces/${ws.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.name).toBe(ws.attributes.name);
  });

  it('show a write made through the other process at once, though the same show was answered just before', async () => {
    const storageArgs = await sharedStorageArgs();
    const [a, b] = await Promise.all([serve(storageArgs), serve(storageArgs)]);
    const ws = await create(a, uniqueName('cached'));
    for (let i = 0; i < 3; i += 1) expect((await b.request('GET', `/workspaces/${ws.id}`)).body.data.attributes.description).toBe(ws.attributes.description);
    const patched = await a.request('PATCH', `/workspaces/${ws.id}`, { body: { data: { type: 'workspaces', attributes: { description: 'from a' } } } });
    expect(patched.status).toBe(200);
    expect((await b.request('GET', `/workspaces/${ws.id}`)).body.data.attributes.description).toBe('from a');
  });

  it('give exactly one 200 to 50 concurrent lock requests on one workspace', async () => {
    const storageArgs = await sharedStorageArgs();
    const [a, b] = await Promise.all([serve(storageArgs), serve(storageArgs)]);
    const ws = await create(a, uniqueName('race'));
    const tokens = [TOKENS.owner, TOKENS.admin, TOKENS.writer, TOKENS.org];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? b : a).request('POST', `/workspaces/${ws.id}/actions/lock`, { token: tokens[i % tokens.length], body: { reason: `attempt ${i}` } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = responses.find((r) => r.status === 200)!;
    const shown = await b.request('GET', `/workspaces/${ws.id}`);
    expect(shown.body.data.attributes['locked-reason']).toBe(winner.body.data.attributes['locked-reason']);
  });

  it('let exactly one of concurrent creates of one name win across processes', async () => {
    const storageArgs = await sharedStorageArgs();
    const [a, b] = await Promise.all([serve(storageArgs), serve(storageArgs)]);
    const name = uniqueName('dup');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).request('POST', `/organizations/${ORG}/workspaces`, { body: { data: { type: 'workspaces', attributes: { name } } } }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 422)).toHaveLength(19);
  });

  it('let exactly one of concurrent unlocks win after a lock', async () => {
    const storageArgs = await sharedStorageArgs();
    const [a, b] = await Promise.all([serve(storageArgs), serve(storageArgs)]);
    const ws = await create(a, uniqueName('unlock'));
    expect((await a.request('POST', `/workspaces/${ws.id}/actions/lock`)).status).toBe(200);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? b : a).request('POST', `/workspaces/${ws.id}/actions/unlock`)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
  });
});

describe('cdkws serve --pid-file', () => {
  it('names the serving process itself once listening, and is removed when it stops', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-pid-'));
    const pidFile = path.join(dir, 'serve.pid');
    try {
      const server = await spawnServe(['--data', ':memory:'], ['--pid-file', pidFile]);
      started.push(server);
      expect(readFileSync(pidFile, 'utf8')).toBe(`${server.child.pid}\n`);
      process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(pidFile)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
