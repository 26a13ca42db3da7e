// Provider benchmarks: exec-to-handshake time of the installed provider against bare `node -e ''`
// (goal: at most 30 ms more), and `terraform plan` of one cdkws_workspace against a plan with only
// terraform_data (goal: at most 3×), both as plain Terraform runs it (three provider starts) and as
// cdkws runs it (one provider process, started ahead, that Terraform reattaches to). Baselines run
// alternately with what they measure, so a busy machine slows both alike. Traced plans
// (TF_LOG=trace) count the provider's starts or sessions and time each phase.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installProvider } from '../src/provider/install';
import { measureStartup, median } from '../src/provider/protocol/measure';
import { PROVIDER_SOURCE, PROVIDER_VERSION } from '../src/provider/version';
import { startServer } from '../src/server';
import { startReattachedProvider } from '../src/cli/workflow/provider-process';

const ROOT = path.resolve(__dirname, '..', '..');
const TERRAFORM = process.env.TERRAFORM_BIN ?? '/usr/local/bin/terraform';
const STARTUP_OVER_NODE_GOAL_MS = 30;
const PLAN_GOAL_RATIO = 3;

export function terraform(dir: string, env: NodeJS.ProcessEnv, args: string[]): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    // Asynchronous: the service answering the provider runs in this process.
    // A plan of thousands of resources prints megabytes: room for them, or execFile fails the run.
    execFile(TERRAFORM, [...args, '-no-color', '-input=false'], { cwd: dir, env, maxBuffer: 1 << 28 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`terraform ${args.join(' ')} failed (${error.message.split('\n')[0]}): ${stderr || stdout.slice(-4000)}`));
      else resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

async function prepare(dir: string, env: NodeJS.ProcessEnv, config: string): Promise<void> {
  writeFileSync(path.join(dir, 'main.tf'), config);
  await terraform(dir, env, ['init']);
  await terraform(dir, env, ['apply', '-auto-approve']);
  await terraform(dir, env, ['plan']); // warm caches
}

export interface ProviderStart {
  /** The RPCs Terraform called in this start, in order (Close and repeats left out). */
  calls: string[];
  handshakeMs: number;
  sessionMs: number;
  exitMs: number;
}

/** The provider's starts in a TF_LOG=trace log of one command, with the time of each phase. */
export function providerStarts(trace: string, source = PROVIDER_SOURCE): ProviderStart[] {
  const starts: (ProviderStart & { t: number[] })[] = [];
  let current: (ProviderStart & { t: number[] }) | undefined;
  const time = (line: string) => Date.parse(line.slice(0, line.indexOf(' ')));
  for (const line of trace.split('\n')) {
    if (line.includes('provider: starting plugin:') && line.includes(source.split('/').slice(1).join('/'))) {
      current = { calls: [], handshakeMs: 0, sessionMs: 0, exitMs: 0, t: [time(line)] };
      starts.push(current);
    } else if (!current) continue;
    else if (line.includes('provider: using plugin:')) current.t[1] = time(line);
    else if (/GRPCProvider\.v6: Close$/.test(line.trim())) current.t[2] = time(line);
    else if (line.includes('provider: plugin exited')) {
      const [start, using, close] = current.t;
      const exited = time(line);
      Object.assign(current, { handshakeMs: using - start, sessionMs: close - using, exitMs: exited - close });
      current = undefined;
    } else {
      const call = /GRPCProvider\.v6: (\w+)$/.exec(line.trim())?.[1];
      if (call && !current.calls.includes(call)) current.calls.push(call);
    }
  }
  return starts.map(({ t: _t, ...s }) => s);
}

export interface ReattachedSession {
  calls: string[];
  /** From the session's first call to its Close. */
  sessionMs: number;
}

/** The sessions of a reattached provider in a TF_LOG=trace log: each ends with Close. */
export function reattachedSessions(trace: string): ReattachedSession[] {
  const sessions: ReattachedSession[] = [];
  let current: (ReattachedSession & { first: number }) | undefined;
  for (const line of trace.split('\n')) {
    const call = /GRPCProvider\.v6: (\w+)$/.exec(line.trim())?.[1];
    if (!call) continue;
    const at = Date.parse(line.slice(0, line.indexOf(' ')));
    current ??= { calls: [], sessionMs: 0, first: at };
    if (call === 'Close') {
      sessions.push({ calls: current.calls, sessionMs: at - current.first });
      current = undefined;
    } else if (!current.calls.includes(call)) current.calls.push(call);
  }
  return sessions;
}

/**
 * The provider installed under `tmp` (its startup snapshot in `tmp/cache`, as a user's cache holds
 * it), and the environment a bench's Terraform runs with: nothing of the caller's but PATH.
 */
export function installForBench(tmp: string, from?: string): { installed: ReturnType<typeof installProvider>; env: NodeJS.ProcessEnv } {
  const cache = path.join(tmp, 'cache');
  const installed = installProvider({ dir: path.join(tmp, 'install'), from, env: { XDG_CACHE_HOME: cache } });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: tmp,
    XDG_CACHE_HOME: cache,
    CHECKPOINT_DISABLE: '1',
    TF_IN_AUTOMATION: '1',
    TF_CLI_CONFIG_FILE: installed.cliConfigFile,
    CDKWS_TOKEN: 'alice-token',
  };
  return { installed, env };
}

/** `from`: a built provider mirror other than this package's (to compare two builds). */
export async function benchProvider(options: { runs?: number; planRuns?: number; from?: string } = {}): Promise<Record<string, unknown>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-provider-'));
  const bootstrap: unknown = JSON.parse(readFileSync(path.join(ROOT, 'examples', 'bootstrap.json'), 'utf8'));
  const server = await startServer({ host: '127.0.0.1', port: 0, storage: { kind: 'sqlite', path: ':memory:' }, bootstrap, log: () => {} });
  try {
    const { installed, env: terraformEnv } = installForBench(tmp, options.from);
    const startup = await measureStartup(installed.executable, options.runs ?? 20, { XDG_CACHE_HOME: terraformEnv.XDG_CACHE_HOME });
    // The same executable where no snapshot was built (another node, a fresh cache): the plain bundle.
    const plainStartup = await measureStartup(installed.executable, options.runs ?? 20, { XDG_CACHE_HOME: path.join(tmp, 'no-cache') });
    const env: NodeJS.ProcessEnv = { ...terraformEnv, CDKWS_ADDRESS: server.url };
    const baselineDir = mkdtempSync(path.join(tmp, 'baseline-'));
    await prepare(baselineDir, env, 'resource "terraform_data" "x" {\n  input = "a"\n}\n');
    const workspaceDir = mkdtempSync(path.join(tmp, 'workspace-'));
    const config = `terraform {\n  required_providers {\n    cdkws = { source = "cdk-workspaces/cdkws", version = "${PROVIDER_VERSION}" }\n  }\n}\nprovider "cdkws" {\n  organization = "acme"\n}\nresource "cdkws_workspace" "w" {\n  name = "bench"\n}\n`;
    await prepare(workspaceDir, env, config);
    // As cdkws runs it: one provider process, started before Terraform, for every command.
    const reattached = await startReattachedProvider(installed.executable, env, workspaceDir);
    const reattachEnv = { ...env, ...reattached.env };
    const baseline: number[] = [];
    const withWorkspace: number[] = [];
    const withReattached: number[] = [];
    try {
      await terraform(workspaceDir, reattachEnv, ['plan']); // its first sessions build caches
      for (let i = 0; i < (options.planRuns ?? 9); i++) {
        baseline.push(await terraform(baselineDir, env, ['plan']));
        withWorkspace.push(await terraform(workspaceDir, env, ['plan']));
        withReattached.push(await terraform(workspaceDir, reattachEnv, ['plan']));
      }
      const tracePath = path.join(tmp, 'trace.log');
      await terraform(workspaceDir, { ...env, TF_LOG: 'trace', TF_LOG_PATH: tracePath }, ['plan']);
      const starts = providerStarts(readFileSync(tracePath, 'utf8'));
      const reattachedTrace = path.join(tmp, 'trace-reattached.log');
      await terraform(workspaceDir, { ...reattachEnv, TF_LOG: 'trace', TF_LOG_PATH: reattachedTrace }, ['plan']);
      const sessions = reattachedSessions(readFileSync(reattachedTrace, 'utf8'));
      const ratio = (xs: number[]) => round(median(xs) / median(baseline));
      const figures: Record<string, unknown> = {
        "bare node -e '', exec to exit, median (ms)": startup.bareNodeMedianMs,
        'provider start-up, exec to handshake, median (ms)': startup.medianMs,
        'provider start-up over bare node, median of pairs (ms)': startup.overBareNodeMedianMs,
        'provider start-up over bare node, goal (ms)': `≤ ${STARTUP_OVER_NODE_GOAL_MS}`,
        'provider start-up without its snapshot (plain bundle) over bare node, median of pairs (ms)': plainStartup.overBareNodeMedianMs,
        'terraform plan, only terraform_data, median (ms)': round(median(baseline)),
        'terraform plan, one cdkws_workspace, median (ms)': round(median(withWorkspace)),
        'terraform plan, one cdkws_workspace, provider reattached (cdkws), median (ms)': round(median(withReattached)),
        'plan ratio (cdkws_workspace / terraform_data)': ratio(withWorkspace),
        'plan ratio, provider reattached as cdkws runs it': ratio(withReattached),
        'plan ratio, goal': `≤ ${PLAN_GOAL_RATIO}`,
        'plan ratios, provider reattached, each run': withReattached.map((p, i) => round(p / baseline[i])).join(', '),
        'provider starts in one plan': starts.length,
      };
      starts.forEach((s, i) => {
        figures[`  start ${i + 1} (traced): handshake / session / exit (ms)`] = `${s.handshakeMs} / ${s.sessionMs} / ${s.exitMs}  ${s.calls.join(',')}`;
      });
      sessions.forEach((s, i) => {
        figures[`  reattached session ${i + 1} (traced): session (ms)`] = `${s.sessionMs}  ${s.calls.join(',')}`;
      });
      return figures;
    } finally {
      reattached.stop();
    }
  } finally {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

// `node dist/bench/provider.js [--from MIRROR]` runs this benchmark alone (MIRROR: another build's).
if (require.main === module) {
  const fromAt = process.argv.indexOf('--from');
  benchProvider({ from: fromAt >= 0 ? process.argv[fromAt + 1] : undefined }).then(
    (figures) => {
      for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(60)} ${String(value)}\n`);
    },
    (error) => {
      process.stderr.write(`bench failed: ${(error instanceof Error && error.stack) || String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
