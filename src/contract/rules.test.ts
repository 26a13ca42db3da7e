// The rules on single values: what each accepts and refuses, and how a violation reads in each layer.
import {
  activityDurationRule,
  checkValues,
  engineVersionRule,
  nonEmptyRule,
  renderViolation,
  storableTextRule,
  timestampRule,
  vcsIdentifierRule,
  workspaceNameRule,
  WORKSPACE_NAME_MAX_LENGTH,
  WORKSPACE_VALUE_RULES,
  type ValueRule,
} from './rules';
import { WORKSPACE_ATTRIBUTES } from './workspace-attributes';

/** The values a rule accepts (undefined) and refuses (its message). */
function judged(rule: ValueRule, values: string[]): Record<string, boolean> {
  return Object.fromEntries(values.map((value) => [value, rule(value) === undefined]));
}

describe('workspace names', () => {
  it('are letters, numbers, "-" and "_", at most 90 characters', () => {
    expect(
      judged(workspaceNameRule, ['net-prod_2', 'a'.repeat(WORKSPACE_NAME_MAX_LENGTH), 'a'.repeat(WORKSPACE_NAME_MAX_LENGTH + 1), 'has space', 'dot.ted', '']),
    ).toEqual({
      'net-prod_2': true,
      ['a'.repeat(WORKSPACE_NAME_MAX_LENGTH)]: true,
      ['a'.repeat(WORKSPACE_NAME_MAX_LENGTH + 1)]: false,
      'has space': false,
      'dot.ted': false,
      '': false,
    });
  });
  it('say which rule is broken', () => {
    expect(workspaceNameRule('')).toBe('{} is required');
    expect(workspaceNameRule('x'.repeat(91))).toBe('{} must be at most 90 characters');
    expect(workspaceNameRule('a b')).toBe('{} may contain only letters, numbers, "-" and "_"');
  });
});

describe('other single values', () => {
  it('activity durations: 1 to 4 digits greater than 0, then d or h', () => {
    expect(judged(activityDurationRule, ['14d', '1h', '9999d', '0d', '10000d', '14', '14m', 'd'])).toEqual({
      '14d': true,
      '1h': true,
      '9999d': true,
      '0d': false,
      '10000d': false,
      '14': false,
      '14m': false,
      d: false,
    });
  });
  it('timestamps: ISO 8601', () => {
    expect(judged(timestampRule, ['2030-01-31T12:00:00Z', '2030-01-31', 'tomorrow'])).toEqual({
      '2030-01-31T12:00:00Z': true,
      '2030-01-31': true,
      tomorrow: false,
    });
  });
  it('VCS identifiers: org/repo, or org/project/_git/repo', () => {
    expect(judged(vcsIdentifierRule, ['acme/net', 'acme/proj/_git/net', 'acme', 'acme/a/b', 'acme /net'])).toEqual({
      'acme/net': true,
      'acme/proj/_git/net': true,
      acme: false,
      'acme/a/b': false,
      'acme /net': false,
    });
  });
  it('engine versions: a version, "latest" or a constraint, and the message shows what was given', () => {
    expect(judged(engineVersionRule, ['1.9.0', 'latest', '~> 1.9', '>= 1.5, < 2.0', 'one'])).toEqual({
      '1.9.0': true,
      latest: true,
      '~> 1.9': true,
      '>= 1.5, < 2.0': true,
      one: false,
    });
    expect(engineVersionRule('one')).toContain('"one"');
  });
  it('IDs that must not be empty, and texts that PostgreSQL can store', () => {
    expect(judged(nonEmptyRule, ['apool-1', ''])).toEqual({ 'apool-1': true, '': false });
    expect(judged(storableTextRule, ['plain', 'nul\u0000inside'])).toEqual({ plain: true, 'nul\u0000inside': false });
  });
});

describe('checking values', () => {
  it('finds every broken rule, nested members included, by camelCase path', () => {
    const violations = checkValues(WORKSPACE_VALUE_RULES, { name: 'bad name', autoDestroyActivityDuration: '0d', vcsRepo: { identifier: 'nope' } });
    expect(violations.map((v) => v.path)).toEqual([['name'], ['autoDestroyActivityDuration'], ['vcsRepo', 'identifier']]);
  });
  it("skips what is not a string (types are the schemas' to check) and what is absent", () => {
    expect(checkValues(WORKSPACE_VALUE_RULES, { name: 42, vcsRepo: null })).toEqual([]);
  });
  it('has a rule only for attributes the table has', () => {
    for (const path of Object.keys(WORKSPACE_VALUE_RULES))
      expect(() => renderViolation(WORKSPACE_ATTRIBUTES, { path: path.split('.'), message: '{}' }, 'wire')).not.toThrow();
  });
});

describe('a violation', () => {
  const violation = { path: ['vcsRepo', 'vcsappInstallationId'], message: '{vcsRepo.oauthTokenId} and {} cannot both be given' };
  it("names the attributes as each layer does: the constructs' props, the provider's HCL, the service's wire names", () => {
    expect(renderViolation(WORKSPACE_ATTRIBUTES, violation, 'camel')).toEqual({
      name: 'vcsRepo.vcsappInstallationId',
      detail: 'vcsRepo.oauthTokenId and vcsRepo.vcsappInstallationId cannot both be given',
      pointer: '/data/attributes/vcs-repo/vcsapp-installation-id',
    });
    expect(renderViolation(WORKSPACE_ATTRIBUTES, violation, 'snake').detail).toBe(
      'vcs_repo.oauth_token_id and vcs_repo.vcsapp_installation_id cannot both be given',
    );
    expect(renderViolation(WORKSPACE_ATTRIBUTES, violation, 'wire').detail).toBe(
      'vcs-repo.oauth-token-id and vcs-repo.vcsapp-installation-id cannot both be given',
    );
  });
  it("points at the hosted service's name for a hosted-dialect answer", () => {
    expect(renderViolation(WORKSPACE_ATTRIBUTES, violation, 'hosted')).toMatchObject({
      name: 'vcs-repo.github-app-installation-id',
      pointer: '/data/attributes/vcs-repo/github-app-installation-id',
    });
  });
});
