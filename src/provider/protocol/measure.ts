// Measures a provider executable's start-up: from exec to the handshake line on stdout, with the
// environment Terraform gives it (mutual TLS on), against bare `node -e ''` (exec to exit) started
// in turn with it, so a busy machine slows both alike. `main` measures the fake provider; after
// `npm run build`: node -e "require('./dist/src/provider/protocol/measure').measureFromCommandLine(20)"
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createServerCertificate } from './cert';
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from './handshake';

export interface StartupFigures {
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  samplesMs: number[];
  /** Median of bare `node -e ''`, exec to exit, measured alternately with the provider. */
  bareNodeMedianMs: number;
  /** Median over runs of (provider − bare node) in the same round. */
  overBareNodeMedianMs: number;
}

const elapsedMs = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;
const round = (n: number) => Math.round(n * 10) / 10;
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Starts the executable once and resolves with the milliseconds until its handshake line. */
export function timeOneStart(executable: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(executable, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let done = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!done && out.includes('\n')) {
        done = true;
        const ms = elapsedMs(started);
        if (!/^1\|6\|unix\|[^|]+\|grpc\|/.test(out)) reject(new Error(`unexpected handshake: ${out}`));
        else resolve(ms);
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!done) reject(new Error(`provider exited (${code}) before the handshake: ${err}`));
    });
  });
}

/**
 * Milliseconds from exec to exit of bare `node -e ''`: the floor for any Node provider. It gets the
 * provider's environment: variables such as NODE_EXTRA_CA_CERTS cost every node process alike
 * (reading that bundle takes ~35 ms), and would otherwise count as the provider's own.
 */
export function timeBareNode(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore', env });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(elapsedMs(started)) : reject(new Error(`node -e '' exited ${code}`))));
  });
}

/** The environment Terraform starts a provider with (mutual TLS on); `dir` receives the socket. */
export function terraformLikeEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
    PLUGIN_PROTOCOL_VERSIONS: '5,6',
    PLUGIN_CLIENT_CERT: createServerCertificate().certPem, // stands in for Terraform's client certificate
    PLUGIN_UNIX_SOCKET_DIR: dir,
  };
}

/** Starts bare node and the executable alternately `runs` times (after one warm-up each) and summarises. */
export async function measureStartup(executable: string, runs = 10, extraEnv: NodeJS.ProcessEnv = {}): Promise<StartupFigures> {
  const sockets = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-measure-'));
  // extraEnv: e.g. XDG_CACHE_HOME, where the provider's launcher finds its startup snapshot.
  const env = { ...terraformLikeEnv(sockets), ...extraEnv };
  try {
    await timeBareNode(env); // warm the page cache
    await timeOneStart(executable, env);
    const samples: number[] = [];
    const bare: number[] = [];
    const over: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(await timeBareNode(env));
      samples.push(await timeOneStart(executable, env));
      over.push(samples[i] - bare[i]);
    }
    return {
      runs,
      medianMs: round(median(samples)),
      minMs: round(Math.min(...samples)),
      maxMs: round(Math.max(...samples)),
      samplesMs: samples.map(round),
      bareNodeMedianMs: round(median(bare)),
      overBareNodeMedianMs: round(median(over)),
    };
  } finally {
    fs.rmSync(sockets, { recursive: true, force: true });
  }
}

/** Bundles the fake provider into a temp mirror and prints its start-up figures. */
export async function measureFromCommandLine(runs = Number(process.argv[2] ?? 20)): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { bundleProvider } = require('./bundle') as typeof import('./bundle');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-mirror-'));
  try {
    const entry = path.join(__dirname, 'testing', `fake-provider-main${path.extname(__filename)}`);
    const exe = await bundleProvider({ entry, mirrorDir: dir });
    const figures = await measureStartup(exe, runs);
    process.stdout.write(`${JSON.stringify({ executable: exe, ...figures }, null, 2)}\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
