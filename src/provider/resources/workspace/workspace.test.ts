// Mapping, validation and planning of cdkws_workspace, without a service.
import { toWorkspace } from '../../../client/workspace-types';
import { formatPath } from '../../protocol/diagnostics';
import { Unknown, type ObjectValue } from '../../protocol/values';
import {
  createOptions,
  desiredBindings,
  engineVersionForState,
  settleAfterApply,
  stateFromWorkspace,
  flatTagChanges,
  tagBindingsForState,
  updateOptions,
} from './mapping';
import { planWorkspace } from './plan';
import { pathFromPointer, validateWorkspace } from './validate';

function workspace(attributes: Record<string, unknown> = {}) {
  return toWorkspace({
    id: 'ws-1',
    type: 'workspaces',
    attributes: {
      name: 'net',
      'engine-version': '1.5.7',
      'tag-names': ['prod'],
      'trigger-patterns': [],
      'trigger-prefixes': [],
      locked: false,
      ...attributes,
    } as any,
    relationships: { organization: { data: { id: 'acme', type: 'organizations' } }, project: { data: { id: 'prj-default', type: 'projects' } } },
    links: { 'self-html': '/app/acme/workspaces/net' },
  } as any);
}

const binding = (key: string, value: string) => ({ id: `tb-${key}`, key, value });

describe('engine versions in state', () => {
  it('keeps a constraint the resolved version satisfies', () => {
    expect(engineVersionForState('~> 1.5', '1.5.7')).toBe('~> 1.5');
  });
  it('reports the actual version when the constraint is no longer satisfied', () => {
    expect(engineVersionForState('~> 1.6', '1.5.7')).toBe('1.5.7');
  });
  it('reports the actual version when an exact version was written', () => {
    expect(engineVersionForState('1.6.6', '1.5.7')).toBe('1.5.7');
  });
});

describe('state from a workspace', () => {
  it('fills every attribute and builds the html_url from the address', () => {
    const state = stateFromWorkspace({ workspace: workspace(), effective: [binding('owner', 'platform')] }, null, 'http://svc');
    expect(state).toMatchObject({ id: 'ws-1', organization: 'acme', project_id: 'prj-default', html_url: 'http://svc/app/acme/workspaces/net' });
    expect(state.effective_tags).toEqual({ owner: 'platform' });
    expect(state.tags).toBeNull();
    expect(state.force_delete).toBe(false);
    expect(state.setting_overwrites).toBeNull();
  });
  it("reads the client's typed workspace, not the wire document it came from", () => {
    const ws = workspace({
      'engine-version': undefined,
      'terraform-version': '1.6.0',
      'auto-apply': true,
      'vcs-repo': { identifier: 'a/b', 'github-app-installation-id': 'ghain-1' },
    });
    // The typed members are all the mapping may use: the document behind them is emptied.
    const typedOnly: typeof ws = { ...ws, raw: { id: ws.id, type: 'workspaces', attributes: {} } as unknown as typeof ws.raw };
    const state = stateFromWorkspace({ workspace: typedOnly, effective: [] }, null, 'http://svc');
    expect(state).toMatchObject({
      engine_version: '1.6.0',
      auto_apply: true,
      project_id: 'prj-default',
      tag_names: ['prod'],
      vcs_repo: { identifier: 'a/b', oauth_token_id: null, vcsapp_installation_id: 'ghain-1', branch: '', ingress_submodules: false, tags_regex: null },
      html_url: 'http://svc/app/acme/workspaces/net',
    });
  });
  it('holds an empty working directory (the hosted answer for none) as null, unless the reference wrote ""', () => {
    const ws = workspace({ 'working-directory': '', description: '' });
    expect(stateFromWorkspace({ workspace: ws, effective: [] }, null, '')).toMatchObject({ working_directory: null, description: '' });
    expect(stateFromWorkspace({ workspace: ws, effective: [] }, { working_directory: null }, '').working_directory).toBeNull();
    expect(stateFromWorkspace({ workspace: ws, effective: [] }, { working_directory: '' }, '').working_directory).toBe('');
    expect(stateFromWorkspace({ workspace: workspace({ 'working-directory': 'infra' }), effective: [] }, null, '').working_directory).toBe('infra');
  });
  it('reports setting_overwrites only when the reference manages them', () => {
    const ws = workspace({ 'setting-overwrites': { 'execution-mode': true, 'agent-pool': false } });
    const state = stateFromWorkspace({ workspace: ws, effective: [] }, { setting_overwrites: { execution_mode: true, agent_pool: null } }, '');
    expect(state.setting_overwrites).toEqual({ execution_mode: true, agent_pool: false });
  });
});

describe('tags in state', () => {
  const own = [binding('team', 'net'), binding('extra', '1')];
  it('are null while unmanaged', () => {
    expect(tagBindingsForState(own, { tags: null })).toBeNull();
  });
  it('are every own binding when managed exactly', () => {
    expect(tagBindingsForState(own, { tags: { team: 'net' }, ignore_additional_tags: false })).toEqual({ team: 'net', extra: '1' });
  });
  it('are only the listed keys with ignore_additional_tags', () => {
    expect(tagBindingsForState(own, { tags: { team: 'x' }, ignore_additional_tags: true })).toEqual({ team: 'net' });
  });
});

describe('desired bindings', () => {
  const current = [binding('team', 'net'), binding('extra', '1')];
  it('are exactly tags by default', () => {
    expect(desiredBindings(current, null, { tags: { team: 'net' }, ignore_additional_tags: false })).toEqual({ team: 'net' });
  });
  it('keep unlisted keys and drop keys listed before with ignore_additional_tags', () => {
    const prior = { tags: { team: 'net', old: 'x' } };
    const now = [...current, binding('old', 'x')];
    expect(desiredBindings(now, prior, { tags: { team: 'web' }, ignore_additional_tags: true })).toEqual({ team: 'web', extra: '1' });
  });
  it('are undefined when nothing changes', () => {
    expect(desiredBindings(current, null, { tags: { extra: '1', team: 'net' }, ignore_additional_tags: false })).toBeUndefined();
  });
});

describe('update options', () => {
  const prior: ObjectValue = {
    name: 'net',
    description: 'a',
    auto_apply: false,
    engine_version: '1.5.7',
    vcs_repo: { identifier: 'a/b', oauth_token_id: 'ot-1', vcsapp_installation_id: null, branch: '', ingress_submodules: false, tags_regex: null },
  };
  it('send only what changed, and clear with null', () => {
    expect(updateOptions(prior, { ...prior, description: null, auto_apply: true })).toEqual({ description: null, autoApply: true });
  });
  it('send only the changed repository members', () => {
    const vcs = { ...(prior.vcs_repo as ObjectValue), branch: 'main' };
    expect(updateOptions(prior, { ...prior, vcs_repo: vcs })).toEqual({ vcsRepo: { branch: 'main' } });
  });
  it('detach the repository with null', () => {
    expect(updateOptions(prior, { ...prior, vcs_repo: null })).toEqual({ vcsRepo: null });
  });
  it('skip a constraint the current version already satisfies', () => {
    expect(updateOptions(prior, { ...prior, engine_version: '~> 1.5' })).toBeUndefined();
  });
  it('skip unknown values', () => {
    expect(updateOptions(prior, { ...prior, auto_apply: Unknown })).toBeUndefined();
  });
});

it('create options leave unknown and null values to the service', () => {
  const opts = createOptions({ name: 'net', description: null, execution_mode: Unknown, auto_apply: true, tags: { team: 'net' } });
  expect(opts).toEqual({ name: 'net', autoApply: true, tagBindings: [{ key: 'team', value: 'net' }] });
});

it('flat tag changes compare names case-insensitively', () => {
  expect(flatTagChanges(['prod', 'old'], ['Prod', 'new'])).toEqual({ add: ['new'], remove: ['old'] });
});

it('after apply, values known in the plan are kept for attributes the configuration leaves unset', () => {
  const actual = { name: 'n', resource_count: 5, locked: false, description: 'x' };
  const planned = { name: 'n', resource_count: 0, locked: false, description: 'x' };
  expect(settleAfterApply(actual, planned, { name: 'n', resource_count: null, locked: null, description: 'x' })).toEqual({
    name: 'n',
    resource_count: 0,
    locked: false,
    description: 'x',
  });
});

describe('validation', () => {
  const base = {
    name: 'net',
    execution_mode: null,
    agent_pool_id: null,
    setting_overwrites: null,
    vcs_repo: null,
    tags: null,
    tag_names: null,
    ignore_additional_tags: null,
    organization: null,
  };
  const messages = (config: ObjectValue) => validateWorkspace({ ...base, ...config }).map((d) => `${formatPath(d.path ?? [])}: ${d.detail}`);

  it('accepts a plain configuration', () => {
    expect(messages({})).toEqual([]);
  });
  it('points at the name when it breaks the pattern', () => {
    expect(messages({ name: 'bad name' })[0]).toMatch(/^name: /);
  });
  it('allows a name known only after apply', () => {
    expect(messages({ name: Unknown })).toEqual([]);
  });
  it('requires an agent pool for agent execution', () => {
    expect(messages({ execution_mode: 'agent' })).toEqual([expect.stringMatching(/^agent_pool_id: agent_pool_id is required when execution_mode is "agent"/)]);
  });
  it('does not judge the agent pool rule while the mode is unknown', () => {
    expect(messages({ execution_mode: Unknown })).toEqual([]);
  });
  it('rejects both VCS credentials', () => {
    expect(messages({ vcs_repo: { identifier: 'a/b', oauth_token_id: 'ot-1', vcsapp_installation_id: 'x' } }).join()).toMatch(
      /vcs_repo\.vcsapp_installation_id: .*cannot both/,
    );
  });
  it('rejects a bad auto-destroy duration and a bad engine version', () => {
    const out = messages({ auto_destroy_activity_duration: '0d', engine_version: 'banana' }).join('\n');
    expect(out).toMatch(/auto_destroy_activity_duration: /);
    expect(out).toMatch(/engine_version: engine_version "banana" is neither a version/);
  });
  it('rejects tag names that are not lowercase, and invalid tag keys', () => {
    const out = messages({ tag_names: ['Prod'], tags: { 'hc:x': 'y' } }).join('\n');
    expect(out).toMatch(/tag_names: tag_names entry "Prod" must be written lowercase \("prod"\)/);
    expect(out).toMatch(/tags\["hc:x"\]: tags key "hc:x" must not start with "hc:"/);
  });
  it('rejects an execution mode that setting_overwrites would ignore', () => {
    expect(messages({ execution_mode: 'remote', setting_overwrites: { execution_mode: false, agent_pool: null } }).join()).toMatch(/execution_mode: .*ignored/);
  });
});

describe('plan', () => {
  const req = (prior: ObjectValue | null, config: ObjectValue, planned: ObjectValue = config) => ({
    prior,
    proposed: planned,
    config,
    planned,
    requiresReplace: [],
  });

  it('fills the static defaults and the provider organization on create', () => {
    const res = planWorkspace(req(null, { name: 'n', organization: null, auto_apply: null, trigger_patterns: null }), 'acme');
    expect(res.planned).toMatchObject({ organization: 'acme', auto_apply: false, trigger_patterns: [], force_delete: false });
  });
  it('fails without any organization', () => {
    expect(() => planWorkspace(req(null, { name: 'n', organization: null }), null)).toThrow(/Missing organization/);
  });
  it('replaces the workspace when the default organization changes', () => {
    const prior = { name: 'n', organization: 'old' };
    const res = planWorkspace(req(prior, { name: 'n', organization: null }, { ...prior }), 'acme');
    expect(res.requiresReplace).toEqual([['organization']]);
  });
  it('marks html_url unknown on rename and effective_tags unknown when tags change', () => {
    const prior = { name: 'n', organization: 'acme', html_url: 'u', tags: { a: '1' }, effective_tags: { a: '1' } };
    const res = planWorkspace(req(prior, { name: 'm', organization: null, tags: { a: '2' } }, { ...prior, name: 'm', tags: { a: '2' } }), 'acme');
    expect(res.planned!.html_url).toBe(Unknown);
    expect(res.planned!.effective_tags).toBe(Unknown);
  });
  it('keeps computed values when nothing they depend on changes', () => {
    const prior = { name: 'n', organization: 'acme', html_url: 'u', description: 'a', execution_mode: 'remote' };
    const res = planWorkspace(req(prior, { name: 'n', organization: null, description: 'b', execution_mode: null }, { ...prior, description: 'b' }), 'acme');
    expect(res.planned).toMatchObject({ html_url: 'u', execution_mode: 'remote' });
  });
});

describe('the attribute a service error points at', () => {
  it('is named in HCL through the table, under either wire spelling', () => {
    expect(pathFromPointer('/data/attributes/vcs-repo/oauth-token-id')).toEqual(['vcs_repo', 'oauth_token_id']);
    expect(pathFromPointer('/data/attributes/terraform-version')).toEqual(['engine_version']);
    expect(pathFromPointer('/data/attributes/vcs-repo/github-app-installation-id')).toEqual(['vcs_repo', 'vcsapp_installation_id']);
    expect(pathFromPointer('/data/relationships/project')).toEqual(['project_id']);
    expect(pathFromPointer('/data/relationships/tag-bindings')).toEqual(['tags']);
  });
  it('stops at the last attribute the provider has: list indexes and attributes without an HCL name are not named', () => {
    expect(pathFromPointer('/data/attributes/trigger-prefixes/0')).toEqual(['trigger_prefixes']);
    expect(pathFromPointer('/data/attributes/locked-reason')).toEqual([]);
    expect(pathFromPointer('/data/attributes/no-such-thing')).toEqual([]);
    expect(pathFromPointer('')).toEqual([]);
  });
});
