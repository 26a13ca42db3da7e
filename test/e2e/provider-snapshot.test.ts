// The provider starts from a V8 startup snapshot built for the node at hand (src/provider/snapshot.ts),
// and from its plain bundle whenever that snapshot might not fit that node.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installProvider } from '../../src/provider/install';
import { terraformLikeEnv } from '../../src/provider/protocol/measure';
import { bundleHash, ensureProviderSnapshot, snapshotDir } from '../../src/provider/snapshot';
import { requiredProviders } from '../helpers/terraform';
import { describeWith, TERRAFORM } from '../helpers/requirements';
import { TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';

const BUILT_MIRROR = path.resolve(__dirname, '..', '..', 'dist', 'provider-mirror');

/** Starts the executable as Terraform would and answers the command line node runs with. */
function startedCommandLine(executable: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' ');
      child.kill('SIGKILL');
      if (/^1\|6\|unix\|/.test(out)) resolve(commandLine);
      else reject(new Error(`not a handshake: ${out}`));
    });
    child.on('exit', (code) => {
      if (!out.includes('\n')) reject(new Error(`the provider exited (${code}) before its handshake: ${err}`));
    });
  });
}

function runTerraform(dir: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TERRAFORM, [...args, '-no-color', '-input=false'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describeWith('terraform')('the provider started from a V8 startup snapshot', () => {
  const service = useService();
  let tmp: string;
  let cacheEnv: NodeJS.ProcessEnv;
  let executable: string;
  let cliConfigFile: string;
  let blob: string;

  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'cdkws-snapshot-'));
    cacheEnv = { XDG_CACHE_HOME: path.join(tmp, 'cache') };
    // Two installed copies of one build share a snapshot; the copy it was built from goes away.
    const first = installProvider({ dir: path.join(tmp, 'first'), from: BUILT_MIRROR, env: cacheEnv });
    const second = installProvider({ dir: path.join(tmp, 'second'), from: BUILT_MIRROR, env: cacheEnv });
    ({ executable, cliConfigFile } = second);
    const packageDir = path.dirname(executable);
    blob = path.join(snapshotDir(bundleHash(packageDir), cacheEnv), 'snapshot.blob');
    expect(ensureProviderSnapshot(packageDir, cacheEnv)).toBe('current');
    rmSync(path.dirname(first.executable), { recursive: true, force: true });
  });

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  const providerEnv = () => ({ ...terraformLikeEnv(tmp), NODE_OPTIONS: '', ...cacheEnv });

  it('starts from the snapshot built for this node', async () => {
    expect(await startedCommandLine(executable, providerEnv())).toContain(`--snapshot-blob ${blob}`);
  });

  it('plans and applies through Terraform, loading its deferred libraries from its own folder', async () => {
    const dir = mkdtempSync(path.join(tmp, 'work-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: dir,
      ...cacheEnv,
      CHECKPOINT_DISABLE: '1',
      TF_CLI_CONFIG_FILE: cliConfigFile,
      CDKWS_ADDRESS: service.url,
      CDKWS_TOKEN: TOKENS.owner,
    };
    const config = `${requiredProviders()}provider "cdkws" {\n  organization = "acme"\n}\nresource "cdkws_workspace" "w" {\n  name = "from-a-snapshot"\n}\n`;
    writeFileSync(path.join(dir, 'main.tf'), config);
    expect(await runTerraform(dir, env, 'init')).toMatchObject({ code: 0 });
    const applied = await runTerraform(dir, env, 'apply', '-auto-approve');
    expect(applied.output).toContain('Apply complete! Resources: 1 added');
    expect(await runTerraform(dir, env, 'plan', '-detailed-exitcode')).toMatchObject({ code: 0 });
  });

  it('runs the plain bundle when NODE_OPTIONS is set (V8 flags would make node refuse the snapshot)', async () => {
    const commandLine = await startedCommandLine(executable, { ...providerEnv(), NODE_OPTIONS: '--max-old-space-size=512' });
    expect(commandLine).not.toContain('--snapshot-blob');
    expect(commandLine).toContain('launcher.js');
  });

  it('runs the plain bundle when node may have changed since the snapshot was built', async () => {
    const longAgo = new Date('2001-01-01T00:00:00Z');
    utimesSync(blob, longAgo, longAgo); // older than node: as if node had been replaced since
    try {
      const commandLine = await startedCommandLine(executable, providerEnv());
      expect(commandLine).not.toContain('--snapshot-blob');
      expect(commandLine).toContain('launcher.js');
    } finally {
      const now = new Date();
      utimesSync(blob, now, now);
    }
  });
});
