// The console over plain HTTP: self-html links resolve, sign-in and sign-out, access follows the
// API's, and the one write (archiving) needs write access, the session's CSRF token and this origin.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServerCertificate } from '../../src/provider/protocol/cert';
import { startServer } from '../../src/server';
import { ConsoleApp } from '../../src/server/console/app';
import { buildRouter } from '../../src/server/routes';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { createChangeRequests } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { getPage, seedWorkspace, signIn } from './console-support';

describe('the console over HTTP', () => {
  const service = useService();
  let owner: string;
  let requestId: string;

  beforeAll(async () => {
    const id = await seedWorkspace(service, ORG, { name: 'links-a', tags: ['prod'] });
    await seedWorkspace(service, ORG, { name: 'links-b', project: 'prj-platform' });
    await seedWorkspace(service, 'freeco', { name: 'links-free' }, TOKENS.outsider);
    [requestId] = await createChangeRequests(service, [id], { subject: 'Tidy up', message: 'Remove the *old* bucket.' });
    owner = await signIn(service, TOKENS.owner);
  });

  it('resolves every self-html link the API emits, for the caller the API emitted it to', async () => {
    for (const [organization, token] of [
      [ORG, TOKENS.owner],
      ['freeco', TOKENS.outsider],
    ] as const) {
      const cookie = await signIn(service, token);
      const list = await service.request('GET', `/organizations/${organization}/workspaces`, { token });
      expect(list.body.data.length).toBeGreaterThan(0);
      for (const ws of list.body.data) {
        const page = await getPage(service, ws.links['self-html'], cookie);
        expect(page.status).toBe(200);
        expect(page.text).toContain(`<h1>${ws.attributes.name}</h1>`);
      }
    }
  });

  it('sends a signed-out visitor to the sign-in form and back to the page afterwards', async () => {
    const response = await fetch(`${service.url}/app/${ORG}/workspaces?sort=name`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toBe(`/app/login?next=${encodeURIComponent(`/app/${ORG}/workspaces?sort=name`)}`);
    const form = await (await fetch(service.url + location)).text();
    expect(form).toContain('name="next" value="/app/acme/workspaces?sort=name"');
    const login = await fetch(`${service.url}/app/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: TOKENS.reader, next: `/app/${ORG}/workspaces?sort=name` }).toString(),
    });
    expect(login.headers.get('location')).toBe(`/app/${ORG}/workspaces?sort=name`);
  });

  it('refuses unknown and emulator tokens without echoing them, and never redirects off-site', async () => {
    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${service.url}/app/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body).toString(),
      });
    const wrong = await post({ token: 'not-a-token-<b>' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).not.toContain('not-a-token');
    const emulator = await post({ token: TOKENS.emulator });
    expect(emulator.status).toBe(401);
    expect(await emulator.text()).toContain('Emulator admin tokens have no console pages');
    expect((await post({ token: TOKENS.owner, next: '//evil.example/app' })).headers.get('location')).toBe('/app');
    expect((await post({ token: TOKENS.owner, next: 'https://evil.example/' })).headers.get('location')).toBe('/app');
    expect((await post({ token: TOKENS.owner }, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('signs in with an organization token, which sees only its organization', async () => {
    const cookie = await signIn(service, TOKENS.org);
    const home = await getPage(service, '/app', cookie);
    expect(home.text).toContain('organization token of acme');
    expect(home.text).toContain('href="/app/acme/workspaces"');
    expect(home.text).not.toContain('freeco');
    expect((await getPage(service, '/app/freeco/workspaces/links-free', cookie)).status).toBe(404);
  });

  it('answers 404 for organizations and workspaces the user may not see, like missing ones', async () => {
    const outsider = await signIn(service, TOKENS.outsider);
    const hidden = await getPage(service, `/app/${ORG}/workspaces/links-a`, outsider);
    const hiddenOrg = await getPage(service, `/app/${ORG}/workspaces`, outsider);
    const missing = await getPage(service, '/app/freeco/workspaces/nothing-here', outsider);
    expect([hidden.status, hiddenOrg.status, missing.status]).toEqual([404, 404, 404]);
    expect(hidden.text).toBe(missing.text);
    expect(hiddenOrg.text).toBe(missing.text);
  });

  it('lets a reader see change requests but not archive them', async () => {
    const reader = await signIn(service, TOKENS.reader);
    const page = await getPage(service, `/app/${ORG}/workspaces/links-a`, reader);
    expect(page.text).toContain('Remove the <em>old</em> bucket.');
    expect(page.text).not.toContain('/archive"');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1];
    const refused = await fetch(`${service.url}/app/${ORG}/workspaces/links-a/change-requests/${requestId}/archive`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: reader, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('needs write access');
    expect((await service.request('GET', `/change-requests/${requestId}`)).body.data.attributes['archived-at']).toBeNull();
  });

  it('archives only through the workspace the request belongs to', async () => {
    const page = await getPage(service, `/app/${ORG}/workspaces/links-a`, owner);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1];
    const archive = (workspace: string) =>
      fetch(`${service.url}/app/${ORG}/workspaces/${workspace}/change-requests/${requestId}/archive`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: owner, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf }).toString(),
      });
    expect((await archive('links-b')).status).toBe(404);
    const done = await archive('links-a');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/app/${ORG}/workspaces/links-a#change-requests`);
    expect((await archive('links-a')).status).toBe(400);
  });

  it('ends the session for good on sign-out with its CSRF token, and refuses a tampered cookie', async () => {
    const cookie = await signIn(service, TOKENS.writer);
    const csrf = /name="csrf" value="([^"]+)"/.exec((await getPage(service, '/app', cookie)).text)![1];
    const signOut = (form: Record<string, string> | null) =>
      fetch(`${service.url}/app/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: form ? { cookie, 'content-type': 'application/x-www-form-urlencoded' } : { cookie },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
    // Another site cannot sign the user out: without the session's CSRF token nothing ends.
    expect((await signOut(null)).status).toBe(403);
    expect((await signOut({ csrf: 'forged' })).status).toBe(403);
    // A GET shows the form and signs nobody out.
    const form = await getPage(service, '/app/logout', cookie);
    expect(form.status).toBe(200);
    expect(form.text).toContain('action="/app/logout"');
    expect((await getPage(service, '/app', cookie)).status).toBe(200);
    const out = await signOut({ csrf });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/^cdkws_session=; Path=\/app; Max-Age=0; HttpOnly; SameSite=Strict/);
    // The old cookie, replayed with its CSRF token, is worth nothing now.
    expect((await getPage(service, '/app', cookie)).status).toBe(303);
    expect((await signOut({ csrf })).status).toBe(303);
    expect((await getPage(service, '/app', cookie)).status).toBe(303);
    const tampered = `${(await signIn(service, TOKENS.writer)).slice(0, -3)}xyz`;
    expect((await getPage(service, '/app', tampered)).status).toBe(303);
  });

  it('serves its stylesheet and answers unknown console paths with the 404 page', async () => {
    const css = await fetch(`${service.url}/app/console.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await getPage(service, '/app/acme/projects', owner)).status).toBe(404);
    expect((await getPage(service, '/app/acme/workspaces/links-a/extra', owner)).status).toBe(404);
    expect((await getPage(service, '/app/%E0%A4%A', owner)).status).toBe(404);
  });

  it('sends no HSTS over plain HTTP', async () => {
    expect((await fetch(`${service.url}/app/login`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('marks the session cookie Secure and sends HSTS when the console is served over TLS', async () => {
    const running = await startServer({ storage: { kind: 'sqlite', path: ':memory:' }, bootstrap: defaultBootstrap(), log: () => {} });
    const app = new ConsoleApp(buildRouter(), running.service);
    const { certPem, keyPem } = createServerCertificate();
    const server = https.createServer({ key: keyPem, cert: certPem }, (req, res) => app.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const body = new URLSearchParams({ token: TOKENS.owner }).toString();
      let hsts: string | string[] | undefined;
      const cookie = await new Promise<string | undefined>((resolve, reject) => {
        const request = https.request(
          {
            host: '127.0.0.1',
            port,
            path: '/app/login',
            method: 'POST',
            ca: certPem,
            servername: 'localhost',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            response.resume();
            hsts = response.headers['strict-transport-security'];
            resolve(response.headers['set-cookie']?.[0]);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
      expect(cookie).toMatch(/^cdkws_session=[^;]+; Path=\/app; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/);
      expect(hsts).toBe('max-age=31536000');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await running.close();
    }
  });
});
