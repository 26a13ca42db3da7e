// Every console page is escaped by construction: names, descriptions, tags, lock reasons, change
// requests and query parameters full of HTML come back as text, never as markup.
import { escapeHtml } from '../../src/server/console/html';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { addRemoteStateConsumers, createChangeRequests, lockWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { getPage, seedWorkspace, signIn } from './console-support';

const PAYLOADS = {
  username: '<i>mallory</i><svg onload=alert(1)>',
  project: '<img src=x onerror=alert(2)>',
  projectTagKey: '"><b>key</b>',
  projectTagValue: "'><script>alert(3)</script>",
  description: '</p><script>alert(4)</script><p title="',
  reason: '<a href="javascript:alert(5)">unlock me</a>',
  subject: '<iframe src="//evil.example"></iframe>',
  search: '"><script>alert(6)</script>',
  sort: '<script>alert(7)</script>',
};

describe('console pages escape what they show', () => {
  const service = useService(() => {
    const bootstrap = defaultBootstrap();
    bootstrap.users.push({ username: PAYLOADS.username, id: 'user-mallory', tokens: ['mallory-token'] });
    const acme = bootstrap.organizations.find((o: any) => o.name === ORG);
    acme.teams.find((t: any) => t.name === 'owners').members.push(PAYLOADS.username);
    acme.projects.push({ id: 'prj-html', name: PAYLOADS.project, 'tag-bindings': { [PAYLOADS.projectTagKey]: PAYLOADS.projectTagValue } });
    return { bootstrap };
  });
  let cookie: string;
  let pages: string[];

  beforeAll(async () => {
    const id = await seedWorkspace(
      service,
      ORG,
      { name: 'html-check', project: 'prj-html', description: PAYLOADS.description, tags: ['prod'] },
      'mallory-token',
    );
    const consumer = await seedWorkspace(service, ORG, { name: 'html-consumer', project: 'prj-html' });
    await addRemoteStateConsumers(service, id, [consumer]);
    await lockWorkspace(service, id, PAYLOADS.reason, 'mallory-token');
    const [archived] = await createChangeRequests(service, [id], { subject: PAYLOADS.subject, message: `${PAYLOADS.subject}\n\n${PAYLOADS.reason}` });
    await createChangeRequests(service, [id], { subject: PAYLOADS.subject, message: 'open one' });
    await service.request('POST', `/change-requests/${archived}/actions/archive`, { token: 'mallory-token' });
    cookie = await signIn(service, 'mallory-token');
    const search = encodeURIComponent(PAYLOADS.search);
    pages = [];
    for (const path of [
      '/app',
      `/app/${ORG}/workspaces`,
      `/app/${ORG}/workspaces?search[name]=${search}&search[tags]=${search}`,
      `/app/${ORG}/workspaces/html-check`,
      `/app/${ORG}/workspaces?sort=${encodeURIComponent(PAYLOADS.sort)}`,
    ]) {
      const page = await getPage(service, path, cookie);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      pages.push(page.text);
    }
  });

  it.each(Object.entries(PAYLOADS))('shows the %s only as escaped text', (_what, payload) => {
    const all = pages.join('\n');
    expect(all).not.toContain(payload);
    expect(all).toContain(escapeHtml(payload));
  });

  it('puts no element in a page that the payloads could have made', () => {
    for (const text of pages) {
      expect(text).not.toMatch(/<(script|img|svg|iframe|i)[\s>]/i);
      expect(text).not.toMatch(/<b>key|href="javascript:/i);
    }
  });

  it('sends a policy that would block inline script even if some markup slipped through', async () => {
    const page = await getPage(service, `/app/${ORG}/workspaces/html-check`, cookie);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).not.toContain('script-src');
  });

  it('never writes a token into a page', () => {
    for (const text of pages) for (const token of ['mallory-token', ...Object.values(TOKENS)]) expect(text).not.toContain(token);
  });
});
