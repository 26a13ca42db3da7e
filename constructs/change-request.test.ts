import { ChangeRequest } from './change-request';
import { Workspace } from './workspace';
import { resources, testStack } from './test-support';

describe('ChangeRequest', () => {
  it('synthesizes workspace_ids as references, with subject and message', () => {
    const stack = testStack();
    const net = new Workspace(stack, 'networking', { name: 'net' });
    new ChangeRequest(stack, 'upgrade', { workspaces: [net, 'ws-other'], subject: 'Upgrade engine', message: 'Move to **1.9**' });
    expect(resources(stack, 'cdkws_change_request').upgrade).toEqual({
      workspace_ids: ['${cdkws_workspace.networking.id}', 'ws-other'],
      subject: 'Upgrade engine',
      message: 'Move to **1.9**',
    });
  });

  it('synthesizes a query as the JSON the provider takes', () => {
    const stack = testStack();
    new ChangeRequest(stack, 'prod', { query: { filter: [{ field: 'tag_names', operator: 'is', value: ['prod'] }] }, subject: 'Review', message: 'm' });
    const query = resources(stack, 'cdkws_change_request').prod.query;
    expect(JSON.parse(query)).toEqual({ filter: [{ field: 'tag_names', operator: 'is', value: ['prod'] }] });
  });

  it('refuses both workspaces and query, and neither', () => {
    const stack = testStack();
    expect(() => new ChangeRequest(stack, 'both', { workspaces: ['ws-1'], query: { filter: [] }, subject: 's', message: 'm' })).toThrow(
      'platform/both: workspaces: give exactly one of workspaces and query',
    );
    expect(() => new ChangeRequest(stack, 'neither', { subject: 's', message: 'm' })).toThrow(
      'platform/neither: workspaces: give exactly one of workspaces and query',
    );
  });

  it('refuses an empty subject and an empty workspace list', () => {
    const stack = testStack();
    expect(() => new ChangeRequest(stack, 'empty', { workspaces: [], subject: '', message: 'm' })).toThrow(
      /platform\/empty: workspaces: workspaces must list at least one workspace\nplatform\/empty: subject: subject must not be empty/,
    );
  });

  it('refuses a query condition with an unknown field, naming where it is', () => {
    const stack = testStack();
    const query = { filter: [{ field: 'owner' as 'tag_names', operator: 'is' as const, value: ['x'] }] };
    expect(() => new ChangeRequest(stack, 'q', { query, subject: 's', message: 'm' })).toThrow(/platform\/q: query\.filter\.0: field "owner" is not supported/);
  });
});
