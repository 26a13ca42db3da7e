import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleHash, ensureProviderSnapshot, launcherScript, snapshotDir } from './snapshot';

describe('the provider startup snapshot in the user cache', () => {
  let tmp: string;
  let packageDir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-snapshot-unit-'));
    packageDir = path.join(tmp, 'package');
    fs.mkdirSync(packageDir);
    // Any script makes a snapshot; the provider's bundle is one such script.
    fs.writeFileSync(path.join(packageDir, 'provider.js'), 'globalThis.evaluatedAhead = true;\n');
    env = { XDG_CACHE_HOME: path.join(tmp, 'cache'), PATH: process.env.PATH };
  });

  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is built once for the node at hand, recording which node built it', () => {
    expect(ensureProviderSnapshot(packageDir, env)).toBe('built');
    const dir = snapshotDir(bundleHash(packageDir), env);
    expect(fs.statSync(path.join(dir, 'snapshot.blob')).size).toBeGreaterThan(0);
    expect(fs.realpathSync(path.join(dir, 'node'))).toBe(fs.realpathSync(process.execPath));
    expect(ensureProviderSnapshot(packageDir, env)).toBe('current');
  });

  it('is built again when the node it records is not the node at hand', () => {
    expect(ensureProviderSnapshot(packageDir, env)).toBe('built');
    const dir = snapshotDir(bundleHash(packageDir), env);
    fs.rmSync(path.join(dir, 'node'));
    fs.symlinkSync('/bin/sh', path.join(dir, 'node'));
    expect(ensureProviderSnapshot(packageDir, env)).toBe('built');
  });

  it('keeps only the four most recently built snapshots', () => {
    const root = path.dirname(snapshotDir('x', env));
    const old = ['a', 'b', 'c', 'd', 'e'].map((c, i) => {
      const name = c.repeat(20);
      fs.mkdirSync(path.join(root, name), { recursive: true });
      fs.writeFileSync(path.join(root, name, 'snapshot.blob'), '');
      const at = new Date(Date.UTC(2020, 0, 1 + i));
      fs.utimesSync(path.join(root, name, 'snapshot.blob'), at, at);
      return name;
    });
    expect(ensureProviderSnapshot(packageDir, env)).toBe('built');
    expect(fs.readdirSync(root).sort()).toEqual([bundleHash(packageDir), ...old.slice(2)].sort());
  });

  it('is not attempted for a folder without a bundle, and says so instead of throwing', () => {
    expect(ensureProviderSnapshot(path.join(tmp, 'nothing-here'), env)).toBe('failed');
  });

  it('names its cache folder in the launcher as the launcher will find it', () => {
    const hash = 'f'.repeat(20);
    expect(launcherScript(hash)).toContain(`/cdk-workspaces/provider-snapshots/${hash}\n`);
    expect(snapshotDir(hash, { HOME: '/home/u' })).toBe(`/home/u/.cache/cdk-workspaces/provider-snapshots/${hash}`);
  });
});
