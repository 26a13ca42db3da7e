// Client benchmarks (issue "typed API client"): the client's time per request against a raw undici
// request to the same endpoint with the same headers, and the rate a rate-limited client achieves
// against its configured limit, judged by a service limiting at the same rate.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'undici';
import { Client, RateLimitedError } from '../src/client';
import { startServer } from '../src/server';

const TOKEN = 'alice-token';
const ORG = 'acme';

export function bootstrap(): unknown {
  // Compiled to dist/bench, run from the sources by tests: look upwards for the examples folder.
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      return JSON.parse(readFileSync(path.join(dir, 'examples', 'bootstrap.json'), 'utf8'));
    } catch {
      // not here
    }
  }
  throw new Error('examples/bootstrap.json not found');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Per-request microseconds of the client and of raw undici, interleaved in rounds so drift hits both. */
async function overhead(url: string, rounds: number, perRound: number): Promise<{ client: number; raw: number; clientBest: number; rawBest: number }> {
  const client = new Client({ address: url, token: TOKEN, rateLimit: false, concurrency: 1 });
  const pool = new Pool(url, { connections: 1 });
  try {
    const ws = await client.workspaces.create(ORG, { name: `bench-${Date.now()}` });
    const headers = {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/vnd.api+json',
      accept: 'application/vnd.api+json',
      'user-agent': 'cdk-workspaces-client/0.1.0',
    };
    const raw = async () => {
      const response = await pool.request({ method: 'GET', path: `/api/v2/workspaces/${ws.id}`, headers });
      const body = (await response.body.json()) as { data: { id: string } };
      if (body.data.id !== ws.id) throw new Error('raw request read another workspace');
    };
    const viaClient = async () => {
      const read = await client.workspaces.readById(ws.id);
      if (read.id !== ws.id) throw new Error('client read another workspace');
    };
    const time = async (fn: () => Promise<void>) => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < perRound; i++) await fn();
      return Number(process.hrtime.bigint() - started) / 1000 / perRound;
    };
    for (let i = 0; i < 200; i++) await (i % 2 ? raw() : viaClient());
    const clientTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first so neither always runs on a warmer process.
      if (round % 2) {
        rawTimes.push(await time(raw));
        clientTimes.push(await time(viaClient));
      } else {
        clientTimes.push(await time(viaClient));
        rawTimes.push(await time(raw));
      }
    }
    return { client: median(clientTimes), raw: median(rawTimes), clientBest: Math.min(...clientTimes), rawBest: Math.min(...rawTimes) };
  } finally {
    await client.close();
    await pool.close();
  }
}

/** Sends as fast as the client allows for `seconds`; the service limits at the same rate. */
async function achievedRate(url: string, limit: number, seconds: number): Promise<{ completed: number; rate: number; rejected: number; maxInWindow: number }> {
  const client = new Client({ address: url, token: TOKEN, rateLimit: limit, concurrency: 8, retry: false });
  try {
    const ws = await client.workspaces.create(ORG, { name: `bench-rate-${Date.now()}` });
    await new Promise((r) => setTimeout(r, 1100)); // a fresh window on the service for the run
    const total = Math.round(limit * seconds);
    const done: number[] = [];
    let rejected = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: total }, () =>
        client.workspaces.readById(ws.id).then(
          () => void done.push(performance.now()),
          (error) => {
            if (error instanceof RateLimitedError) rejected += 1;
            else throw error;
          },
        ),
      ),
    );
    // The first request goes at once; each further one earns 1/limit of a second.
    const elapsed = (Math.max(...done) - started) / 1000;
    const sorted = [...done].sort((a, b) => a - b);
    let maxInWindow = 0;
    for (let i = 0, j = 0; i < sorted.length; i++) {
      while (sorted[i] - sorted[j] >= 1000) j++;
      maxInWindow = Math.max(maxInWindow, i - j + 1);
    }
    return { completed: done.length, rate: (done.length - 1) / elapsed, rejected, maxInWindow };
  } finally {
    await client.close();
  }
}

export async function benchClient(options: { rounds?: number; perRound?: number; limit?: number; seconds?: number } = {}): Promise<Record<string, unknown>> {
  const limit = options.limit ?? 50;
  const server = await startServer({ host: '127.0.0.1', port: 0, storage: { kind: 'sqlite', path: ':memory:' }, bootstrap: bootstrap(), log: () => {} });
  try {
    const times = await overhead(server.url, options.rounds ?? 20, options.perRound ?? 200);
    const limited = await startServer({
      host: '127.0.0.1',
      port: 0,
      storage: { kind: 'sqlite', path: ':memory:' },
      bootstrap: bootstrap(),
      rateLimit: limit,
      log: () => {},
    });
    let rate;
    try {
      rate = await achievedRate(limited.url, limit, options.seconds ?? 3);
    } finally {
      await limited.close();
    }
    const ratio = times.client / times.raw;
    // The best round is the least disturbed by other processes on a busy machine.
    const bestRatio = times.clientBest / times.rawBest;
    const share = rate.rate / limit;
    return {
      'workspaces.readById per request (µs, median of rounds)': times.client.toFixed(1),
      'raw undici GET of the same URL (µs)': times.raw.toFixed(1),
      'client / raw, medians (goal ≤ 1.10)': `${ratio.toFixed(3)} ${ratio <= 1.1 ? 'ok' : 'ABOVE GOAL'}`,
      'client / raw, best rounds (µs)': `${bestRatio.toFixed(3)} (${times.clientBest.toFixed(1)} / ${times.rawBest.toFixed(1)})`,
      [`achieved rate at rateLimit ${limit}/s (req/s)`]: rate.rate.toFixed(1),
      'achieved / limit (goal ≥ 0.90)': `${share.toFixed(3)} ${share >= 0.9 ? 'ok' : 'BELOW GOAL'}`,
      'answered 429 by a service limiting at the same rate (goal 0)': rate.rejected,
      'most completions in any 1 s window': rate.maxInWindow,
    };
  } finally {
    await server.close();
  }
}
