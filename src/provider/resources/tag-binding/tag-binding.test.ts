import { startHookHarness, type HookHarness } from '../../test-support';
import { parseTagBindingId, tagBindingResource as r } from './tag-binding';

let h: HookHarness;
beforeAll(async () => (h = await startHookHarness()));
afterAll(() => h.close());

const own = async (ws: string) =>
  (await h.service.request('GET', `/workspaces/${ws}/tag-bindings`)).body.data.map((b: any) => `${b.attributes.key}=${b.attributes.value}`).sort();
const planned = (ws: string, key: string, value: string | null) => ({ id: null, workspace_id: ws, key, value });

describe('cdkws_tag_binding', () => {
  it('creates, updates and deletes one key without touching the others', async () => {
    const ws = await h.workspace();
    const ctx = h.ctx();
    await h.service.request('PATCH', `/workspaces/${ws}/tag-bindings`, {
      body: { data: [{ type: 'tag-bindings', attributes: { key: 'other', value: 'x' } }] },
    });
    const created = await r.apply({ action: 'create', prior: null, planned: planned(ws, 'team', 'net'), config: planned(ws, 'team', 'net') }, ctx);
    expect(created.state).toEqual({ id: `${ws}/team`, workspace_id: ws, key: 'team', value: 'net' });
    await r.apply({ action: 'update', prior: created.state!, planned: planned(ws, 'team', 'web'), config: planned(ws, 'team', 'web') }, ctx);
    expect(await own(ws)).toEqual(['other=x', 'team=web']);
    await r.apply({ action: 'delete', prior: created.state!, planned: null, config: null }, ctx);
    expect(await own(ws)).toEqual(['other=x']);
  });

  it('keeps every key when many bindings of one workspace are created and deleted in parallel', async () => {
    const ws = await h.workspace();
    const ctx = h.ctx();
    const keys = Array.from({ length: 8 }, (_, i) => `k${i}`);
    const states = await Promise.all(
      keys.map(async (k) => r.apply({ action: 'create', prior: null, planned: planned(ws, k, 'v'), config: planned(ws, k, 'v') }, ctx)),
    );
    expect(await own(ws)).toEqual(keys.map((k) => `${k}=v`));
    // Deletes rewrite the whole set: without the per-workspace lock they would resurrect each other's keys.
    await Promise.all(states.slice(0, 5).map(async (s) => r.apply({ action: 'delete', prior: s.state!, planned: null, config: null }, ctx)));
    expect(await own(ws)).toEqual(['k5=v', 'k6=v', 'k7=v']);
  });

  it('reads a binding removed outside Terraform as gone', async () => {
    const ws = await h.workspace();
    const ctx = h.ctx();
    const { state } = await r.apply({ action: 'create', prior: null, planned: planned(ws, 'a', '1'), config: planned(ws, 'a', '1') }, ctx);
    await h.service.request('PATCH', `/workspaces/${ws}`, { body: { data: { type: 'workspaces', relationships: { 'tag-bindings': { data: [] } } } } });
    expect((await r.read({ state: state! }, h.ctx())).state).toBeNull();
  });

  it('reads a value changed outside Terraform, and keeps an unset value unset', async () => {
    const ws = await h.workspace();
    const ctx = h.ctx();
    const a = await r.apply({ action: 'create', prior: null, planned: planned(ws, 'a', '1'), config: planned(ws, 'a', '1') }, ctx);
    const b = await r.apply({ action: 'create', prior: null, planned: planned(ws, 'b', null), config: planned(ws, 'b', null) }, ctx);
    await h.service.request('PATCH', `/workspaces/${ws}/tag-bindings`, { body: { data: [{ type: 'tag-bindings', attributes: { key: 'a', value: '2' } }] } });
    const fresh = h.ctx();
    expect((await r.read({ state: a.state! }, fresh)).state?.value).toBe('2');
    expect((await r.read({ state: b.state! }, fresh)).state).toEqual({ id: `${ws}/b`, workspace_id: ws, key: 'b', value: null });
  });

  it('imports by workspace ID and key', async () => {
    const ws = await h.workspace();
    await h.service.request('PATCH', `/workspaces/${ws}/tag-bindings`, {
      body: { data: [{ type: 'tag-bindings', attributes: { key: 'env:tier', value: 'prod' } }] },
    });
    const imported = await r.importState!(`${ws}/env:tier`, h.ctx());
    const read = await r.read({ state: imported.state! }, h.ctx());
    expect(read.state).toEqual({ id: `${ws}/env:tier`, workspace_id: ws, key: 'env:tier', value: 'prod' });
  });

  it('imports an empty value as "", as the constructs write it', async () => {
    const ws = await h.workspace();
    await h.service.request('PATCH', `/workspaces/${ws}/tag-bindings`, { body: { data: [{ type: 'tag-bindings', attributes: { key: 'flag', value: '' } }] } });
    const imported = await r.importState!(`${ws}/flag`, h.ctx());
    expect((await r.read({ state: imported.state! }, h.ctx())).state).toEqual({ id: `${ws}/flag`, workspace_id: ws, key: 'flag', value: '' });
  });

  it('rejects an import ID without a key', () => {
    expect(() => parseTagBindingId('ws-abc')).toThrow(/<workspace_id>\/<key>/);
  });

  it('reports reserved and malformed keys before the network', () => {
    const diags = r.validate!({ workspace_id: 'ws-1', key: 'hc:owner', value: 'a b' }, h.ctx()) as Array<{ path?: unknown }>;
    expect(diags.map((d) => d.path)).toEqual([['key'], ['value']]);
  });
});
