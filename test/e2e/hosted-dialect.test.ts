// End to end against `cdkws serve --dialect hosted`, a service that accepts and answers only the
// hosted service's wire names (terraform-version, github-app-installation-id): the deploy of
// examples/platform ends with an empty second diff, also for an engine version the app pins, which
// only arrives if the client sends it under the hosted name.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cdkws } from '../helpers/cli';
import { ROOT, spawnServe, stopServe, type ServeProcess } from '../helpers/processes';
import { ORG, TOKENS } from '../helpers/service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

/** An engine version no workspace gets by default (the default is the latest release). */
const PINNED = '1.5.7';

describe('cdkws against a service speaking the hosted wire names only', () => {
  let serve: ServeProcess | undefined;
  let project: string;
  let env: NodeJS.ProcessEnv;
  const run = (...args: string[]) => cdkws(project, env, ...args);
  const attributesOf = async (name: string) => {
    const shown = await serve!.request('GET', `/organizations/${ORG}/workspaces/${name}`, { token: TOKENS.owner });
    expect(shown.status).toBe(200);
    return shown.body.data.attributes as Record<string, unknown>;
  };

  beforeAll(async () => {
    serve = await spawnServe(['--data', ':memory:'], ['--dialect', 'hosted']);
    project = createExampleProject('cdkws-hosted-');
    env = { ...process.env, CDKWS_ADDRESS: serve.url, CDKWS_TOKEN: TOKENS.owner, NO_COLOR: '1' };
    delete env.TFE_TOKEN;
  });

  afterAll(async () => {
    await stopServe(serve, 'SIGTERM');
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('deploys examples/platform and then finds nothing to change', async () => {
    const deployed = await run('deploy', '--auto-approve');
    expect(deployed.stderr).not.toMatch(/Error/);
    expect(deployed.code).toBe(0);
    const diff = await run('diff');
    expect(diff.stdout).toContain('Stack platform: no changes.');
    expect(diff.code).toBe(0);
    const attributes = await attributesOf('networking-prod');
    expect(attributes['terraform-version']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(attributes).not.toHaveProperty('engine-version');
  });

  it('sets an engine version the app pins, and then finds nothing to change', async () => {
    const main = path.join(project, 'main.ts');
    const before = readFileSync(main, 'utf8');
    const after = before.replace("workingDirectory: 'envs/prod',", `workingDirectory: 'envs/prod',\n  engineVersion: '${PINNED}',`);
    expect(after).not.toBe(before);
    writeFileSync(main, after);
    expect(await attributesOf('networking-prod')).not.toMatchObject({ 'terraform-version': PINNED });
    const deployed = await run('deploy', '--auto-approve');
    expect(deployed.code).toBe(0);
    expect(await attributesOf('networking-prod')).toMatchObject({ 'terraform-version': PINNED });
    const diff = await run('diff');
    expect(diff.stdout).toContain('Stack platform: no changes.');
    expect(diff.code).toBe(0);
  });
});

describe('cdkws serve --dialect', () => {
  it('refuses a dialect it does not know, naming the ones it has', async () => {
    const result = await cdkws(ROOT, { ...process.env, NO_COLOR: '1' }, 'serve', '--data', ':memory:', '--dialect', 'klingon');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cdkws serve: --dialect must be both or hosted, not "klingon"');
    expect(result.stdout).toBe('');
  });
});
