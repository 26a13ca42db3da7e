// The test helpers themselves: useService's handle, withService's closing, and the fixtures' types.
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace, createWorkspaces, relatedId, workspaceRelationships } from '../helpers/fixtures';
import { useService, withService, type ServiceHandle } from '../helpers/use-service';

const service = useService();

it('refuses to be read before its beforeAll has started the service, naming the fix', () => {
  expect(() => useServiceOutsideJest().url).toThrow(/read the handle of useService\(\) inside a test or hook/);
});

it('serves the API and gives a ready client with the owner token', async () => {
  expect((await service.request('GET', '/ping')).status).toBe(204);
  const created = await service.client.workspaces.create(ORG, { name: `helper-${Date.now()}` });
  expect((await service.request('GET', `/workspaces/${created.id}`)).body.data.attributes.name).toBe(created.name);
});

it('closes the service and what it adopted when withService settles, even when the body throws', async () => {
  let url = '';
  let closed = 0;
  await expect(
    withService({}, async (other) => {
      url = other.url;
      other.adopt({ close: async () => void closed++ });
      throw new Error('body failed');
    }),
  ).rejects.toThrow('body failed');
  expect(closed).toBe(1);
  await expect(fetch(`${url}/api/v2/ping`)).rejects.toThrow();
});

it('creates workspaces with unique names, in the project and with the bindings asked for', async () => {
  const [a, b] = await createWorkspaces(service, 2);
  expect(a.attributes.name).not.toBe(b.attributes.name);
  const placed = await createWorkspace(service, {}, workspaceRelationships({ project: 'prj-platform', tagBindings: { team: 'x' } }));
  expect(relatedId(placed, 'project')).toBe('prj-platform');
  const bindings = (await service.request('GET', `/workspaces/${placed.id}/tag-bindings`, { token: TOKENS.owner })).body.data;
  expect(bindings.map((binding: any) => binding.attributes)).toEqual([expect.objectContaining({ key: 'team', value: 'x' })]);
});

it('throws with the service answer when a fixture cannot be made', async () => {
  await expect(createWorkspace(service, { name: 'has spaces' })).rejects.toThrow(/creating workspace has spaces failed: 422/);
});

/** A handle whose hooks never run, as when a handle is read while the file loads. */
function useServiceOutsideJest(): ServiceHandle {
  const hooks = { beforeAll: global.beforeAll, afterAll: global.afterAll };
  global.beforeAll = () => {};
  global.afterAll = () => {};
  try {
    return useService();
  } finally {
    global.beforeAll = hooks.beforeAll;
    global.afterAll = hooks.afterAll;
  }
}
