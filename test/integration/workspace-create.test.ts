// POST /organizations/:organization_name/workspaces — spec "Create a workspace", its key-path
// table and rules; decisions 5, 6, 10, 14, 16, 17, 18, 21, 22.
import { ORG } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import {
  TIMESTAMP,
  VCS_REPO_MEMBERS,
  errorDetail,
  expectError,
  expectWorkspaceDocument,
  listNames,
  loadSample,
  postWorkspace,
  sampleAttributeNames,
  showWorkspace,
  uniqueName,
} from '../helpers/workspace-assertions';

const service = useService();

describe('creating a workspace with only a name', () => {
  let response: Awaited<ReturnType<typeof postWorkspace>>;
  let name: string;
  beforeAll(async () => {
    name = uniqueName('defaults');
    response = await postWorkspace(service, { name });
  });

  it('answers 201 with a complete workspace document', () => {
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('application/vnd.api+json');
    expectWorkspaceDocument(response.body.data);
  });

  it('carries every attribute of the documented create sample', () => {
    const sample = loadSample('ws-create-01-without-vcs').response_body.data;
    const expected = Object.keys(sample.attributes).map((k) => k.replace(/_/g, '-'));
    expect(Object.keys(response.body.data.attributes)).toEqual(expect.arrayContaining(expected));
    expect(Object.keys(response.body.data.relationships).sort()).toEqual(expect.arrayContaining(Object.keys(sample.relationships).sort()));
    expect(Object.keys(response.body.data.attributes)).toEqual(expect.arrayContaining(sampleAttributeNames()));
  });

  it('applies the spec defaults of every optional attribute', () => {
    const a = response.body.data.attributes;
    expect(a).toMatchObject({
      name,
      'allow-destroy-plan': true,
      'assessments-enabled': false,
      'auto-apply': false,
      'auto-apply-run-trigger': false,
      'auto-destroy-at': null,
      'auto-destroy-activity-duration': null,
      description: null,
      'execution-mode': 'remote',
      operations: true,
      'file-triggers-enabled': true,
      'global-remote-state': false,
      'queue-all-runs': false,
      'speculative-enabled': true,
      'source-name': null,
      'source-url': null,
      source: 'tfe-api',
      'trigger-prefixes': [],
      'trigger-patterns': [],
      'tag-names': [],
      'vcs-repo': null,
      'vcs-repo-identifier': null,
      'working-directory': null,
      locked: false,
      'resource-count': 0,
      'unarchived-workspace-change-requests-count': 0,
      'setting-overwrites': { 'execution-mode': false, 'agent-pool': false },
    });
    expect(a['engine-version']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('sets created-at, updated-at and latest-change-at to the creation time', () => {
    const a = response.body.data.attributes;
    expect(a['created-at']).toMatch(TIMESTAMP);
    expect(Math.abs(Date.parse(a['created-at']) - Date.now())).toBeLessThan(60_000);
    expect(a['latest-change-at']).toBe(a['created-at']);
  });

  it('puts the workspace in the default project and the organization', () => {
    const r = response.body.data.relationships;
    expect(r.project.data).toEqual({ id: 'prj-default', type: 'projects' });
    expect(r.organization.data).toEqual({ id: ORG, type: 'organizations' });
    expect(r['agent-pool'].data).toBeNull();
    expect(r['locked-by'].data).toBeNull();
  });

  it('links to itself by organization and name', () => {
    expect(response.body.data.links).toEqual({
      self: `/api/v2/organizations/${ORG}/workspaces/${name}`,
      'self-html': `/app/${ORG}/workspaces/${name}`,
    });
  });

  it('is readable afterwards by ID with the same document', async () => {
    const shown = await showWorkspace(service, response.body.data.id);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes).toEqual(response.body.data.attributes);
  });
});

describe('workspace names', () => {
  it.each([
    ['an empty name', ''],
    ['a name with a space', 'has space'],
    ['a name with a dot', 'has.dot'],
    ['a name with a slash', 'a/b'],
    ['a name of 91 characters', 'n'.repeat(91)],
    ['a name with a leading space', ' padded'],
    ['a name with non-ASCII letters', 'café'],
  ])('refuses %s with 422 pointing at the name', async (_label, name) => {
    const response = await postWorkspace(service, { name });
    expectError(response, 422, '/data/attributes/name');
  });

  it('accepts a name of exactly 90 letters, numbers, dashes and underscores', async () => {
    const name = `A_b-9${uniqueName('x').replace(/-/g, '_')}`.padEnd(90, 'z');
    const response = await postWorkspace(service, { name });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.name).toBe(name);
  });

  it('refuses a missing name with 422', async () => {
    const response = await postWorkspace(service, { description: 'no name' });
    expectError(response, 422, '/data/attributes/name');
  });

  it('refuses a name that is not a string with 422', async () => {
    const response = await postWorkspace(service, { name: 42 });
    expectError(response, 422, '/data/attributes/name');
  });

  it('refuses a taken name with "Name has already been taken"', async () => {
    const name = uniqueName('taken');
    await createWorkspace(service, { name });
    const response = await postWorkspace(service, { name });
    expectError(response, 422, '/data/attributes/name');
    expect(response.body.errors[0].title).toBe('invalid attribute');
    expect(errorDetail(response)).toBe('Name has already been taken');
  });

  it('treats names differing only in case as the same name', async () => {
    const name = uniqueName('casing');
    await createWorkspace(service, { name });
    const response = await postWorkspace(service, { name: name.toUpperCase() });
    expectError(response, 422, '/data/attributes/name');
    expect(await listNames(service, `search%5Bname%5D=${name}`)).toEqual([name]);
  });

  it('lets exactly one of ten concurrent creates of one name win', async () => {
    const name = uniqueName('race');
    const responses = await Promise.all(Array.from({ length: 10 }, () => postWorkspace(service, { name })));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 201)) {
      expectError(loser, 422, '/data/attributes/name');
      expect(errorDetail(loser)).toBe('Name has already been taken');
    }
  });
});

describe('document rules', () => {
  it('refuses a data.type other than workspaces with 422', async () => {
    const response = await service.request('POST', `/organizations/${ORG}/workspaces`, {
      body: { data: { type: 'projects', attributes: { name: uniqueName() } } },
    });
    expectError(response, 422);
  });

  it('refuses a body without data with 422', async () => {
    const response = await service.request('POST', `/organizations/${ORG}/workspaces`, { body: { name: uniqueName() } });
    expectError(response, 422);
  });

  it.each([
    ['auto-apply', 'yes'],
    ['allow-destroy-plan', 1],
    ['trigger-prefixes', 'not-a-list'],
    ['description', 7],
    ['queue-all-runs', null],
    ['auto-destroy-at', 'tomorrow'],
    ['trigger-patterns', [1, 2]],
    ['setting-overwrites', 'yes'],
  ])('refuses %s of the wrong type with 422 pointing at it', async (attribute, value) => {
    const response = await postWorkspace(service, { name: uniqueName(), [attribute]: value });
    expectError(response, 422, `/data/attributes/${attribute}`);
  });

  it('returns strings exactly as sent', async () => {
    const description = '  Ünïcödé — with "quotes", <tags> and\nnew lines  ';
    const response = await postWorkspace(service, { name: uniqueName(), description, 'working-directory': 'Infra/Prod ' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.description).toBe(description);
    expect(response.body.data.attributes['working-directory']).toBe('Infra/Prod ');
  });

  it('stores every settable attribute as sent', async () => {
    const attributes = {
      name: uniqueName('full'),
      description: 'Networking for **prod**',
      'allow-destroy-plan': false,
      'auto-apply': true,
      'auto-apply-run-trigger': true,
      'auto-destroy-at': '2030-01-02T03:04:05.000Z',
      'auto-destroy-activity-duration': '14d',
      'file-triggers-enabled': false,
      'global-remote-state': true,
      'queue-all-runs': true,
      'speculative-enabled': false,
      'engine-version': '1.5.7',
      'trigger-prefixes': ['/modules', '/vendor'],
      'trigger-patterns': ['/**/networking/*.tf'],
      'working-directory': 'networking',
      'source-name': 'cdk-workspaces',
      'source-url': 'https://example.com/cdkws',
    };
    const response = await postWorkspace(service, attributes);
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject(attributes);
  });
});

describe('engine-version', () => {
  it('keeps an exact version as given', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'engine-version': '1.6.6' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['engine-version']).toBe('1.6.6');
  });

  it('keeps an exact pre-release version as given', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'engine-version': '1.10.0-beta1' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['engine-version']).toBe('1.10.0-beta1');
  });

  it('resolves a pessimistic constraint to a 1.x release of at least 1.5', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'engine-version': '~> 1.5' });
    expect(response.status).toBe(201);
    const match = /^1\.(\d+)\.\d+$/.exec(response.body.data.attributes['engine-version']);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(5);
  });

  it('resolves a range constraint to a release inside the range', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'engine-version': '>= 1.0, < 1.4' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['engine-version']).toMatch(/^1\.[0-3]\.\d+$/);
  });

  it.each(['banana', '~> 99.0'])('refuses %s with 422 pointing at engine-version', async (version) => {
    const response = await postWorkspace(service, { name: uniqueName(), 'engine-version': version });
    expectError(response, 422, '/data/attributes/engine-version');
  });
});

describe('auto-destroy-activity-duration', () => {
  it.each(['1d', '14h', '9999d'])('accepts %s', async (duration) => {
    const response = await postWorkspace(service, { name: uniqueName(), 'auto-destroy-activity-duration': duration });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['auto-destroy-activity-duration']).toBe(duration);
  });

  it.each(['0d', '10000d', '5m', 'd', '-1d', '1.5h', '14'])('refuses %s with 422 pointing at it', async (duration) => {
    const response = await postWorkspace(service, { name: uniqueName(), 'auto-destroy-activity-duration': duration });
    expectError(response, 422, '/data/attributes/auto-destroy-activity-duration');
  });
});

describe('vcs-repo', () => {
  it('links a repository and fills every vcs-repo member', async () => {
    const response = await postWorkspace(service, {
      name: uniqueName('vcs'),
      'vcs-repo': { identifier: 'acme/networking', 'oauth-token-id': 'ot-github', branch: 'main', 'tags-regex': null },
    });
    expect(response.status).toBe(201);
    const vcs = response.body.data.attributes['vcs-repo'];
    expect(Object.keys(vcs)).toEqual(expect.arrayContaining(VCS_REPO_MEMBERS));
    expect(vcs).toMatchObject({ identifier: 'acme/networking', 'oauth-token-id': 'ot-github', branch: 'main', 'ingress-submodules': false });
    expect(response.body.data.attributes['vcs-repo-identifier']).toBe('acme/networking');
    for (const member of ['display-identifier', 'repository-http-url', 'service-provider']) expect(typeof vcs[member]).toBe('string');
    expect(vcs['display-identifier']).toBe('acme/networking');
  });

  it('keeps an empty branch as the default branch', async () => {
    const response = await postWorkspace(service, {
      name: uniqueName('vcs'),
      'vcs-repo': { identifier: 'acme/networking', 'oauth-token-id': 'ot-github', branch: '' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['vcs-repo'].branch).toBe('');
  });

  it.each([
    ['without identifier', { 'oauth-token-id': 'ot-github' }],
    ['without oauth-token-id', { identifier: 'acme/networking' }],
    ['with an unknown oauth token', { identifier: 'acme/networking', 'oauth-token-id': 'ot-doesnotexist' }],
    ['with an identifier that is not org/repo', { identifier: 'networking', 'oauth-token-id': 'ot-github' }],
    [
      'with both oauth-token-id and vcsapp-installation-id',
      { identifier: 'acme/networking', 'oauth-token-id': 'ot-github', 'vcsapp-installation-id': 'ghain-1' },
    ],
  ])('refuses a repository %s with 422', async (_label, vcsRepo) => {
    const name = uniqueName('vcs');
    const response = await postWorkspace(service, { name, 'vcs-repo': vcsRepo });
    expectError(response, 422);
    expect((await service.request('GET', `/organizations/${ORG}/workspaces/${name}`)).status).toBe(404);
  });
});

describe('execution mode, operations and agent pools', () => {
  it('with execution-mode given, sets both setting-overwrites to true', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'execution-mode': 'local' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['execution-mode']).toBe('local');
    expect(response.body.data.attributes.operations).toBe(false);
    expect(response.body.data.attributes['setting-overwrites']).toEqual({ 'execution-mode': true, 'agent-pool': true });
  });

  it('runs on an agent pool of the organization in agent mode', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'execution-mode': 'agent', 'agent-pool-id': 'apool-main' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['execution-mode']).toBe('agent');
    expect(response.body.data.relationships['agent-pool'].data).toEqual({ id: 'apool-main', type: 'agent-pools' });
  });

  it('treats operations false as local execution', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), operations: false });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['execution-mode']).toBe('local');
    expect(response.body.data.attributes.operations).toBe(false);
  });

  it.each([
    ['agent mode without an agent pool', { 'execution-mode': 'agent' }],
    ['agent mode with an unknown agent pool', { 'execution-mode': 'agent', 'agent-pool-id': 'apool-doesnotexist' }],
    ['an agent pool in remote mode', { 'execution-mode': 'remote', 'agent-pool-id': 'apool-main' }],
    ['an agent pool in local mode', { 'execution-mode': 'local', 'agent-pool-id': 'apool-main' }],
    ['an agent pool with operations true', { operations: true, 'agent-pool-id': 'apool-main' }],
    ['operations together with execution-mode', { operations: true, 'execution-mode': 'remote' }],
    ['an unknown execution mode', { 'execution-mode': 'banana' }],
    ['setting-overwrites.execution-mode true without execution-mode', { 'setting-overwrites': { 'execution-mode': true } }],
  ])('refuses %s with 422', async (_label, attributes) => {
    const response = await postWorkspace(service, { name: uniqueName(), ...attributes });
    expectError(response, 422);
  });

  it('follows the organization default when setting-overwrites.execution-mode is false', async () => {
    const response = await postWorkspace(service, { name: uniqueName(), 'setting-overwrites': { 'execution-mode': false } });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes['execution-mode']).toBe('remote');
    expect(response.body.data.attributes['setting-overwrites']['execution-mode']).toBe(false);
  });
});

describe('projects and tag bindings on create', () => {
  it('creates in the project named by the relationship', async () => {
    const response = await postWorkspace(service, { name: uniqueName() }, { relationships: { project: { data: { type: 'projects', id: 'prj-platform' } } } });
    expect(response.status).toBe(201);
    expect(response.body.data.relationships.project.data).toEqual({ id: 'prj-platform', type: 'projects' });
  });

  it('refuses a project that does not exist', async () => {
    const response = await postWorkspace(
      service,
      { name: uniqueName() },
      { relationships: { project: { data: { type: 'projects', id: 'prj-doesnotexist' } } } },
    );
    expectError(response, [404, 422]);
  });

  it('refuses a project of another organization', async () => {
    const response = await postWorkspace(service, { name: uniqueName() }, { relationships: { project: { data: { type: 'projects', id: 'prj-freeco' } } } });
    expectError(response, [404, 422]);
  });

  it('binds the key-value tags given in the relationship', async () => {
    const name = uniqueName('tb');
    const response = await postWorkspace(
      service,
      { name },
      {
        relationships: { 'tag-bindings': { data: [{ type: 'tag-bindings', attributes: { key: 'env', value: `v${name}` } }] } },
      },
    );
    expect(response.status).toBe(201);
    expect(await listNames(service, `filter%5Btagged%5D%5B0%5D%5Bkey%5D=env&filter%5Btagged%5D%5B0%5D%5Bvalue%5D=v${name}`)).toEqual([name]);
  });

  it('refuses a tag binding with a reserved key prefix and creates nothing', async () => {
    const name = uniqueName();
    const response = await postWorkspace(
      service,
      { name },
      {
        relationships: { 'tag-bindings': { data: [{ type: 'tag-bindings', attributes: { key: 'hc:env', value: 'x' } }] } },
      },
    );
    expectError(response, 422);
    expectError(await service.request('GET', `/organizations/${ORG}/workspaces/${name}`), 404);
  });
});
