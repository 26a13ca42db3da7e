import { RemoteStateConsumers } from './remote-state-consumers';
import { Workspace } from './workspace';
import { resources, testStack } from './test-support';

describe('RemoteStateConsumers', () => {
  it('synthesizes the consumer list as references to the consumer workspaces', () => {
    const stack = testStack();
    const net = new Workspace(stack, 'networking', { name: 'net' });
    const app1 = new Workspace(stack, 'app1', { name: 'app1' });
    new RemoteStateConsumers(stack, 'net-readers', { workspace: net, consumers: [app1, 'ws-external'] });
    expect(resources(stack, 'cdkws_remote_state_consumers')['net-readers']).toEqual({
      workspace_id: '${cdkws_workspace.networking.id}',
      consumer_ids: ['${cdkws_workspace.app1.id}', 'ws-external'],
    });
  });

  it('accepts an empty list, which removes every consumer', () => {
    const stack = testStack();
    new RemoteStateConsumers(stack, 'none', { workspace: 'ws-1', consumers: [] });
    expect(resources(stack, 'cdkws_remote_state_consumers').none.consumer_ids).toEqual([]);
  });

  it('refuses a workspace as its own consumer', () => {
    const stack = testStack();
    const net = new Workspace(stack, 'networking', { name: 'net' });
    expect(() => new RemoteStateConsumers(stack, 'self', { workspace: net, consumers: [net] })).toThrow(
      'platform/self: consumers[0]: a workspace cannot be its own consumer',
    );
  });

  it('refuses a consumer listed twice', () => {
    const stack = testStack();
    const net = new Workspace(stack, 'networking', { name: 'net' });
    const app = new Workspace(stack, 'app', { name: 'app' });
    expect(() => new RemoteStateConsumers(stack, 'twice', { workspace: net, consumers: [app, app] })).toThrow(
      'platform/twice: consumers[1]: platform/app is listed twice',
    );
  });

  it('refuses consumers for a workspace that shares its state with the whole organization', () => {
    const stack = testStack();
    const net = new Workspace(stack, 'networking', { name: 'net', globalRemoteState: true });
    expect(() => new RemoteStateConsumers(stack, 'readers', { workspace: net, consumers: ['ws-1'] })).toThrow(
      /platform\/readers: workspace: platform\/networking has globalRemoteState: true/,
    );
  });

  it('refuses a second consumer list for the same workspace', () => {
    const stack = testStack();
    const net = new Workspace(stack, 'networking', { name: 'net' });
    new RemoteStateConsumers(stack, 'first', { workspace: net, consumers: ['ws-1'] });
    expect(() => new RemoteStateConsumers(stack, 'second', { workspace: net, consumers: ['ws-2'] })).toThrow(
      'platform/second: workspace: the consumers of platform/networking are already managed by platform/first',
    );
  });

  it('refuses more consumers than one request may carry', () => {
    const stack = testStack();
    const many = Array.from({ length: 1001 }, (_, i) => `ws-${i}`);
    expect(() => new RemoteStateConsumers(stack, 'many', { workspace: 'ws-x', consumers: many })).toThrow(
      /platform\/many: consumers: at most 1000 consumers per request \(got 1001\)/,
    );
  });
});
