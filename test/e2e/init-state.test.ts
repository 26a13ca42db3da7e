// `cdkws init --state-workspace NAME` against a running service: the workspace that keeps the
// stack's state is created first (execution mode local), main.ts names the service's host in the
// engine's cloud backend, and without CDKWS_ADDRESS the option is refused before anything is written.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cdkws } from '../helpers/cli';
import { createWorkspace } from '../helpers/fixtures';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';

jest.setTimeout(60_000);

describe('cdkws init --state-workspace', () => {
  const service = useService();
  let base: string;
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: base, NO_COLOR: '1', ...extra });
  beforeEach(() => (base = mkdtempSync(path.join(os.tmpdir(), 'cdkws-init-state-'))));
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('creates the state workspace with execution mode local and points the cloud backend at the service', async () => {
    const result = await cdkws(
      base,
      env({ CDKWS_ADDRESS: service.url, CDKWS_TOKEN: TOKENS.owner }),
      'init',
      'team-app',
      '--organization',
      ORG,
      '--state-workspace',
      'team-app-state',
      '--no-install',
    );
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`created workspace team-app-state in ${ORG} (execution mode local)`);
    const ws = await service.request('GET', `/organizations/${ORG}/workspaces/team-app-state`);
    expect(ws.body.data.attributes['execution-mode']).toBe('local');
    const main = readFileSync(path.join(base, 'team-app', 'main.ts'), 'utf8');
    expect(main).toContain(`hostname: '${new URL(service.url).host}',`);
    expect(main).toContain("workspaces: new NamedCloudWorkspace('team-app-state'),");
    expect(readFileSync(path.join(base, 'team-app', 'README.md'), 'utf8')).toContain(`credentials "${new URL(service.url).host}" {`);
    expect(result.stdout + result.stderr).not.toContain(TOKENS.owner);
  });

  it('keeps an existing workspace and says when its execution mode is not local', async () => {
    await createWorkspace(service, { name: 'remote-state', 'execution-mode': 'remote' });
    const result = await cdkws(
      base,
      env({ CDKWS_ADDRESS: service.url, CDKWS_TOKEN: TOKENS.owner }),
      'init',
      'other-app',
      '--organization',
      ORG,
      '--state-workspace',
      'remote-state',
      '--no-install',
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('workspace "remote-state" exists with execution mode remote');
  });

  it('writes the app without creating the workspace when no token is set, and refuses without an address', async () => {
    const noToken = await cdkws(
      base,
      env({ CDKWS_ADDRESS: service.url }),
      'init',
      'tokenless',
      '--organization',
      ORG,
      '--state-workspace',
      'tokenless-state',
      '--no-install',
    );
    expect(noToken.code).toBe(0);
    expect(noToken.stderr).toContain('workspace "tokenless-state" was not created');
    expect((await service.request('GET', `/organizations/${ORG}/workspaces/tokenless-state`)).status).toBe(404);

    const refused = await cdkws(base, env(), 'init', 'nowhere', '--state-workspace', 'nowhere-state', '--no-install');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--state-workspace needs the service: set CDKWS_ADDRESS');
    expect(existsSync(path.join(base, 'nowhere'))).toBe(false);
  });
});
