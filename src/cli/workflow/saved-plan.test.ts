import { synthDifferences } from './saved-plan';

const stack = (description: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    '//': { metadata: { version: extra.version ?? '0.21.0' } },
    terraform: { backend: { local: { path: '/a/terraform.platform.tfstate' } } },
    resource: { cdkws_workspace: { app: { name: 'app', description } } },
    ...(extra.more ? { output: { x: { value: 1 } } } : {}),
  });

describe('synthDifferences: the reviewed synthesized stack against the one synthesized now', () => {
  it('finds none in the same configuration, whatever the order of keys or the engine notes', () => {
    const reordered = JSON.stringify({
      resource: { cdkws_workspace: { app: { description: 'a', name: 'app' } } },
      terraform: { backend: { local: { path: '/a/terraform.platform.tfstate' } } },
      '//': { metadata: { version: '0.21.1' } },
    });
    expect(synthDifferences(stack('a'), reordered)).toEqual([]);
  });

  it('names each block that changed, was added or was removed', () => {
    expect(synthDifferences(stack('a'), stack('b', { more: true }))).toEqual(['output (added)', 'resource cdkws_workspace.app (changed)']);
    expect(synthDifferences(stack('a', { more: true }), JSON.stringify({ terraform: {} }))).toEqual([
      'output (removed)',
      'resource cdkws_workspace.app (removed)',
      'terraform (changed)',
    ]);
  });
});
