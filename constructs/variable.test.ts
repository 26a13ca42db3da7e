import { TerraformVariable, Testing } from 'cdktf';
import { environmentSecret, Variable } from './variable';
import { VariableSet } from './variable-set';
import { Workspace } from './workspace';
import { resources, synthJson, testStack } from './test-support';

const SECRET = 'never-in-synth-5f2a';

describe('Workspace variables', () => {
  it('adds a Terraform variable and an environment variable with plain values', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net' });
    ws.addVariable('region', 'eu-west-1', { description: 'where' });
    ws.addEnvironmentVariable('TF_LOG', 'info');
    const vars = resources(stack, 'cdkws_variable');
    const byKey = Object.fromEntries(Object.values(vars).map((v: any) => [v.key, v]));
    expect(byKey.region).toMatchObject({
      workspace_id: '${cdkws_workspace.networking.id}',
      category: 'terraform',
      value: 'eu-west-1',
      description: 'where',
      sensitive: false,
      hcl: false,
    });
    expect(byKey.TF_LOG).toMatchObject({ category: 'env', value: 'info' });
    expect(byKey.region.value_wo).toBeUndefined();
  });

  it('sends a sensitive value write-only, with a version', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net' });
    const secret = new TerraformVariable(stack, 'db_password', { type: 'string', sensitive: true });
    ws.addVariable('db_password', secret.stringValue, { sensitive: true, valueVersion: 3 });
    const [v] = Object.values<any>(resources(stack, 'cdkws_variable'));
    expect(v).toMatchObject({ sensitive: true, value_wo: '${var.db_password}', value_wo_version: 3 });
    expect(v.value).toBeUndefined();
  });

  it('refuses a literal sensitive value without repeating it', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net' });
    let message = '';
    try {
      ws.addVariable('db_password', SECRET, { sensitive: true });
    } catch (err) {
      message = String(err);
    }
    expect(message).toContain('platform/networking/var-db_password: value: a sensitive value must come from outside the code');
    expect(message).not.toContain(SECRET);
  });

  it('checks the rules when created', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net' });
    expect(() => ws.addEnvironmentVariable('X', 'y', { hcl: true })).toThrow(/hcl: an environment variable \(category "env"\) cannot be HCL/);
    expect(() => ws.addVariable('', 'y')).toThrow(/key: key must not be empty/);
    expect(() => new Variable(stack, 'orphan', { key: 'k', value: 'v' })).toThrow(/give exactly one of workspace and variableSetId/);
  });

  it('keeps every secret taken from a variable out of the synth output', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net' });
    process.env.TF_VAR_db_password = SECRET;
    try {
      const fromVariable = new TerraformVariable(stack, 'db_password', { type: 'string', sensitive: true });
      ws.addVariable('db_password', fromVariable.stringValue, { sensitive: true });
      ws.addEnvironmentVariable('API_TOKEN', environmentSecret(stack, 'net_api_token'), { sensitive: true });
      const set = new VariableSet(stack, 'aws', { name: 'aws' });
      set.addEnvironmentVariable('AWS_SECRET_ACCESS_KEY', environmentSecret(stack, 'aws_secret'), { sensitive: true });
      const out = Testing.synth(stack);
      expect(out).not.toContain(SECRET);
      const json = synthJson(stack);
      // The placeholder is named as the environment variable is (TF_VAR_net_api_token).
      expect(json.variable.net_api_token).toMatchObject({ type: 'string', sensitive: true, nullable: true, default: null });
      const values = Object.values(json.resource.cdkws_variable).map((v: any) => v.value_wo);
      expect(values.sort()).toEqual(['${var.aws_secret}', '${var.db_password}', '${var.net_api_token}']);
    } finally {
      delete process.env.TF_VAR_db_password;
    }
  });
});

describe('VariableSet', () => {
  it('holds variables and applies to many workspaces and projects in one statement', () => {
    const stack = testStack();
    const a = new Workspace(stack, 'a', { name: 'a' });
    const b = new Workspace(stack, 'b', { name: 'b' });
    const set = new VariableSet(stack, 'aws', { name: 'aws-credentials', priority: true });
    set.addEnvironmentVariable('AWS_REGION', 'eu-west-1');
    set.applyTo(a, b, 'ws-abc123', { projectId: 'prj-def456' });
    expect(Object.values(resources(stack, 'cdkws_variable_set'))).toEqual([
      expect.objectContaining({ name: 'aws-credentials', organization: 'acme', priority: true, global: false }),
    ]);
    const [variable] = Object.values<any>(resources(stack, 'cdkws_variable'));
    expect(variable).toMatchObject({ variable_set_id: '${cdkws_variable_set.aws.id}', key: 'AWS_REGION', category: 'env' });
    expect(variable.workspace_id).toBeUndefined();
    const applied = Object.values(resources(stack, 'cdkws_workspace_variable_set')).map((r: any) => r.workspace_id);
    expect(applied.sort()).toEqual(['${cdkws_workspace.a.id}', '${cdkws_workspace.b.id}', 'ws-abc123']);
    expect(Object.values(resources(stack, 'cdkws_project_variable_set'))).toEqual([
      expect.objectContaining({ variable_set_id: '${cdkws_variable_set.aws.id}', project_id: 'prj-def456' }),
    ]);
  });

  it('refuses a target given twice', () => {
    const stack = testStack();
    const a = new Workspace(stack, 'a', { name: 'a' });
    const set = new VariableSet(stack, 'aws', { name: 'aws' });
    set.applyTo(a);
    expect(() => set.applyTo(a)).toThrow(/applyTo\[0\]: platform\/a is applied to already/);
  });
});
