// An app made from a tarball installs anywhere: `cdkws init --package <tarball>` copies the tarball
// into the app (vendor/) and depends on it relatively, so the app's `npm ci` works after the app is
// moved (a clone, a CI runner) and the tarball it was made from is gone. The install is kept to
// cdk-workspaces alone (the engine's packages do not depend on where cdk-workspaces comes from);
// its own dependencies come from the npm cache when it has them.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, ROOT } from '../helpers/processes';

const MINUTE = 60_000;

function run(file: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_prefer_offline: 'true', NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (/^npm_(?!config_prefer_offline$)/.test(key)) delete env[key];
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: 8 * MINUTE, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

function expectExit(result: { code: number; output: string }, step: string): void {
  if (result.code !== 0) throw new Error(`${step} exited ${result.code}:\n${result.output.slice(-6000)}`);
}

describe('cdkws init from a tarball, then the app moved', () => {
  let base: string;
  beforeAll(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'cdkws-init-moved-'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it(
    'vendors the tarball, and npm ci succeeds in another folder after the original tarball is gone',
    async () => {
      const packDir = path.join(base, 'packed');
      mkdirSync(packDir);
      expectExit(await run('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir], ROOT), 'npm pack');
      const tarballName = readdirSync(packDir).find((name) => name.endsWith('.tgz')) as string;
      const tarball = path.join(packDir, tarballName);

      const first = path.join(base, 'here');
      mkdirSync(first);
      const init = await run(process.execPath, [CLI, 'init', 'my-app', '--package', tarball, '--no-install'], first);
      expectExit(init, 'cdkws init');
      expect(init.output).toContain(`vendor/${tarballName}`);
      const app = path.join(first, 'my-app');
      const manifestFile = path.join(app, 'package.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      expect(manifest.dependencies['cdk-workspaces']).toBe(`file:vendor/${tarballName}`);
      expect(readFileSync(path.join(app, 'vendor', tarballName))).toEqual(readFileSync(tarball));
      expect(readFileSync(path.join(app, '.gitignore'), 'utf8')).not.toMatch(/vendor|\.tgz/);

      // The first install writes the lock file the app commits.
      writeFileSync(
        manifestFile,
        JSON.stringify({ ...manifest, dependencies: { 'cdk-workspaces': manifest.dependencies['cdk-workspaces'] }, devDependencies: {} }, null, 2),
      );
      expectExit(await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], app), 'npm install');
      const lock = readFileSync(path.join(app, 'package-lock.json'), 'utf8');
      expect(lock).not.toContain(base);

      // Elsewhere, as a clone or a CI runner has it: node_modules not committed, the tarball gone.
      const elsewhere = path.join(base, 'elsewhere');
      mkdirSync(elsewhere);
      renameSync(app, path.join(elsewhere, 'my-app'));
      renameSync(tarball, `${tarball}.gone`);
      const moved = path.join(elsewhere, 'my-app');
      rmSync(path.join(moved, 'node_modules'), { recursive: true, force: true });
      expectExit(await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], moved), 'npm ci in the moved app');
      const installed = JSON.parse(readFileSync(path.join(moved, 'node_modules', 'cdk-workspaces', 'package.json'), 'utf8'));
      expect(installed.name).toBe('cdk-workspaces');
      expect(existsSync(path.join(moved, 'node_modules', '.bin', 'cdkws'))).toBe(true);
    },
    12 * MINUTE,
  );
});
