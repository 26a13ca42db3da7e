// End to end: `cdkws import` of a workspace with variables. Plain values are written as they are, a
// sensitive one as an environment placeholder (never its value, which the service does not answer);
// the first diff only imports, deploy adopts them, and nothing changes on the service: no variable
// gets a new version, so no placeholder was sent in place of the secret.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLI } from '../helpers/processes';
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { describeWith } from '../helpers/requirements';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createExampleProject } = require('../../scripts/example-project.js') as { createExampleProject: (prefix?: string) => string };

const SECRET = 'import-secret-77c0';

function cdkws(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describeWith('terraform')('cdkws import with variables', () => {
  const service = useService();
  let dir = '';

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes plain values and secret placeholders, imports them, and changes nothing', async () => {
    const { id } = await createWorkspace(service, { name: 'impvar-app' });
    const vars: Array<Record<string, unknown>> = [
      { key: 'region', value: 'eu-west-1', category: 'terraform', description: 'where' },
      { key: 'config', value: '{ size = 3 }', category: 'terraform', hcl: true },
      { key: 'DB_PASSWORD', value: SECRET, category: 'env', sensitive: true },
    ];
    for (const attributes of vars) {
      const res = await service.request('POST', `/workspaces/${id}/vars`, { body: { data: { type: 'vars', attributes } } });
      if (res.status !== 201) throw new Error(`create variable: ${res.status} ${res.text}`);
    }
    const versions = async () =>
      Object.fromEntries(
        ((await service.request('GET', `/workspaces/${id}/vars`)).body.data as any[]).map((v) => [v.attributes.key, v.attributes['version-id']]),
      );
    const before = await versions();

    dir = createExampleProject('cdkws-import-vars-');
    writeFileSync(
      path.join(dir, 'main.ts'),
      [
        "import { App } from 'cdktf';",
        "import { WorkspacesStack } from 'cdk-workspaces';",
        "import { ImportedWorkspaces } from './imported-workspaces';",
        'const app = new App();',
        `const stack = new WorkspacesStack(app, 'platform', { organization: '${ORG}' });`,
        "new ImportedWorkspaces(stack, 'imported');",
        'app.synth();',
        '',
      ].join('\n'),
    );
    const env = service.cliEnv(TOKENS.owner, { CHECKPOINT_DISABLE: '1' });
    const imported = await cdkws(dir, env, 'import', '--organization', ORG, '--name', 'impvar-*');
    expect(imported.code).toBe(0);
    const source = readFileSync(path.join(dir, 'imported-workspaces.ts'), 'utf8');
    expect(source).not.toContain(SECRET);
    expect(source).toContain(`this.impvarApp.addVariable('region', 'eu-west-1', { description: 'where' }).importFrom('${id}/`);
    expect(source).toContain(
      `this.impvarApp.addEnvironmentVariable('DB_PASSWORD', environmentSecret(this, 'impvar_app_DB_PASSWORD'), { sensitive: true, valueVersion: 1 })`,
    );

    const first = await cdkws(dir, env, 'diff');
    expect(first.stdout).toContain('Stack platform: 4 to import, 0 to add, 0 to change, 0 to destroy');
    const deployed = await cdkws(dir, env, 'deploy', '--auto-approve');
    expect(deployed.stderr).not.toMatch(/Error/);
    expect(deployed.code).toBe(0);
    const again = await cdkws(dir, env, 'diff');
    expect(again.stdout).toContain('Stack platform: no changes.');
    expect(await versions()).toEqual(before);
    const states = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tfstate') && !f.includes('node_modules'));
    expect(states.length).toBeGreaterThan(0);
    for (const f of states) expect(readFileSync(path.join(dir, f), 'utf8')).not.toContain(SECRET);
  }, 600_000);
});
