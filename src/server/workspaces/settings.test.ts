import {
  ERRORS,
  VCS_REPO_ATTRIBUTES,
  type AttributeRow,
  WORKSPACE_ATTRIBUTES,
  wireDefaultsOf,
  type WorkspaceCreateAttributes,
  type WorkspaceUpdateAttributes,
} from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError } from '../errors';
import type { WorkspaceSettings } from './records';
import { applyWorkspaceAttributes, type SettingsContext } from './settings';

function organization(overrides: Partial<DirectoryOrganization> = {}): DirectoryOrganization {
  return {
    name: 'acme',
    tier: 'plus',
    tokenHash: null,
    settings: {},
    projects: [],
    agentPools: [{ id: 'apool-main', name: 'main' }],
    sshKeys: [],
    oauthTokens: [{ id: 'ot-github', serviceProvider: 'github', oauthClientName: null }],
    teams: [],
    ...overrides,
  };
}

const context = (overrides: Partial<SettingsContext> = {}): SettingsContext => ({
  organization: organization(),
  edition: 'hosted',
  engineReleases: null,
  ...overrides,
});
const create = (attributes: Partial<WorkspaceCreateAttributes>, ctx = context()) => applyWorkspaceAttributes(null, { name: 'ws', ...attributes }, ctx);
const update = (previous: WorkspaceSettings, attributes: WorkspaceUpdateAttributes, ctx = context()) => applyWorkspaceAttributes(previous, attributes, ctx);

/** The error objects a refused write answers. */
function refusal(write: () => unknown): Array<{ code: string; detail?: string; pointer?: string }> {
  try {
    write();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return error.errors.map((e) => ({ code: e.code, detail: e.detail, pointer: e.source?.pointer }));
  }
  throw new Error('the write was not refused');
}

const rows: AttributeRow[] = Object.values(WORKSPACE_ATTRIBUTES);

describe('applyWorkspaceAttributes', () => {
  it('gives a new workspace every default of the table', () => {
    const settings = create({});
    for (const [wire, value] of Object.entries(wireDefaultsOf(WORKSPACE_ATTRIBUTES))) expect([wire, settings[wire]]).toEqual([wire, value]);
    expect(settings['execution-mode']).toBe('remote');
    expect(settings['engine-version']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('stores every plain boolean of the table as sent, on create and on update', () => {
    const booleans = rows.filter(
      (row) => row.kind === 'boolean' && row.create && row.update && typeof row.default === 'boolean' && row.wire !== 'assessments-enabled',
    );
    expect(booleans.length).toBeGreaterThan(5);
    const flipped = Object.fromEntries(booleans.map((row) => [row.wire, !row.default]));
    const created = create(flipped);
    for (const row of booleans) expect([row.wire, created[row.wire]]).toEqual([row.wire, !row.default]);
    const updated = update(create({}), flipped);
    for (const row of booleans) expect([row.wire, updated[row.wire]]).toEqual([row.wire, !row.default]);
  });

  it('stores strings and lists exactly as sent, and create-only attributes only on create', () => {
    const sent = {
      description: '  Spaces kept  ',
      'working-directory': 'infra/',
      'trigger-prefixes': ['a', 'b'],
      'source-name': 'tool',
      'source-url': 'https://tool.example',
    };
    expect(create(sent)).toMatchObject(sent);
    const updated = update(create({}), { description: 'x', 'source-name': 'changed' } as WorkspaceUpdateAttributes);
    expect(updated.description).toBe('x');
    expect(updated['source-name']).toBeNull();
  });

  it('does not store the name or operations as settings', () => {
    const settings = create({ operations: false });
    expect(settings).not.toHaveProperty('name');
    expect(settings).not.toHaveProperty('operations');
    expect(settings['execution-mode']).toBe('local');
  });

  it('attaches a repository with the VCS defaults of the table, and an app installation replaces the token', () => {
    const settings = create({ 'vcs-repo': { identifier: 'acme/networking', 'oauth-token-id': 'ot-github' } });
    const repo = settings['vcs-repo'] as Record<string, unknown>;
    expect(repo).toMatchObject({ ...wireDefaultsOf(VCS_REPO_ATTRIBUTES), identifier: 'acme/networking', 'oauth-token-id': 'ot-github' });
    expect(repo['webhook-id']).toEqual(expect.any(String));
    const moved = update(settings, { 'vcs-repo': { 'vcsapp-installation-id': 'ghain-1' } })['vcs-repo'] as Record<string, unknown>;
    expect(moved).toMatchObject({ identifier: 'acme/networking', 'vcsapp-installation-id': 'ghain-1', 'webhook-id': repo['webhook-id'] });
    expect(moved).not.toHaveProperty('oauth-token-id');
  });

  it('answers every broken rule as invalid-attribute, in wire names, pointing at the member', () => {
    expect(refusal(() => create({ 'execution-mode': 'remote', operations: true, 'agent-pool-id': 'apool-main' }))).toEqual([
      {
        code: ERRORS.invalidAttribute.code,
        detail: 'operations and execution-mode cannot both be given; use execution-mode only',
        pointer: '/data/attributes/operations',
      },
      {
        code: ERRORS.invalidAttribute.code,
        detail: 'agent-pool-id can only be given when execution-mode is "agent"',
        pointer: '/data/attributes/agent-pool-id',
      },
    ]);
    expect(refusal(() => create({ 'engine-version': '1.9.0', 'terraform-version': '1.8.0' }))).toEqual([
      expect.objectContaining({ code: 'invalid-attribute', pointer: '/data/attributes/terraform-version' }),
    ]);
    expect(
      refusal(() => create({ 'vcs-repo': { identifier: 'acme/networking', 'vcsapp-installation-id': 'ghain-1', 'github-app-installation-id': 'ghain-2' } })),
    ).toEqual([expect.objectContaining({ code: 'invalid-attribute', pointer: '/data/attributes/vcs-repo/github-app-installation-id' })]);
  });

  describe('wire dialects', () => {
    it('reads the hosted names as the document names by default, and stores the document names', () => {
      const settings = create({ 'terraform-version': '1.9.0', 'vcs-repo': { identifier: 'acme/networking', 'github-app-installation-id': 'ghain-1' } });
      expect(settings['engine-version']).toBe('1.9.0');
      expect(settings['vcs-repo']).toMatchObject({ 'vcsapp-installation-id': 'ghain-1' });
      expect(settings).not.toHaveProperty('terraform-version');
      expect(settings['vcs-repo']).not.toHaveProperty('github-app-installation-id');
      expect(create({ 'engine-version': '1.8.0' })['engine-version']).toBe('1.8.0');
    });

    it('reads only the hosted names in the hosted dialect: the document names are ignored as unknown members', () => {
      const hosted = context({ dialect: 'hosted' });
      expect(create({ 'terraform-version': '1.9.0' }, hosted)['engine-version']).toBe('1.9.0');
      const ignored = create({ 'engine-version': '1.8.0' }, hosted);
      expect(ignored['engine-version']).toBe(create({}, hosted)['engine-version']);
      expect(ignored['engine-version']).not.toBe('1.8.0');
      expect(refusal(() => create({ 'terraform-version': 'nonsense' }, hosted))).toEqual([
        expect.objectContaining({ code: 'invalid-attribute', pointer: '/data/attributes/terraform-version' }),
      ]);
    });

    it('words rule violations in the hosted names in the hosted dialect', () => {
      const both = { identifier: 'acme/networking', 'oauth-token-id': 'ot-github', 'github-app-installation-id': 'ghain-1' };
      expect(refusal(() => create({ 'vcs-repo': both }, context({ dialect: 'hosted' })))).toEqual([
        expect.objectContaining({ detail: 'vcs-repo.oauth-token-id and vcs-repo.github-app-installation-id cannot both be given; choose one' }),
      ]);
      expect(refusal(() => create({ 'vcs-repo': both }))).toEqual([
        expect.objectContaining({ detail: 'vcs-repo.oauth-token-id and vcs-repo.vcsapp-installation-id cannot both be given; choose one' }),
      ]);
    });
  });

  it('needs an agent pool after the organization defaults, in the spec rule words', () => {
    const previous = create({});
    expect(refusal(() => update(previous, { 'execution-mode': 'agent' }))).toEqual([
      { code: 'invalid-attribute', detail: 'agent-pool-id is required when execution-mode is "agent"', pointer: '/data/attributes/agent-pool-id' },
    ]);
    const withDefaultPool = context({ organization: organization({ settings: { 'default-execution-mode': 'agent', 'default-agent-pool-id': 'apool-main' } }) });
    expect(create({}, withDefaultPool)).toMatchObject({ 'execution-mode': 'agent', 'agent-pool-id': 'apool-main' });
  });

  describe('assessments', () => {
    const enforcing = (overrides: Partial<DirectoryOrganization> = {}) =>
      context({ organization: organization({ settings: { 'assessments-enforced': true }, ...overrides }) });

    it('are refused with every reason the facts give', () => {
      const [problem] = refusal(() =>
        create({ 'assessments-enabled': true, 'execution-mode': 'local' }, context({ edition: 'self-hosted', organization: organization({ tier: 'free' }) })),
      );
      expect(problem.pointer).toBe('/data/attributes/assessments-enabled');
      expect(problem.detail).toBe(
        'assessments-enabled is only available on the hosted edition; organization "acme" is on the free tier; assessments-enabled needs the plus tier; assessments-enabled needs execution-mode "remote"',
      );
    });

    it('judge the version a constraint resolves to, and the mode operations gives', () => {
      expect(refusal(() => create({ 'assessments-enabled': true, 'engine-version': '~> 0.14.0' }))[0].detail).toBe(
        'assessments-enabled needs engine-version 0.15.4 or later',
      );
      expect(refusal(() => update(create({}), { 'assessments-enabled': true, operations: false }))[0].detail).toBe(
        'assessments-enabled needs execution-mode "remote"',
      );
      expect(create({ 'assessments-enabled': true, 'engine-version': '~> 1.9' })['assessments-enabled']).toBe(true);
    });

    it('are turned on silently where the organization enforces them and the facts allow', () => {
      expect(create({}, enforcing())['assessments-enabled']).toBe(true);
      expect(create({ 'execution-mode': 'local' }, enforcing())['assessments-enabled']).toBe(false);
      expect(create({}, enforcing({ tier: 'free' }))['assessments-enabled']).toBe(false);
      expect(create({ 'assessments-enabled': false }, enforcing())['assessments-enabled']).toBe(false);
      expect(create({})['assessments-enabled']).toBe(false);
    });

    it('stay on only while the facts allow', () => {
      const enabled = create({ 'assessments-enabled': true });
      expect(enabled['assessments-enabled']).toBe(true);
      expect(update(enabled, { description: 'x' })['assessments-enabled']).toBe(true);
      expect(update(enabled, { 'execution-mode': 'local' })['assessments-enabled']).toBe(false);
    });
  });
});
