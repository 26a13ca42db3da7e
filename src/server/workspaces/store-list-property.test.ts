import fc from 'fast-check';
import { NameTakenError, WorkspaceQuery } from './records';
import { Store } from '../store';
import { BackendKind, backendKinds, useTestDatabase, freshOrg, newWorkspace } from '../test-support';

// The name searches go through trigram indexes, ranges and covering indexes; this compares every
// form against a plain scan of the same names in memory, on random names, pages and sorts.

jest.setTimeout(120_000);

// A small alphabet makes shared substrings, prefixes and suffixes common; both cases test folding.
const NAME_CHARS = ['a', 'b', 'c', 'A', 'B', '-', '_', '1'];
const SEARCH_CHARS = [...NAME_CHARS, '%', '*', '"', '\\'];
const nameArb = fc.string({ unit: fc.constantFrom(...NAME_CHARS), minLength: 1, maxLength: 7 });
const needleArb = fc.string({ unit: fc.constantFrom(...SEARCH_CHARS), minLength: 0, maxLength: 5 });
const wildcardArb = fc
  .tuple(fc.constantFrom('', '*', '**'), fc.string({ unit: fc.constantFrom(...SEARCH_CHARS), maxLength: 5 }), fc.constantFrom('', '*', '**'))
  .map(([lead, core, trail]) => `${lead}${core}${trail}`);

/** The list's documented meaning, by brute force. */
function expected(names: string[], q: { search?: string; wildcard?: string; descending: boolean; offset: number; limit: number }) {
  const lower = (n: string) => n.toLowerCase();
  let found = names.filter((n) => q.search === undefined || q.search === '' || lower(n).includes(q.search.toLowerCase()));
  if (q.wildcard) {
    const w = q.wildcard.toLowerCase();
    const leading = /^\*+/.exec(w)?.[0].length ?? 0;
    const rest = w.slice(leading);
    const trailing = /\*+$/.exec(rest)?.[0].length ?? 0;
    const core = rest.slice(0, rest.length - trailing);
    found = found.filter((n) => {
      const key = lower(n);
      if (!leading && !trailing) return key === core;
      if (leading && trailing) return key.includes(core);
      return leading ? key.endsWith(core) : key.startsWith(core);
    });
  }
  found.sort((a, b) => (lower(a) < lower(b) ? -1 : lower(a) > lower(b) ? 1 : 0));
  if (q.descending) found.reverse();
  return { names: found.slice(q.offset, q.offset + q.limit), total: found.length };
}

describe.each(backendKinds)('name searches on the %s store match a plain scan', (kind: BackendKind) => {
  let store: Store;
  useTestDatabase(kind, (main) => (store = main));

  it('inserts many workspaces at once, all or none, searchable at once', async () => {
    const org = freshOrg();
    await store.workspaces.insertMany(['alpha-one', 'beta-two', 'gamma-one'].map((name) => newWorkspace(org, name)));
    const found = await store.workspaces.list({ organization: org, visibleNames: null, search: 'ONE', offset: 0, limit: 10 });
    expect({ names: found.items.map((w) => w.name), total: found.total }).toEqual({ names: ['alpha-one', 'gamma-one'], total: 2 });
    await expect(store.workspaces.insertMany([newWorkspace(org, 'delta'), newWorkspace(org, 'Beta-Two')])).rejects.toBeInstanceOf(NameTakenError);
    expect((await store.workspaces.list({ organization: org, visibleNames: null, offset: 0, limit: 10 })).total).toBe(3);
  });

  it('finds the same names, pages and totals as a scan', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(nameArb, { minLength: 1, maxLength: 25, selector: (n) => n.toLowerCase() }),
        fc.array(
          fc.record({
            search: fc.option(needleArb, { nil: undefined }),
            wildcard: fc.option(wildcardArb, { nil: undefined }),
            descending: fc.boolean(),
            offset: fc.nat({ max: 12 }),
            limit: fc.integer({ min: 1, max: 10 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 3 }),
        async (names, queries, renames) => {
          const org = freshOrg();
          const records = [];
          for (const name of names) records.push(await store.workspaces.insert(newWorkspace(org, name)));
          // Renames and deletes must keep the indexes in step.
          const current = [...names];
          for (let i = 0; i < renames && i < records.length; i += 1) {
            const renamed = `${current[i]}-Zq${i}`;
            if (current.some((n) => n.toLowerCase() === renamed.toLowerCase())) continue;
            await store.workspaces.update(records[i].id, { name: renamed, updatedAt: new Date().toISOString() });
            current[i] = renamed;
          }
          if (records.length > 2) {
            await store.workspaces.forceDelete(records[records.length - 1].id);
            current.pop();
          }
          for (const q of queries) {
            const query: WorkspaceQuery = {
              organization: org,
              visibleNames: null,
              search: q.search || undefined,
              wildcardName: q.wildcard || undefined,
              sort: { field: 'name', descending: q.descending },
              offset: q.offset,
              limit: q.limit,
            };
            const page = await store.workspaces.list(query);
            expect({ names: page.items.map((w) => w.name), total: page.total }).toEqual(expected(current, q));
          }
        },
      ),
      { numRuns: kind === 'postgres' ? 40 : 80 },
    );
  });
});
