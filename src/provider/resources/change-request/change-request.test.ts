import { startHookHarness, TOKENS, type HookHarness } from '../../test-support';
import { Unknown, type ObjectValue } from '../../protocol/values';
import { changeRequestResource as r, checkConfig, parseQuery, workspaceChanges } from './change-request';

let h: HookHarness;
beforeAll(async () => (h = await startHookHarness()));
afterAll(() => h.close());

const config = (over: ObjectValue): ObjectValue => ({
  id: null,
  organization: null,
  workspace_ids: null,
  query: null,
  subject: 'Upgrade',
  message: 'Please upgrade',
  change_request_ids: null,
  archived_workspace_ids: null,
  ...over,
});
const open = async (ws: string) => (await h.service.request('GET', `/workspaces/${ws}/change-requests?archive=false`)).body.data.map((c: any) => c.id);

async function planAndApply(prior: ObjectValue | null, cfg: ObjectValue) {
  const ctx = h.ctx();
  const plan = await r.plan!({ prior, proposed: cfg, config: cfg, planned: cfg, requiresReplace: [] }, ctx);
  const planned = plan?.planned ?? cfg;
  const applied = await r.apply({ action: prior ? 'update' : 'create', prior, planned, config: cfg }, ctx);
  return { plan, state: applied.state!, diagnostics: applied.diagnostics };
}

describe('change request configuration', () => {
  it('needs exactly one of workspace_ids and query', () => {
    expect(checkConfig(config({}))[0].summary).toMatch(/exactly one/);
    expect(checkConfig(config({ workspace_ids: ['ws-1'], query: '{}' }))[0].summary).toMatch(/exactly one/);
  });

  it('accepts both documented query filter shapes', () => {
    expect(parseQuery(JSON.stringify({ filter: [{ field: 'tag_names', operator: 'is', value: ['prod'] }] }))).toEqual({
      conditions: [{ field: 'tag_names', operator: 'is', values: ['prod'] }],
    });
    expect(parseQuery(JSON.stringify({ filter: [{ workspace_name: { contains: ['web'] } }] }))).toEqual({
      conditions: [{ field: 'workspace_name', operator: 'contains', values: ['web'] }],
    });
    expect(parseQuery(JSON.stringify({ filter: [{ field: 'color', operator: 'is', value: ['x'] }] }))).toHaveProperty('problem');
  });

  it('finds workspaces to add and requests to archive', () => {
    expect(workspaceChanges(['a', 'c'], { a: 'wscr-1', b: 'wscr-2' })).toEqual({ add: ['c'], remove: ['b'] });
  });
});

describe('cdkws_change_request', () => {
  it('creates one request per workspace and keeps their IDs', async () => {
    const [a, b] = await Promise.all([h.workspace(), h.workspace()]);
    const { state } = await planAndApply(null, config({ workspace_ids: [a, b] }));
    const ids = state.change_request_ids as Record<string, string>;
    expect(Object.keys(ids).sort()).toEqual([a, b].sort());
    expect(await open(a)).toEqual([ids[a]]);
    expect(state.organization).toBe('acme');
  });

  it('creates a request for an added workspace only, and archives the request of a removed one', async () => {
    const [a, b, c] = await Promise.all([h.workspace(), h.workspace(), h.workspace()]);
    const first = await planAndApply(null, config({ workspace_ids: [a, b] }));
    const second = await planAndApply(first.state, config({ workspace_ids: [a, c] }));
    expect(second.plan?.planned?.change_request_ids).toBe(Unknown);
    const ids = second.state.change_request_ids as Record<string, string>;
    expect(ids[a]).toBe((first.state.change_request_ids as Record<string, string>)[a]);
    expect(await open(a)).toHaveLength(1);
    expect(await open(b)).toHaveLength(0);
    expect(await open(c)).toEqual([ids[c]]);
  });

  it('keeps a request archived by someone else as completed, and the plan warns', async () => {
    const [a, b] = await Promise.all([h.workspace(), h.workspace()]);
    const { state } = await planAndApply(null, config({ workspace_ids: [a, b] }));
    const ids = state.change_request_ids as Record<string, string>;
    await h.service.request('POST', `/change-requests/${ids[a]}/actions/archive`, { token: TOKENS.writer });
    const read = (await r.read({ state }, h.ctx())).state!;
    expect(read.archived_workspace_ids).toEqual([a]);
    expect(read.change_request_ids).toEqual(ids);
    const cfg = config({ workspace_ids: [a, b] });
    const proposed: ObjectValue = {
      ...cfg,
      id: read.id,
      organization: read.organization,
      change_request_ids: read.change_request_ids,
      archived_workspace_ids: read.archived_workspace_ids,
    };
    const plan = await r.plan!({ prior: read, proposed, config: cfg, planned: proposed, requiresReplace: [] }, h.ctx());
    expect(plan?.planned).toEqual(read);
    expect(plan?.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', detail: expect.stringContaining(ids[a]) })]);
    await r.apply({ action: 'delete', prior: read, planned: null, config: null }, h.ctx());
    expect(await open(b)).toEqual([]);
  });

  it('creates requests on the workspaces a query matches', async () => {
    const [tagged, other] = await Promise.all([h.workspace(), h.workspace()]);
    const tag = (ws: string, name: string) =>
      h.service.request('POST', `/workspaces/${ws}/relationships/tags`, { body: { data: [{ type: 'tags', attributes: { name } }] } });
    await Promise.all([tag(tagged, 'cr-query-hit'), tag(other, 'cr-query-miss')]);
    const query = JSON.stringify({ filter: [{ field: 'tag_names', operator: 'is', value: ['cr-query-hit'] }] });
    const { state } = await planAndApply(null, config({ query }));
    expect(Object.keys(state.change_request_ids as object)).toEqual([tagged]);
  });

  it('imports requests by ID', async () => {
    const [a, b] = await Promise.all([h.workspace(), h.workspace()]);
    const { state } = await planAndApply(null, config({ workspace_ids: [a, b], subject: 'Imported' }));
    const ids = Object.values(state.change_request_ids as Record<string, string>);
    const imported = (await r.importState!(ids.join(','), h.ctx())).state!;
    expect(imported).toMatchObject({ organization: 'acme', subject: 'Imported', workspace_ids: [a, b].sort(), change_request_ids: state.change_request_ids });
  });

  it('reports a workspace that does not exist', async () => {
    await expect(planAndApply(null, config({ workspace_ids: ['ws-nope'] }))).rejects.toThrow(/not found|does not exist|ws-nope/);
  });
});
