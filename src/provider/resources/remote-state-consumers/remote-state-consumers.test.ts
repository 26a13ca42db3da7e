import { startHookHarness, TOKENS, type HookHarness } from '../../test-support';
import { Unknown, type ObjectValue } from '../../protocol/values';
import { consumerChanges, remoteStateConsumersResource as r } from './remote-state-consumers';

let h: HookHarness;
beforeAll(async () => (h = await startHookHarness()));
afterAll(() => h.close());

const consumers = async (ws: string) => {
  const res = await h.service.request('GET', `/workspaces/${ws}/relationships/remote-state-consumers?page%5Bsize%5D=100`);
  return res.body.data.map((w: any) => w.id).sort();
};
const value = (ws: string, ids: string[]) => ({ id: null, workspace_id: ws, consumer_ids: ids });

describe('consumerChanges', () => {
  it('adds what is missing and removes what is extra', () => {
    expect(consumerChanges(['a', 'b'], ['b', 'c'])).toEqual({ add: ['c'], remove: ['a'] });
  });
});

describe('cdkws_remote_state_consumers', () => {
  it('converges with add and remove as a workspace admin, who may not replace', async () => {
    const [ws, a, b, c] = await Promise.all([h.workspace(), h.workspace(), h.workspace(), h.workspace()]);
    const admin = h.ctx(TOKENS.admin);
    const created = await r.apply({ action: 'create', prior: null, planned: value(ws, [a, b]), config: value(ws, [a, b]) }, admin);
    expect(await consumers(ws)).toEqual([a, b].sort());
    await r.apply({ action: 'update', prior: created.state!, planned: value(ws, [b, c]), config: value(ws, [b, c]) }, h.ctx(TOKENS.admin));
    expect(await consumers(ws)).toEqual([b, c].sort());
    await r.apply({ action: 'delete', prior: created.state!, planned: null, config: null }, h.ctx(TOKENS.admin));
    expect(await consumers(ws)).toEqual([]);
  });

  it('reads every page of a long consumer list', async () => {
    const ws = await h.workspace();
    const many: string[] = [];
    // More than one page of 100.
    for (let i = 0; i < 105; i++) many.push(await h.workspace());
    await h.service.request('POST', `/workspaces/${ws}/relationships/remote-state-consumers`, {
      body: { data: many.map((id) => ({ type: 'workspaces', id })) },
    });
    expect((await consumers(ws)).length).toBe(100);
    const imported = await r.importState!(ws, h.ctx());
    const { state } = await r.read({ state: imported.state! }, h.ctx());
    expect(state?.consumer_ids).toEqual([...many].sort());
  });

  it('refuses at plan time a workspace that shares its state globally', async () => {
    const [ws, a] = await Promise.all([h.workspace({ 'global-remote-state': true }), h.workspace()]);
    const v = value(ws, [a]);
    const res = await r.plan!({ prior: null, proposed: v, config: v, planned: v, requiresReplace: [] }, h.ctx());
    expect(res?.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', summary: expect.stringMatching(/whole organization/), path: ['workspace_id'] }),
    ]);
    expect(res?.diagnostics?.[0].detail).toMatch(/global_remote_state = false/);
  });

  it('plans without a service check while the workspace ID is unknown', async () => {
    const v: ObjectValue = { id: Unknown, workspace_id: Unknown, consumer_ids: ['ws-x'] };
    expect(await r.plan!({ prior: null, proposed: v, config: v, planned: v, requiresReplace: [] }, h.ctx())).toBeUndefined();
  });

  it('names the consumer that does not exist', async () => {
    const ws = await h.workspace();
    const v = value(ws, ['ws-doesnotexist']);
    await expect(r.apply({ action: 'create', prior: null, planned: v, config: v }, h.ctx())).rejects.toThrow(/consumer_ids does not exist|one of consumer_ids/);
  });

  it('reads a deleted workspace as gone', async () => {
    const ws = await h.workspace();
    await h.service.request('DELETE', `/workspaces/${ws}`);
    expect((await r.read({ state: value(ws, []) }, h.ctx())).state).toBeNull();
  });

  it('refuses a workspace listed as its own consumer', () => {
    expect(r.validate!(value('ws-1', ['ws-1']), h.ctx())).toEqual([expect.objectContaining({ path: ['consumer_ids'] })]);
  });
});
