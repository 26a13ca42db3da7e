// Team notifications on change request creation (spec "Events"; architecture "Emulator controls";
// decision 15). Deliveries go to a loopback server started here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORG, TOKENS, defaultBootstrap, startService } from '../helpers/service';
import { createChangeRequests, createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { acmeOf, editedBootstrap } from '../helpers/workspace-assertions';

interface Received {
  path: string;
  body: any;
  contentType: string | undefined;
}
const received: Received[] = [];
let flakyCalls = 0;
const hanging: http.ServerResponse[] = [];

/** /ok answers 204; /flaky fails twice then answers 200; /broken always 500; /redirect 302 to /ok; /hang never answers. */
const hooks = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString() || 'null'), contentType: req.headers['content-type'] });
    if (req.url === '/ok') res.writeHead(204).end();
    else if (req.url === '/flaky') res.writeHead(++flakyCalls <= 2 ? 503 : 200).end();
    else if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
    else if (req.url === '/hang') hanging.push(res);
    else res.writeHead(500).end();
  });
});

let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
});
// Options as a function: the hook server's address is known only once the beforeAll above has run.
/** The attempts and backoff these tests count on (the service's defaults are more patient). */
const DELIVERY = { attempts: 3, backoffMs: 500 };
const service = useService(() => ({
  notificationDelivery: DELIVERY,
  bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
    const team = (name: string) => acmeOf(b).teams.find((t: any) => t.name === name);
    team('admins')['notification-urls'] = [`${base}/ok`];
    team('writers')['notification-urls'] = [`${base}/flaky`];
    team('readers')['notification-urls'] = [`${base}/broken`, `${base}/redirect`];
    acmeOf(b).teams.push({
      name: 'nobody-here',
      members: [],
      'workspace-access': [{ workspace: 'some-other-workspace', access: 'admin' }],
      'notification-urls': [`${base}/ok`],
    });
  }),
}));
// After the service's own afterAll, so the service is closed before the hook server.
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => hooks.close(resolve));
});

async function notificationsOf(changeRequestId: string): Promise<any[]> {
  const response = await service.request('GET', '/_emulator/notifications', { token: TOKENS.emulator });
  expect(response.status).toBe(200);
  return response.body.data.filter((n: any) => n['change-request-id'] === changeRequestId);
}
/** Polls until `done` holds (deliveries run in the background). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const byTeam = (list: any[], team: string) => list.find((n) => n.team === team);

describe('change request notifications', () => {
  let ws: any;
  let id: string;
  beforeAll(async () => {
    ws = await createWorkspace(service);
    [id] = await createChangeRequests(service, [ws.id], { subject: 'Rotate the keys' });
  });

  it('records one notification per team with access to the workspace, with or without URLs', async () => {
    const list = await notificationsOf(id);
    expect(list.map((n) => n.team).sort()).toEqual(['admins', 'owners', 'platform', 'readers', 'writers']);
    for (const n of list) {
      expect(n).toEqual({
        team: n.team,
        'workspace-id': ws.id,
        'change-request-id': id,
        subject: 'Rotate the keys',
        'created-at': expect.any(String),
        deliveries: expect.any(Array),
      });
    }
    expect(byTeam(list, 'owners').deliveries).toEqual([]);
  });

  it('POSTs the notification as JSON to the team URL', async () => {
    const list = await eventually(
      () => notificationsOf(id),
      (l) => byTeam(l, 'admins').deliveries.length > 0,
    );
    expect(byTeam(list, 'admins').deliveries).toEqual([{ url: `${base}/ok`, attempt: 1, status: 204, error: null, at: expect.any(String) }]);
    const delivered = received.find((r) => r.path === '/ok' && r.body?.change_request?.id === id);
    expect(delivered?.contentType).toBe('application/json');
    expect(delivered?.body).toMatchObject({
      team: 'admins',
      organization: ORG,
      workspace: { id: ws.id, name: ws.attributes.name },
      change_request: { id, subject: 'Rotate the keys', message: 'm' },
    });
  });

  it('retries a failing URL with backoff until it succeeds', async () => {
    const list = await eventually(
      () => notificationsOf(id),
      (l) => byTeam(l, 'writers').deliveries.length >= 3,
    );
    const deliveries = byTeam(list, 'writers').deliveries;
    expect(deliveries.map((d: any) => [d.attempt, d.status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 200],
    ]);
    const gap = (i: number) => Date.parse(deliveries[i].at) - Date.parse(deliveries[i - 1].at);
    expect(gap(2)).toBeGreaterThan(gap(1));
  });

  it('gives up after three attempts and never follows a redirect away from the configured URL', async () => {
    const list = await eventually(
      () => notificationsOf(id),
      (l) => byTeam(l, 'readers').deliveries.length >= 6,
      10000,
    );
    const deliveries = byTeam(list, 'readers').deliveries;
    const to = (path: string) => deliveries.filter((d: any) => d.url === `${base}/${path}`);
    expect(to('broken').map((d: any) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    expect(to('redirect').map((d: any) => d.status)).toEqual([302, 302, 302]);
    expect(to('redirect').every((d: any) => d.error !== null)).toBe(true);
    // The redirect target (/ok) never received the readers' notification.
    expect(received.filter((r) => r.path === '/ok' && r.body?.team === 'readers')).toEqual([]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(byTeam(await notificationsOf(id), 'readers').deliveries).toHaveLength(6);
  });
});

describe('a webhook that never answers', () => {
  it('neither delays the API request nor keeps the service from closing', async () => {
    const slow = await startService({
      notificationDelivery: DELIVERY,
      bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
        acmeOf(b).teams.find((t: any) => t.name === 'admins')['notification-urls'] = [`${base}/hang`];
      }),
    });
    try {
      const ws = await createWorkspace(slow);
      const started = Date.now();
      const response = await slow.request('POST', `/organizations/${ORG}/explorer/bulk-actions`, {
        body: {
          data: { type: 'bulk_actions', attributes: { action_type: 'change_requests', action_inputs: { subject: 's', message: 'm' }, target_ids: [ws.id] } },
        },
      });
      expect(response.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      await eventually(
        async () => hanging.length,
        (n) => n > 0,
      );
      expect(hanging.length).toBeGreaterThan(0);
    } finally {
      const closing = Date.now();
      await slow.close();
      expect(Date.now() - closing).toBeLessThan(3000);
    }
  });
});
