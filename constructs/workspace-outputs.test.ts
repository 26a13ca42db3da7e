import { TerraformOutput } from 'cdktf';
import { Workspace } from './workspace';
import { WorkspaceOutputs } from './workspace-outputs';
import { synthJson, testStack } from './test-support';

describe('WorkspaceOutputs', () => {
  it('reads another workspace’s outputs with data cdkws_outputs, each output a reference into values or nonsensitive_values', () => {
    const stack = testStack();
    const net = new WorkspaceOutputs(stack, 'net', { workspace: 'network' });
    new Workspace(stack, 'app', { name: 'app', description: net.getNonSensitiveString('vpc_id') });
    new TerraformOutput(stack, 'db-password', { value: net.get('db_password'), sensitive: true });
    new TerraformOutput(stack, 'subnets', { value: net.getNonSensitive('subnets') });
    new TerraformOutput(stack, 'vpc', { value: net.getString('vpc_id'), sensitive: true });
    const json = synthJson(stack);
    expect(json.data.cdkws_outputs.net).toEqual({ workspace: 'network' });
    expect(json.resource.cdkws_workspace.app.description).toBe('${data.cdkws_outputs.net.nonsensitive_values["vpc_id"]}');
    expect(json.output['db-password'].value).toBe('${data.cdkws_outputs.net.values["db_password"]}');
    expect(json.output.subnets.value).toBe('${data.cdkws_outputs.net.nonsensitive_values["subnets"]}');
    expect(json.output.vpc.value).toBe('${data.cdkws_outputs.net.values["vpc_id"]}');
  });

  it('takes a Workspace construct’s name and another organization', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'network', { name: 'network-prod' });
    new WorkspaceOutputs(stack, 'net', { workspace: ws, organization: 'other' });
    expect(synthJson(stack).data.cdkws_outputs.net).toEqual({ workspace: 'network-prod', organization: 'other' });
  });

  it('refuses a missing or impossible workspace name, naming the construct and the prop', () => {
    const stack = testStack();
    expect(() => new WorkspaceOutputs(stack, 'none', { workspace: '' })).toThrow(/platform\/none: workspace: workspace is required/);
    expect(() => new WorkspaceOutputs(stack, 'bad', { workspace: 'has space' })).toThrow(/platform\/bad: workspace: .*\(got "has space"\)/);
  });
});
