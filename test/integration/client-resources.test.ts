// The client's calls for tags, tag bindings, remote state consumers, change requests, explorer
// bulk actions and data retention policies, against the real service on a loopback port.
import { NotFoundError, ValidationError, collect, type Workspace } from '../../src/client';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { useService, withService } from '../helpers/use-service';
import { uniqueName } from '../helpers/workspace-assertions';

const service = useService();
const newWorkspace = (attrs: { tagBindings?: Array<{ key: string; value: string }>; projectId?: string } = {}): Promise<Workspace> =>
  service.client.workspaces.create(ORG, { name: uniqueName('res'), ...attrs });

describe('flat tags', () => {
  it('adds by name, lists lowercased names, and removes', async () => {
    const ws = await newWorkspace();
    await service.client.tags.add(ws.id, ['Prod', { name: 'team-a' }]);
    const page = await service.client.tags.list(ws.id);
    expect(page.items.map((t) => t.name).sort()).toEqual(['prod', 'team-a']);
    expect(page.items[0].id).toMatch(/^tag-/);
    expect(page.items[0].instanceCount).toBeGreaterThanOrEqual(1);
    await service.client.tags.add(ws.id, ['prod']);
    await service.client.tags.remove(ws.id, [{ id: page.items.find((t) => t.name === 'prod')!.id }, 'never-existed']);
    expect((await collect(service.client.tags.listAll(ws.id))).map((t) => t.name)).toEqual(['team-a']);
  });

  it('rejects an entry that is neither a name nor an ID before sending', async () => {
    const ws = await newWorkspace();
    await expect(service.client.tags.add(ws.id, ['has space'])).rejects.toBeInstanceOf(ValidationError);
  });

  it('reports tags of a missing workspace as not found', async () => {
    await expect(service.client.tags.add('ws-doesnotexist', ['x'])).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('tag bindings', () => {
  it('adds and updates by key without removing others', async () => {
    const ws = await newWorkspace({ tagBindings: [{ key: 'a', value: '1' }] });
    const answered = await service.client.tagBindings.update(ws.id, [
      { key: 'b', value: '2' },
      { key: 'a', value: '3' },
    ]);
    expect(answered.map((b) => [b.key, b.value])).toEqual([
      ['b', '2'],
      ['a', '3'],
    ]);
    const listed = await service.client.tagBindings.list(ws.id);
    expect(listed.map((b) => [b.key, b.value]).sort()).toEqual([
      ['a', '3'],
      ['b', '2'],
    ]);
    expect(listed[0].id).toMatch(/^tb-/);
  });

  it('lists effective bindings with the project they are inherited from', async () => {
    const ws = await newWorkspace({ projectId: 'prj-platform', tagBindings: [{ key: 'owner', value: 'me' }] });
    const effective = await service.client.tagBindings.listEffective(ws.id);
    const byKey = Object.fromEntries(effective.map((b) => [b.key, b]));
    expect(byKey.owner).toMatchObject({ value: 'me' });
    expect(byKey.owner.inheritedFrom).toBeUndefined();
    expect(byKey['cost-center']).toMatchObject({ value: '42', inheritedFrom: '/api/v2/projects/prj-platform' });
  });

  it('rejects a reserved key prefix before sending', async () => {
    const ws = await newWorkspace();
    const error = await service.client.tagBindings.update(ws.id, [{ key: 'hc:owner', value: 'x' }]).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.pointers).toEqual(['/data/0/attributes/key']);
  });
});

describe('remote state consumers', () => {
  it('adds, lists, removes and replaces consumers', async () => {
    const [subject, a, b, c] = await Promise.all([newWorkspace(), newWorkspace(), newWorkspace(), newWorkspace()]);
    await service.client.remoteStateConsumers.add(subject.id, [a.id, b.id]);
    await service.client.remoteStateConsumers.add(subject.id, [a.id]);
    expect((await service.client.remoteStateConsumers.list(subject.id)).items.map((w) => w.id).sort()).toEqual([a.id, b.id].sort());
    await service.client.remoteStateConsumers.remove(subject.id, [a.id]);
    expect((await collect(service.client.remoteStateConsumers.listAll(subject.id))).map((w) => w.id)).toEqual([b.id]);
    await service.client.remoteStateConsumers.replace(subject.id, [c.id]);
    const page = await service.client.remoteStateConsumers.list(subject.id, { pageSize: 1 });
    expect(page.items.map((w) => w.id)).toEqual([c.id]);
    expect(page.pagination?.totalCount).toBe(1);
  });

  it('reports a workspace as its own consumer as a validation error', async () => {
    const ws = await newWorkspace();
    await expect(service.client.remoteStateConsumers.add(ws.id, [ws.id])).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('change requests and explorer bulk actions', () => {
  it('creates change requests for target IDs, lists, reads and archives them', async () => {
    const [a, b] = await Promise.all([newWorkspace(), newWorkspace()]);
    const action = await service.client.explorer.createChangeRequests(ORG, { targetIds: [a.id, b.id], subject: 'Upgrade engine', message: '**now**' });
    expect(action).toMatchObject({ id: expect.stringMatching(/^eba-/), actionType: 'change_requests', subject: 'Upgrade engine', message: '**now**' });
    const page = await service.client.changeRequests.list(a.id);
    expect(page.items).toHaveLength(1);
    const cr = page.items[0];
    expect(cr).toMatchObject({ subject: 'Upgrade engine', message: '**now**', archived: false, archivedAt: null, workspaceId: a.id });
    expect(await service.client.changeRequests.read(cr.id)).toMatchObject({ id: cr.id, subject: 'Upgrade engine' });
    const archived = await service.client.changeRequests.archive(cr.id);
    expect(archived).toMatchObject({ id: cr.id, archived: true, archivedBy: 'user-alice' });
    expect((await service.client.changeRequests.list(a.id, { archived: false })).items).toHaveLength(0);
    expect(await collect(service.client.changeRequests.listAll(a.name, { archived: true }))).toHaveLength(1);
  });

  it('reports a first archive of an archived request as a validation error', async () => {
    const ws = await newWorkspace();
    await service.client.explorer.createChangeRequests(ORG, { targetIds: [ws.id], subject: 's', message: 'm' });
    const [cr] = (await service.client.changeRequests.list(ws.id)).items;
    await service.client.changeRequests.archive(cr.id);
    await expect(service.client.changeRequests.archive(cr.id)).rejects.toBeInstanceOf(ValidationError);
  });

  it('creates change requests for the workspaces an explorer query matches', async () => {
    const marker = uniqueName('q');
    const [a, b] = await Promise.all([
      service.client.workspaces.create(ORG, { name: `${marker}-x` }),
      service.client.workspaces.create(ORG, { name: `${marker}-y` }),
    ]);
    await service.client.explorer.createChangeRequests(ORG, {
      query: [{ field: 'workspace_name', operator: 'contains', values: [marker] }],
      subject: 'by query',
      message: 'm',
    });
    for (const ws of [a, b]) expect((await service.client.changeRequests.list(ws.id)).items.map((c) => c.subject)).toEqual(['by query']);
  });

  it('rejects both target IDs and a query before sending', async () => {
    const options = { targetIds: ['ws-1'], query: [], subject: 's', message: 'm' } as never;
    await expect(service.client.explorer.createChangeRequests(ORG, options)).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('data retention policies', () => {
  it('are not found on the hosted edition', async () => {
    const ws = await newWorkspace();
    await expect(service.client.dataRetentionPolicies.read(ws.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('are set, read and deleted on the self-hosted edition', async () => {
    await withService({ bootstrap: { ...defaultBootstrap(), edition: 'self-hosted' } }, async (selfHosted) => {
      const c = selfHosted.clientFor(TOKENS.owner);
      const ws = await c.workspaces.create(ORG, { name: uniqueName('drp') });
      expect(await c.dataRetentionPolicies.read(ws.id)).toBeNull();
      const set = await c.dataRetentionPolicies.set(ws.id, { kind: 'delete-older', deleteOlderThanNDays: 33 });
      expect(set).toMatchObject({ kind: 'delete-older', deleteOlderThanNDays: 33, target: { id: ws.id, type: 'workspaces' } });
      expect(set.id).toMatch(/^drp-/);
      expect(await c.dataRetentionPolicies.set(ws.id, { kind: 'dont-delete' })).toMatchObject({ id: set.id, kind: 'dont-delete' });
      expect(await c.dataRetentionPolicies.read(ws.id)).toMatchObject({ kind: 'dont-delete' });
      await c.dataRetentionPolicies.delete(ws.id);
      await c.dataRetentionPolicies.delete(ws.id);
      expect(await c.dataRetentionPolicies.read(ws.id)).toBeNull();
      await expect(c.dataRetentionPolicies.set(ws.id, { kind: 'delete-older', deleteOlderThanNDays: 0 })).rejects.toBeInstanceOf(ValidationError);
    });
  });
});
