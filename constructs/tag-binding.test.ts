import { Testing } from 'cdktf';
import { TagBinding } from './tag-binding';
import { Workspace } from './workspace';
import { resources, testStack } from './test-support';

describe('TagBinding', () => {
  it('synthesizes a cdkws_tag_binding that references the workspace id', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net' });
    new TagBinding(stack, 'net-cost', { workspace: ws, key: 'cost-center', value: '42' });
    expect(
      Testing.toHaveResourceWithProperties(Testing.synth(stack), 'cdkws_tag_binding', {
        workspace_id: '${cdkws_workspace.networking.id}',
        key: 'cost-center',
        value: '42',
      }),
    ).toBe(true);
  });

  it('accepts a workspace ID instead of a construct', () => {
    const stack = testStack();
    new TagBinding(stack, 'existing', { workspace: 'ws-abc123', key: 'team', value: 'net' });
    expect(resources(stack, 'cdkws_tag_binding').existing.workspace_id).toBe('ws-abc123');
  });

  it('writes an empty value when none is given', () => {
    const stack = testStack();
    new TagBinding(stack, 'flag', { workspace: 'ws-abc123', key: 'pci' });
    expect(resources(stack, 'cdkws_tag_binding').flag.value).toBe('');
  });

  it('refuses a second binding for the same key of the same workspace, naming the first', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net', tags: { team: 'net' } });
    expect(() => new TagBinding(stack, 'again', { workspace: ws, key: 'team', value: 'other' })).toThrow(
      'platform/again: key: key "team" is already bound to platform/networking by platform/networking/tag-team',
    );
  });

  it('refuses an eleventh direct binding on one workspace', () => {
    const stack = testStack();
    const tags = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v']));
    const ws = new Workspace(stack, 'full', { name: 'full', tags });
    expect(() => new TagBinding(stack, 'eleventh', { workspace: ws, key: 'k10', value: 'v' })).toThrow(
      'platform/eleventh: key: a workspace can have at most 10 tag bindings of its own; platform/full has 11',
    );
  });

  it('refuses keys and values with characters the service refuses, showing the value', () => {
    const stack = testStack();
    expect(() => new TagBinding(stack, 'k', { workspace: 'ws-1', key: 'a b', value: 'v' })).toThrow(
      'platform/k: key: key may contain only letters, numbers and _ . = + - @ : (got "a b")',
    );
    expect(() => new TagBinding(stack, 'v', { workspace: 'ws-1', key: 'a', value: 'x'.repeat(257) })).toThrow(
      /platform\/v: value: value must be at most 256 characters/,
    );
  });

  it('requires a workspace', () => {
    const stack = testStack();
    expect(() => new TagBinding(stack, 'none', { workspace: '', key: 'a', value: 'b' })).toThrow(/platform\/none: workspace: workspace is required/);
  });
});
