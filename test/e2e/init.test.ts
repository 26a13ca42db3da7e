// `cdkws init` as users call it, without installing: the files of a new app, and the refusals
// (exit 2, nothing written) for a folder that is not empty, a file, a bad name or engine.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI } from '../helpers/processes';
import { PROVIDER_VERSION } from '../../src/provider/version';

function init(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'init', ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('cdkws init', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'cdkws-init-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('writes a cdktf app for the organization, with one workspace named after the folder', async () => {
    const app = path.join(base, 'platform-team');
    const result = await init(base, 'platform-team', '--organization', 'globex', '--no-install');
    expect(result.code).toBe(0);
    expect(readdirSync(app).sort()).toEqual(['.github', '.gitignore', 'README.md', 'cdktf.json', 'main.ts', 'package.json', 'tsconfig.json']);
    const pkg = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));
    expect(pkg.dependencies).toEqual({ 'cdk-workspaces': `^${PROVIDER_VERSION}`, cdktf: expect.any(String), constructs: expect.any(String) });
    expect(pkg.devDependencies).toMatchObject({ 'cdktf-cli': expect.any(String), 'ts-node': expect.any(String), typescript: '~5.9.3' });
    const main = readFileSync(path.join(app, 'main.ts'), 'utf8');
    expect(main).toContain("import { App } from 'cdktf';");
    expect(main).toContain("new WorkspacesStack(app, 'workspaces', { organization: 'globex' })");
    expect(main).toContain("name: 'platform-team',");
    expect(JSON.parse(readFileSync(path.join(app, 'cdktf.json'), 'utf8')).app).toBe('npx ts-node --transpile-only main.ts');
    expect(pkg.scripts.test).toBe('tsc --noEmit');
    const workflow = readFileSync(path.join(app, '.github', 'workflows', 'workspaces.yml'), 'utf8');
    expect(workflow).toContain('npx cdkws diff --markdown plan.md');
    // The deploy job applies the plan that was reviewed, not a new one (issue 38).
    expect(workflow).toMatch(/npx cdkws deploy --plan \S+ --auto-approve/);
    expect(existsSync(path.join(app, 'node_modules'))).toBe(false);
  });

  it('writes a cdktn app in the current folder, with a tarball given by path copied into vendor/ and depended on there', async () => {
    const app = path.join(base, 'infra');
    mkdirSync(path.join(app, '.git'), { recursive: true });
    writeFileSync(path.join(base, 'cdk-workspaces.tgz'), '');
    const result = await init(app, '--engine', 'cdktn', '--package', '../cdk-workspaces.tgz', '--no-install');
    expect(result.code).toBe(0);
    const pkg = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));
    expect(pkg.dependencies['cdk-workspaces']).toBe('file:vendor/cdk-workspaces.tgz');
    expect(readFileSync(path.join(app, 'vendor', 'cdk-workspaces.tgz'), 'utf8')).toBe('');
    expect(result.stdout).toContain('vendor/cdk-workspaces.tgz');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['cdk-workspaces', 'cdktn', 'constructs']);
    expect(pkg.devDependencies).toHaveProperty('cdktn-cli');
    expect(readFileSync(path.join(app, 'main.ts'), 'utf8')).toContain("import { App } from 'cdktn';");
    expect(JSON.parse(readFileSync(path.join(app, 'tsconfig.json'), 'utf8')).compilerOptions.skipLibCheck).toBe(true);
  });

  const refusals: Array<[string, (base: string) => string[], RegExp]> = [
    ['a folder that is not empty', (dir) => (writeFileSync(path.join(dir, 'notes.txt'), 'mine'), [dir]), /is not empty \(notes\.txt\)/],
    ['a file', (dir) => (writeFileSync(path.join(dir, 'file'), ''), [path.join(dir, 'file')]), /is a file/],
    ['an unknown engine', (dir) => [path.join(dir, 'app'), '--engine', 'pulumi'], /unknown engine "pulumi": use --engine cdktf or --engine cdktn/],
    ['a folder name that cannot name a workspace', (dir) => [path.join(dir, 'my app')], /folder name "my app"/],
    ['a package path that does not exist', (dir) => [path.join(dir, 'app'), '--package', './missing.tgz'], /missing\.tgz does not exist/],
  ];

  it.each(refusals)('refuses %s with exit 2 and writes nothing', async (_what, setup, message) => {
    const args = setup(base);
    const before = readdirSync(base).sort();
    const result = await init(base, ...args, '--no-install');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(readdirSync(base).sort()).toEqual(before);
    if (existsSync(path.join(base, 'notes.txt'))) expect(readFileSync(path.join(base, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
