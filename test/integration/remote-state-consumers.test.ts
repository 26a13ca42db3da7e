// Remote state consumers (spec "Remote state consumers", "Authentication" 7 and 9, error table;
// decisions 8, 13).
import { remoteStateConsumerListDocumentSchema } from '../../src/contract';
import { TOKENS, defaultBootstrap } from '../helpers/service';
import { createWorkspace, createWorkspaces } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { acmeOf, editedBootstrap, expectError, loadSample, patchWorkspace, uniqueName } from '../helpers/workspace-assertions';

const PAT = 'pat-token'; // on the team with manage-workspaces
const GINA = 'gina-token'; // reads only the workspaces named below
const names = { subject: uniqueName('subject'), seen: uniqueName('seen'), hidden: uniqueName('hidden') };

const service = useService({
  bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
    b.users.push({ username: 'pat', id: 'user-pat', tokens: [PAT] }, { username: 'gina', id: 'user-gina', tokens: [GINA] });
    acmeOf(b)
      .teams.find((t: any) => t.name === 'platform')
      .members.push('pat');
    acmeOf(b).teams.push({
      name: 'partial',
      members: ['gina'],
      'workspace-access': [
        { workspace: names.subject, access: 'admin' },
        { workspace: names.seen, access: 'read' },
      ],
    });
  }),
});

const path = (id: string) => `/workspaces/${id}/relationships/remote-state-consumers`;
const refs = (...ids: string[]) => ({ data: ids.map((id) => ({ type: 'workspaces', id })) });
const send = (method: string, id: string, body: unknown, token: string = TOKENS.owner) => service.request(method, path(id), { body, token });
async function consumerIds(id: string, token: string = TOKENS.owner, query = ''): Promise<string[]> {
  const response = await service.request('GET', `${path(id)}${query}`, { token });
  expect(response.status).toBe(200);
  return response.body.data.map((w: any) => w.id);
}

describe('listing consumers', () => {
  it('answers workspace documents with the pagination envelope of the sample', async () => {
    const [subject, consumer] = await createWorkspaces(service, 2);
    expect((await send('POST', subject.id, refs(consumer.id))).status).toBe(204);
    const response = await service.request('GET', path(subject.id));
    expect(remoteStateConsumerListDocumentSchema.safeParse(response.body).success).toBe(true);
    const sample = loadSample('ws-remote-state-consumers-list').response_body;
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(sample).sort());
    expect(Object.keys(response.body.meta.pagination).sort()).toEqual(Object.keys(sample.meta.pagination).sort());
    expect(response.body.data.map((w: any) => w.id)).toEqual([consumer.id]);
    // The same document as the workspace list's item (decision 22).
    const listed = await service.request('GET', `/organizations/acme/workspaces?search%5Bname%5D=${consumer.attributes.name}`);
    expect(response.body.data[0]).toEqual(listed.body.data[0]);
  });

  it('pages with page[size] up to 100', async () => {
    const [subject, ...consumers] = await createWorkspaces(service, 4);
    await send('POST', subject.id, refs(...consumers.map((c) => c.id)));
    expect(await consumerIds(subject.id, TOKENS.owner, '?page%5Bsize%5D=2&page%5Bnumber%5D=2')).toEqual([consumers[2].id]);
    const big = await service.request('GET', `${path(subject.id)}?page%5Bsize%5D=500`);
    expect(big.body.meta.pagination['page-size']).toBe(100);
  });

  it('lists every other workspace of the organization while global-remote-state is true', async () => {
    const [subject] = await createWorkspaces(service, 1);
    expect((await patchWorkspace(service, subject.id, { 'global-remote-state': true })).status).toBe(200);
    const response = await service.request('GET', `${path(subject.id)}?page%5Bsize%5D=100`);
    expect(response.body.meta.pagination['total-count']).toBeGreaterThan(1);
    const ids: string[] = response.body.data.map((w: any) => w.id);
    expect(ids).not.toContain(subject.id);
    const all = await service.request('GET', '/organizations/acme/workspaces?page%5Bsize%5D=1');
    expect(response.body.meta.pagination['total-count']).toBe(all.body.meta.pagination['total-count'] - 1);
  });

  it('omits consumers the caller cannot read', async () => {
    const subject = await createWorkspace(service, { name: names.subject });
    const seen = await createWorkspace(service, { name: names.seen });
    const hidden = await createWorkspace(service, { name: names.hidden });
    await send('POST', subject.id, refs(seen.id, hidden.id));
    expect(await consumerIds(subject.id)).toEqual([seen.id, hidden.id]);
    expect(await consumerIds(subject.id, GINA)).toEqual([seen.id]);
    // Nor may such a caller add or remove them.
    expectError(await send('DELETE', subject.id, refs(hidden.id), GINA), 404);
    expectError(await send('POST', subject.id, refs(hidden.id), GINA), 404);
    expect(await consumerIds(subject.id)).toEqual([seen.id, hidden.id]);
    expect((await send('DELETE', subject.id, refs(seen.id), GINA)).status).toBe(204);
    expect(await consumerIds(subject.id)).toEqual([hidden.id]);
  });
});

describe('adding consumers', () => {
  it('ignores duplicates and consumers already present, adding the rest', async () => {
    const [subject, a, b] = await createWorkspaces(service, 3);
    await send('POST', subject.id, refs(a.id));
    expect((await send('POST', subject.id, refs(a.id, b.id, b.id))).status).toBe(204);
    expect(await consumerIds(subject.id)).toEqual([a.id, b.id]);
  });

  it('refuses the workspace itself with 422 and adds nothing', async () => {
    const [subject, a] = await createWorkspaces(service, 2);
    expectError(await send('POST', subject.id, refs(a.id, subject.id)), 422, '/data/1/id');
    expect(await consumerIds(subject.id)).toEqual([]);
  });

  it('answers 404 for a consumer that does not exist and adds nothing', async () => {
    const [subject, a] = await createWorkspaces(service, 2);
    expectError(await send('POST', subject.id, refs(a.id, 'ws-doesnotexist')), 404, '/data/1/id');
    expect(await consumerIds(subject.id)).toEqual([]);
  });

  it('answers 404 for a workspace of another organization', async () => {
    const [subject] = await createWorkspaces(service, 1);
    const foreign = await service.request('POST', '/organizations/freeco/workspaces', {
      token: TOKENS.outsider,
      body: { data: { type: 'workspaces', attributes: { name: uniqueName('foreign') } } },
    });
    expect(foreign.status).toBe(201);
    expectError(await send('POST', subject.id, refs(foreign.body.data.id)), 404);
  });

  it.each([
    ['no data member', {}],
    ['data that is not an array', { data: { type: 'workspaces', id: 'ws-x' } }],
    ['a wrong type', { data: [{ type: 'tags', id: 'ws-x' }] }],
    ['a missing id', { data: [{ type: 'workspaces' }] }],
    ['an id that is not a string', { data: [{ type: 'workspaces', id: 7 }] }],
  ])('answers 422 for %s', async (_label, body) => {
    const [subject] = await createWorkspaces(service, 1);
    expectError(await send('POST', subject.id, body), 422);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const [subject] = await createWorkspaces(service, 1);
    expectError(await service.request('POST', path(subject.id), { rawBody: 'not json' }), 400);
  });
});

describe('removing consumers', () => {
  it('removes the listed consumers and ignores absent ones', async () => {
    const [subject, a, b, c] = await createWorkspaces(service, 4);
    await send('POST', subject.id, refs(a.id, b.id));
    expect((await send('DELETE', subject.id, refs(a.id, c.id))).status).toBe(204);
    expect(await consumerIds(subject.id)).toEqual([b.id]);
  });

  it('answers 404 for a workspace that does not exist and removes nothing', async () => {
    const [subject, a] = await createWorkspaces(service, 2);
    await send('POST', subject.id, refs(a.id));
    expectError(await send('DELETE', subject.id, refs(a.id, 'ws-nothing')), 404);
    expect(await consumerIds(subject.id)).toEqual([a.id]);
  });
});

describe('replacing consumers', () => {
  it('makes the list exactly the one sent', async () => {
    const [subject, a, b, c] = await createWorkspaces(service, 4);
    await send('POST', subject.id, refs(a.id, b.id));
    expect((await send('PATCH', subject.id, refs(c.id, b.id))).status).toBe(204);
    expect((await consumerIds(subject.id)).sort()).toEqual([b.id, c.id].sort());
    expect((await send('PATCH', subject.id, refs())).status).toBe(204);
    expect(await consumerIds(subject.id)).toEqual([]);
  });

  it('refuses the workspace itself and unknown workspaces, changing nothing', async () => {
    const [subject, a] = await createWorkspaces(service, 2);
    await send('POST', subject.id, refs(a.id));
    expectError(await send('PATCH', subject.id, refs(subject.id)), 422);
    expectError(await send('PATCH', subject.id, refs('ws-unknown')), 404);
    expect(await consumerIds(subject.id)).toEqual([a.id]);
  });
});

describe('global-remote-state', () => {
  it.each(['POST', 'PATCH', 'DELETE'])('makes %s answer 422 while it is true, changing nothing', async (method) => {
    const [subject, a] = await createWorkspaces(service, 2);
    await send('POST', subject.id, refs(a.id));
    await patchWorkspace(service, subject.id, { 'global-remote-state': true });
    const response = await send(method, subject.id, refs(a.id));
    expectError(response, 422);
    await patchWorkspace(service, subject.id, { 'global-remote-state': false });
    expect(await consumerIds(subject.id)).toEqual([a.id]);
  });
});

describe('consumer permissions', () => {
  let subject: any;
  let other: any;
  beforeAll(async () => {
    [subject, other] = await createWorkspaces(service, 2);
  });

  it.each([
    ['the owner', TOKENS.owner],
    ['the organization token', TOKENS.org],
    ['a member of a team that manages all workspaces', PAT],
  ])('lets %s replace the list', async (_label, token) => {
    expect((await send('PATCH', subject.id, refs(other.id), token)).status).toBe(204);
  });

  it('answers 404 to a workspace admin replacing the list, but lets it add and remove', async () => {
    await send('PATCH', subject.id, refs());
    expectError(await send('PATCH', subject.id, refs(other.id), TOKENS.admin), 404);
    expect(await consumerIds(subject.id)).toEqual([]);
    expect((await send('POST', subject.id, refs(other.id), TOKENS.admin)).status).toBe(204);
    expect((await send('DELETE', subject.id, refs(other.id), TOKENS.admin)).status).toBe(204);
  });

  it.each([
    ['a reader', TOKENS.reader],
    ['a writer', TOKENS.writer],
  ])('lets %s list but answers 404 to its changes', async (_label, token) => {
    await send('POST', subject.id, refs(other.id));
    expect(await consumerIds(subject.id, token)).toEqual([other.id]);
    for (const method of ['PATCH', 'POST', 'DELETE']) expectError(await send(method, subject.id, refs(other.id), token), 404);
    expect(await consumerIds(subject.id)).toEqual([other.id]);
  });

  it('answers 404 on every operation to a caller outside the organization', async () => {
    for (const method of ['GET', 'PATCH', 'POST', 'DELETE']) {
      expectError(await send(method, subject.id, method === 'GET' ? undefined : refs(other.id), TOKENS.outsider), 404);
    }
  });
});
