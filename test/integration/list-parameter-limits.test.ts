// Bounded list parameters (docs/service.md "Limits"): every parameter that carries several entries
// takes at most MAX_LIST_PARAMETER_ENTRIES of them, answers 400 naming the parameter beyond that,
// and answers correctly at the bound, on the API and on the console's list page alike.
import { MAX_LIST_PARAMETER_ENTRIES } from '../../src/contract';
import { ORG, TOKENS } from '../helpers/service';
import { addFlatTags, createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { expectError, listNames, uniqueName } from '../helpers/workspace-assertions';

const service = useService();
const MAX = MAX_LIST_PARAMETER_ENTRIES;

const tagNames = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}-t${i}`);
const query = (params: Array<[string, string]>) => new URLSearchParams(params).toString();
const taggedParams = (count: number, key: (i: number) => string, value?: (i: number) => string): Array<[string, string]> =>
  Array.from({ length: count }, (_, i): Array<[string, string]> => [
    [`filter[tagged][${i}][key]`, key(i)],
    ...(value ? [[`filter[tagged][${i}][value]`, value(i)] as [string, string]] : []),
  ]).flat();

describe('list parameters at and beyond their bound', () => {
  const prefix = uniqueName('bound');
  const names = { all: `${prefix}-all`, most: `${prefix}-most` };
  beforeAll(async () => {
    const bindings = { env: 'prod', team: 'core', tier: 'web' };
    const all = await createWorkspace(service, { name: names.all }, workspaceRelationships({ tagBindings: bindings }));
    const most = await createWorkspace(service, { name: names.most }, workspaceRelationships({ tagBindings: { env: 'prod', team: 'core' } }));
    await addFlatTags(service, all.id, tagNames(MAX, prefix));
    await addFlatTags(service, most.id, tagNames(MAX - 1, prefix));
  });

  it.each(['search[tags]', 'search[exclude-tags]', 'include'])('refuses %s with one entry too many: 400 naming the parameter', async (parameter) => {
    const entries = parameter === 'include' ? Array.from({ length: MAX + 1 }, () => 'project') : tagNames(MAX + 1, prefix);
    const response = await service.request('GET', `/organizations/${ORG}/workspaces?${query([[parameter, entries.join(',')]])}`);
    expectError(response, 400);
    expect(response.body.errors[0].source).toEqual({ parameter });
    expect(response.body.errors[0].detail).toContain(`at most ${MAX}`);
  });

  it('refuses filter[tagged] with one entry too many', async () => {
    const response = await service.request('GET', `/organizations/${ORG}/workspaces?${query(taggedParams(MAX + 1, (i) => `k${i}`))}`);
    expectError(response, 400);
    expect(response.body.errors[0].source).toEqual({ parameter: 'filter[tagged]' });
  });

  it('matches every one of the most tags search[tags] takes', async () => {
    const all = tagNames(MAX, prefix);
    expect(await listNames(service, query([['search[tags]', all.join(',')]]))).toEqual([names.all]);
    expect((await listNames(service, query([['search[tags]', all.slice(0, -1).join(',')]]))).sort()).toEqual([names.all, names.most].sort());
    expect(await listNames(service, query([['search[tags]', [...all.slice(0, -1), `${prefix}-none`].join(',')]]))).toEqual([]);
  });

  it('requires every entry of the most filter[tagged] takes, repeated and key-only entries included', async () => {
    const keys = ['env', 'team', 'tier'];
    const values: Record<string, string> = { env: 'prod', team: 'core', tier: 'web' };
    const params: Array<[string, string]> = [
      ...taggedParams(
        MAX - 2,
        (i) => keys[i % 3],
        (i) => values[keys[i % 3]],
      ),
      [`filter[tagged][${MAX - 2}][key]`, 'env'],
      [`filter[tagged][${MAX - 1}][key]`, 'team'],
    ];
    const narrowed: Array<[string, string]> = [...params, ['search[name]', prefix]];
    expect(await listNames(service, query(narrowed))).toEqual([names.all]);
    const keyOnlyTier: Array<[string, string]> = [...taggedParams(1, () => 'tier'), ['search[name]', prefix]];
    expect(await listNames(service, query(keyOnlyTier))).toEqual([names.all]);
    const wrongValue: Array<[string, string]> = [
      ...taggedParams(
        2,
        (i) => keys[i],
        (i) => (i === 1 ? 'other' : values[keys[i]]),
      ),
      ['search[name]', prefix],
    ];
    expect(await listNames(service, query(wrongValue))).toEqual([]);
  });

  describe('on the console list page', () => {
    let cookie = '';
    beforeAll(async () => {
      const response = await fetch(`${service.url}/app/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: TOKENS.owner }).toString(),
      });
      expect(response.status).toBe(303);
      cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    });
    const page = async (tags: string[]) => {
      const response = await fetch(`${service.url}/app/${ORG}/workspaces?${query([['search[tags]', tags.join(',')]])}`, { headers: { cookie } });
      return { status: response.status, text: await response.text() };
    };

    it('lists at the bound and explains the bound beyond it, never a 500', async () => {
      const atBound = await page(tagNames(MAX, prefix));
      expect(atBound.status).toBe(200);
      expect(atBound.text).toContain(names.all);
      expect(atBound.text).not.toContain(names.most);
      for (const count of [MAX + 1, 1000]) {
        const beyond = await page(tagNames(count, 'x'));
        expect(beyond.status).toBe(400);
        expect(beyond.text).toContain(`at most ${MAX}`);
      }
    });
  });
});
