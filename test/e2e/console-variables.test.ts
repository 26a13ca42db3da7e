// A workspace's variables on its console page: key, value (only when not sensitive), category, HCL,
// and the variable sets applied to it; a sensitive value is nowhere in the page, not even in its
// HTML source. The browser part takes a screenshot (CDKWS_VARIABLES_SCREENSHOT=FILE keeps it).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ORG, TOKENS } from '../helpers/service';
import { CHROMIUM, describeWith } from '../helpers/requirements';
import { useService } from '../helpers/use-service';
import { getPage, seedWorkspace, signIn } from './console-support';

jest.setTimeout(120_000);

const SECRET = 'console-var-secret-3b7d';

describe('the variables on a workspace page', () => {
  const service = useService();
  let ws: string;

  const ok = async (method: string, url: string, body: unknown) => {
    const res = await service.request(method, url, { body });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
    return res.body;
  };

  beforeAll(async () => {
    ws = await seedWorkspace(service, ORG, { name: 'vars-app', description: 'An app with variables.' });
    const variable = (attributes: Record<string, unknown>) => ({ data: { type: 'vars', attributes } });
    await ok('POST', `/workspaces/${ws}/vars`, variable({ key: 'region', value: 'eu-west-1', category: 'terraform', description: 'Where it runs' }));
    await ok('POST', `/workspaces/${ws}/vars`, variable({ key: 'sizes', value: '{ web = 3 }', category: 'terraform', hcl: true }));
    await ok('POST', `/workspaces/${ws}/vars`, variable({ key: 'DB_PASSWORD', value: SECRET, category: 'env', sensitive: true }));
    const set = await ok('POST', `/organizations/${ORG}/varsets`, {
      data: {
        type: 'varsets',
        attributes: { name: 'aws-credentials', priority: true },
        relationships: { workspaces: { data: [{ type: 'workspaces', id: ws }] } },
      },
    });
    await ok('POST', `/varsets/${set.data.id}/relationships/vars`, variable({ key: 'AWS_REGION', value: 'eu-west-1', category: 'env' }));
  });

  it('lists the variables and sets, without the sensitive value', async () => {
    const cookie = await signIn(service, TOKENS.owner);
    const { status, text } = await getPage(service, `/app/${ORG}/workspaces/vars-app`, cookie);
    expect(status).toBe(200);
    expect(text).toContain('<h2>Variables (3)</h2>');
    expect(text).toMatch(
      /<tr data-variable="var-[^"]+"><td class="nowrap"><code>DB_PASSWORD<\/code><\/td><td><span class="badge sensitive">sensitive<\/span><\/td><td>environment<\/td>/,
    );
    expect(text).toMatch(/<code>region<\/code><\/td><td><code>eu-west-1<\/code><\/td><td>Terraform<\/td><td>no<\/td><td>Where it runs<\/td>/);
    expect(text).toMatch(/<code>sizes<\/code><\/td><td><code>\{ web = 3 \}<\/code><\/td><td>Terraform<\/td><td>yes<\/td>/);
    expect(text).toContain('<h2>Variable sets (1)</h2>');
    expect(text).toMatch(/<strong>aws-credentials<\/strong> <span class="chip">priority<\/span>/);
    expect(text).not.toContain(SECRET);
  });

  describeWith('chromium')('in Chromium', () => {
    it('shows the variables section, and the screenshot has it', async () => {
      const profile = mkdtempSync(path.join(os.tmpdir(), 'cdkws-chromium-'));
      const shot = process.env.CDKWS_VARIABLES_SCREENSHOT ?? path.join(profile, 'variables.png');
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
        await page.goto(`${service.url}/app/${ORG}/workspaces/vars-app`);
        await page.fill('input[name=token]', TOKENS.owner);
        await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/app/login')), page.click('button[type=submit]')]);
        const section = page.locator('#variables');
        expect(await section.locator('[data-testid=variables] tbody tr').count()).toBe(3);
        expect(await section.locator('[data-testid=variable-sets] li').count()).toBe(1);
        expect(await page.content()).not.toContain(SECRET);
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot, fullPage: true });
        expect(statSync(shot).size).toBeGreaterThan(10_000);
      } finally {
        await context.close();
        if (!process.env.CDKWS_VARIABLES_SCREENSHOT) rmSync(profile, { recursive: true, force: true });
      }
    });
  });
});
