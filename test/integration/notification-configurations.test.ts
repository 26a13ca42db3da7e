// Team notification configurations through the API and their durable outbox (issue 34 item 2):
// signed deliveries with an idempotency key, bounded retries with backoff, delivery responses, a
// delivery that survives the kill -9 of the instance that was making it, and two instances that
// never both deliver one claimed row. Deliveries go to a loopback server started here.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORG, TOKENS, createTestDatabaseUrl, defaultBootstrap, startService, usingPostgres, type TestService } from '../helpers/service';
import { createChangeRequests, createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { acmeOf, editedBootstrap } from '../helpers/workspace-assertions';
import { removeTemporaryStorage, sharedStorageArgs, spawnServe, stopServe, type ServeProcess } from '../helpers/processes';

jest.setTimeout(90_000);

interface Received {
  path: string;
  text: string;
  headers: http.IncomingHttpHeaders;
}
const received: Received[] = [];
const hanging: http.ServerResponse[] = [];
const hungOnce = new Set<string>();

/** /ok 204; /broken 500; /slow 200 after 300 ms; /hang-once never answers a delivery's first request, then 200. */
const hooks = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url ?? '', text: Buffer.concat(chunks).toString(), headers: req.headers });
    const key = String(req.headers['idempotency-key']);
    if (req.url === '/ok') res.writeHead(204).end();
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end('slow ok'), 300);
    else if (req.url === '/hang-once' && !hungOnce.has(key)) {
      hungOnce.add(key);
      hanging.push(res);
    } else if (req.url === '/hang-once') res.writeHead(200).end();
    else res.writeHead(500).end('broken');
  });
});
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
});

const WRITERS = 'team-writers-hooks';
const READERS = 'team-readers-hooks';
function bootstrap(): any {
  return editedBootstrap(defaultBootstrap(), (b) => {
    const team = (name: string) => acmeOf(b).teams.find((t: any) => t.name === name);
    team('writers').id = WRITERS;
    team('readers').id = READERS;
    team('readers')['notification-urls'] = [`${base}/ok`];
  });
}

const service = useService(() => ({ bootstrap: bootstrap(), notificationDelivery: { attempts: 3, backoffMs: 300 } }));
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => hooks.close(resolve));
});

const hookBody = (attributes: Record<string, unknown>) => ({
  data: {
    type: 'notification-configurations',
    attributes: { 'destination-type': 'generic', enabled: true, triggers: ['change_request:created'], ...attributes },
  },
});

async function createHook(target: Pick<TestService, 'request'>, team: string, attributes: Record<string, unknown>): Promise<any> {
  const made = await target.request('POST', `/teams/${team}/notification-configurations`, { token: TOKENS.owner, body: hookBody(attributes) });
  expect([made.status, made.text]).toEqual([201, made.text]);
  return made.body.data;
}

/** Polls until `done` holds (deliveries run in the background). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const responsesOf = async (target: Pick<TestService, 'request'>, id: string): Promise<any[]> =>
  (await target.request('GET', `/notification-configurations/${id}`, { token: TOKENS.owner })).body.data.attributes['delivery-responses'];
const deliveriesTo = (hookPath: string, changeRequestId: string) => received.filter((r) => r.path === hookPath && r.text.includes(changeRequestId));

describe('the API', () => {
  it('creates, lists, shows, updates and deletes a configuration; the token is never answered', async () => {
    const made = await createHook(service, WRITERS, { name: 'ops', url: `${base}/ok`, token: 'never-shown' });
    expect(made).toMatchObject({
      type: 'notification-configurations',
      attributes: { name: 'ops', url: `${base}/ok`, token: null, enabled: true, 'destination-type': 'generic', 'delivery-responses': [] },
      relationships: { subscribable: { data: { id: WRITERS, type: 'teams' } } },
    });
    const listed = await service.request('GET', `/teams/${WRITERS}/notification-configurations`);
    expect(listed.body.data.map((c: any) => c.id)).toContain(made.id);
    expect(listed.text).not.toContain('never-shown');
    const updated = await service.request('PATCH', `/notification-configurations/${made.id}`, {
      body: { data: { type: 'notification-configurations', attributes: { name: 'renamed', enabled: false } } },
    });
    expect(updated.body.data.attributes).toMatchObject({ name: 'renamed', enabled: false, token: null });
    expect((await service.request('DELETE', `/notification-configurations/${made.id}`)).status).toBe(204);
    expect((await service.request('GET', `/notification-configurations/${made.id}`)).status).toBe(404);
  });

  it('refuses other destinations and triggers with their codes, a missing url, and callers who do not own the organization', async () => {
    const post = (attributes: Record<string, unknown>, token: string = TOKENS.owner) =>
      service.request('POST', `/teams/${WRITERS}/notification-configurations`, { token, body: hookBody({ name: 'x', url: `${base}/ok`, ...attributes }) });
    const codeOf = async (attributes: Record<string, unknown>) => (await post(attributes)).body.errors[0].code;
    expect(await codeOf({ 'destination-type': 'slack' })).toBe('notification-destination-unsupported');
    expect(await codeOf({ triggers: ['run:created'] })).toBe('notification-trigger-unsupported');
    expect(await codeOf({ url: undefined })).toBe('invalid-attribute');
    expect(await codeOf({ url: 'ftp://example.com/' })).toBe('invalid-attribute');
    expect((await post({}, TOKENS.writer)).status).toBe(403);
    expect((await post({}, TOKENS.outsider)).status).toBe(404);
  });

  it('seeds the bootstrap file’s notification-urls as configurations of their team', async () => {
    const listed = await service.request('GET', `/teams/${READERS}/notification-configurations`);
    expect(listed.body.data.map((c: any) => [c.attributes.url, c.attributes.enabled, c.attributes.triggers])).toEqual([
      [`${base}/ok`, true, ['change_request:created']],
    ]);
  });
});

describe('the client', () => {
  it('creates, verifies, updates, lists and deletes a configuration', async () => {
    const client = service.clientFor(TOKENS.owner);
    const made = await client.notificationConfigurations.create(WRITERS, { name: 'by the client', url: `${base}/ok`, token: 'client-secret' });
    expect(made).toMatchObject({ teamId: WRITERS, enabled: true, triggers: ['change_request:created'], deliveryResponses: [] });
    const verified = await client.notificationConfigurations.verify(made.id);
    expect(verified.deliveryResponses[0]).toMatchObject({ status: 204, successful: true });
    expect((await client.notificationConfigurations.update(made.id, { enabled: false, token: null })).enabled).toBe(false);
    expect((await client.notificationConfigurations.list(WRITERS)).items.map((c) => c.id)).toContain(made.id);
    expect(await client.notificationConfigurations.delete(made.id)).toBe(true);
    expect(await client.notificationConfigurations.read(made.id)).toBeNull();
    expect(await client.notificationConfigurations.delete(made.id)).toBe(false);
  });
});

describe('deliveries', () => {
  it('are signed with the configuration’s token and carry an idempotency key; the response is readable', async () => {
    const hook = await createHook(service, WRITERS, { name: 'signed', url: `${base}/ok`, token: 'hook-secret' });
    const ws = await createWorkspace(service);
    const [id] = await createChangeRequests(service, [ws.id], { subject: 'Signed' });
    const [delivery] = await eventually(
      async () => deliveriesTo('/ok', id).filter((r) => JSON.parse(r.text).notification_configuration_id === hook.id),
      (list) => list.length > 0,
    );
    expect(delivery.headers['content-type']).toBe('application/json');
    const expected = createHmac('sha512', 'hook-secret').update(delivery.text).digest('hex');
    expect(delivery.headers['x-tfe-notification-signature']).toBe(expected);
    expect(delivery.headers['idempotency-key']).toMatch(/^nd-/);
    expect(JSON.parse(delivery.text)).toMatchObject({
      trigger: 'change_request:created',
      organization: ORG,
      team: 'writers',
      workspace: { id: ws.id },
      change_request: { id, subject: 'Signed' },
    });
    // The seeded configuration has no token: its deliveries are not signed.
    const unsigned = await eventually(
      async () => deliveriesTo('/ok', id).filter((r) => JSON.parse(r.text).team === 'readers'),
      (list) => list.length > 0,
    );
    expect(unsigned[0].headers['x-tfe-notification-signature']).toBeUndefined();
    const responses = await eventually(
      () => responsesOf(service, hook.id),
      (list) => list.length > 0,
    );
    expect(responses[0]).toMatchObject({ url: `${base}/ok`, code: '204', successful: 'true', attempt: 1 });
  });

  it('retry with exponential backoff and stop after the last attempt', async () => {
    const hook = await createHook(service, WRITERS, { name: 'broken', url: `${base}/broken` });
    const ws = await createWorkspace(service);
    await createChangeRequests(service, [ws.id]);
    const responses = await eventually(
      () => responsesOf(service, hook.id),
      (list) => list.length >= 3,
    );
    expect(responses.map((r) => [r.attempt, r.code, r.successful])).toEqual([
      [3, '500', 'false'],
      [2, '500', 'false'],
      [1, '500', 'false'],
    ]);
    const at = responses.map((r) => Date.parse(r['sent-at'])).reverse();
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(300);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(600);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await responsesOf(service, hook.id)).toHaveLength(3);
  });

  it('verify sends a signed test delivery at once and answers its response first', async () => {
    const hook = await createHook(service, WRITERS, { name: 'verified', url: `${base}/ok`, token: 'verify-secret' });
    const verified = await service.request('POST', `/notification-configurations/${hook.id}/actions/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.data.attributes['delivery-responses'][0]).toMatchObject({ code: '204', successful: 'true' });
    const sent = received.filter((r) => r.path === '/ok' && r.text.includes(hook.id) && JSON.parse(r.text).trigger === 'verification');
    expect(sent).toHaveLength(1);
    expect(sent[0].headers['x-tfe-notification-signature']).toBe(createHmac('sha512', 'verify-secret').update(sent[0].text).digest('hex'));
  });
});

describe('the outbox across instances', () => {
  const started: ServeProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(started.splice(0).map((p) => stopServe(p, 'SIGTERM')));
    removeTemporaryStorage();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a delivery survives the kill -9 of the instance making it: another instance delivers it, with the same key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-outbox-'));
    dirs.push(dir);
    const bootstrapFile = path.join(dir, 'bootstrap.json');
    writeFileSync(bootstrapFile, JSON.stringify(bootstrap()));
    const storage = await sharedStorageArgs();
    // On PostgreSQL both processes need the key that seals the hook's token.
    const keyArgs = storage[0] === '--database' ? ['--encryption-key-file', path.join(dir, 'encryption.key')] : [];
    const first = await spawnServe(storage, keyArgs, 30000, bootstrapFile);
    started.push(first);
    const hook = await createHook(first, WRITERS, { name: 'survives', url: `${base}/hang-once`, token: 'crash-secret' });
    const ws = (
      await first.request('POST', `/organizations/${ORG}/workspaces`, { body: { data: { type: 'workspaces', attributes: { name: `outbox-${Date.now()}` } } } })
    ).body.data;
    const bulk = await first.request('POST', `/organizations/${ORG}/explorer/bulk-actions`, {
      body: {
        data: { type: 'bulk_actions', attributes: { action_type: 'change_requests', action_inputs: { subject: 'crash', message: 'm' }, target_ids: [ws.id] } },
      },
    });
    expect(bulk.status).toBe(201);
    const crId = bulk.body.meta['change-request-ids'][0];
    // The first attempt is in flight (the hook holds it open) when the instance dies.
    const [firstAttempt] = await eventually(
      async () => deliveriesTo('/hang-once', crId),
      (list) => list.length > 0,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await spawnServe(storage, keyArgs, 30000, bootstrapFile);
    started.push(second);
    const attempts = await eventually(
      async () => deliveriesTo('/hang-once', crId),
      (list) => list.length > 1,
      45_000,
    );
    expect(attempts[1].headers['idempotency-key']).toBe(firstAttempt.headers['idempotency-key']);
    expect(attempts[1].headers['x-tfe-notification-signature']).toBe(createHmac('sha512', 'crash-secret').update(attempts[1].text).digest('hex'));
    const responses = await eventually(
      () => responsesOf(second, hook.id),
      (list) => list.some((r) => r.successful === 'true'),
    );
    expect(responses[0]).toMatchObject({ code: '200', successful: 'true', attempt: 2 });
  });

  it('two instances on one store deliver each row once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-outbox-two-'));
    dirs.push(dir);
    const storage = usingPostgres()
      ? { kind: 'postgres' as const, url: await createTestDatabaseUrl() }
      : { kind: 'sqlite' as const, path: path.join(dir, 'service.db') };
    const options = { storage, bootstrap: bootstrap(), encryptionKeyFile: path.join(dir, 'encryption.key'), notificationDelivery: { pollMs: 20, batch: 1 } };
    const a = await startService(options);
    const b = await startService(options);
    try {
      await createHook(a, WRITERS, { name: 'slow', url: `${base}/slow` });
      const workspaces = await Promise.all(Array.from({ length: 8 }, () => createWorkspace(a)));
      const ids = await createChangeRequests(
        a,
        workspaces.map((w) => w.id),
      );
      const slow = await eventually(
        async () => received.filter((r) => r.path === '/slow' && ids.some((id) => r.text.includes(id))),
        (list) => list.length >= ids.length,
      );
      // Wait past several polls of both: no row is delivered a second time.
      await new Promise((r) => setTimeout(r, 1000));
      const keys = received.filter((r) => r.path === '/slow' && ids.some((id) => r.text.includes(id))).map((r) => r.headers['idempotency-key']);
      expect(keys).toHaveLength(ids.length);
      expect(new Set(keys).size).toBe(ids.length);
      expect(slow.length).toBe(ids.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
