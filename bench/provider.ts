// Provider benchmarks (issue "The provider"): exec-to-handshake time of the installed provider
// (goal ≤ 120 ms), and `terraform plan` wall time for one cdkws_workspace against a configuration
// with only terraform_data (Terraform's own baseline, no provider start at all).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installProvider } from '../src/provider/install';
import { measureStartup } from '../src/provider/protocol/measure';
import { PROVIDER_VERSION } from '../src/provider/version';
import { startServer } from '../src/server';

const ROOT = path.resolve(__dirname, '..', '..');
const TERRAFORM = process.env.TERRAFORM_BIN ?? '/usr/local/bin/terraform';
const STARTUP_GOAL_MS = 120;

function terraform(dir: string, env: NodeJS.ProcessEnv, args: string[]): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    // Asynchronous: the service answering the provider runs in this process.
    execFile(TERRAFORM, [...args, '-no-color', '-input=false'], { cwd: dir, env }, (error, stdout, stderr) => {
      if (error) reject(new Error(`terraform ${args.join(' ')} failed: ${stderr || stdout}`));
      else resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Math.round(n * 10) / 10;

async function planTime(dir: string, env: NodeJS.ProcessEnv, config: string, runs: number): Promise<number> {
  writeFileSync(path.join(dir, 'main.tf'), config);
  await terraform(dir, env, ['init']);
  await terraform(dir, env, ['apply', '-auto-approve']);
  await terraform(dir, env, ['plan']); // warm caches
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await terraform(dir, env, ['plan']));
  return median(samples);
}

export async function benchProvider(options: { runs?: number; planRuns?: number } = {}): Promise<Record<string, unknown>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-provider-'));
  const bootstrap = JSON.parse(readFileSync(path.join(ROOT, 'examples', 'bootstrap.json'), 'utf8'));
  const server = await startServer({ host: '127.0.0.1', port: 0, storage: { kind: 'sqlite', path: ':memory:' }, bootstrap, log: () => {} });
  try {
    const installed = installProvider({ dir: path.join(tmp, 'install') });
    const startup = await measureStartup(installed.executable, options.runs ?? 20);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: tmp,
      CHECKPOINT_DISABLE: '1',
      TF_IN_AUTOMATION: '1',
      TF_CLI_CONFIG_FILE: installed.cliConfigFile,
      CDKWS_ADDRESS: server.url,
      CDKWS_TOKEN: 'alice-token',
    };
    const runs = options.planRuns ?? 5;
    const baselineDir = mkdtempSync(path.join(tmp, 'baseline-'));
    const baseline = await planTime(baselineDir, env, 'resource "terraform_data" "x" {\n  input = "a"\n}\n', runs);
    const workspaceDir = mkdtempSync(path.join(tmp, 'workspace-'));
    const config = `terraform {\n  required_providers {\n    cdkws = { source = "cdk-workspaces/cdkws", version = "${PROVIDER_VERSION}" }\n  }\n}\nprovider "cdkws" {\n  organization = "acme"\n}\nresource "cdkws_workspace" "w" {\n  name = "bench"\n}\n`;
    const withWorkspace = await planTime(workspaceDir, env, config, runs);
    return {
      'provider start-up, exec to handshake, median (ms)': startup.medianMs,
      'provider start-up, min / max (ms)': `${startup.minMs} / ${startup.maxMs}`,
      'provider start-up goal (ms)': STARTUP_GOAL_MS,
      'terraform plan, only terraform_data, median (ms)': round(baseline),
      'terraform plan, one cdkws_workspace, median (ms)': round(withWorkspace),
      'plan ratio (cdkws_workspace / terraform_data)': round(withWorkspace / baseline),
    };
  } finally {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

// `node dist/bench/provider.js` runs this benchmark alone.
if (require.main === module) {
  benchProvider().then(
    (figures) => {
      for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(56)} ${value}\n`);
    },
    (error) => {
      process.stderr.write(`bench failed: ${error?.stack ?? error}\n`);
      process.exitCode = 1;
    },
  );
}
