// Offline installation: the mirror layout Terraform expects and the CLI config pointing at it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliConfigText, executableName, installProvider, terraformPlatform, versionDir } from './install';

let tmp: string;
beforeEach(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-install-'))));
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A built mirror like `npm run build` leaves, with a stand-in bundle. */
function built(version: string): string {
  const dir = versionDir(path.join(tmp, 'built'), version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, executableName(version)), '#!/usr/bin/env node\n', { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'provider.js'), '// bundle');
  return path.join(tmp, 'built');
}

it('copies the executable and everything beside it into the version folder of the mirror', () => {
  const out = installProvider({ dir: path.join(tmp, 'out'), from: built('1.2.3'), version: '1.2.3' });
  const folder = path.join(tmp, 'out', 'mirror', 'registry.terraform.io', 'cdk-workspaces', 'cdkws', '1.2.3', terraformPlatform());
  expect(out.executable).toBe(path.join(folder, 'terraform-provider-cdkws_v1.2.3'));
  expect(fs.readdirSync(folder).sort()).toEqual(['provider.js', 'terraform-provider-cdkws_v1.2.3']);
  expect(fs.statSync(out.executable).mode & 0o111).not.toBe(0);
});

it('removes files of an earlier install so the folder hash stays that of the build', () => {
  const from = built('1.2.3');
  const first = installProvider({ dir: path.join(tmp, 'out'), from, version: '1.2.3' });
  fs.writeFileSync(path.join(path.dirname(first.executable), 'stale.js'), '');
  installProvider({ dir: path.join(tmp, 'out'), from, version: '1.2.3' });
  expect(fs.existsSync(path.join(path.dirname(first.executable), 'stale.js'))).toBe(false);
});

it('writes a CLI config that takes only our provider from the mirror', () => {
  const out = installProvider({ dir: path.join(tmp, 'out'), from: built('1.2.3'), version: '1.2.3' });
  const text = fs.readFileSync(out.cliConfigFile, 'utf8');
  expect(text).toBe(cliConfigText(out.mirrorDir));
  expect(text).toMatch(/filesystem_mirror \{\n\s+path\s+= ".*\/out\/mirror"\n\s+include = \["registry.terraform.io\/cdk-workspaces\/cdkws"\]/);
  expect(text).toMatch(/direct \{\n\s+exclude = \["registry.terraform.io\/cdk-workspaces\/cdkws"\]/);
});

it('says to build first when no bundle is there', () => {
  expect(() => installProvider({ dir: path.join(tmp, 'out'), from: path.join(tmp, 'nothing'), version: '1.2.3' })).toThrow(/npm run build/);
});
