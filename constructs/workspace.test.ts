import { Testing, Token } from 'cdktf';
import { configurableRows, WORKSPACE_ATTRIBUTES, type AttributeRow, type AttributeTable } from '../src/contract';
import { Workspace as WorkspaceResource } from './gen/providers/cdkws/workspace';
import { TagBinding as TagBindingResource } from './gen/providers/cdkws/tag-binding';
import { TagBinding } from './tag-binding';
import { ConstructValidationError } from './validation';
import { Workspace } from './workspace';
import { resources, testStack } from './test-support';

describe('Workspace', () => {
  it('synthesizes a cdkws_workspace with the props in snake_case under the construct id', () => {
    const stack = testStack();
    new Workspace(stack, 'networking', {
      name: 'networking-prod',
      executionMode: 'remote',
      autoApply: true,
      engineVersion: '~> 1.9',
      triggerPrefixes: ['modules/'],
      tagNames: ['prod'],
      vcsRepo: { identifier: 'acme/networking', oauthTokenId: 'ot-github', branch: 'main' },
    });
    const synth = Testing.synth(stack);
    expect(
      Testing.toHaveResourceWithProperties(synth, WorkspaceResource.tfResourceType, {
        name: 'networking-prod',
        execution_mode: 'remote',
        auto_apply: true,
        engine_version: '~> 1.9',
        trigger_prefixes: ['modules/'],
        tag_names: ['prod'],
        vcs_repo: { identifier: 'acme/networking', oauth_token_id: 'ot-github', branch: 'main' },
      }),
    ).toBe(true);
    expect(Object.keys(resources(stack, 'cdkws_workspace'))).toEqual(['networking']);
  });

  it('leaves attributes it was not given out of the configuration', () => {
    const stack = testStack();
    new Workspace(stack, 'app', { name: 'app' });
    expect(resources(stack, 'cdkws_workspace').app).toEqual({ name: 'app' });
  });

  it('turns each key of tags into its own tag binding and does not use the resource tags attribute', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net', tags: { team: 'net', 'cost-center': '42' } });
    const bindings = Object.values(resources(stack, TagBindingResource.tfResourceType));
    expect(bindings).toEqual([
      { workspace_id: '${cdkws_workspace.networking.id}', key: 'cost-center', value: '42' },
      { workspace_id: '${cdkws_workspace.networking.id}', key: 'team', value: 'net' },
    ]);
    expect(resources(stack, 'cdkws_workspace').networking.tags).toBeUndefined();
    expect(ws.node.tryFindChild('tag-team')).toBeInstanceOf(TagBinding);
  });

  it('lets explicit tag bindings for other keys coexist with tags', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net', tags: { team: 'net' } });
    new TagBinding(stack, 'cost', { workspace: ws, key: 'cost-center', value: '42' });
    expect(
      Object.values(resources(stack, 'cdkws_tag_binding'))
        .map((b: any) => b.key)
        .sort(),
    ).toEqual(['cost-center', 'team']);
  });

  it('maps preventDestroy to lifecycle.prevent_destroy and forceDelete to force_delete', () => {
    const stack = testStack();
    new Workspace(stack, 'kept', { name: 'kept', preventDestroy: true });
    new Workspace(stack, 'forced', { name: 'forced', forceDelete: true });
    const all = resources(stack, 'cdkws_workspace');
    expect(all.kept.lifecycle).toEqual({ prevent_destroy: true });
    expect(all.kept.force_delete).toBeUndefined();
    expect(all.forced.force_delete).toBe(true);
    expect(all.forced.lifecycle).toBeUndefined();
  });

  it('exposes its id as a token that other resources reference', () => {
    const stack = testStack();
    const ws = new Workspace(stack, 'networking', { name: 'net' });
    new TagBinding(stack, 'by-id', { workspace: ws.id, key: 'team', value: 'net' });
    expect(Token.isUnresolved(ws.id)).toBe(true);
    expect(resources(stack, 'cdkws_tag_binding')['by-id'].workspace_id).toBe('${cdkws_workspace.networking.id}');
    expect(ws.name).toBe('net');
  });

  it('fails at construction with the construct path and attribute for an invalid name', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'bad', { name: 'has space' })).toThrow(
      /^platform\/bad: name: name may contain only letters, numbers, "-" and "_" \(got "has space"\)/,
    );
  });

  it('reports every broken rule of one workspace at once', () => {
    const stack = testStack();
    let error: unknown;
    try {
      new Workspace(stack, 'bad', { name: 'ok', autoDestroyActivityDuration: '0d', executionMode: 'remote', agentPoolId: 'apool-main' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConstructValidationError);
    expect((error as ConstructValidationError).problems.map((p) => p.attribute).sort()).toEqual(['agentPoolId', 'autoDestroyActivityDuration']);
    expect((error as ConstructValidationError).path).toBe('platform/bad');
  });

  it('requires an agent pool when the execution mode is agent', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'agents', { name: 'a', executionMode: 'agent' })).toThrow(
      'platform/agents: agentPoolId: agentPoolId is required when executionMode is "agent"',
    );
  });

  it('refuses a VCS repository with both an OAuth token and an app installation', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'vcs', { name: 'v', vcsRepo: { identifier: 'acme/x', oauthTokenId: 'ot-1', vcsappInstallationId: 'ghain-1' } })).toThrow(
      /platform\/vcs: vcsRepo\.vcsappInstallationId: /,
    );
  });

  it('refuses a VCS identifier that is not org/repo', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'vcs', { name: 'v', vcsRepo: { identifier: 'just-a-repo', oauthTokenId: 'ot-1' } })).toThrow(
      'platform/vcs: vcsRepo.identifier: vcsRepo.identifier must have the form ":org/:repo" (got "just-a-repo")',
    );
  });

  it('refuses assessments with a non-remote execution mode or an old engine', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'local', { name: 'l', assessmentsEnabled: true, executionMode: 'local' })).toThrow(
      'platform/local: assessmentsEnabled: assessmentsEnabled needs executionMode "remote"',
    );
    expect(() => new Workspace(stack, 'old', { name: 'o', assessmentsEnabled: true, engineVersion: '0.14.11' })).toThrow(
      'platform/old: assessmentsEnabled: assessmentsEnabled needs engineVersion 0.15.4 or later',
    );
    // Unknown until the service answers: the organization's default mode, and what a constraint resolves to.
    expect(() => new Workspace(stack, 'unknown', { name: 'u', assessmentsEnabled: true, engineVersion: '~> 1.9' })).not.toThrow();
  });

  it('refuses flat tag names the service would refuse, mixed case (with the lowercase fix) and duplicates', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 't1', { name: 't1', tagNames: ['has space'] })).toThrow(
      'platform/t1: tagNames: tagNames entry "has space" may contain only letters, numbers, ":", "-" and "_"',
    );
    expect(() => new Workspace(stack, 't2', { name: 't2', tagNames: ['Prod'] })).toThrow(
      'platform/t2: tagNames: tagNames entry "Prod" must be written lowercase ("prod"): the service stores flat tags lowercased',
    );
    expect(() => new Workspace(stack, 't3', { name: 't3', tagNames: ['prod', 'prod'] })).toThrow('platform/t3: tagNames: tag name "prod" is listed twice');
  });

  it('refuses tag keys with a reserved prefix, naming the tag binding it creates', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'ws', { name: 'ws', tags: { 'hc:owner': 'x' } })).toThrow(
      'platform/ws/tag-hc:owner: key: key must not start with "hc:" or "hcp:" (reserved) (got "hc:owner")',
    );
  });

  it('does not check values that are tokens', () => {
    const stack = testStack();
    const source = new Workspace(stack, 'source', { name: 'source' });
    expect(() => new Workspace(stack, 'copy', { name: source.resource.name + '-copy', description: source.resource.description })).not.toThrow();
  });

  it('refuses a value of the wrong kind, naming the prop in camelCase', () => {
    const stack = testStack();
    expect(
      () =>
        new Workspace(stack, 'kind', {
          name: 'k',
          autoApply: 'yes' as unknown as boolean,
          vcsRepo: { identifier: 'acme/x', oauthTokenId: 'ot-1', ingressSubmodules: 1 as unknown as boolean },
        }),
    ).toThrow(/^platform\/kind: autoApply: .*boolean.* \(got "yes"\)\nplatform\/kind: vcsRepo\.ingressSubmodules: .*boolean.* \(got 1\)$/);
  });

  it('checks the literal tag names of a list that also holds tokens', () => {
    const stack = testStack();
    const source = new Workspace(stack, 'source', { name: 'source' });
    expect(() => new Workspace(stack, 'ok', { name: 'ok', tagNames: [source.resource.name, 'prod'] })).not.toThrow();
    expect(() => new Workspace(stack, 'bad', { name: 'bad', tagNames: [source.resource.name, 'Prod'] })).toThrow(
      /platform\/bad: tagNames: tagNames entry "Prod" must be written lowercase/,
    );
  });

  it('passes a nested prop given as a token through to the resource', () => {
    const stack = testStack();
    const source = new Workspace(stack, 'source', { name: 'source' });
    new Workspace(stack, 'copy', { name: 'copy', vcsRepo: source.resource.vcsRepo as unknown as { identifier: string } });
    expect(resources(stack, 'cdkws_workspace').copy.vcs_repo).toBe('${cdkws_workspace.source.vcs_repo}');
  });

  it('must be created inside a WorkspacesStack', () => {
    const app = Testing.app();
    expect(() => new Workspace(app, 'loose', { name: 'x' })).toThrow(
      /loose: workspace constructs must be created inside a WorkspacesStack|No stack could be identified/,
    );
  });
});

describe("the workspace table's names in the generated binding", () => {
  /** A distinct literal for a row (the binding checks no rules), objects member by member. */
  const sample = (name: string, row: AttributeRow): unknown =>
    row.kind === 'object' ? samples(row.attributes ?? {}) : row.kind === 'boolean' ? true : row.kind === 'number' ? 7 : row.kind === 'strings' ? [name] : name;
  const samples = (table: AttributeTable) => Object.fromEntries(configurableRows(table).map(([name, row]) => [name, sample(name, row)]));
  const hcl = (table: AttributeTable): Record<string, unknown> =>
    Object.fromEntries(configurableRows(table).map(([name, row]) => [row.snake!, row.kind === 'object' ? hcl(row.attributes ?? {}) : sample(name, row)]));

  it("takes every configurable row under the row's key and writes it under the row's HCL name", () => {
    // The construct passes props to the binding by row key: this holds only while the generated
    // binding's property for each HCL name is the table's key.
    const stack = testStack();
    new WorkspaceResource(stack, 'all', samples(WORKSPACE_ATTRIBUTES) as unknown as ConstructorParameters<typeof WorkspaceResource>[2]);
    expect(resources(stack, 'cdkws_workspace').all).toEqual(hcl(WORKSPACE_ATTRIBUTES));
  });
});
