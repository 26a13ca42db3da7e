import { WORKSPACE_ATTRIBUTES, workspaceResourceSchema } from '../contract';
import { toWorkspace, workspaceBody, workspaceListQuery } from './workspace-types';

describe('workspaceBody', () => {
  it('maps camelCase options to kebab-case attributes and relationships, under the hosted service names where they differ', () => {
    expect(
      workspaceBody({
        name: 'net',
        executionMode: 'agent',
        agentPoolId: 'apool-1',
        autoApply: true,
        engineVersion: '~> 1.5',
        vcsRepo: { identifier: 'acme/net', oauthTokenId: 'ot-1', branch: 'main', ingressSubmodules: false, tagsRegex: null },
        settingOverwrites: { executionMode: true },
        autoDestroyAt: new Date('2030-01-02T03:04:05.000Z'),
        projectId: 'prj-1',
        tagBindings: [{ key: 'env', value: 'prod' }, { key: 'bare' }],
        sourceName: 'cdkws',
      }),
    ).toEqual({
      data: {
        type: 'workspaces',
        attributes: {
          name: 'net',
          'execution-mode': 'agent',
          'agent-pool-id': 'apool-1',
          'auto-apply': true,
          'terraform-version': '~> 1.5',
          'vcs-repo': { identifier: 'acme/net', 'oauth-token-id': 'ot-1', branch: 'main', 'ingress-submodules': false, 'tags-regex': null },
          'setting-overwrites': { 'execution-mode': true },
          'auto-destroy-at': '2030-01-02T03:04:05.000Z',
          'source-name': 'cdkws',
        },
        relationships: {
          project: { data: { id: 'prj-1', type: 'projects' } },
          'tag-bindings': {
            data: [
              { type: 'tag-bindings', attributes: { key: 'env', value: 'prod' } },
              { type: 'tag-bindings', attributes: { key: 'bare' } },
            ],
          },
        },
      },
    });
  });

  it('sends the GitHub app installation under its hosted name', () => {
    expect(workspaceBody({ vcsRepo: { identifier: 'acme/net', vcsappInstallationId: 'ghain-1' } }).data.attributes).toEqual({
      'vcs-repo': { identifier: 'acme/net', 'github-app-installation-id': 'ghain-1' },
    });
  });

  it('sends null to clear and leaves undefined members out', () => {
    expect(workspaceBody({ description: null, vcsRepo: null, workingDirectory: undefined })).toEqual({
      data: { type: 'workspaces', attributes: { description: null, 'vcs-repo': null } },
    });
  });
});

describe('workspaceListQuery', () => {
  it('names every filter as the spec does, with indexed tag filters', () => {
    expect(
      workspaceListQuery({
        search: 'net',
        tags: ['a', 'b'],
        excludeTags: ['c'],
        wildcardName: '*-prod',
        sort: '-name',
        projectId: 'prj-1',
        tagBindings: [{ key: 'env', value: 'prod' }, { key: 'team' }],
        pageSize: 100,
      }),
    ).toEqual({
      'page[number]': undefined,
      'page[size]': 100,
      'search[name]': 'net',
      'search[tags]': ['a', 'b'],
      'search[exclude-tags]': ['c'],
      'search[wildcard-name]': '*-prod',
      sort: '-name',
      'filter[project][id]': 'prj-1',
      'filter[current-run][status]': undefined,
      include: undefined,
      'filter[tagged][0][key]': 'env',
      'filter[tagged][0][value]': 'prod',
      'filter[tagged][1][key]': 'team',
    });
  });
});

describe('toWorkspace', () => {
  const resource = (attributes: Record<string, unknown>) =>
    workspaceResourceSchema.parse({ id: 'ws-1', type: 'workspaces', attributes: { name: 'net', ...attributes } });

  it.each([
    ['the service document', { 'engine-version': '1.9.0', 'vcs-repo': { identifier: 'acme/net', 'vcsapp-installation-id': 'ghain-1' } }],
    ['the hosted service', { 'terraform-version': '1.9.0', 'vcs-repo': { identifier: 'acme/net', 'github-app-installation-id': 'ghain-1' } }],
  ])('reads the names of %s', (_, attributes) => {
    const workspace = toWorkspace(resource(attributes));
    expect(workspace.engineVersion).toBe('1.9.0');
    expect(workspace.vcsRepo).toMatchObject({ identifier: 'acme/net', vcsappInstallationId: 'ghain-1' });
  });

  it('declares each neutralised name once, in the attribute table', () => {
    expect(WORKSPACE_ATTRIBUTES.engineVersion).toMatchObject({ wire: 'engine-version', hosted: 'terraform-version' });
  });
});
