import { NotFoundError, type Client, type Workspace } from '../client';
import { BatchedWorkspaceReader, SingleWorkspaceReader } from './refresh';

/** A client whose workspaces API serves `byOrg` and counts the requests it gets. */
function fakeClient(byOrg: Record<string, number>, options: { failList?: boolean } = {}) {
  const all = new Map<string, Workspace>();
  for (const [org, count] of Object.entries(byOrg)) {
    for (let i = 0; i < count; i++) {
      const id = `ws-${org}-${i}`;
      all.set(id, {
        id,
        name: `${org}-${i}`,
        organization: org,
        locked: false,
        tagNames: [],
        triggerPatterns: [],
        triggerPrefixes: [],
        vcsRepo: null,
        raw: {} as never,
      });
    }
  }
  const calls = { list: 0, single: 0 };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
  const workspaces = {
    async list(org: string, { pageNumber = 1, pageSize = 20 }: { pageNumber?: number; pageSize?: number }) {
      calls.list++;
      await tick();
      if (options.failList) throw new Error('list failed');
      const items = [...all.values()].filter((w) => w.organization === org);
      const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
      return {
        items: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
        pagination: {
          currentPage: pageNumber,
          prevPage: null,
          nextPage: pageNumber < totalPages ? pageNumber + 1 : null,
          totalPages,
          totalCount: items.length,
        },
      };
    },
    async readById(id: string) {
      calls.single++;
      await tick();
      const ws = all.get(id);
      if (!ws) throw new NotFoundError({ status: 404, request: { method: 'GET', url: id, headers: {} } });
      return ws;
    },
  };
  return { client: { workspaces } as unknown as Client, calls, all };
}

/** Reads every ID with at most `concurrency` reads in flight, as Terraform's refresh does. */
async function readAll(reader: { read(id: string): Promise<Workspace | null> }, ids: string[], concurrency = 10) {
  const results = new Map<string, Workspace | null>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        results.set(id, await reader.read(id));
      }
    }),
  );
  return results;
}

describe('BatchedWorkspaceReader', () => {
  it('reads 1,000 workspaces of one organization with one probe and ten list pages', async () => {
    const { client, calls, all } = fakeClient({ acme: 1000 });
    const results = await readAll(new BatchedWorkspaceReader(client), [...all.keys()]);
    expect([...results.values()].every((w) => w !== null)).toBe(true);
    expect(calls).toEqual({ list: 10, single: 1 });
  });

  it('skips the probe when the provider has a default organization', async () => {
    const { client, calls, all } = fakeClient({ acme: 250 });
    await readAll(new BatchedWorkspaceReader(client, { organization: 'acme' }), [...all.keys()]);
    expect(calls).toEqual({ list: 3, single: 0 });
  });

  it('falls back to a single read for a workspace of another organization, then lists that one', async () => {
    const { client, calls } = fakeClient({ acme: 5, other: 150 });
    const reader = new BatchedWorkspaceReader(client, { organization: 'acme' });
    const ids = ['ws-acme-0', ...Array.from({ length: 150 }, (_, i) => `ws-other-${i}`)];
    const results = await readAll(reader, ids, 1);
    expect(results.get('ws-other-149')?.name).toBe('other-149');
    expect(calls).toEqual({ list: 1 + 2, single: 1 });
  });

  it('answers null for a workspace the service does not know', async () => {
    const { client } = fakeClient({ acme: 3 });
    const reader = new BatchedWorkspaceReader(client);
    expect(await reader.read('ws-acme-1')).not.toBeNull();
    expect(await reader.read('ws-missing')).toBeNull();
  });

  it('asks the service again for an invalidated workspace', async () => {
    const { client, calls } = fakeClient({ acme: 3 });
    const reader = new BatchedWorkspaceReader(client, { organization: 'acme' });
    await reader.read('ws-acme-1');
    reader.invalidate('ws-acme-1');
    await reader.read('ws-acme-1');
    await reader.read('ws-acme-2');
    expect(calls).toEqual({ list: 1, single: 1 });
  });

  it('falls back to single reads when listing the organization fails', async () => {
    const { client, calls } = fakeClient({ acme: 3 }, { failList: true });
    const reader = new BatchedWorkspaceReader(client, { organization: 'acme' });
    const results = await readAll(reader, ['ws-acme-0', 'ws-acme-1', 'ws-acme-2']);
    expect([...results.values()].map((w) => w?.name)).toEqual(['acme-0', 'acme-1', 'acme-2']);
    expect(calls).toEqual({ list: 1, single: 3 });
  });
});

describe('SingleWorkspaceReader', () => {
  it('spends one request per workspace', async () => {
    const { client, calls, all } = fakeClient({ acme: 30 });
    await readAll(new SingleWorkspaceReader(client), [...all.keys()]);
    expect(calls).toEqual({ list: 0, single: 30 });
  });
});
