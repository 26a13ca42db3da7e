// Service benchmarks: show throughput against a bare node:http server answering the same bytes,
// and the list queries at 100 vs `largeCount` workspaces in one organization (embedded SQLite).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoop } from './load';
import { HEADERS, benchBootstrap, benchSeed, listQueryFigures, startWorker } from './service-queries';

/**
 * Requests per second from autocannon (10 connections) run as its own process: a load generator
 * outside the bench's process, which the in-process one above cannot stand for (it shares the
 * bench's event loop, which caps the bare server's rate and flatters the ratio).
 */
function externalLoad(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const args = [require.resolve('autocannon/autocannon.js'), '-c', '10', '-d', String(seconds), '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...args, url], { maxBuffer: 16 << 20 }, (error, stdout) => {
      if (error) return reject(new Error(`autocannon failed: ${error.message}`));
      const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number };
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`autocannon: ${result.non2xx} non-2xx answers, ${result.errors} errors from ${url}`));
      resolve(result.requests.average);
    });
  });
}

export async function benchService(options: { seconds: number; largeCount: number; samples: number }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-'));
  try {
    const seedStarted = performance.now();
    const service = await startWorker({
      mode: 'service',
      bootstrap: benchBootstrap(),
      dataPath: path.join(dir, 'bench.db'),
      seed: benchSeed(options.largeCount),
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const created = await fetch(`${service.url}/api/v2/organizations/acme/workspaces`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'workspaces', attributes: { name: 'bench-show' } } }),
    });
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    const showPath = `/api/v2/workspaces/${id}`;
    const sample = await fetch(service.url + showPath, { headers: HEADERS });
    const sampleBody = await sample.text();
    const bare = await startWorker({ mode: 'bare', body: sampleBody, contentType: sample.headers.get('content-type') ?? 'application/json' });

    const durationMs = options.seconds * 1000;
    await closedLoop(bare.url, showPath, HEADERS, 16, 500); // warm both up
    await closedLoop(service.url, showPath, HEADERS, 16, 500);
    // Alternating runs, so a change in the machine's load affects both sides alike; medians.
    const ratios: number[] = [];
    const bareRates: number[] = [];
    const serviceRates: number[] = [];
    let errors = 0;
    for (let run = 0; run < 3; run += 1) {
      const bareRun = await closedLoop(bare.url, showPath, HEADERS, 16, durationMs / 3);
      const serviceRun = await closedLoop(service.url, showPath, HEADERS, 16, durationMs / 3);
      bareRates.push(bareRun.perSecond);
      serviceRates.push(serviceRun.perSecond);
      ratios.push(serviceRun.perSecond / bareRun.perSecond);
      errors += bareRun.errors + serviceRun.errors;
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const externalRatios: number[] = [];
    const externalSeconds = Math.max(2, Math.round(options.seconds / 2));
    for (let run = 0; run < 3; run += 1) {
      const bareRate = await externalLoad(bare.url + showPath, {}, externalSeconds);
      const serviceRate = await externalLoad(service.url + showPath, HEADERS, externalSeconds);
      externalRatios.push(serviceRate / bareRate);
    }

    const lists = await listQueryFigures(service.url, options.largeCount, options.samples);
    await service.worker.terminate();
    await bare.worker.terminate();
    return {
      'show: bare node:http req/s (median of 3)': Math.round(median(bareRates)),
      'show: service req/s (median of 3)': Math.round(median(serviceRates)),
      'show: throughput ratio, median of 3 alternating runs (goal >= 0.6)': Number(median(ratios).toFixed(3)),
      'show: errors': errors,
      'show: throughput ratio, autocannon in its own process, 10 connections (goal >= 0.6)': Number(median(externalRatios).toFixed(3)),
      ...lists,
      'seeding seconds (through the storage layer)': Number(seedSeconds.toFixed(1)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
