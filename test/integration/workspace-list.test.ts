// GET /organizations/:organization_name/workspaces — spec "List workspaces", "Pagination envelope";
// decisions 5, 11, 19, 20.
import http from 'node:http';
import { ORG, TOKENS } from '../helpers/service';
import { addFlatTags, createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { expectError, expectWorkspaceDocument, listNames, loadSample, uniqueName } from '../helpers/workspace-assertions';

const service = useService();

const list = (query = '', token: string = TOKENS.owner) => service.request('GET', `/organizations/${ORG}/workspaces${query ? `?${query}` : ''}`, { token });
const enc = (s: string) => s.replace(/\[/g, '%5B').replace(/\]/g, '%5D');

describe('the pagination envelope', () => {
  const prefix = uniqueName('page');
  beforeAll(async () => {
    for (let i = 0; i < 25; i++) await createWorkspace(service, { name: `${prefix}-${String(i).padStart(2, '0')}` });
  });

  it('pages by 20 by default and counts every match', async () => {
    const response = await list(enc(`search[name]=${prefix}`));
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(20);
    expect(response.body.meta.pagination).toEqual({
      'current-page': 1,
      'page-size': 20,
      'prev-page': null,
      'next-page': 2,
      'total-pages': 2,
      'total-count': 25,
    });
  });

  it('has the members of the documented list sample', async () => {
    const sample = loadSample('ws-list').response_body;
    const response = await list(enc(`search[name]=${prefix}`));
    expect(Object.keys(response.body).sort()).toEqual(expect.arrayContaining(Object.keys(sample).sort()));
    expect(Object.keys(response.body.links).sort()).toEqual(Object.keys(sample.links).sort());
    expect(Object.keys(response.body.meta.pagination).sort()).toEqual(Object.keys(sample.meta.pagination).sort());
    for (const item of response.body.data) expectWorkspaceDocument(item, { single: false });
  });

  it('gives links relative to the service (path and query), with null prev on the first page and null next on the last', async () => {
    const first = await list(enc(`search[name]=${prefix}&page[size]=10`));
    const links = first.body.links;
    for (const key of ['self', 'first', 'next', 'last']) expect(links[key].startsWith(`/api/v2/organizations/${ORG}/workspaces?`)).toBe(true);
    expect(links.prev).toBeNull();
    expect(first.body.meta.pagination['total-pages']).toBe(3);

    const last = await service.request('GET', links.last);
    expect(last.status).toBe(200);
    expect(last.body.meta.pagination['current-page']).toBe(3);
    expect(last.body.data).toHaveLength(5);
    expect(last.body.links.next).toBeNull();
    expect(last.body.links.prev).toMatch(/^\/api\/v2\/organizations\//);
  });

  it('never builds a link from the Host header a caller sends', async () => {
    // fetch sends the Host of its URL whatever the headers say: a raw request sends the forged one.
    const target = new URL(`${service.apiUrl}/organizations/${ORG}/workspaces?${enc(`search[name]=${prefix}&page[size]=10`)}`);
    const forged = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(target, { headers: { host: 'attacker.example', authorization: `Bearer ${TOKENS.owner}` } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(forged.status).toBe(200);
    for (const key of ['self', 'first', 'next', 'last']) {
      expect(forged.body.links[key]).not.toContain('attacker.example');
      expect(forged.body.links[key]).toMatch(/^\/api\/v2\/organizations\//);
    }
  });

  it('numbers the neighbours of a middle page', async () => {
    const middle = await list(enc(`search[name]=${prefix}&page[size]=10&page[number]=2`));
    expect(middle.status).toBe(200);
    expect(middle.body.data).toHaveLength(10);
    expect(middle.body.meta.pagination).toEqual({
      'current-page': 2,
      'page-size': 10,
      'prev-page': 1,
      'next-page': 3,
      'total-pages': 3,
      'total-count': 25,
    });
    expect(middle.body.links.prev).toMatch(/page%5Bnumber%5D=1|page\[number\]=1/);
    expect(middle.body.links.next).toMatch(/page%5Bnumber%5D=3|page\[number\]=3/);
  });

  it('walks every workspace exactly once by following next links', async () => {
    const seen: string[] = [];
    let url: string | null = `${service.apiUrl}/organizations/${ORG}/workspaces?${enc(`search[name]=${prefix}&page[size]=7`)}`;
    while (url) {
      const page = await service.request('GET', url);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((w: any) => w.attributes.name));
      url = page.body.links.next;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it('answers a page past the end with empty data and the counts kept', async () => {
    const response = await list(enc(`search[name]=${prefix}&page[number]=9&page[size]=10`));
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.meta.pagination).toMatchObject({ 'current-page': 9, 'total-count': 25, 'total-pages': 3, 'page-size': 10 });
  });

  it('never serves more than 100 per page: a larger page[size] is clamped to 100, as the hosted service does', async () => {
    const response = await list(enc('page[size]=101'));
    expect(response.status).toBe(200);
    expect(response.body.meta.pagination['page-size']).toBe(100);
  });

  it.each(['page[number]=0', 'page[number]=abc', 'page[size]=0', 'page[size]=-5'])('answers %s without a server error', async (query) => {
    const response = await list(enc(query));
    expect([200, 400, 422]).toContain(response.status);
  });
});

describe('search and filters', () => {
  const prefix = uniqueName('flt');
  const names = {
    alpha: `${prefix}-alpha-net`,
    beta: `${prefix}-beta-net`,
    gamma: `${prefix}-Gamma-app`,
  };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ids.alpha = (await createWorkspace(service, { name: names.alpha }, workspaceRelationships({ tagBindings: { env: 'prod', tier: 'gold' } }))).id;
    ids.beta = (await createWorkspace(service, { name: names.beta }, workspaceRelationships({ tagBindings: { env: 'dev' }, project: 'prj-platform' }))).id;
    ids.gamma = (await createWorkspace(service, { name: names.gamma }, workspaceRelationships({ tagBindings: { env: 'prod' } }))).id;
  });

  it('matches search[name] as a case-insensitive substring', async () => {
    expect((await listNames(service, enc(`search[name]=${prefix}-gamma`))).sort()).toEqual([names.gamma]);
    expect(await listNames(service, enc(`search[name]=${prefix.toUpperCase()}-ALPHA`))).toEqual([names.alpha]);
  });

  it('matches search[wildcard-name] with a star at the end, the start, or both', async () => {
    expect(await listNames(service, enc(`search[wildcard-name]=${prefix}-be*`))).toEqual([names.beta]);
    expect(await listNames(service, enc(`search[wildcard-name]=*${prefix}-beta-net`))).toEqual([names.beta]);
    expect(await listNames(service, enc(`search[wildcard-name]=*${prefix.slice(4)}-*-net`))).toEqual([]);
    expect(await listNames(service, enc(`search[wildcard-name]=*${prefix.slice(4)}-alpha*`))).toEqual([names.alpha]);
    expect((await listNames(service, enc(`search[wildcard-name]=${prefix}*`))).sort()).toEqual(Object.values(names).sort());
  });

  it('combines search[name] with search[wildcard-name]', async () => {
    expect(await listNames(service, enc(`search[name]=net&search[wildcard-name]=${prefix}-a*`))).toEqual([names.alpha]);
    expect(await listNames(service, enc(`search[name]=app&search[wildcard-name]=${prefix}-a*`))).toEqual([]);
  });

  it('filters by project', async () => {
    expect(await listNames(service, enc(`filter[project][id]=prj-platform&search[name]=${prefix}`))).toEqual([names.beta]);
    expect((await listNames(service, enc(`filter[project][id]=prj-default&search[name]=${prefix}`))).sort()).toEqual([names.alpha, names.gamma].sort());
  });

  it('filters by one tag binding key and value', async () => {
    const found = await listNames(service, enc(`filter[tagged][0][key]=env&filter[tagged][0][value]=prod&search[name]=${prefix}`));
    expect(found.sort()).toEqual([names.alpha, names.gamma].sort());
  });

  it('filters by a tag binding key alone', async () => {
    const found = await listNames(service, enc(`filter[tagged][0][key]=env&search[name]=${prefix}`));
    expect(found.sort()).toEqual(Object.values(names).sort());
  });

  it('combines several tag binding filters with AND', async () => {
    const query = `filter[tagged][0][key]=env&filter[tagged][0][value]=prod&filter[tagged][1][key]=tier&search[name]=${prefix}`;
    expect(await listNames(service, enc(query))).toEqual([names.alpha]);
  });

  it('filters by current run status, matching workspaces without runs to nothing', async () => {
    const response = await list(enc(`filter[current-run][status]=applied&search[name]=${prefix}`));
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.meta.pagination['total-count']).toBe(0);
  });

  it('matches flat tags with search[tags], requiring every comma-separated tag', async () => {
    await addFlatTags(service, ids.alpha, ['network', 'shared']);
    await addFlatTags(service, ids.beta, ['network']);
    expect((await listNames(service, enc(`search[tags]=network&search[name]=${prefix}`))).sort()).toEqual([names.alpha, names.beta].sort());
    expect(await listNames(service, enc(`search[tags]=network,shared&search[name]=${prefix}`))).toEqual([names.alpha]);
  });

  it('excludes workspaces carrying any tag of search[exclude-tags]', async () => {
    await addFlatTags(service, ids.alpha, ['network', 'shared']);
    await addFlatTags(service, ids.beta, ['network']);
    expect((await listNames(service, enc(`search[exclude-tags]=shared&search[name]=${prefix}`))).sort()).toEqual([names.beta, names.gamma].sort());
    expect(await listNames(service, enc(`search[exclude-tags]=shared,network&search[name]=${prefix}`))).toEqual([names.gamma]);
  });

  it('accepts unencoded brackets in query parameters', async () => {
    const response = await list(`search[name]=${prefix}-alpha`);
    expect(response.status).toBe(200);
    expect(response.body.data.map((w: any) => w.attributes.name)).toEqual([names.alpha]);
  });
});

describe('sorting', () => {
  const prefix = uniqueName('sort');
  const ordered = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
  beforeAll(async () => {
    for (const name of [ordered[1], ordered[2], ordered[0]]) {
      await createWorkspace(service, { name });
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  });

  it('sorts by name, and reverses with a leading dash', async () => {
    expect(await listNames(service, enc(`search[name]=${prefix}&sort=name`))).toEqual(ordered);
    expect(await listNames(service, enc(`search[name]=${prefix}&sort=-name`))).toEqual([...ordered].reverse());
  });

  it('sorts by latest-change-at, the creation time without state versions', async () => {
    const ascending = await listNames(service, enc(`search[name]=${prefix}&sort=latest-change-at`));
    expect(ascending).toEqual([ordered[1], ordered[2], ordered[0]]);
    expect(await listNames(service, enc(`search[name]=${prefix}&sort=-latest-change-at`))).toEqual([ordered[0], ordered[2], ordered[1]]);
  });

  it('accepts current-run.created-at as a sort key', async () => {
    const response = await list(enc(`search[name]=${prefix}&sort=current-run.created-at`));
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(3);
  });

  it('keeps the default order stable between calls', async () => {
    const first = await listNames(service, enc(`search[name]=${prefix}`));
    const second = await listNames(service, enc(`search[name]=${prefix}`));
    expect(second).toEqual(first);
  });

  it('refuses an unknown sort key without a server error', async () => {
    expectError(await list(enc('sort=banana')), [400, 422]);
  });
});

describe('include', () => {
  it('adds the project and organization as included resources', async () => {
    const ws = await createWorkspace(service);
    const response = await list(enc(`search[name]=${ws.attributes.name}&include=project,organization`));
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.included)).toBe(true);
    const included = response.body.included.map((r: any) => `${r.type}/${r.id}`);
    expect(included).toEqual(expect.arrayContaining(['projects/prj-default', `organizations/${ORG}`]));
  });

  it('answers an unknown include with 400', async () => {
    expectError(await list('include=banana'), [400, 422]);
  });
});

describe('list items', () => {
  it('carry the same document as show, without the change request count', async () => {
    const ws = await createWorkspace(service, { description: 'same doc', 'vcs-repo': { identifier: 'acme/x', 'oauth-token-id': 'ot-github' } });
    await service.request('POST', `/workspaces/${ws.id}/actions/lock`, { token: TOKENS.writer, body: { reason: 'why' } });
    const shown = (await service.request('GET', `/workspaces/${ws.id}`)).body.data;
    const item = (await list(enc(`search[name]=${ws.attributes.name}`))).body.data[0];
    const { 'unarchived-workspace-change-requests-count': _count, ...showAttributes } = shown.attributes;
    const { 'unarchived-workspace-change-requests-count': _itemCount, ...itemAttributes } = item.attributes;
    expect({ ...item, attributes: itemAttributes }).toEqual({ ...shown, attributes: showAttributes });
  });
});

describe('who sees the list', () => {
  it('shows the reader every workspace of the organization', async () => {
    const ws = await createWorkspace(service);
    expect(await listNames(service, enc(`search[name]=${ws.attributes.name}`), TOKENS.reader)).toEqual([ws.attributes.name]);
  });

  it('answers 404 to a user of another organization', async () => {
    expectError(await list('', TOKENS.outsider), 404);
  });

  it('answers 404 for an organization that does not exist', async () => {
    expectError(await service.request('GET', '/organizations/no-such-org/workspaces'), 404);
  });

  it('answers 401 without a token', async () => {
    expectError(await list('', null as unknown as string), 401);
  });
});
