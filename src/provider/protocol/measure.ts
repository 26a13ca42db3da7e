// Measures a provider executable's start-up: from exec to the handshake line on stdout, with the
// environment Terraform gives it (mutual TLS on). `main` measures the fake provider; after
// `npm run build`: node -e "require('./dist/src/provider/protocol/measure').main(20)"
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
}

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
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
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

/** Starts the executable `runs` times in a row (after one warm-up start) and summarises. */
export async function measureStartup(executable: string, runs = 10): Promise<StartupFigures> {
  const sockets = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-measure-'));
  const client = createServerCertificate(); // stands in for Terraform's client certificate
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
    PLUGIN_PROTOCOL_VERSIONS: '5,6',
    PLUGIN_CLIENT_CERT: client.certPem,
    PLUGIN_UNIX_SOCKET_DIR: sockets,
  };
  try {
    await timeOneStart(executable, env); // warm the page cache
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await timeOneStart(executable, env));
    const sorted = [...samples].sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      runs,
      medianMs: round(sorted[Math.floor(sorted.length / 2)]),
      minMs: round(sorted[0]),
      maxMs: round(sorted[sorted.length - 1]),
      samplesMs: samples.map(round),
    };
  } finally {
    fs.rmSync(sockets, { recursive: true, force: true });
  }
}

/** Bundles the fake provider into a temp mirror and prints its start-up figures. */
export async function main(runs = Number(process.argv[2] ?? 20)): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { bundleProvider } = require('./bundle') as typeof import('./bundle');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-mirror-'));
  try {
    const entry = path.join(__dirname, 'testing', `fake-provider-main${path.extname(__filename)}`);
    const exe = await bundleProvider({ entry, mirrorDir: dir });
    const bare = await measureBareNode(runs);
    const figures = await measureStartup(exe, runs);
    process.stdout.write(`${JSON.stringify({ executable: exe, bareNodeMedianMs: bare, ...figures }, null, 2)}\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Median time for node to start, print a line and be seen doing so: the floor for any provider. */
async function measureBareNode(runs: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdkws-bare-'));
  const exe = path.join(dir, 'bare');
  fs.writeFileSync(exe, `#!${process.execPath}\nprocess.stdout.write('1|6|unix|x|grpc|\\n');setTimeout(()=>{},1e6);\n`, { mode: 0o755 });
  try {
    const samples: number[] = [];
    for (let i = 0; i <= runs; i++) samples.push(await timeOneStart(exe, process.env));
    samples.shift();
    samples.sort((a, b) => a - b);
    return Math.round(samples[Math.floor(samples.length / 2)] * 10) / 10;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
