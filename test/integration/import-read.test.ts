// What `cdkws import` reads: the list pages, then per workspace one read of its own tag bindings
// and one page of consumers (none with global remote state), with filters applied by the service.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readImportedWorkspaces } from '../../src/cli/import/read';
import { ORG } from '../helpers/service';
import { addFlatTags, addRemoteStateConsumers, createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';

describe('reading workspaces for import', () => {
  const service = useService();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.a = (await createWorkspace(service, { name: 'rd-a' }, workspaceRelationships({ tagBindings: { team: 'a' } }))).id;
    // In a project whose bindings (cost-center, owner) the workspace inherits: only its own are read.
    ids.b = (await createWorkspace(service, { name: 'rd-b' }, workspaceRelationships({ project: 'prj-platform', tagBindings: { env: 'prod' } }))).id;
    ids.global = (await createWorkspace(service, { name: 'rd-global', 'global-remote-state': true })).id;
    ids.other = (await createWorkspace(service, { name: 'other' })).id;
    await addRemoteStateConsumers(service, ids.a, [ids.b, ids.other]);
    await addFlatTags(service, ids.b, ['prod']);
  });

  it('makes one list request, then one binding read, one variables page and at most one consumers page per workspace', async () => {
    const paths: string[] = [];
    const onRequest = (message: unknown) => paths.push(String((message as { request: { path: string } }).request.path).split('?')[0]);
    subscribe('undici:request:create', onRequest);
    let read;
    try {
      read = await readImportedWorkspaces(service.client, { organization: ORG, name: 'rd-*', tags: [] });
    } finally {
      unsubscribe('undici:request:create', onRequest);
    }
    expect(read.map((r) => r.workspace.name)).toEqual(['rd-a', 'rd-b', 'rd-global']);
    expect(paths.sort()).toEqual(
      [
        `/api/v2/organizations/${ORG}/workspaces`,
        ...[ids.a, ids.b, ids.global].map((id) => `/api/v2/workspaces/${id}/tag-bindings`),
        ...[ids.a, ids.b, ids.global].map((id) => `/api/v2/workspaces/${id}/vars`),
        ...[ids.a, ids.b].map((id) => `/api/v2/workspaces/${id}/relationships/remote-state-consumers`),
      ].sort(),
    );
    const [a, b, global] = read;
    expect(a.tagBindings.map((t) => `${t.key}=${t.value}`)).toEqual(['team=a']);
    expect(b.tagBindings.map((t) => `${t.key}=${t.value}`)).toEqual(['env=prod']);
    expect(b.projectName).toBe('platform');
    expect(b.workspace.tagNames).toEqual(['prod']);
    expect(a.consumers!.map((c) => c.name).sort()).toEqual(['other', 'rd-b']);
    expect(global.consumers).toBeUndefined();
  });

  it('leaves flat tag and project filtering to the service', async () => {
    expect((await readImportedWorkspaces(service.client, { organization: ORG, tags: ['prod'] })).map((r) => r.workspace.name)).toEqual(['rd-b']);
    expect((await readImportedWorkspaces(service.client, { organization: ORG, tags: [], project: 'prj-platform' })).map((r) => r.workspace.name)).toEqual([
      'rd-b',
    ]);
  });
});
