import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { S3Backend, Testing } from 'cdktf';
import { executableName, IMPLIED_MIRROR, versionDir } from '../src/provider/install';
import { packageHash } from '../src/provider/lock-file';
import { PROVIDER_SOURCE, PROVIDER_VERSION } from '../src/provider/version';
import { WorkspacesStack } from './stack';
import { synthJson, testStack } from './test-support';

describe('WorkspacesStack', () => {
  it('configures the cdkws provider with the organization and address and no token', () => {
    const stack = testStack({ address: 'http://127.0.0.1:8080/' });
    const synth = synthJson(stack);
    expect(synth.provider.cdkws).toEqual([{ organization: 'acme', address: 'http://127.0.0.1:8080' }]);
    expect(JSON.stringify(synth)).not.toMatch(/token/i);
    expect(Testing.toHaveProvider(Testing.synth(stack), 'cdkws')).toBe(true);
  });

  it('requires the provider from its source address, at the version this package bundles', () => {
    const required = synthJson(testStack()).terraform.required_providers.cdkws;
    expect(required.source).toMatch(/(^|\/)cdk-workspaces\/cdkws$/);
    expect(required.version).toBe(PROVIDER_VERSION);
  });

  it('lays the bundled provider into the stack folder, locked, so terraform init needs no registry', () => {
    const outdir = Testing.fullSynth(testStack());
    try {
      const stackDir = path.join(outdir, 'stacks', 'platform');
      const packageDir = versionDir(path.join(stackDir, IMPLIED_MIRROR));
      expect(statSync(path.join(packageDir, executableName())).mode & 0o111).not.toBe(0);
      const lock = readFileSync(path.join(stackDir, '.terraform.lock.hcl'), 'utf8');
      expect(lock).toContain(`provider "${PROVIDER_SOURCE}" {\n  version     = "${PROVIDER_VERSION}"\n  constraints = "${PROVIDER_VERSION}"`);
      expect(lock).toContain(`"${packageHash(packageDir)}"`);
      expect(existsSync(path.join(stackDir, 'cdk.tf.json'))).toBe(true);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('uses a local backend by default and a given local path', () => {
    expect(synthJson(testStack()).terraform.backend.local.path).toMatch(/terraform\.platform\.tfstate$/);
    expect(synthJson(testStack({ backend: { path: 'state/platform.tfstate' } })).terraform.backend.local).toEqual({ path: 'state/platform.tfstate' });
  });

  it('uses the backend a factory creates in the stack', () => {
    const stack = testStack({ backend: (s) => new S3Backend(s, { bucket: 'states', key: 'platform.tfstate', region: 'eu-west-1' }) });
    const backend = synthJson(stack).terraform.backend;
    expect(Object.keys(backend)).toEqual(['s3']);
    expect(stack.backend).toBeInstanceOf(S3Backend);
  });

  it('refuses an address with a path, naming the stack and attribute', () => {
    expect(() => new WorkspacesStack(Testing.app(), 'bad', { organization: 'acme', address: 'http://host/api/v2' })).toThrow(
      /^bad: address: address must be a base URL/,
    );
  });

  it('refuses a token and an empty organization', () => {
    const props = { organization: '', token: 'secret' } as unknown as { organization: string };
    let message = '';
    try {
      new WorkspacesStack(Testing.app(), 'bad', props);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^bad: organization: /m);
    expect(message).toMatch(/^bad: token: a token is never part of the stack/m);
    expect(message).not.toContain('secret');
  });
});
