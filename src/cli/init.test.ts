import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageSpecFor } from './init';

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
