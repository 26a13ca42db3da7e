import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockBlock, locks, mergeLockFile, packageHash } from './lock-file';

const SOURCE = 'registry.terraform.io/cdk-workspaces/cdkws';
const OTHER = `provider "registry.terraform.io/hashicorp/random" {
  version = "3.6.0"
  hashes = [
    "h1:random",
  ]
}
`;

describe('packageHash', () => {
  it("is Go dirhash Hash1 over the package's files, sorted by their slash-separated paths", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-hash-'));
    try {
      mkdirSync(path.join(dir, 'lib'));
      writeFileSync(path.join(dir, 'terraform-provider-cdkws_v1.0.0'), '#!/usr/bin/env node\n');
      writeFileSync(path.join(dir, 'lib', 'a.js'), 'a');
      const sha = (text: string) => createHash('sha256').update(text).digest('hex');
      const summary = `${sha('a')}  lib/a.js\n${sha('#!/usr/bin/env node\n')}  terraform-provider-cdkws_v1.0.0\n`;
      expect(packageHash(dir)).toBe(`h1:${createHash('sha256').update(summary).digest('base64')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mergeLockFile', () => {
  const ours = lockBlock(SOURCE, '1.0.0', 'h1:new');

  it('starts a lock file with the block', () => {
    const text = mergeLockFile(undefined, SOURCE, ours);
    expect(text).toMatch(/^# This file is maintained automatically by "terraform init"\./);
    expect(locks(text, SOURCE, '1.0.0', 'h1:new')).toBe(true);
  });

  it("replaces the provider's own block and keeps every other provider's", () => {
    const before = `${OTHER}\n${lockBlock(SOURCE, '0.9.0', 'h1:old')}`;
    const after = mergeLockFile(before, SOURCE, ours);
    expect(after).toBe(`${OTHER}\n${ours}`);
    expect(locks(before, SOURCE, '1.0.0', 'h1:new')).toBe(false);
    expect(locks(after, SOURCE, '1.0.0', 'h1:new')).toBe(true);
  });

  it('adds the block after the other providers', () => {
    expect(mergeLockFile(OTHER, SOURCE, ours)).toBe(`${OTHER}\n${ours}`);
    expect(locks(OTHER, SOURCE, '1.0.0', 'h1:new')).toBe(false);
  });
});
