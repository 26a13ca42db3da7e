import { Testing, Token } from 'cdktf';
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
    expect(Testing.toHaveResourceWithProperties(synth, WorkspaceResource.tfResourceType, {
      name: 'networking-prod',
      execution_mode: 'remote',
      auto_apply: true,
      engine_version: '~> 1.9',
      trigger_prefixes: ['modules/'],
      tag_names: ['prod'],
      vcs_repo: { identifier: 'acme/networking', oauth_token_id: 'ot-github', branch: 'main' },
    })).toBe(true);
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
    expect(Object.values(resources(stack, 'cdkws_tag_binding')).map((b: any) => b.key).sort()).toEqual(['cost-center', 'team']);
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
    expect(() => new Workspace(stack, 'bad', { name: 'has space' })).toThrow(/^platform\/bad: name: name may contain only letters, numbers, "-" and "_" \(got "has space"\)/);
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
    expect(() => new Workspace(stack, 'agents', { name: 'a', executionMode: 'agent' })).toThrow('platform/agents: agentPoolId: agent-pool-id is required when execution-mode is "agent"');
  });

  it('refuses a VCS repository with both an OAuth token and an app installation', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'vcs', { name: 'v', vcsRepo: { identifier: 'acme/x', oauthTokenId: 'ot-1', vcsappInstallationId: 'ghain-1' } })).toThrow(/platform\/vcs: vcsRepo\.vcsappInstallationId: /);
  });

  it('refuses a VCS identifier that is not org/repo', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'vcs', { name: 'v', vcsRepo: { identifier: 'just-a-repo', oauthTokenId: 'ot-1' } })).toThrow(/platform\/vcs: vcsRepo\.identifier: identifier must have the form ":org\/:repo"/);
  });

  it('refuses assessments with a non-remote execution mode or an old engine', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'local', { name: 'l', assessmentsEnabled: true, executionMode: 'local' })).toThrow(/platform\/local: assessmentsEnabled: assessments need execution-mode "remote"/);
    expect(() => new Workspace(stack, 'old', { name: 'o', assessmentsEnabled: true, engineVersion: '0.14.11' })).toThrow(/platform\/old: assessmentsEnabled: assessments need engine-version 0.15.4/);
  });

  it('refuses flat tag names the service would refuse and duplicates that differ only in case', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 't1', { name: 't1', tagNames: ['has space'] })).toThrow(/platform\/t1: tagNames\[0\]: /);
    expect(() => new Workspace(stack, 't2', { name: 't2', tagNames: ['Prod', 'prod'] })).toThrow(/platform\/t2: tagNames: tag name "prod" is listed twice/);
  });

  it('refuses tag keys with a reserved prefix, naming the tag binding it creates', () => {
    const stack = testStack();
    expect(() => new Workspace(stack, 'ws', { name: 'ws', tags: { 'hc:owner': 'x' } })).toThrow(/platform\/ws\/tag-hc:owner: key: keys starting with "hc:" or "hcp:" are reserved/);
  });

  it('does not check values that are tokens', () => {
    const stack = testStack();
    const source = new Workspace(stack, 'source', { name: 'source' });
    expect(() => new Workspace(stack, 'copy', { name: source.resource.name + '-copy', description: source.resource.description })).not.toThrow();
  });

  it('must be created inside a WorkspacesStack', () => {
    const app = Testing.app();
    expect(() => new Workspace(app, 'loose', { name: 'x' })).toThrow(/loose: workspace constructs must be created inside a WorkspacesStack|No stack could be identified/);
  });
});
