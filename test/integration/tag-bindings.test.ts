// Key-value tag bindings (spec "Tag bindings", "Limits"; decisions 7, 12, 13).
import { effectiveTagBindingListDocumentSchema, tagBindingListDocumentSchema } from '../../src/contract';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { acmeOf, editedBootstrap, expectError, loadSample, patchWorkspace } from '../helpers/workspace-assertions';

const ELEVEN = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, `v${i}`]));
const TEN = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, `v${i}`]));

const service = useService({
  bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
    acmeOf(b).projects.push({ id: 'prj-crowded', name: 'crowded', 'tag-bindings': ELEVEN });
    acmeOf(b).projects.push({ id: 'prj-full', name: 'full', 'tag-bindings': TEN });
  }),
});

const tb = (key: string, value?: string) => ({ type: 'tag-bindings', attributes: value === undefined ? { key } : { key, value } });
const patchBindings = (id: string, body: unknown, token: string = TOKENS.owner) => service.request('PATCH', `/workspaces/${id}/tag-bindings`, { body, token });
async function own(id: string, token: string = TOKENS.owner): Promise<Record<string, string>> {
  const response = await service.request('GET', `/workspaces/${id}/tag-bindings`, { token });
  expect(response.status).toBe(200);
  return Object.fromEntries(response.body.data.map((b: any) => [b.attributes.key, b.attributes.value]));
}
async function effective(id: string): Promise<any[]> {
  const response = await service.request('GET', `/workspaces/${id}/effective-tag-bindings`);
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('listing tag bindings', () => {
  it('answers every own binding with its creation time and links.target, as in the sample', async () => {
    const ws = await createWorkspace(service);
    await patchBindings(ws.id, { data: [tb('costcenter', '123'), tb('team', 'net')] });
    const response = await service.request('GET', `/workspaces/${ws.id}/tag-bindings`);
    expect(tagBindingListDocumentSchema.safeParse(response.body).success).toBe(true);
    const sample = loadSample('ws-tag-bindings-list').response_body;
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(sample).sort());
    expect(response.body.links).toEqual({ target: `/api/v2/workspaces/${ws.id}` });
    for (const item of response.body.data) {
      expect(Object.keys(item.attributes).sort()).toEqual(Object.keys(sample.data[0].attributes).sort());
      expect(item.id).toMatch(/^tb-/);
    }
    expect(response.body.data.map((b: any) => b.attributes.key)).toEqual(['costcenter', 'team']);
  });

  it('is not paginated: all ten bindings are listed even when page[size] is 2', async () => {
    const ws = await createWorkspace(service);
    await patchBindings(ws.id, { data: Object.entries(TEN).map(([k, v]) => tb(k, v)) });
    const response = await service.request('GET', `/workspaces/${ws.id}/tag-bindings?page%5Bsize%5D=2`);
    expect(response.body.data).toHaveLength(10);
    expect(response.body.meta).toBeUndefined();
  });
});

describe('the additive PATCH', () => {
  it('adds keys and updates values by key without removing any, answering in the order sent', async () => {
    const ws = await createWorkspace(service);
    const first = await patchBindings(ws.id, { data: [tb('a', '1'), tb('b', '2')] });
    expect(first.status).toBe(200);
    const sample = loadSample('ws-tag-bindings-patch').response_body.data[0];
    expect(Object.keys(first.body.data[0]).sort()).toEqual(Object.keys(sample).sort());
    const second = await patchBindings(ws.id, { data: [tb('c', '3'), tb('a', 'one')] });
    expect(second.body.data.map((b: any) => [b.type, b.attributes.key, b.attributes.value])).toEqual([
      ['tag-bindings', 'c', '3'],
      ['tag-bindings', 'a', 'one'],
    ]);
    expect(second.body.data[1].id).toBe(first.body.data[0].id);
    expect(await own(ws.id)).toEqual({ a: 'one', b: '2', c: '3' });
  });

  it('stores an empty value when the value is omitted', async () => {
    const ws = await createWorkspace(service);
    await patchBindings(ws.id, { data: [tb('flag')] });
    expect(await own(ws.id)).toEqual({ flag: '' });
  });

  it('keeps filter[tagged] consistent with the bindings', async () => {
    const ws = await createWorkspace(service);
    const value = `v${Date.now()}`;
    await patchBindings(ws.id, { data: [tb('release', value)] });
    const query = `filter%5Btagged%5D%5B0%5D%5Bkey%5D=release&filter%5Btagged%5D%5B0%5D%5Bvalue%5D=${value}`;
    const found = await service.request('GET', `/organizations/${ORG}/workspaces?${query}`);
    expect(found.body.data.map((w: any) => w.id)).toEqual([ws.id]);
    await patchBindings(ws.id, { data: [tb('release', 'other')] });
    expect((await service.request('GET', `/organizations/${ORG}/workspaces?${query}`)).body.data).toEqual([]);
  });
});

describe('tag binding limits', () => {
  it('accepts ten bindings of its own and refuses an eleventh with 422, changing nothing', async () => {
    const ws = await createWorkspace(service);
    expect((await patchBindings(ws.id, { data: Object.entries(TEN).map(([k, v]) => tb(k, v)) })).status).toBe(200);
    expectError(await patchBindings(ws.id, { data: [tb('k0', 'changed'), tb('eleventh', 'x')] }), 422);
    expect(await own(ws.id)).toEqual(TEN);
  });

  it('refuses eleven bindings sent at once', async () => {
    const ws = await createWorkspace(service);
    const response = await patchBindings(ws.id, { data: Object.entries(ELEVEN).map(([k, v]) => tb(k, v)) });
    expectError(response, 422);
    expect(response.body.errors[0].title).toBe('invalid attribute');
    expect(await own(ws.id)).toEqual({});
  });

  it('lets a workspace inherit ten bindings from its project and bind ten of its own', async () => {
    const ws = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-full' }));
    const mine = Array.from({ length: 10 }, (_, i) => tb(`own${i}`, 'x'));
    expect((await patchBindings(ws.id, { data: mine })).status).toBe(200);
    expect(await effective(ws.id)).toHaveLength(20);
  });

  it('refuses writes to a workspace that would inherit more than ten bindings', async () => {
    const ws = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-crowded' }));
    expectError(await patchBindings(ws.id, { data: [tb('mine', 'x')] }), 422);
    // Overriding an inherited key brings the inherited count back to ten.
    expect((await patchBindings(ws.id, { data: [tb('k0', 'mine')] })).status).toBe(200);
  });

  it.each([
    ['a key of 129 characters', tb('k'.repeat(129), 'v')],
    ['a value of 257 characters', tb('k', 'v'.repeat(257))],
    ['a key with a space', tb('a key', 'v')],
    ['a key with a slash', tb('a/b', 'v')],
    ['a value with unicode', tb('k', 'café')],
    ['an empty key', tb('', 'v')],
    ['the reserved prefix hc:', tb('hc:owner', 'v')],
    ['the reserved prefix hcp:', tb('hcp:owner', 'v')],
    ['the reserved prefix in capitals', tb('HC:owner', 'v')],
    ['a wrong type', { type: 'tags', attributes: { key: 'k', value: 'v' } }],
    ['a missing key', { type: 'tag-bindings', attributes: { value: 'v' } }],
    ['a value that is not a string', { type: 'tag-bindings', attributes: { key: 'k', value: 5 } }],
  ])('answers 422 invalid attribute for %s', async (_label, binding) => {
    const ws = await createWorkspace(service);
    const response = await patchBindings(ws.id, { data: [tb('good', 'x'), binding] });
    expectError(response, 422);
    expect(response.body.errors[0].title).toBe('invalid attribute');
    expect(await own(ws.id)).toEqual({});
  });

  it('accepts a key of 128 and a value of 256 characters drawn from every allowed character', async () => {
    const ws = await createWorkspace(service);
    const key = 'aZ09_.=+-@:'.repeat(12).slice(0, 128);
    const value = 'aZ09_.=+-@:'.repeat(24).slice(0, 256);
    expect((await patchBindings(ws.id, { data: [tb(key, value)] })).status).toBe(200);
    expect(await own(ws.id)).toEqual({ [key]: value });
  });

  it('answers 422 to a body without a data array', async () => {
    const ws = await createWorkspace(service);
    expectError(await patchBindings(ws.id, { data: tb('k', 'v') }), 422);
    expectError(await patchBindings(ws.id, undefined), 422);
  });
});

describe('effective tag bindings', () => {
  it('lists own bindings, then the project bindings it inherits with both inherited-from links', async () => {
    const ws = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-platform' }));
    await patchBindings(ws.id, { data: [tb('team', 'net')] });
    const response = await service.request('GET', `/workspaces/${ws.id}/effective-tag-bindings`);
    expect(effectiveTagBindingListDocumentSchema.safeParse(response.body).success).toBe(true);
    const data = response.body.data;
    expect(data.map((b: any) => [b.attributes.key, b.attributes.value])).toEqual([
      ['team', 'net'],
      ['cost-center', '42'],
      ['owner', 'platform'],
    ]);
    expect(data[0].relationships).toBeUndefined();
    expect(data[0].links).toBeUndefined();
    for (const inherited of data.slice(1)) {
      expect(inherited.type).toBe('effective-tag-bindings');
      expect(inherited.id).toMatch(/^[0-9a-f]{16}$/);
      expect(inherited.relationships['inherited-from'].links.related).toBe('/api/v2/projects/prj-platform');
      expect(inherited.links['inherited-from']).toBe('/api/v2/projects/prj-platform');
    }
  });

  it('lets an own binding override the inherited one with the same key', async () => {
    const ws = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-platform' }));
    await patchBindings(ws.id, { data: [tb('owner', 'me')] });
    const data = await effective(ws.id);
    expect(data.filter((b: any) => b.attributes.key === 'owner')).toEqual([expect.objectContaining({ attributes: { key: 'owner', value: 'me' } })]);
    expect(data.find((b: any) => b.attributes.key === 'owner').links).toBeUndefined();
  });

  it('gives the same IDs on every call', async () => {
    const ws = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-platform' }));
    expect((await effective(ws.id)).map((b) => b.id)).toEqual((await effective(ws.id)).map((b) => b.id));
  });
});

describe('the workspace PATCH with relationships.tag-bindings', () => {
  it('replaces the own bindings with the list sent', async () => {
    const ws = await createWorkspace(service);
    await patchBindings(ws.id, { data: [tb('a', '1'), tb('b', '2')] });
    const response = await patchWorkspace(service, ws.id, {}, { relationships: { 'tag-bindings': { data: [tb('b', 'two'), tb('c', '3')] } } });
    expect(response.status).toBe(200);
    expect(await own(ws.id)).toEqual({ b: 'two', c: '3' });
  });

  it('removes every own binding for an empty list, leaving inherited ones', async () => {
    const ws = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-platform' }));
    await patchBindings(ws.id, { data: [tb('a', '1')] });
    expect((await patchWorkspace(service, ws.id, {}, { relationships: { 'tag-bindings': { data: [] } } })).status).toBe(200);
    expect(await own(ws.id)).toEqual({});
    expect((await effective(ws.id)).map((b) => b.attributes.key)).toEqual(['cost-center', 'owner']);
  });
});

describe('tag binding permissions', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createWorkspace(service)).id;
  });

  it.each([
    ['a reader', TOKENS.reader],
    ['a writer', TOKENS.writer],
  ])('lets %s read both lists but refuses its PATCH with 403', async (_label, token) => {
    await own(id, token);
    expect((await service.request('GET', `/workspaces/${id}/effective-tag-bindings`, { token })).status).toBe(200);
    expectError(await patchBindings(id, { data: [tb('nope', 'x')] }, token), 403);
    expect(await own(id)).not.toHaveProperty('nope');
  });

  it.each([
    ['a workspace admin', TOKENS.admin],
    ['the organization token', TOKENS.org],
  ])('lets %s PATCH bindings', async (_label, token) => {
    expect((await patchBindings(id, { data: [tb('by', token.slice(0, 4))] }, token)).status).toBe(200);
  });

  it('answers 404 to a caller outside the organization', async () => {
    expectError(await service.request('GET', `/workspaces/${id}/tag-bindings`, { token: TOKENS.outsider }), 404);
    expectError(await service.request('GET', `/workspaces/${id}/effective-tag-bindings`, { token: TOKENS.outsider }), 404);
    expectError(await patchBindings(id, { data: [tb('x', 'y')] }, TOKENS.outsider), 404);
  });

  it('answers 404 for a workspace that does not exist', async () => {
    expectError(await service.request('GET', '/workspaces/ws-missing/tag-bindings'), 404);
  });
});
