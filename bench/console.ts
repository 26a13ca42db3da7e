// Console benchmark (issue "The web console"): the workspace list page at 100 and at 100,000
// workspaces in one organization, seeded straight through the store as the service benchmark does.
// The goal is a ratio of at most 2; the API list at the same sizes is the baseline it sits on.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { medianLatency } from './load';
import { benchBootstrap, benchSeed, startWorker } from './service-queries';

async function signIn(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/app/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  const cookie = response.headers.get('set-cookie');
  if (!cookie) throw new Error(`console sign-in answered ${response.status}`);
  return cookie.split(';')[0];
}

export async function benchConsole(options: { largeCount: number; samples: number }): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-bench-console-'));
  try {
    const service = await startWorker({
      mode: 'service',
      bootstrap: benchBootstrap(),
      dataPath: path.join(dir, 'bench.db'),
      seed: benchSeed(options.largeCount),
    });
    const page = { cookie: await signIn(service.url, 'alice-token') };
    const api = { authorization: 'Bearer alice-token' };
    const consoleList = (org: string) => `/app/${org}/workspaces`;
    const apiList = (org: string) => `/api/v2/organizations/${org}/workspaces?include=project,locked_by`;
    // Both pages once through the JIT and the storage caches before either is measured.
    for (const org of ['small', 'large']) await medianLatency(service.url, consoleList(org), page, 20, 50);
    const small = await medianLatency(service.url, consoleList('small'), page, options.samples);
    const large = await medianLatency(service.url, consoleList('large'), page, options.samples);
    const smallSorted = await medianLatency(service.url, `${consoleList('small')}?sort=-latest-change-at&page%5Bnumber%5D=3`, page, options.samples);
    const largeSorted = await medianLatency(service.url, `${consoleList('large')}?sort=-latest-change-at&page%5Bnumber%5D=3`, page, options.samples);
    const apiSmall = await medianLatency(service.url, apiList('small'), api, options.samples);
    const apiLarge = await medianLatency(service.url, apiList('large'), api, options.samples);
    await service.worker.terminate();
    return {
      'list page: median ms at 100 workspaces': Number(small.toFixed(3)),
      [`list page: median ms at ${options.largeCount} workspaces`]: Number(large.toFixed(3)),
      'list page: latency ratio (goal <= 2)': Number((large / small).toFixed(3)),
      'list page, sorted, page 3: latency ratio (goal <= 2)': Number((largeSorted / smallSorted).toFixed(3)),
      'API list (same page): latency ratio, for reference': Number((apiLarge / apiSmall).toFixed(3)),
      'list page vs API list at 100: time ratio': Number((small / apiSmall).toFixed(3)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
