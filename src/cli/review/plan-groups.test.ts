import { constructPaths } from './plan-groups';
import { describeChange, formatValue } from './plan-report';
import { summarizePlan } from './plan-summary';

/** A synthesized stack as cdktf and cdktn write it: the resource is the `Default` child of the construct written. */
const synthesized = {
  resource: {
    cdkws_workspace: { net: { '//': { metadata: { path: 'platform/net/Default', uniqueId: 'net' } }, name: 'net' } },
    cdkws_tag_binding: {
      'net_tag-env_1A2B3C4D': { '//': { metadata: { path: 'platform/net/tag-env/Default', uniqueId: 'net_tag-env_1A2B3C4D' } } },
      'net-cost': { '//': { metadata: { path: 'platform/net-cost/Default', uniqueId: 'net-cost' } } },
    },
    cdkws_change_request: { upgrade: { '//': { metadata: { path: 'platform/upgrade/Default' } } } },
  },
};

function plan(): any {
  return {
    prior_state: {
      values: {
        root_module: {
          resources: [
            { address: 'cdkws_workspace.net', type: 'cdkws_workspace', values: { id: 'ws-net', name: 'net' } },
            { address: 'cdkws_workspace.app', type: 'cdkws_workspace', values: { id: 'ws-app', name: 'app' } },
          ],
        },
      },
    },
    configuration: {
      root_module: {
        resources: [
          {
            address: 'cdkws_tag_binding.net_tag-env_1A2B3C4D',
            expressions: { workspace_id: { references: ['cdkws_workspace.net.id', 'cdkws_workspace.net'] } },
          },
          {
            address: 'cdkws_tag_binding.net-cost',
            expressions: { workspace_id: { references: ['cdkws_workspace.net.id', 'cdkws_workspace.net'] }, key: {}, value: {} },
          },
          {
            address: 'cdkws_change_request.upgrade',
            expressions: { workspace_ids: { references: ['cdkws_workspace.net.id', 'cdkws_workspace.net', 'cdkws_workspace.app.id', 'cdkws_workspace.app'] } },
          },
        ],
      },
    },
    resource_changes: [
      {
        address: 'cdkws_tag_binding.net_tag-env_1A2B3C4D',
        type: 'cdkws_tag_binding',
        change: { actions: ['update'], before: { workspace_id: 'ws-net', key: 'env', value: 'a' }, after: { workspace_id: 'ws-net', key: 'env', value: 'b' } },
      },
      {
        address: 'cdkws_tag_binding.net-cost',
        type: 'cdkws_tag_binding',
        change: { actions: ['create'], before: null, after: { workspace_id: 'ws-net', key: 'cost', value: '42' }, after_unknown: { id: true } },
      },
      {
        address: 'cdkws_tag_binding.app_tag-team_99999999',
        type: 'cdkws_tag_binding',
        change: { actions: ['delete'], before: { workspace_id: 'ws-app', key: 'team', value: 'x' }, after: null },
      },
      {
        address: 'cdkws_change_request.upgrade',
        type: 'cdkws_change_request',
        change: { actions: ['create'], before: null, after: { workspace_ids: ['ws-net', 'ws-app'], subject: 'Upgrade' }, after_unknown: { id: true } },
      },
    ],
  };
}

describe('construct paths', () => {
  it('are the paths of the constructs written in the app, by Terraform address', () => {
    expect(Object.fromEntries(constructPaths(synthesized))).toEqual({
      'cdkws_workspace.net': 'platform/net',
      'cdkws_tag_binding.net_tag-env_1A2B3C4D': 'platform/net/tag-env',
      'cdkws_tag_binding.net-cost': 'platform/net-cost',
      'cdkws_change_request.upgrade': 'platform/upgrade',
    });
  });
});

describe('rows by workspace', () => {
  const summary = summarizePlan('platform', plan(), { constructPaths: constructPaths(synthesized) });

  it('puts the resources of one workspace in its row, destroys first, named relative to the workspace or by their own path', () => {
    expect(summary.workspaces.map((row) => [row.workspace, row.action, row.resources.map((r) => `${r.action} ${r.name}`)])).toEqual([
      ['app', undefined, ['delete tag binding "team"']],
      ['net', undefined, ['update tag-env', 'create platform/net-cost']],
    ]);
    expect(summary.workspaces[1].path).toBe('platform/net');
  });

  it('leaves what targets several workspaces out of the rows, naming them', () => {
    expect(summary.others.map((r) => [r.name, r.workspace])).toEqual([['platform/upgrade', 'net, app']]);
  });

  it('does not repeat the row`s own workspace on a new resource of it', () => {
    const cost = summary.workspaces[1].resources[1];
    expect(cost.attributes.map((a) => a.name)).toEqual(['key', 'value']);
  });

  it('keeps every changed resource, by address, in the flat list too', () => {
    expect(summary.resources).toHaveLength(4);
    expect([summary.add, summary.change, summary.destroy]).toEqual([2, 1, 1]);
  });
});

describe('values, printed one way everywhere', () => {
  it('prints lists as lists whatever their length, and objects without the keys that hold nothing', () => {
    expect(formatValue(['a'])).toBe('["a"]');
    expect(formatValue(['a', 'b'])).toBe('["a", "b"]');
    expect(formatValue([{ identifier: 'acme/net', branch: null, oauth_token_id: 'ot-1', tags_regex: null }])).toBe(
      '[{identifier: "acme/net", oauth_token_id: "ot-1"}]',
    );
    expect(formatValue(null)).toBe('null');
  });

  it('prints workspace names of a list attribute as a list, even of one and even unknown', () => {
    const change = { name: 'consumer_ids', before: null, after: null, afterUnknown: true as const, afterNames: ['app'], forcesReplacement: false };
    expect(describeChange(change, 'create')).toBe('consumer_ids: ["app"] (ID known after apply)');
    const single = { name: 'workspace_id', before: 'ws-a', after: 'ws-b', beforeNames: ['a'], afterNames: ['b'], forcesReplacement: true };
    expect(describeChange(single, 'replace')).toBe('workspace_id: "a" → "b" (forces replacement)');
  });
});
