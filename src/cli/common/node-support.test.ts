import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appUsesCdktn, cdktnNodeAdvice, nodeAtLeast } from './node-support';

describe('the Node.js the cdktn CLI needs', () => {
  it('compares versions part by part', () => {
    expect(nodeAtLeast('22.19.0', '22.19.0')).toBe(true);
    expect(nodeAtLeast('v24.1.0', '22.19.0')).toBe(true);
    expect(nodeAtLeast('22.18.9', '22.19.0')).toBe(false);
    expect(nodeAtLeast('20.20.2', '22.19.0')).toBe(false);
    expect(nodeAtLeast('22.100.0', '22.19.0')).toBe(true);
  });

  it('tells a user on an older Node the exact command to run instead', () => {
    const advice = cdktnNodeAdvice('diff', '20.20.2');
    expect(advice).toContain('npx -y -p node@22 -- cdktn diff');
    expect(advice).toContain('npx cdkws diff');
    expect(advice).toContain('Node.js 20.20.2');
    expect(cdktnNodeAdvice('diff', '22.19.0')).toBeUndefined();
    expect(cdktnNodeAdvice('deploy', '24.0.0')).toBeUndefined();
  });

  it('recognizes a cdktn app by its package.json', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-node-'));
    try {
      expect(appUsesCdktn(dir)).toBe(false);
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies: { cdktf: '^0.21.0' } }));
      expect(appUsesCdktn(dir)).toBe(false);
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies: { cdktn: '^0.24.0' }, devDependencies: { 'cdktn-cli': '^0.24.0' } }));
      expect(appUsesCdktn(dir)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
