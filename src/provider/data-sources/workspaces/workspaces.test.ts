import { workspaceDataSource } from '../workspace/workspace';
import { listOptions, workspacesDataSource } from './workspaces';
import { startHookHarness, type HookHarness } from '../../test-support';

let h: HookHarness;
beforeAll(async () => (h = await startHookHarness()));
afterAll(() => h.close());

const empty = {
  organization: null,
  search_name: null,
  wildcard_name: null,
  tag_names: null,
  exclude_tag_names: null,
  tag_bindings: null,
  project_id: null,
  ids: null,
  names: null,
};

describe('data.cdkws_workspaces', () => {
  it('turns the filters into list options, an empty binding value matching any value', () => {
    expect(listOptions({ ...empty, search_name: 'web', tag_names: ['b', 'a'], tag_bindings: { team: 'net', env: '' } })).toEqual({
      search: 'web',
      tags: ['a', 'b'],
      tagBindings: [{ key: 'env' }, { key: 'team', value: 'net' }],
    });
  });

  it('lists the IDs and names of every matching workspace across pages', async () => {
    const prefix = `dsw${Date.now().toString(36)}`;
    const ids: Record<string, string> = {};
    for (let i = 0; i < 103; i++) {
      const res = await h.service.request('POST', '/organizations/acme/workspaces', {
        body: { data: { type: 'workspaces', attributes: { name: `${prefix}-${i}` } } },
      });
      ids[`${prefix}-${i}`] = res.body.data.id;
    }
    const { state } = await workspacesDataSource.read({ ...empty, wildcard_name: `${prefix}-*` }, h.ctx());
    expect(state?.ids).toEqual(ids);
    expect(state?.names).toEqual(Object.keys(ids).sort());
    expect(state?.organization).toBe('acme');
  });

  it('filters by key-value tag bindings', async () => {
    const [hit, miss] = [await h.workspace(), await h.workspace()];
    const bind = (ws: string, value: string) =>
      h.service.request('PATCH', `/workspaces/${ws}/tag-bindings`, { body: { data: [{ type: 'tag-bindings', attributes: { key: 'dsw-team', value } }] } });
    await Promise.all([bind(hit, 'net'), bind(miss, 'web')]);
    const { state } = await workspacesDataSource.read({ ...empty, tag_bindings: { 'dsw-team': 'net' } }, h.ctx());
    expect(Object.values(state?.ids as object)).toEqual([hit]);
  });
});

describe('data.cdkws_workspace', () => {
  it('reads a workspace by name with its own and effective tags', async () => {
    const res = await h.service.request('POST', '/organizations/acme/workspaces', {
      body: {
        data: {
          type: 'workspaces',
          attributes: { name: 'dsw-single', 'auto-apply': true },
          relationships: {
            project: { data: { id: 'prj-platform', type: 'projects' } },
            'tag-bindings': { data: [{ type: 'tag-bindings', attributes: { key: 'team', value: 'net' } }] },
          },
        },
      },
    });
    const { state } = await workspaceDataSource.read({ name: 'dsw-single', organization: null }, h.ctx());
    expect(state).toMatchObject({
      id: res.body.data.id,
      organization: 'acme',
      auto_apply: true,
      project_id: 'prj-platform',
      tags: { team: 'net' },
      effective_tags: { team: 'net', 'cost-center': '42', owner: 'platform' },
    });
  });

  it('says which workspace was not found', async () => {
    await expect(workspaceDataSource.read({ name: 'dsw-missing', organization: 'acme' }, h.ctx())).rejects.toThrow(
      /no workspace "dsw-missing" in organization "acme"/,
    );
  });
});
