// `cdkws import` at scale (issue "cdkws import"): requests per workspace for an organization of
// 1,000 workspaces (list pages plus at most one tag-binding read and one consumers page each), and
// the seconds it takes with the client's default rate limit against a service limiting at the same
// rate, compared with the floor that rate sets (requests / limit) and with an unlimited run.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '../src/client';
import { renderImportModule } from '../src/cli/import/emit';
import { readImportedWorkspaces, type ImportFilters } from '../src/cli/import/read';
import { startServer } from '../src/server';
import { bootstrap } from './client';

const TOKEN = 'alice-token';
const ORG = 'acme';
/** The hosted service's documented limit, and the client's default. */
const RATE = 30;

const name = (i: number) => `bench-${String(i).padStart(4, '0')}`;

/** 1,000 workspaces: a third with key-value tags, a fifth sharing state with the next two, some flat tags. */
async function populate(client: Client, count: number): Promise<void> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, k) => start + k);
    const made = await Promise.all(
      batch.map((i) =>
        client.workspaces.create(ORG, {
          name: name(i),
          description: i % 7 === 0 ? `workspace ${i}\nwith "quotes"` : undefined,
          autoApply: i % 3 === 0,
          tagBindings:
            i % 3 === 1
              ? [
                  { key: 'team', value: `t${i % 10}` },
                  { key: 'env', value: 'prod' },
                ]
              : undefined,
        }),
      ),
    );
    ids.push(...made.map((w) => w.id));
  }
  await Promise.all(ids.filter((_id, i) => i % 11 === 0).map((id) => client.tags.add(id, ['bench'])));
  for (let i = 0; i + 2 < count; i += 5) await client.remoteStateConsumers.add(ids[i], [ids[i + 1], ids[i + 2]]);
}

/** Runs the import's reads and renders the module; counts every HTTP request the client sends. */
async function timedImport(
  url: string,
  rateLimit: number | false,
  filters: ImportFilters,
): Promise<{ seconds: number; requests: number; workspaces: number; refused: number }> {
  let requests = 0;
  let refused = 0;
  const onRequest = () => requests++;
  const onHeaders = (message: unknown) => {
    if ((message as { response?: { statusCode?: number } }).response?.statusCode === 429) refused++;
  };
  subscribe('undici:request:create', onRequest);
  subscribe('undici:request:headers', onHeaders);
  const client = new Client({ address: url, token: TOKEN, rateLimit });
  try {
    const started = performance.now();
    const workspaces = await readImportedWorkspaces(client, filters);
    renderImportModule({ organization: ORG, command: 'bench', workspaces });
    return { seconds: (performance.now() - started) / 1000, requests, workspaces: workspaces.length, refused };
  } finally {
    unsubscribe('undici:request:create', onRequest);
    unsubscribe('undici:request:headers', onHeaders);
    await client.close();
  }
}

export async function benchImport(options: { quick: boolean; count?: number }): Promise<Record<string, string>> {
  const count = options.count ?? 1000;
  const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-bench-import-'));
  const storage = { kind: 'sqlite' as const, path: path.join(dir, 'service.db') };
  try {
    const open = await startServer({ host: '127.0.0.1', port: 0, storage, bootstrap: bootstrap(), log: () => {} });
    let unlimited;
    try {
      const admin = new Client({ address: open.url, token: TOKEN, rateLimit: false, concurrency: 20 });
      await populate(admin, count);
      await admin.close();
      unlimited = await timedImport(open.url, false, { organization: ORG, tags: [] });
    } finally {
      await open.close();
    }
    // The same data behind the hosted service's limit, read with the client's default limit.
    const limited = await startServer({ host: '127.0.0.1', port: 0, storage, bootstrap: bootstrap(), rateLimit: RATE, log: () => {} });
    let paced;
    // --quick: a tenth of the organization (one name prefix), scaled up to 1,000.
    const share = options.quick ? 10 : 1;
    try {
      await new Promise((r) => setTimeout(r, 1100)); // a fresh rate window
      paced = await timedImport(limited.url, RATE, { organization: ORG, tags: [], name: options.quick ? 'bench-01*' : undefined });
    } finally {
      await limited.close();
    }
    const perWorkspace = unlimited.requests / unlimited.workspaces;
    const floor = paced.requests / RATE;
    const scaled = (x: number) => (x * share * 1000) / count;
    return {
      'workspaces in the organization': String(unlimited.workspaces),
      'requests (list pages + tag bindings + consumer pages)': String(unlimited.requests),
      'requests per workspace': perWorkspace.toFixed(3),
      [`seconds for 1,000 at ${RATE} req/s (client default; service limits)`]: scaled(paced.seconds).toFixed(1),
      '  measured on': share > 1 ? `${paced.workspaces} workspaces, scaled to 1,000 (--quick)` : `${paced.workspaces} workspaces`,
      [`  floor set by the rate (requests / ${RATE})`]: scaled(floor).toFixed(1),
      '  ratio to the floor (1.00: the rate limit is the only cost)': (paced.seconds / floor).toFixed(2),
      '  429 answers from the service': String(paced.refused),
      'seconds for 1,000 without a rate limit (baseline, same run)': ((unlimited.seconds * 1000) / count).toFixed(1),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
