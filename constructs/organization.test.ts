import { TerraformOutput, Testing } from 'cdktf';
import { Organization } from './organization';
import { Workspace } from './workspace';
import { resources, synthJson, testStack } from './test-support';

describe('Organization', () => {
  it('synthesizes a cdkws_organization, and a workspace given its name waits for it', () => {
    const stack = testStack();
    const sandbox = new Organization(stack, 'sandbox', { name: 'sandbox', email: 'platform@example.com' });
    new Workspace(stack, 'scratch', { name: 'scratch', organization: sandbox.name });
    expect(Testing.toHaveResourceWithProperties(Testing.synth(stack), 'cdkws_organization', { name: 'sandbox', email: 'platform@example.com' })).toBe(true);
    expect(resources(stack, 'cdkws_workspace').scratch.organization).toBe('${cdkws_organization.sandbox.name}');
  });

  it('keeps the organization from being destroyed when asked', () => {
    const stack = testStack();
    new Organization(stack, 'sandbox', { name: 'sandbox', email: 'platform@example.com', preventDestroy: true });
    expect(resources(stack, 'cdkws_organization').sandbox.lifecycle).toEqual({ prevent_destroy: true });
  });

  it('refuses a bad name and a bad email, naming the construct and the prop', () => {
    const stack = testStack();
    expect(() => new Organization(stack, 'bad', { name: 'has space', email: 'nobody' })).toThrow(
      /platform\/bad: name: name may contain only letters, numbers, "-" and "_" \(got "has space"\)[\s\S]*platform\/bad: email: email must be an email address/,
    );
  });
});

describe('Organization.lookup', () => {
  it('reads an existing organization with data cdkws_organization, its email and entitlements as references', () => {
    const stack = testStack();
    const acme = Organization.lookup(stack, 'acme', 'acme');
    new Workspace(stack, 'ops', { name: 'ops', description: acme.email });
    new TerraformOutput(stack, 'remote-operations', { value: acme.entitlements.operations });
    const json = synthJson(stack);
    expect(json.data.cdkws_organization.acme).toEqual({ name: 'acme' });
    expect(json.resource.cdkws_workspace.ops.description).toBe('${data.cdkws_organization.acme.email}');
    expect(json.output['remote-operations'].value).toBe('${data.cdkws_organization.acme.entitlements.operations}');
  });

  it('refuses a name that cannot be an organization', () => {
    expect(() => Organization.lookup(testStack(), 'x', 'a/b')).toThrow(/name may contain only letters/);
  });
});
