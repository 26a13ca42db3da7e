// Change requests: list, show, archive (spec "List/Show/Archive a change request"; decisions 1–3,
// 5, 22, 26). Change requests are created through the explorer bulk action.
import { changeRequestDocumentSchema, changeRequestListDocumentSchema } from '../../src/contract';
import { TOKENS, defaultBootstrap } from '../helpers/service';
import { createChangeRequests, createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { editedBootstrap, expectError, loadSample, uniqueName } from '../helpers/workspace-assertions';

const TWIN = uniqueName('twin');
const service = useService({
  bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
    // alice owns a second organization, so a workspace name can be ambiguous for her.
    b.organizations.push({ name: 'globex', tier: 'plus', teams: [{ name: 'owners', owners: true, members: ['alice'] }] });
  }),
});

const changeRequests = (ids: string[], subject = 'Upgrade the engine') => createChangeRequests(service, ids, { subject, message: '**do it**' });
const list = (segment: string, query = '', token: string = TOKENS.owner) =>
  service.request('GET', `/workspaces/${encodeURIComponent(segment)}/change-requests${query}`, { token });
const unarchivedCount = async (id: string) =>
  (await service.request('GET', `/workspaces/${id}`)).body.data.attributes['unarchived-workspace-change-requests-count'];

describe('listing change requests', () => {
  it('lists the requests of a workspace by ID, oldest first, in the shape of the sample', async () => {
    const ws = await createWorkspace(service);
    const [first] = await changeRequests([ws.id], 'first');
    const [second] = await changeRequests([ws.id], 'second');
    const response = await list(ws.id);
    expect(response.status).toBe(200);
    expect(changeRequestListDocumentSchema.safeParse(response.body).success).toBe(true);
    const sample = loadSample('cr-list').response_body;
    expect(Object.keys(response.body).sort()).toEqual(Object.keys(sample).sort());
    expect(Object.keys(response.body.data[0].attributes).sort()).toEqual(Object.keys(sample.data[0].attributes).sort());
    expect(response.body.data.map((r: any) => r.id)).toEqual([first, second]);
    expect(response.body.data[0]).toMatchObject({
      type: 'workspace_change_requests',
      attributes: { subject: 'first', message: '**do it**', 'archived-by': null, 'archived-at': null },
      relationships: { workspace: { data: { id: ws.id, type: 'workspaces' } } },
    });
    expect(response.body.meta.pagination).toMatchObject({ 'current-page': 1, 'page-size': 20, 'total-count': 2 });
  });

  it('takes a segment that is not a ws- ID as the name of the one workspace the caller can see', async () => {
    const ws = await createWorkspace(service, { name: uniqueName('named') });
    const ids = await changeRequests([ws.id]);
    const response = await list(ws.attributes.name);
    expect(response.status).toBe(200);
    expect(response.body.data.map((r: any) => r.id)).toEqual(ids);
  });

  it('answers 404 for a name two visible workspaces share, but lists by name for a caller who sees one', async () => {
    const acme = await createWorkspace(service, { name: TWIN });
    const globex = await service.request('POST', '/organizations/globex/workspaces', { body: { data: { type: 'workspaces', attributes: { name: TWIN } } } });
    expect(globex.status).toBe(201);
    await changeRequests([acme.id]);
    expectError(await list(TWIN), 404);
    expect((await list(TWIN, '', TOKENS.reader)).body.data).toHaveLength(1);
  });

  it('filters with archive=true and archive=false', async () => {
    const ws = await createWorkspace(service);
    const [kept, done] = [...(await changeRequests([ws.id], 'kept')), ...(await changeRequests([ws.id], 'done'))];
    expect((await service.request('POST', `/change-requests/${done}/actions/archive`)).status).toBe(200);
    expect((await list(ws.id, '?archive=true')).body.data.map((r: any) => r.id)).toEqual([done]);
    expect((await list(ws.id, '?archive=false')).body.data.map((r: any) => r.id)).toEqual([kept]);
    expect((await list(ws.id)).body.data).toHaveLength(2);
    expectError(await list(ws.id, '?archive=maybe'), 400);
  });

  it('pages with page[number] and page[size]', async () => {
    const ws = await createWorkspace(service);
    const ids = [...(await changeRequests([ws.id], 'a')), ...(await changeRequests([ws.id], 'b')), ...(await changeRequests([ws.id], 'c'))];
    const page = await list(ws.id, '?page%5Bsize%5D=2&page%5Bnumber%5D=2');
    expect(page.body.data.map((r: any) => r.id)).toEqual([ids[2]]);
    expect(page.body.meta.pagination).toMatchObject({ 'current-page': 2, 'total-pages': 2, 'prev-page': 1, 'next-page': null });
  });

  it('answers 404 for an unknown workspace and to callers outside its organization', async () => {
    const ws = await createWorkspace(service);
    expectError(await list('ws-nothing'), 404);
    expectError(await list('no-such-name'), 404);
    expectError(await list(ws.id, '', TOKENS.outsider), 404);
    expectError(await list(ws.attributes.name, '', TOKENS.outsider), 404);
  });

  it('lets a reader list', async () => {
    const ws = await createWorkspace(service);
    await changeRequests([ws.id]);
    expect((await list(ws.id, '', TOKENS.reader)).body.data).toHaveLength(1);
  });
});

describe('showing a change request', () => {
  it.each(['/change-requests', '/workspaces/change-requests'])('answers the request at %s/:id in the shape of the sample', async (base) => {
    const ws = await createWorkspace(service);
    const [id] = await changeRequests([ws.id], 'show me');
    const response = await service.request('GET', `${base}/${id}`);
    expect(response.status).toBe(200);
    expect(changeRequestDocumentSchema.safeParse(response.body).success).toBe(true);
    const sample = loadSample('cr-show').response_body.data;
    expect(Object.keys(response.body.data).sort()).toEqual(Object.keys(sample).sort());
    expect(response.body.data.id).toBe(id);
    expect(response.body.data.id).toMatch(/^wscr-/);
    expect(response.body.data.attributes['created-at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('answers 404 for an unknown ID and to a caller outside the organization, but shows it to a reader', async () => {
    const ws = await createWorkspace(service);
    const [id] = await changeRequests([ws.id]);
    expectError(await service.request('GET', '/change-requests/wscr-nothing'), 404);
    expectError(await service.request('GET', `/change-requests/${id}`, { token: TOKENS.outsider }), 404);
    expect((await service.request('GET', `/change-requests/${id}`, { token: TOKENS.reader })).status).toBe(200);
  });
});

describe('archiving a change request', () => {
  it.each([
    ['PATCH', '/workspaces/change-requests/:id'],
    ['POST', '/workspaces/change-requests/:id'],
    ['PATCH', '/change-requests/:id'],
    ['POST', '/change-requests/:id'],
    ['POST', '/change-requests/:id/actions/archive'],
  ])('archives with %s %s, answering 200 with archived-by and archived-at set', async (method, template) => {
    const ws = await createWorkspace(service);
    const [id] = await changeRequests([ws.id]);
    const response = await service.request(method, template.replace(':id', id));
    expect(response.status).toBe(200);
    expect(changeRequestDocumentSchema.safeParse(response.body).success).toBe(true);
    const sample = loadSample('cr-archive').response_body.data;
    expect(Object.keys(response.body.data.attributes).sort()).toEqual(Object.keys(sample.attributes).sort());
    expect(response.body.data.attributes['archived-by']).toBe('user-alice');
    expect(response.body.data.attributes['archived-at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await service.request('GET', `/change-requests/${id}`)).body.data.attributes['archived-by']).toBe('user-alice');
  });

  it('answers 400 to archiving an archived request and keeps the first archival', async () => {
    const ws = await createWorkspace(service);
    const [id] = await changeRequests([ws.id]);
    const first = await service.request('POST', `/change-requests/${id}/actions/archive`, { token: TOKENS.writer });
    expect(first.body.data.attributes['archived-by']).toBe('user-carol');
    expectError(await service.request('PATCH', `/workspaces/change-requests/${id}`), 400);
    expect((await service.request('GET', `/change-requests/${id}`)).body.data.attributes).toEqual(first.body.data.attributes);
  });

  it('counts unarchived requests on the workspace document', async () => {
    const ws = await createWorkspace(service);
    expect(await unarchivedCount(ws.id)).toBe(0);
    const [a] = await changeRequests([ws.id]);
    await changeRequests([ws.id]);
    expect(await unarchivedCount(ws.id)).toBe(2);
    await service.request('POST', `/change-requests/${a}/actions/archive`);
    expect(await unarchivedCount(ws.id)).toBe(1);
  });

  it('refuses a reader with 403 and leaves the request unarchived', async () => {
    const ws = await createWorkspace(service);
    const [id] = await changeRequests([ws.id]);
    expectError(await service.request('POST', `/change-requests/${id}/actions/archive`, { token: TOKENS.reader }), 403);
    expect((await service.request('GET', `/change-requests/${id}`)).body.data.attributes['archived-at']).toBeNull();
  });

  it.each([
    ['a writer', TOKENS.writer, 'user-carol'],
    ['a workspace admin', TOKENS.admin, 'user-bob'],
    ['the organization token', TOKENS.org, 'org:acme'],
  ])('lets %s archive', async (_label, token, archivedBy) => {
    const ws = await createWorkspace(service);
    const [id] = await changeRequests([ws.id]);
    const response = await service.request('PATCH', `/change-requests/${id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['archived-by']).toBe(archivedBy);
  });

  it('answers 404 to a caller outside the organization and for an unknown ID', async () => {
    const ws = await createWorkspace(service);
    const [id] = await changeRequests([ws.id]);
    expectError(await service.request('POST', `/change-requests/${id}/actions/archive`, { token: TOKENS.outsider }), 404);
    expectError(await service.request('PATCH', '/change-requests/wscr-nothing'), 404);
  });
});

describe('an organization without the plus tier', () => {
  it('answers 404 on the change request endpoints of its workspaces', async () => {
    const created = await service.request('POST', '/organizations/freeco/workspaces', {
      token: TOKENS.outsider,
      body: { data: { type: 'workspaces', attributes: { name: uniqueName('free') } } },
    });
    expect(created.status).toBe(201);
    expectError(await list(created.body.data.id, '', TOKENS.outsider), 404);
  });
});
