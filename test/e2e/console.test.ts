// The web console in a real browser: Debian's chromium driven by playwright-core (nothing downloads
// a browser). Sign in, list and filter, open a workspace, follow a consumer link, archive a change
// request, sign out; a user without access sees the 404 page; markup in a message stays text.
// Set CDKWS_UPDATE_SCREENSHOTS=1 to write the workspace-list screenshot to docs/.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ORG, TOKENS } from '../helpers/service';
import { addRemoteStateConsumers, createChangeRequests, lockWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { type SeedWorkspace, seedWorkspace } from './console-support';
import { CHROMIUM, describeWith } from '../helpers/requirements';

// Launching Chromium on a busy machine can take many seconds.
jest.setTimeout(120_000);

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const describeInBrowser = describeWith('chromium');

const SCRIPT_MESSAGE = 'Please review.\n\n<script>window.__consolePwned = 1</script>\n\nSee [the runbook](https://example.com/runbook).';

describeInBrowser('the web console in Chromium', () => {
  const service = useService();
  const profiles: string[] = [];
  const contexts: BrowserContext[] = [];
  const ids: Record<string, string> = {};
  let scriptRequest: string;
  let archiveRequest: string;

  async function browserPage(): Promise<Page> {
    const profile = mkdtempSync(path.join(os.tmpdir(), 'cdkws-chromium-'));
    profiles.push(profile);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS,
      viewport: { width: 1360, height: 820 },
    });
    contexts.push(context);
    return context.pages()[0] ?? context.newPage();
  }

  async function signInAs(page: Page, token: string, start = '/app'): Promise<void> {
    await page.goto(service.url + start);
    await page.waitForURL(/\/app\/login/);
    await page.fill('input[name=token]', token);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/app/login')), page.click('button[type=submit]')]);
  }

  beforeAll(async () => {
    const seeds: SeedWorkspace[] = [
      { name: 'data-warehouse', tags: ['analytics'], bindings: { team: 'data' }, resources: 42 },
      { name: 'identity-prod', tags: ['prod'], bindings: { env: 'prod', team: 'identity' }, resources: 23 },
      {
        name: 'networking-prod',
        project: 'prj-platform',
        tags: ['network', 'prod'],
        bindings: { env: 'prod' },
        resources: 128,
        description: 'Shared VPCs, transit gateways and DNS for production.',
      },
      { name: 'networking-staging', project: 'prj-platform', tags: ['network', 'staging'], bindings: { env: 'staging' }, resources: 96 },
      { name: 'observability', project: 'prj-platform', tags: ['monitoring'], resources: 12, mode: 'local' },
      { name: 'payments-api-prod', tags: ['payments', 'prod'], bindings: { env: 'prod', team: 'payments' }, resources: 57 },
      { name: 'payments-api-staging', tags: ['payments', 'staging'], bindings: { env: 'staging', team: 'payments' }, resources: 31 },
      { name: 'sandbox', resources: 0, mode: 'local' },
    ];
    for (const seed of seeds) ids[seed.name] = await seedWorkspace(service, ORG, seed);
    await lockWorkspace(service, ids['networking-prod'], 'Rotating the transit gateway attachments');
    await lockWorkspace(service, ids['payments-api-staging'], 'Load test', TOKENS.writer);
    await addRemoteStateConsumers(service, ids['networking-prod'], [ids['payments-api-prod'], ids['identity-prod']]);
    [scriptRequest] = await createChangeRequests(service, [ids['networking-prod']], { subject: 'Upgrade the engine to 1.12', message: SCRIPT_MESSAGE });
    [archiveRequest] = await createChangeRequests(service, [ids['networking-prod']], {
      subject: 'Remove the legacy NAT gateway',
      message: '**Done** in the last release.',
    });
  });

  // The browsers close before the service they talk to.
  service.adopt({
    close: async () => {
      for (const context of contexts) await context.close();
      for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
    },
  });

  let page: Page;

  it('signs in with a token in a form, and keeps the token out of the URL and the cookie', async () => {
    page = await browserPage();
    await signInAs(page, TOKENS.owner);
    expect(new URL(page.url()).pathname).toBe('/app');
    await expect(page.textContent('[data-testid=who]')).resolves.toBe('alice');
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: 'cdkws_session', httpOnly: true, sameSite: 'Strict', secure: false });
    expect(Buffer.from(cookie.value.split('.')[0], 'base64url').toString()).not.toContain(TOKENS.owner);
    expect(page.url()).not.toContain(TOKENS.owner);
    expect(await page.content()).not.toContain(TOKENS.owner);
  });

  it("lists the workspaces of an organization and filters them with the API's own parameters", async () => {
    await Promise.all([page.waitForURL(/\/app\/acme\/workspaces$/), page.click('a[href="/app/acme/workspaces"]')]);
    const names = () => page.$$eval('tbody tr[data-workspace]', (rows) => rows.map((r) => r.getAttribute('data-workspace')));
    expect(await names()).toHaveLength(8);
    expect(await page.textContent('tr[data-workspace=networking-prod]')).toContain('alice');
    expect(await page.textContent('tr[data-workspace=payments-api-staging]')).toContain('carol');

    const shot = process.env.CDKWS_UPDATE_SCREENSHOTS
      ? path.resolve(__dirname, '..', '..', 'docs', 'console-workspaces.png')
      : path.join(profiles[0], 'console-workspaces.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);

    await page.fill('input[name="filter[tagged][0][key]"]', 'env');
    await page.fill('input[name="filter[tagged][0][value]"]', 'prod');
    await Promise.all([page.waitForURL(/filter%5Btagged%5D%5B0%5D%5Bkey%5D=env/), page.click('form.filters button[type=submit]')]);
    expect(await names()).toEqual(['identity-prod', 'networking-prod', 'payments-api-prod']);
    expect(await page.textContent('[data-testid=count]')).toContain('3 workspaces');

    await page.goto(`${service.url}/app/acme/workspaces?search[tags]=staging&sort=-name`);
    expect(await names()).toEqual(['payments-api-staging', 'networking-staging']);
    await page.goto(`${service.url}/app/acme/workspaces?page[size]=3&page[number]=2`);
    expect(await names()).toEqual(['networking-staging', 'observability', 'payments-api-prod']);
    await Promise.all([page.waitForURL(/page%5Bnumber%5D=3/), page.click('a[rel=next]')]);
    expect(await names()).toEqual(['payments-api-staging', 'sandbox']);
  });

  it('opens a workspace: settings, tags with their project, lock, consumers and change requests', async () => {
    await page.goto(`${service.url}/app/acme/workspaces`);
    await Promise.all([page.waitForURL(/\/workspaces\/networking-prod$/), page.click('a[href="/app/acme/workspaces/networking-prod"]')]);
    expect(await page.textContent('h1')).toBe('networking-prod');
    const text = (await page.textContent('main')) ?? '';
    expect(text).toContain('Shared VPCs, transit gateways and DNS for production.');
    expect(text).toContain(ids['networking-prod']);
    expect(await page.textContent('[data-testid=lock-holder]')).toBe('alice');
    expect(await page.textContent('[data-testid=lock-reason]')).toBe('Rotating the transit gateway attachments');
    const tagRows = await page.$$eval('#tags table tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent).join('|')));
    expect(tagRows).toEqual(['env|prod|this workspace', 'cost-center|42|inherited from project platform', 'owner|platform|inherited from project platform']);
    expect(await page.$$eval('[data-testid=consumers] a', (links) => links.map((a) => a.textContent))).toEqual(['payments-api-prod', 'identity-prod']);
  });

  it('shows markup in a change-request message as text and runs no script from it', async () => {
    const message = page.locator(`[data-change-request="${scriptRequest}"] .message`);
    expect(await message.textContent()).toContain('<script>window.__consolePwned = 1</script>');
    expect(await message.locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __consolePwned?: number }).__consolePwned)).toBeUndefined();
    expect(await message.locator('a').getAttribute('rel')).toContain('noopener');
  });

  it("follows a consumer link to that workspace's page", async () => {
    await Promise.all([page.waitForURL(/\/workspaces\/payments-api-prod$/), page.click('[data-testid=consumers] a:text("payments-api-prod")')]);
    expect(await page.textContent('h1')).toBe('payments-api-prod');
    await page.goBack();
  });

  it('archives a change request through a form with a CSRF token', async () => {
    const open = `[data-change-request="${archiveRequest}"]`;
    await Promise.all([page.waitForURL(/networking-prod#change-requests$/), page.click(`${open} button:text("Archive")`)]);
    expect(await page.textContent('#change-requests h2')).toBe('Change requests (1 open)');
    expect(await page.textContent(`[data-testid=archived] ${open}`)).toContain('Archived by alice');
    const api = await service.request('GET', `/change-requests/${archiveRequest}`);
    expect(api.body.data.attributes['archived-by']).toBe('user-alice');

    // The same form without the session's CSRF token is refused and archives nothing.
    const cookie = (await page.context().cookies())[0];
    const forged = await fetch(`${service.url}/app/acme/workspaces/networking-prod/change-requests/${scriptRequest}/archive`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: `${cookie.name}=${cookie.value}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=forged',
    });
    expect(forged.status).toBe(403);
    expect((await service.request('GET', `/change-requests/${scriptRequest}`)).body.data.attributes['archived-at']).toBeNull();
  });

  it('signs out, after which pages ask to sign in again', async () => {
    await Promise.all([page.waitForURL(/\/app\/login$/), page.click('header button:text("Sign out")')]);
    expect(await page.context().cookies()).toEqual([]);
    await page.goto(`${service.url}/app/acme/workspaces`);
    expect(new URL(page.url()).pathname).toBe('/app/login');
  });

  it('answers the same 404 page for a workspace the user may not see as for a missing one', async () => {
    const outsider = await browserPage();
    await signInAs(outsider, TOKENS.outsider, '/app/acme/workspaces/networking-prod');
    expect(new URL(outsider.url()).pathname).toBe('/app/acme/workspaces/networking-prod');
    const hidden = await outsider.goto(`${service.url}/app/acme/workspaces/networking-prod`);
    const hiddenText = await outsider.textContent('main');
    const missing = await outsider.goto(`${service.url}/app/freeco/workspaces/no-such-workspace`);
    expect(hidden?.status()).toBe(404);
    expect(missing?.status()).toBe(404);
    expect(await outsider.textContent('main')).toBe(hiddenText);
    expect(hiddenText).not.toContain('networking-prod');
    // The organization list shows only the outsider's own organization.
    await outsider.goto(`${service.url}/app`);
    expect(await outsider.$$eval('tbody a', (links) => links.map((a) => a.textContent))).toEqual(['freeco']);
  });
});
