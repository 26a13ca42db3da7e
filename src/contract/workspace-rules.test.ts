// The workspace's rules across attributes, as every layer calls them (with what it knows).
import { AGENT_POOL_REQUIRED, ASSESSMENTS_MIN_ENGINE_VERSION, assessmentsProblems, checkWorkspace, checkWorkspaceRules } from './workspace-rules';

const paths = (violations: ReadonlyArray<{ path: readonly string[] }>) => violations.map((v) => v.path.join('.'));

describe('execution mode and agent pools', () => {
  it('refuses operations together with executionMode', () => {
    expect(paths(checkWorkspaceRules({ executionMode: 'remote', operations: true }, 'create'))).toEqual(['operations']);
  });
  it('requires a pool for a new agent-mode workspace, but not on update (the stored one counts)', () => {
    expect(checkWorkspaceRules({ executionMode: 'agent' }, 'create')).toEqual([AGENT_POOL_REQUIRED]);
    expect(checkWorkspaceRules({ executionMode: 'agent' }, 'update')).toEqual([]);
    expect(checkWorkspaceRules({ executionMode: 'agent', agentPoolId: 'apool-1' }, 'create')).toEqual([]);
  });
  it('refuses a pool with any other mode, given or known', () => {
    expect(paths(checkWorkspaceRules({ executionMode: 'remote', agentPoolId: 'apool-1' }, 'create'))).toEqual(['agentPoolId']);
    expect(paths(checkWorkspaceRules({ operations: true, agentPoolId: 'apool-1' }, 'update'))).toEqual(['agentPoolId']);
    expect(paths(checkWorkspaceRules({ agentPoolId: 'apool-1' }, 'update', { executionMode: 'local' }))).toEqual(['agentPoolId']);
  });
  it('leaves a pool alone while the mode is unknown (the service judges it)', () => {
    expect(checkWorkspaceRules({ agentPoolId: 'apool-1' }, 'create')).toEqual([]);
  });
  it('requires executionMode on create when settingOverwrites says the workspace sets it', () => {
    expect(paths(checkWorkspaceRules({ settingOverwrites: { executionMode: true } }, 'create'))).toEqual(['executionMode']);
    expect(checkWorkspaceRules({ settingOverwrites: { executionMode: true } }, 'update')).toEqual([]);
  });
});

describe('VCS repositories', () => {
  it('refuse both an OAuth token and an app installation', () => {
    expect(paths(checkWorkspaceRules({ vcsRepo: { identifier: 'a/b', oauthTokenId: 'ot-1', vcsappInstallationId: 'ghain-1' } }, 'create'))).toEqual([
      'vcsRepo.vcsappInstallationId',
    ]);
  });
  it('need an identifier and a token when attached, not when an attached one changes', () => {
    expect(paths(checkWorkspaceRules({ vcsRepo: { branch: 'main' } }, 'create'))).toEqual(['vcsRepo.identifier', 'vcsRepo.oauthTokenId']);
    expect(paths(checkWorkspaceRules({ vcsRepo: { branch: 'main' } }, 'update', { hasVcsRepo: false }))).toEqual([
      'vcsRepo.identifier',
      'vcsRepo.oauthTokenId',
    ]);
    expect(checkWorkspaceRules({ vcsRepo: { branch: 'main' } }, 'update', { hasVcsRepo: true })).toEqual([]);
  });
});

describe('assessments', () => {
  it('need the hosted edition, the plus tier, a recent engine and remote execution', () => {
    expect(
      assessmentsProblems({ edition: 'self-hosted', organization: { name: 'acme', tier: 'free' }, engineVersion: '0.14.0', executionMode: 'local' }),
    ).toHaveLength(4);
    expect(
      assessmentsProblems({
        edition: 'hosted',
        organization: { name: 'acme', tier: 'plus' },
        engineVersion: ASSESSMENTS_MIN_ENGINE_VERSION,
        executionMode: 'remote',
      }),
    ).toEqual([]);
  });
  it('wait for the service on what is not known (a constraint says nothing until resolved)', () => {
    expect(checkWorkspaceRules({ assessmentsEnabled: true, engineVersion: '~> 0.14' }, 'create')).toEqual([]);
    expect(paths(checkWorkspaceRules({ assessmentsEnabled: true, engineVersion: '~> 0.14' }, 'create', { engineVersion: '0.14.11' }))).toEqual([
      'assessmentsEnabled',
    ]);
  });
  it('judge an exact version given over the one the workspace has', () => {
    expect(paths(checkWorkspaceRules({ assessmentsEnabled: true, engineVersion: '0.15.0' }, 'update', { engineVersion: '1.9.0' }))).toEqual([
      'assessmentsEnabled',
    ]);
  });
  it('judge the mode operations implies', () => {
    expect(paths(checkWorkspaceRules({ assessmentsEnabled: true, operations: false }, 'create'))).toEqual(['assessmentsEnabled']);
  });
});

describe('everything a layer without the service checks', () => {
  it('adds the value rules and flat tag names as written in configuration', () => {
    const violations = checkWorkspace({ name: 'bad name', tagNames: ['ok', 'Prod', 'no spaces'] }, 'create');
    expect(paths(violations)).toEqual(['name', 'tagNames', 'tagNames']);
    expect(violations[1].message).toBe('{} entry "Prod" must be written lowercase ("prod"): the service stores flat tags lowercased');
  });
});
