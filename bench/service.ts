// Service benchmarks: show throughput against a bare node:http server answering the same bytes,
// and the list queries at 100 vs `largeCount` workspaces in one organization (embedded SQLite).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoop } from './load';
import { HEADERS, benchBootstrap, benchSeed, listQueryFigures, startWorker } from './service-queries';

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

    const lists = await listQueryFigures(service.url, options.largeCount, options.samples);
    await service.worker.terminate();
    await bare.worker.terminate();
    return {
      'show: bare node:http req/s (median of 3)': Math.round(median(bareRates)),
      'show: service req/s (median of 3)': Math.round(median(serviceRates)),
      'show: throughput ratio, median of 3 alternating runs (goal >= 0.6)': Number(median(ratios).toFixed(3)),
      'show: errors': errors,
      ...lists,
      'seeding seconds (through the storage layer)': Number(seedSeconds.toFixed(1)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
