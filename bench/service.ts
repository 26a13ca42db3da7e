// Service benchmarks (issue "The service, part 1"): show throughput against a bare node:http server
// answering the same bytes, and list-page latency at 100 vs 100,000 workspaces in one organization.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { closedLoop, medianLatency } from './load';

const ROOT = path.resolve(__dirname, '..', '..');
const TOKEN = 'alice-token';
const HEADERS = { authorization: `Bearer ${TOKEN}` };

export function startWorker(data: unknown): Promise<{ url: string; worker: Worker }> {
  const worker = new Worker(path.join(__dirname, 'service-worker.js'), { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { url?: string; error?: string }) => {
      if (message.url) resolve({ url: message.url, worker });
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
}

export function bootstrapWithLargeOrganization(): any {
  const bootstrap = JSON.parse(readFileSync(path.join(ROOT, 'examples', 'bootstrap.json'), 'utf8'));
  for (const name of ['small', 'large']) {
    bootstrap.organizations.push({
      name,
      tier: 'plus',
      projects: [{ id: `prj-${name}`, name: 'Default Project', default: true }],
      teams: [{ name: 'owners', owners: true, members: ['alice'] }],
    });
  }
  return bootstrap;
}

export async function benchService(options: { seconds: number; largeCount: number }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-'));
  try {
    const bootstrap = bootstrapWithLargeOrganization();
    const seedStarted = performance.now();
    const service = await startWorker({
      mode: 'service',
      bootstrap,
      dataPath: path.join(dir, 'bench.db'),
      seed: [
        { organization: 'small', projectId: 'prj-small', count: 100 },
        { organization: 'large', projectId: 'prj-large', count: options.largeCount },
      ],
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
    const bareRun = await closedLoop(bare.url, showPath, HEADERS, 16, durationMs);
    const serviceRun = await closedLoop(service.url, showPath, HEADERS, 16, durationMs);

    const listPath = (org: string) => `/api/v2/organizations/${org}/workspaces`;
    const small = await medianLatency(service.url, listPath('small'), HEADERS, 200);
    const large = await medianLatency(service.url, listPath('large'), HEADERS, 200);
    const tagged = '?filter%5Btagged%5D%5B0%5D%5Bkey%5D=team&filter%5Btagged%5D%5B0%5D%5Bvalue%5D=core';
    const smallTagged = await medianLatency(service.url, `${listPath('small')}${tagged}`, HEADERS, 100);
    const largeTagged = await medianLatency(service.url, `${listPath('large')}${tagged}`, HEADERS, 100);
    const smallSearch = await medianLatency(service.url, `${listPath('small')}?search%5Bname%5D=00009`, HEADERS, 100);
    const largeSearch = await medianLatency(service.url, `${listPath('large')}?search%5Bname%5D=00009`, HEADERS, 100);

    await service.worker.terminate();
    await bare.worker.terminate();
    return {
      'show: bare node:http req/s': Math.round(bareRun.perSecond),
      'show: service req/s': Math.round(serviceRun.perSecond),
      'show: throughput ratio (goal >= 0.6)': Number((serviceRun.perSecond / bareRun.perSecond).toFixed(3)),
      'show: errors': bareRun.errors + serviceRun.errors,
      [`list: median ms at 100 workspaces`]: Number(small.toFixed(3)),
      [`list: median ms at ${options.largeCount} workspaces`]: Number(large.toFixed(3)),
      'list: latency ratio (goal <= 2)': Number((large / small).toFixed(3)),
      'list filter[tagged] (20 matches): latency ratio': Number((largeTagged / smallTagged).toFixed(3)),
      'list search[name]: latency ratio (reported, scans by design)': Number((largeSearch / smallSearch).toFixed(3)),
      'seeding seconds': Number(seedSeconds.toFixed(1)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
