import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installedSpec, packageSpecFor, planApp, stateBackendOf, vendorTarball } from './init';

describe('packageSpecFor', () => {
  it('passes ranges, tags and URLs to npm as they are', () => {
    for (const spec of ['^0.1.0', 'latest', 'https://example.com/cdk-workspaces-0.1.0.tgz', 'github:acme/cdk-workspaces']) {
      expect(packageSpecFor(spec)).toBe(spec);
    }
  });

  it('turns a path given from the current folder into an absolute file: spec', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-spec-'));
    try {
      writeFileSync(path.join(dir, 'pkg.tgz'), '');
      expect(packageSpecFor('pkg.tgz', dir)).toBe(`file:${path.join(dir, 'pkg.tgz')}`);
      expect(packageSpecFor('./pkg.tgz', dir)).toBe(`file:${path.join(dir, 'pkg.tgz')}`);
      expect(packageSpecFor('file:pkg.tgz', dir)).toBe(`file:${path.join(dir, 'pkg.tgz')}`);
      expect(() => packageSpecFor('./other.tgz', dir)).toThrow(/other\.tgz does not exist/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('installedSpec', () => {
  let holder: string;
  const root = () => path.join(holder, 'node_modules', 'cdk-workspaces');
  const withDependency = (spec: unknown) => writeFileSync(path.join(holder, 'package.json'), JSON.stringify({ dependencies: { 'cdk-workspaces': spec } }));
  beforeEach(() => {
    holder = mkdtempSync(path.join(os.tmpdir(), 'cdkws-installed-'));
    mkdirSync(root(), { recursive: true });
  });
  afterEach(() => rmSync(holder, { recursive: true, force: true }));

  it('gives a tarball or folder the copy came from as an absolute file: spec', () => {
    withDependency('file:../../../downloads/cdk-workspaces-0.1.0.tgz'); // as npx records it
    expect(installedSpec(root())).toBe(`file:${path.resolve(holder, '../../../downloads/cdk-workspaces-0.1.0.tgz')}`);
  });

  it('gives git URLs and tarball URLs as they are', () => {
    for (const spec of [
      'git+https://git.example.com/platform/cdk-workspaces.git#v0.1.0',
      'github:acme/cdk-workspaces',
      'https://example.com/cdk-workspaces-0.1.0.tgz',
    ]) {
      withDependency(spec);
      expect(installedSpec(root())).toBe(spec);
    }
  });

  it('leaves registry installs and checkouts to the default range', () => {
    for (const spec of ['^0.1.0', 'latest', '*', 0]) {
      withDependency(spec);
      expect(installedSpec(root())).toBeUndefined();
    }
    expect(installedSpec(holder)).toBeUndefined(); // not inside a node_modules folder
    rmSync(path.join(holder, 'package.json'));
    expect(installedSpec(root())).toBeUndefined();
  });
});

describe('vendorTarball', () => {
  it('copies a local tarball into vendor/ and depends on it relatively; leaves other specs as they are', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-vendor-'));
    try {
      const app = path.join(dir, 'app');
      mkdirSync(app);
      writeFileSync(path.join(dir, 'cdk-workspaces-0.1.0.tgz'), 'packed');
      expect(vendorTarball(app, `file:${path.join(dir, 'cdk-workspaces-0.1.0.tgz')}`)).toEqual({
        spec: 'file:vendor/cdk-workspaces-0.1.0.tgz',
        vendored: 'vendor/cdk-workspaces-0.1.0.tgz',
      });
      expect(readFileSync(path.join(app, 'vendor', 'cdk-workspaces-0.1.0.tgz'), 'utf8')).toBe('packed');
      for (const spec of ['^0.1.0', 'git+https://git.example.com/platform/cdk-workspaces.git', `file:${dir}`, 'https://example.com/cdk-workspaces-0.1.0.tgz']) {
        expect(vendorTarball(app, spec)).toEqual({ spec });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('stateBackendOf', () => {
  it('takes the host and port of the service’s address, without the scheme', () => {
    expect(stateBackendOf('infra-state', 'https://workspaces.example.com:8443')).toEqual({ hostname: 'workspaces.example.com:8443', workspace: 'infra-state' });
    expect(stateBackendOf('s', 'https://workspaces.example.com/')).toEqual({ hostname: 'workspaces.example.com', workspace: 's' });
  });

  it('refuses a bad workspace name, a missing address and one that is not a URL (exit 2)', () => {
    expect(() => stateBackendOf('has space', 'https://h')).toThrow(/--state-workspace "has space": a workspace name/);
    expect(() => stateBackendOf('ok', undefined)).toThrow(/--state-workspace needs the service: set CDKWS_ADDRESS/);
    expect(() => stateBackendOf('ok', 'not a url')).toThrow(expect.objectContaining({ exitCode: 2 }));
  });
});

describe('planApp: --ci', () => {
  const base = { engine: 'cdktf' as const, organization: 'acme', packageSpec: '^0.1.0' };
  it('takes github (the default) and gitlab, and refuses another CI before anything is written', () => {
    const dir = path.join(os.tmpdir(), `cdkws-ci-${process.pid}`, 'infra');
    expect(planApp({ ...base, dir }).ci).toBe('github');
    expect(planApp({ ...base, dir, ci: 'gitlab' }).ci).toBe('gitlab');
    expect(() => planApp({ ...base, dir, ci: 'jenkins' })).toThrow('unknown CI "jenkins": use --ci github (GitHub Actions) or --ci gitlab (GitLab CI)');
  });
});
