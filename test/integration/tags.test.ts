// Flat tags (spec "Flat tag", "Flat tags", error table; decisions 9, 12, 13, 17).
import { flatTagListDocumentSchema } from '../../src/contract';
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { expectError, loadSample, uniqueName } from '../helpers/workspace-assertions';

const service = useService();

const tagsPath = (id: string) => `/workspaces/${id}/relationships/tags`;
const byName = (...names: string[]) => ({ data: names.map((name) => ({ type: 'tags', attributes: { name } })) });
const byId = (...ids: string[]) => ({ data: ids.map((id) => ({ type: 'tags', id })) });

async function addTags(id: string, body: unknown, token: string = TOKENS.owner) {
  return service.request('POST', tagsPath(id), { body, token });
}
async function removeTags(id: string, body: unknown, token: string = TOKENS.owner) {
  return service.request('DELETE', tagsPath(id), { body, token });
}
async function tagList(id: string, query = '', token: string = TOKENS.owner) {
  const response = await service.request('GET', `${tagsPath(id)}${query}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}
async function tagNames(id: string): Promise<string[]> {
  const response = await service.request('GET', `/workspaces/${id}`);
  return response.body.data.attributes['tag-names'];
}

describe('listing flat tags', () => {
  it('answers the tags of the workspace in the documented shape with a pagination envelope', async () => {
    const ws = await createWorkspace(service);
    expect((await addTags(ws.id, byName('alpha', 'beta'))).status).toBe(204);
    const body = await tagList(ws.id);
    expect(flatTagListDocumentSchema.safeParse(body).success).toBe(true);
    const sample = loadSample('ws-tags-list').response_body.data[0];
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(sample).sort());
      expect(Object.keys(item.attributes).sort()).toEqual(Object.keys(sample.attributes).sort());
      expect(item.id).toMatch(/^tag-/);
      expect(item.relationships.organization.data).toEqual({ id: ORG, type: 'organizations' });
      expect(item.attributes['created-at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect(body.data.map((t: any) => t.attributes.name)).toEqual(['alpha', 'beta']);
    expect(body.meta.pagination).toMatchObject({ 'current-page': 1, 'page-size': 20, 'total-count': 2, 'total-pages': 1 });
  });

  it('pages through the tags with page[number] and page[size]', async () => {
    const ws = await createWorkspace(service);
    await addTags(ws.id, byName('p1', 'p2', 'p3'));
    const first = await tagList(ws.id, '?page%5Bsize%5D=2');
    expect(first.data).toHaveLength(2);
    expect(first.meta.pagination).toMatchObject({ 'total-count': 3, 'total-pages': 2, 'next-page': 2, 'prev-page': null });
    const second = await tagList(ws.id, '?page%5Bsize%5D=2&page%5Bnumber%5D=2');
    expect(second.data.map((t: any) => t.attributes.name)).toEqual(['p3']);
    expect(second.links.next).toBeNull();
  });

  it('counts in instance-count every workspace carrying the tag', async () => {
    const shared = uniqueName('shared');
    const a = await createWorkspace(service);
    const b = await createWorkspace(service);
    await addTags(a.id, byName(shared));
    await addTags(b.id, byName(shared));
    const [tag] = (await tagList(a.id)).data;
    expect(tag.attributes['instance-count']).toBe(2);
  });
});

describe('adding flat tags', () => {
  it('stores names lowercased and reports them in tag-names', async () => {
    const ws = await createWorkspace(service);
    expect((await addTags(ws.id, byName('Prod', 'NETWORK'))).status).toBe(204);
    expect(await tagNames(ws.id)).toEqual(['prod', 'network']);
  });

  it('makes the workspace findable with search[tags]', async () => {
    const ws = await createWorkspace(service);
    const tag = uniqueName('find');
    await addTags(ws.id, byName(tag.toUpperCase()));
    const list = await service.request('GET', `/organizations/${ORG}/workspaces?search%5Btags%5D=${tag}`);
    expect(list.body.data.map((w: any) => w.id)).toEqual([ws.id]);
    await removeTags(ws.id, byName(tag));
    const after = await service.request('GET', `/organizations/${ORG}/workspaces?search%5Btags%5D=${tag}`);
    expect(after.body.data).toEqual([]);
  });

  it('ignores a tag the workspace already carries', async () => {
    const ws = await createWorkspace(service);
    await addTags(ws.id, byName('once'));
    expect((await addTags(ws.id, byName('once', 'ONCE'))).status).toBe(204);
    expect(await tagNames(ws.id)).toEqual(['once']);
  });

  it('adds an existing organization tag by its ID', async () => {
    const a = await createWorkspace(service);
    const b = await createWorkspace(service);
    const name = uniqueName('byid');
    await addTags(a.id, byName(name));
    const [tag] = (await tagList(a.id)).data;
    expect((await addTags(b.id, byId(tag.id))).status).toBe(204);
    expect(await tagNames(b.id)).toEqual([name]);
  });

  it('refuses an ID that names no organization tag with 404 and adds nothing', async () => {
    const ws = await createWorkspace(service);
    const response = await addTags(ws.id, {
      data: [
        { type: 'tags', attributes: { name: 'fine' } },
        { type: 'tags', id: 'tag-doesnotexist' },
      ],
    });
    expectError(response, 404, '/data/1/id');
    expect(await tagNames(ws.id)).toEqual([]);
  });

  it.each([
    ['no data member', {}],
    ['data that is not an array', { data: { type: 'tags', attributes: { name: 'x' } } }],
    ['a wrong type', { data: [{ type: 'workspaces', attributes: { name: 'x' } }] }],
    ['neither id nor name', { data: [{ type: 'tags' }] }],
    ['both id and name', { data: [{ type: 'tags', id: 'tag-x', attributes: { name: 'x' } }] }],
    ['a name with spaces', byName('two words')],
    ['an empty name', byName('')],
    ['a name longer than 255 characters', byName('a'.repeat(256))],
    ['a name that is not a string', { data: [{ type: 'tags', attributes: { name: 42 } }] }],
  ])('answers 422 for %s and changes nothing', async (_label, body) => {
    const ws = await createWorkspace(service);
    expectError(await addTags(ws.id, body), 422);
    expect(await tagNames(ws.id)).toEqual([]);
  });

  it('accepts a name of exactly 255 characters', async () => {
    const ws = await createWorkspace(service);
    expect((await addTags(ws.id, byName('b'.repeat(255)))).status).toBe(204);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const ws = await createWorkspace(service);
    expectError(await service.request('POST', tagsPath(ws.id), { rawBody: '{"data": [' }), 400);
  });

  it('answers 404 for a workspace that does not exist', async () => {
    expectError(await addTags('ws-doesnotexist', byName('x')), 404);
  });
});

describe('removing flat tags', () => {
  it('removes tags by name and ignores names that match no tag', async () => {
    const ws = await createWorkspace(service);
    await addTags(ws.id, byName('keep', 'drop'));
    expect((await removeTags(ws.id, byName('DROP', 'never-existed'))).status).toBe(204);
    expect(await tagNames(ws.id)).toEqual(['keep']);
  });

  it('removes a tag by its ID', async () => {
    const ws = await createWorkspace(service);
    await addTags(ws.id, byName('first', 'second'));
    const tags = (await tagList(ws.id)).data;
    expect((await removeTags(ws.id, byId(tags[0].id))).status).toBe(204);
    expect(await tagNames(ws.id)).toEqual(['second']);
  });

  it('refuses an ID that names no tag with 404 and removes nothing', async () => {
    const ws = await createWorkspace(service);
    await addTags(ws.id, byName('stays'));
    expectError(
      await removeTags(ws.id, {
        data: [
          { type: 'tags', attributes: { name: 'stays' } },
          { type: 'tags', id: 'tag-nothing' },
        ],
      }),
      404,
    );
    expect(await tagNames(ws.id)).toEqual(['stays']);
  });

  it('deletes an organization tag when it leaves its last workspace', async () => {
    const a = await createWorkspace(service);
    const b = await createWorkspace(service);
    const name = uniqueName('lonely');
    await addTags(a.id, byName(name));
    await addTags(b.id, byName(name));
    const [tag] = (await tagList(a.id)).data;
    await removeTags(a.id, byName(name));
    expect((await tagList(b.id)).data[0].attributes['instance-count']).toBe(1);
    await removeTags(b.id, byName(name));
    // The tag is gone: its ID no longer names an organization tag.
    expectError(await addTags(a.id, byId(tag.id)), 404);
  });
});

describe('flat tag permissions', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createWorkspace(service)).id;
  });

  it.each([
    ['a reader', TOKENS.reader],
    ['a writer', TOKENS.writer],
  ])('lets %s list the tags but answers 404 to its adds and removes', async (_label, token) => {
    await tagList(id, '', token);
    expectError(await addTags(id, byName('nope'), token), 404);
    expectError(await removeTags(id, byName('nope'), token), 404);
    expect(await tagNames(id)).not.toContain('nope');
  });

  it.each([
    ['a workspace admin', TOKENS.admin],
    ['the organization token', TOKENS.org],
    ['the owner', TOKENS.owner],
  ])('lets %s add and remove tags', async (_label, token) => {
    const name = uniqueName('perm');
    expect((await addTags(id, byName(name), token)).status).toBe(204);
    expect(await tagNames(id)).toContain(name);
    expect((await removeTags(id, byName(name), token)).status).toBe(204);
    expect(await tagNames(id)).not.toContain(name);
  });

  it('answers 404 on every operation to a caller outside the organization', async () => {
    expectError(await service.request('GET', tagsPath(id), { token: TOKENS.outsider }), 404);
    expectError(await addTags(id, byName('x'), TOKENS.outsider), 404);
    expectError(await removeTags(id, byName('x'), TOKENS.outsider), 404);
  });

  it('answers 401 without a token', async () => {
    expectError(await service.request('GET', tagsPath(id), { token: null }), 401);
  });
});
