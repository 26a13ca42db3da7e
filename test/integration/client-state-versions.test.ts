// The client's state-version calls against the real service: a workspace's history, its current
// state and outputs (sensitive values only when asked, read by output ID), and the state's download.
import { NotFoundError, collect } from '../../src/client';
import { ORG, TOKENS } from '../helpers/service';
import { postStateVersion, terraformState } from '../helpers/state-documents';
import { useService } from '../helpers/use-service';
import { uniqueName } from '../helpers/workspace-assertions';

const service = useService();
const SECRET = 'client-state-secret-5e1';

describe('state versions through the client', () => {
  let workspaceId: string;
  let workspaceName: string;
  let ids: string[];
  let latest: string;

  beforeAll(async () => {
    workspaceName = uniqueName('sv');
    workspaceId = (await service.client.workspaces.create(ORG, { name: workspaceName, executionMode: 'local' })).id;
    const lineage = 'b0b0b0b0-0000-4000-8000-000000000002';
    latest = terraformState({ serial: 2, lineage, resources: 2, outputs: { url: { value: 'https://app' }, token: { value: SECRET, sensitive: true } } });
    ids = [
      await postStateVersion(service, workspaceId, terraformState({ serial: 1, lineage, resources: 1 })),
      await postStateVersion(service, workspaceId, latest, TOKENS.writer),
    ];
  });

  it('lists a workspace’s state versions newest first, by organization and workspace name', async () => {
    const page = await service.client.stateVersions.list({ organization: ORG, workspace: workspaceName });
    expect(page.items.map((v) => [v.id, v.serial, v.status, v.resourceCount])).toEqual([
      [ids[1], 2, 'finalized', 2],
      [ids[0], 1, 'finalized', 1],
    ]);
    expect(page.pagination?.totalCount).toBe(2);
    const all = await collect(service.client.stateVersions.listAll({ organization: ORG, workspace: workspaceName }));
    expect(all.map((v) => v.id)).toEqual(ids.slice().reverse());
  });

  it('reads one state version and the current one, and downloads its state', async () => {
    const current = await service.client.stateVersions.current(workspaceId);
    expect(current).toMatchObject({ id: ids[1], serial: 2, lineage: 'b0b0b0b0-0000-4000-8000-000000000002', status: 'finalized' });
    expect(current?.downloadUrl).toContain(`/state-versions/${ids[1]}/download`);
    expect((await service.client.stateVersions.read(ids[0])).serial).toBe(1);
    expect(await service.client.stateVersions.download(ids[1])).toEqual(JSON.parse(latest));
  });

  it('lists the current outputs with sensitive values withheld unless asked for', async () => {
    const plain = await service.client.stateVersions.currentOutputs(workspaceId);
    expect(plain.map((o) => [o.name, o.sensitive, o.value]).sort()).toEqual([
      ['token', true, null],
      ['url', false, 'https://app'],
    ]);
    const full = await service.client.stateVersions.currentOutputs(workspaceId, { withSensitiveValues: true });
    expect(full.find((o) => o.name === 'token')?.value).toBe(SECRET);
    const listed = await service.client.stateVersions.listOutputs(ids[1]);
    expect(listed.items.map((o) => o.name).sort()).toEqual(['token', 'url']);
    expect(JSON.stringify(listed.items.map((o) => o.value))).not.toContain(SECRET);
  });

  it('answers no current state for a workspace without one, and not found for a missing workspace', async () => {
    const empty = await service.client.workspaces.create(ORG, { name: uniqueName('sv-empty') });
    expect(await service.client.stateVersions.current(empty.id)).toBeUndefined();
    expect(await service.client.stateVersions.currentOutputs(empty.id)).toEqual([]);
    await expect(service.client.stateVersions.current('ws-doesnotexist')).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.client.stateVersions.currentOutputs('ws-doesnotexist')).rejects.toBeInstanceOf(NotFoundError);
  });
});
