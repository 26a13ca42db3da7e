// A workspace's state on its console page: the state versions (serial, when, by whom, resources,
// status) and the current state's outputs, a sensitive one shown as "sensitive" and its value
// nowhere in the page. The browser part takes a screenshot (CDKWS_STATE_SCREENSHOT=FILE keeps it).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ORG, TOKENS } from '../helpers/service';
import { CHROMIUM, describeWith } from '../helpers/requirements';
import { postStateVersion, terraformState } from '../helpers/state-documents';
import { useService } from '../helpers/use-service';
import { getPage, seedWorkspace, signIn } from './console-support';

jest.setTimeout(120_000);

const SECRET = 'hunter2-do-not-show-9f3c';

describe('the state on a workspace page', () => {
  const service = useService();
  let withState: string;
  let stateVersions: string[];

  beforeAll(async () => {
    withState = await seedWorkspace(service, ORG, { name: 'state-network', description: 'Shared network.' });
    await seedWorkspace(service, ORG, { name: 'state-empty' });
    const lineage = 'c0ffee00-0000-4000-8000-000000000001';
    stateVersions = [
      await postStateVersion(service, withState, terraformState({ serial: 1, lineage, resources: 1, outputs: { vpc_id: { value: 'vpc-0a1' } } })),
      await postStateVersion(
        service,
        withState,
        terraformState({
          serial: 2,
          lineage,
          resources: 3,
          outputs: {
            vpc_id: { value: 'vpc-0b2' },
            subnet_ids: { value: ['subnet-1', 'subnet-2'], type: ['list', 'string'] },
            db_password: { value: SECRET, sensitive: true },
          },
        }),
        TOKENS.writer,
      ),
    ];
  });

  it('lists the state versions newest first and the current outputs, without the sensitive value', async () => {
    const cookie = await signIn(service, TOKENS.owner);
    const { status, text } = await getPage(service, `/app/${ORG}/workspaces/state-network`, cookie);
    expect(status).toBe(200);
    expect(text).toContain('<h2>State versions (2)</h2>');
    const rows = [
      ...text.matchAll(
        /<tr data-state-version="([^"]+)"><td>(\d+)(?: <span class="chip">(current)<\/span>)?<\/td><td>.*?<\/td><td>([^<]*)<\/td><td>(\d+)<\/td><td>(\w+)<\/td><\/tr>/g,
      ),
    ].map((m) => [m[1], m[2], m[3] ?? '', m[4], m[5], m[6]]);
    expect(rows).toEqual([
      [stateVersions[1], '2', 'current', 'carol', '3', 'finalized'],
      [stateVersions[0], '1', '', 'alice', '1', 'finalized'],
    ]);
    expect(text).toMatch(/<tr data-output="vpc_id">.*<code>vpc-0b2<\/code>/);
    expect(text).toMatch(/<tr data-output="subnet_ids">.*<code>\[&quot;subnet-1&quot;,&quot;subnet-2&quot;\]<\/code>/);
    expect(text).toMatch(/<tr data-output="db_password">.*<span class="badge sensitive" data-testid="sensitive">sensitive<\/span>/);
    expect(text).not.toContain(SECRET);
    // The API's own answer for the same output, read by ID, has the value: the page withheld it.
    const outputs = await service.request('GET', `/workspaces/${withState}/current-state-version-outputs`);
    const secretId = outputs.body.data.find((o: any) => o.attributes.name === 'db_password').id;
    expect((await service.request('GET', `/state-version-outputs/${secretId}`)).body.data.attributes.value).toBe(SECRET);
  });

  it('says when a workspace has no state yet', async () => {
    const cookie = await signIn(service, TOKENS.reader);
    const { status, text } = await getPage(service, `/app/${ORG}/workspaces/state-empty`, cookie);
    expect(status).toBe(200);
    expect(text).toContain('<h2>State versions (0)</h2>');
    expect(text).toContain('No state yet.');
    expect(text).toContain('The current state has no outputs.');
  });

  describeWith('chromium')('in Chromium', () => {
    it('shows the state section, and the screenshot has it', async () => {
      const profile = mkdtempSync(path.join(os.tmpdir(), 'cdkws-chromium-'));
      const shot = process.env.CDKWS_STATE_SCREENSHOT ?? path.join(profile, 'state.png');
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
        viewport: { width: 1360, height: 820 },
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(`${service.url}/app/${ORG}/workspaces/state-network`);
        await page.fill('input[name=token]', TOKENS.owner);
        await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/app/login')), page.click('button[type=submit]')]);
        const section = page.locator('#state');
        expect(await section.locator('[data-testid=state-versions] tbody tr').count()).toBe(2);
        expect(await section.locator('[data-output=db_password] td').nth(2).textContent()).toBe('sensitive');
        expect(await page.content()).not.toContain(SECRET);
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot, fullPage: true });
        expect(statSync(shot).size).toBeGreaterThan(10_000);
      } finally {
        await context.close();
        if (!process.env.CDKWS_STATE_SCREENSHOT) rmSync(profile, { recursive: true, force: true });
      }
    });
  });
});
