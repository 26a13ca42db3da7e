// A small closed-loop load generator on undici: `connections` clients each send the next request
// as soon as the last answer arrived, for `durationMs`. Used only by the benchmarks.
import { Pool } from 'undici';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  errors: number;
}

export async function closedLoop(origin: string, path: string, headers: Record<string, string>, connections: number, durationMs: number): Promise<LoadResult> {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  async function worker(): Promise<void> {
    while (performance.now() < deadline) {
      try {
        const response = await pool.request({ method: 'GET', path, headers });
        await response.body.arrayBuffer();
        if (response.statusCode === 200) requests += 1;
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { requests, seconds, perSecond: requests / seconds, errors };
}

/** Median latency in milliseconds of `count` sequential requests (after `warmup` unmeasured ones). */
export async function medianLatency(origin: string, path: string, headers: Record<string, string>, count: number, warmup = 20): Promise<number> {
  const pool = new Pool(origin, { connections: 1 });
  const samples: number[] = [];
  for (let i = 0; i < count + warmup; i += 1) {
    const started = performance.now();
    const response = await pool.request({ method: 'GET', path, headers });
    await response.body.arrayBuffer();
    if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}`);
    if (i >= warmup) samples.push(performance.now() - started);
  }
  await pool.close();
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}
