// Import directives of the L2 constructs: `importFrom` forwards to the L1 resources, with the
// import IDs the provider's import hooks expect.
import { RemoteStateConsumers } from './remote-state-consumers';
import { synthJson, testStack } from './test-support';
import { Workspace } from './workspace';

const importsOf = (json: any) => (json.import ?? []) as Array<{ to: string; id: string }>;

describe('importFrom', () => {
  it('imports the workspace and each tag binding made from tags, by <workspace_id>/<key>', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'net', { name: 'net', tags: { team: 'networking', 'cost-center': '42' }, sshKeyId: 'sshkey-deploy' });
    ws.importFrom('ws-abc123');
    const json = synthJson(stack);
    const bindings = json.resource.cdkws_tag_binding;
    const address = (key: string) => `cdkws_tag_binding.${Object.keys(bindings).find((id) => bindings[id].key === key)}`;
    expect(importsOf(json).sort((a, b) => a.to.localeCompare(b.to))).toEqual(
      [
        { to: 'cdkws_workspace.net', id: 'ws-abc123' },
        { to: address('team'), id: 'ws-abc123/team' },
        { to: address('cost-center'), id: 'ws-abc123/cost-center' },
      ].sort((a, b) => a.to.localeCompare(b.to)),
    );
    expect(json.resource.cdkws_workspace.net.ssh_key_id).toBe('sshkey-deploy');
  });

  it('imports a consumer list by the shared workspace ID and leaves other resources alone', () => {
    const stack = testStack();
    const shared = new Workspace(stack, 'shared', { name: 'shared' });
    const reader = new Workspace(stack, 'reader', { name: 'reader' });
    new RemoteStateConsumers(stack, 'readers', { workspace: shared, consumers: [reader, 'ws-outside'] }).importFrom('ws-shared');
    const imports = importsOf(synthJson(stack));
    expect(imports).toEqual([{ to: 'cdkws_remote_state_consumers.readers', id: 'ws-shared' }]);
  });
});
