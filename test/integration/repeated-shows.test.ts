// Repeated shows of one workspace are answered from the service's reply cache (src/server/http/
// reply-cache.ts) while nothing they depend on changed: each caller still gets its own permissions,
// and every kind of write is seen by the very next show, by ID and by name.
import { ORG, TOKENS } from '../helpers/service';
import { addFlatTags, createChangeRequests, createWorkspace, lockWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';

describe('repeated shows', () => {
  const service = useService();

  async function showTwice(path: string, token: string = TOKENS.owner): Promise<any> {
    const first = await service.request('GET', path, { token });
    const second = await service.request('GET', path, { token });
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    return second.body.data;
  }

  it('give each caller its own permissions, whoever asked first', async () => {
    const ws = await createWorkspace(service);
    const path = `/workspaces/${ws.id}`;
    expect((await showTwice(path, TOKENS.owner)).attributes.permissions['can-update']).toBe(true);
    expect((await showTwice(path, TOKENS.reader)).attributes.permissions['can-update']).toBe(false);
    expect((await showTwice(path, TOKENS.owner)).attributes.permissions['can-update']).toBe(true);
    expect((await service.request('GET', path, { token: TOKENS.outsider })).status).toBe(404);
  });

  it('see every write at once, by ID and by name', async () => {
    const ws = await createWorkspace(service);
    const byId = `/workspaces/${ws.id}`;
    const byName = `/organizations/${ORG}/workspaces/${ws.attributes.name}`;
    await showTwice(byId);
    await showTwice(byName);

    const patched = await service.request('PATCH', byId, { body: { data: { type: 'workspaces', attributes: { description: 'changed' } } } });
    expect(patched.status).toBe(200);
    expect((await showTwice(byId)).attributes.description).toBe('changed');
    expect((await showTwice(byName)).attributes.description).toBe('changed');

    await lockWorkspace(service, ws.id, 'maintenance');
    expect((await showTwice(byName)).attributes.locked).toBe(true);

    await addFlatTags(service, ws.id, ['cached']);
    expect((await showTwice(byId)).attributes['tag-names']).toEqual(['cached']);

    const COUNT = 'unarchived-workspace-change-requests-count';
    expect((await showTwice(byId)).attributes[COUNT]).toBe(0);
    await createChangeRequests(service, [ws.id]);
    expect((await showTwice(byId)).attributes[COUNT]).toBe(1);
  });

  it('keep the included resources apart from the plain document', async () => {
    const ws = await createWorkspace(service);
    const plain = await service.request('GET', `/workspaces/${ws.id}`);
    const included = await service.request('GET', `/workspaces/${ws.id}?include=project`);
    expect(plain.body.included).toBeUndefined();
    expect(included.body.included?.[0]?.type).toBe('projects');
    expect((await service.request('GET', `/workspaces/${ws.id}`)).body.included).toBeUndefined();
  });
});
