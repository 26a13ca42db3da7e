// PATCH /workspaces/:id and /organizations/:org/workspaces/:name — spec "Update a workspace";
// decisions 7, 13, 16, 21, 22, 23.
import { ORG, TOKENS } from '../helpers/service';
import { createWorkspace, createWorkspaces } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import {
  errorDetail,
  expectError,
  expectWorkspaceDocument,
  listNames,
  loadSample,
  patchWorkspace,
  showWorkspace,
  uniqueName,
} from '../helpers/workspace-assertions';

const service = useService();

const byName = (name: string) => `/organizations/${ORG}/workspaces/${name}`;
const taggedQuery = (key: string, value: string) => `filter%5Btagged%5D%5B0%5D%5Bkey%5D=${key}&filter%5Btagged%5D%5B0%5D%5Bvalue%5D=${value}`;

describe('updating by ID and by name', () => {
  it('changes the sent attributes by ID and keeps every other one', async () => {
    const ws = await createWorkspace(service, { description: 'before', 'auto-apply': true, 'trigger-prefixes': ['/a'] });
    const response = await patchWorkspace(service, ws.id, { description: 'after' });
    expect(response.status).toBe(200);
    expectWorkspaceDocument(response.body.data);
    const a = response.body.data.attributes;
    expect(a.description).toBe('after');
    expect(a['auto-apply']).toBe(true);
    expect(a['trigger-prefixes']).toEqual(['/a']);
    expect(a['engine-version']).toBe(ws.attributes['engine-version']);
    expect(Date.parse(a['updated-at'])).toBeGreaterThanOrEqual(Date.parse(ws.attributes['updated-at']!));
  });

  it('changes a workspace addressed by organization and name', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('PATCH', byName(ws.attributes.name), {
      body: { data: { type: 'workspaces', attributes: { 'queue-all-runs': true, 'speculative-enabled': false } } },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(ws.id);
    expect(response.body.data.attributes['queue-all-runs']).toBe(true);
    expect(response.body.data.attributes['speculative-enabled']).toBe(false);
    expect((await showWorkspace(service, ws.id)).body.data.attributes['queue-all-runs']).toBe(true);
  });

  it('answers the update-by-name sample payload with the sample response shape', async () => {
    const sample = loadSample('ws-update-by-name');
    const ws = await createWorkspace(service);
    const body = JSON.parse(JSON.stringify(sample.request_body));
    body.data.attributes.name = ws.attributes.name;
    body.data.attributes['vcs-repo']['oauth-token-id'] = 'ot-github';
    body.data.relationships.project.data.id = 'prj-platform';
    const response = await service.request('PATCH', byName(ws.attributes.name), { body });
    expect(response.status).toBe(200);
    expectWorkspaceDocument(response.body.data);
    expect(response.body.data.attributes['vcs-repo-identifier']).toBe('example/terraform-test-proj');
    expect(response.body.data.relationships.project.data.id).toBe('prj-platform');
  });

  it('answers 404 for a workspace ID that does not exist', async () => {
    expectError(await patchWorkspace(service, 'ws-doesnotexist0000', { description: 'x' }), 404);
  });

  it('answers 404 for a name that does not exist', async () => {
    const response = await service.request('PATCH', byName(uniqueName('missing')), { body: { data: { type: 'workspaces', attributes: {} } } });
    expectError(response, 404);
  });

  it('refuses a data.type other than workspaces with 422 and changes nothing', async () => {
    const ws = await createWorkspace(service, { description: 'kept' });
    const response = await service.request('PATCH', `/workspaces/${ws.id}`, { body: { data: { type: 'projects', attributes: { description: 'lost' } } } });
    expectError(response, 422);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.description).toBe('kept');
  });

  it('changes nothing when one attribute of several is invalid', async () => {
    const ws = await createWorkspace(service, { description: 'kept' });
    const response = await patchWorkspace(service, ws.id, { description: 'lost', 'auto-destroy-activity-duration': '0d' });
    expectError(response, 422, '/data/attributes/auto-destroy-activity-duration');
    expect((await showWorkspace(service, ws.id)).body.data.attributes.description).toBe('kept');
  });
});

describe('renaming', () => {
  it('moves the workspace to its new name and links', async () => {
    const ws = await createWorkspace(service);
    const newName = uniqueName('renamed');
    const response = await patchWorkspace(service, ws.id, { name: newName });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.name).toBe(newName);
    expect(response.body.data.links.self).toBe(`/api/v2/organizations/${ORG}/workspaces/${newName}`);
    expect((await service.request('GET', byName(newName))).body.data.id).toBe(ws.id);
    expectError(await service.request('GET', byName(ws.attributes.name)), 404);
  });

  it('refuses a name taken by another workspace, whatever its case', async () => {
    const taken = await createWorkspace(service);
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, { name: taken.attributes.name.toUpperCase() });
    expectError(response, 422, '/data/attributes/name');
    expect(errorDetail(response)).toBe('Name has already been taken');
    expect((await showWorkspace(service, ws.id)).body.data.attributes.name).toBe(ws.attributes.name);
  });

  it('lets exactly one of several workspaces renamed to one name at once win', async () => {
    const target = uniqueName('contested');
    const workspaces = await createWorkspaces(service, 8);
    const responses = await Promise.all(workspaces.map((ws) => patchWorkspace(service, ws.id, { name: target })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 200)) {
      expectError(loser, 422, '/data/attributes/name');
      expect(errorDetail(loser)).toBe('Name has already been taken');
    }
    expect(await listNames(service, `search%5Bname%5D=${target}`)).toEqual([target]);
  });

  it('lets a workspace change the case of its own name', async () => {
    const ws = await createWorkspace(service, { name: uniqueName('lower') });
    const response = await patchWorkspace(service, ws.id, { name: ws.attributes.name.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.name).toBe(ws.attributes.name.toUpperCase());
  });

  it.each(['bad name', '', 'x'.repeat(91)])('refuses the invalid name %j with 422', async (name) => {
    const ws = await createWorkspace(service);
    expectError(await patchWorkspace(service, ws.id, { name }), 422, '/data/attributes/name');
  });
});

describe('clearing nullable attributes with null', () => {
  it.each([
    ['description', 'text'],
    ['auto-destroy-at', '2031-05-06T07:08:09.000Z'],
    ['auto-destroy-activity-duration', '3d'],
    ['working-directory', 'infra'],
  ])('clears %s', async (attribute, value) => {
    const ws = await createWorkspace(service, { [attribute]: value });
    expect(ws.attributes[attribute]).toBe(value);
    const response = await patchWorkspace(service, ws.id, { [attribute]: null });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes[attribute]).toBeNull();
  });

  it('refuses null for a boolean attribute', async () => {
    const ws = await createWorkspace(service);
    expectError(await patchWorkspace(service, ws.id, { 'auto-apply': null }), 422, '/data/attributes/auto-apply');
  });
});

describe('vcs-repo on update', () => {
  const repo = { identifier: 'acme/app', 'oauth-token-id': 'ot-github', branch: 'main' };

  it('removes the repository when vcs-repo is null', async () => {
    const ws = await createWorkspace(service, { 'vcs-repo': repo });
    const response = await patchWorkspace(service, ws.id, { 'vcs-repo': null });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['vcs-repo']).toBeNull();
    expect(response.body.data.attributes['vcs-repo-identifier']).toBeNull();
  });

  it('changes only the sent vcs-repo members', async () => {
    const ws = await createWorkspace(service, { 'vcs-repo': repo });
    const response = await patchWorkspace(service, ws.id, { 'vcs-repo': { branch: 'develop' } });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['vcs-repo']).toMatchObject({ identifier: 'acme/app', 'oauth-token-id': 'ot-github', branch: 'develop' });
  });

  it('adds a repository given oauth-token-id and identifier', async () => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, { 'vcs-repo': repo });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['vcs-repo-identifier']).toBe('acme/app');
  });

  it('refuses to add a repository without identifier and oauth-token-id', async () => {
    const ws = await createWorkspace(service);
    expectError(await patchWorkspace(service, ws.id, { 'vcs-repo': { branch: 'main' } }), 422);
    expect((await showWorkspace(service, ws.id)).body.data.attributes['vcs-repo']).toBeNull();
  });

  it('refuses vcsapp-installation-id together with oauth-token-id', async () => {
    const ws = await createWorkspace(service, { 'vcs-repo': repo });
    const response = await patchWorkspace(service, ws.id, { 'vcs-repo': { 'oauth-token-id': 'ot-github', 'vcsapp-installation-id': 'ghain-1' } });
    expectError(response, 422);
  });
});

describe('execution mode on update', () => {
  it('moves a workspace to an agent pool and records the overwrite', async () => {
    const ws = await createWorkspace(service);
    expect(ws.attributes['setting-overwrites']).toEqual({ 'execution-mode': false, 'agent-pool': false });
    const response = await patchWorkspace(service, ws.id, { 'execution-mode': 'agent', 'agent-pool-id': 'apool-main' });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['execution-mode']).toBe('agent');
    expect(response.body.data.attributes['setting-overwrites']).toEqual({ 'execution-mode': true, 'agent-pool': true });
    expect(response.body.data.relationships['agent-pool'].data).toEqual({ id: 'apool-main', type: 'agent-pools' });
  });

  it('drops the agent pool when the workspace goes back to remote', async () => {
    const ws = await createWorkspace(service, { 'execution-mode': 'agent', 'agent-pool-id': 'apool-main' });
    const response = await patchWorkspace(service, ws.id, { 'execution-mode': 'remote' });
    expect(response.status).toBe(200);
    expect(response.body.data.relationships['agent-pool'].data).toBeNull();
  });

  it('refuses agent mode without a pool', async () => {
    const ws = await createWorkspace(service);
    expectError(await patchWorkspace(service, ws.id, { 'execution-mode': 'agent' }), 422);
  });

  it('refuses an agent pool for a workspace in remote mode', async () => {
    const ws = await createWorkspace(service, { 'execution-mode': 'remote' });
    expectError(await patchWorkspace(service, ws.id, { 'agent-pool-id': 'apool-main' }), 422);
    expect((await showWorkspace(service, ws.id)).body.data.relationships['agent-pool'].data).toBeNull();
  });

  it('refuses operations together with execution-mode', async () => {
    const ws = await createWorkspace(service);
    expectError(await patchWorkspace(service, ws.id, { operations: false, 'execution-mode': 'local' }), 422);
  });

  it('treats operations false as local execution', async () => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, { operations: false });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['execution-mode']).toBe('local');
    expect(response.body.data.attributes.operations).toBe(false);
  });

  it('returns to the organization default when setting-overwrites.execution-mode is false', async () => {
    const ws = await createWorkspace(service, { 'execution-mode': 'local' });
    const response = await patchWorkspace(service, ws.id, { 'setting-overwrites': { 'execution-mode': false, 'agent-pool': false } });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['execution-mode']).toBe('remote');
    expect(response.body.data.attributes['setting-overwrites']['execution-mode']).toBe(false);
  });

  it('refuses assessments on a local workspace', async () => {
    const ws = await createWorkspace(service, { 'execution-mode': 'local' });
    expectError(await patchWorkspace(service, ws.id, { 'assessments-enabled': true }), 422);
  });

  it('resolves an engine-version constraint on update', async () => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, { 'engine-version': '~> 1.5' });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['engine-version']).toMatch(/^1\.([5-9]|\d\d+)\.\d+$/);
    expectError(await patchWorkspace(service, ws.id, { 'engine-version': 'banana' }), 422, '/data/attributes/engine-version');
  });
});

describe('project moves', () => {
  const toProject = (id: string) => ({ relationships: { project: { data: { type: 'projects', id } } } });

  it('moves a workspace when the owner names another project', async () => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, {}, toProject('prj-platform'));
    expect(response.status).toBe(200);
    expect(response.body.data.relationships.project.data).toEqual({ id: 'prj-platform', type: 'projects' });
    expect(await listNames(service, `filter%5Bproject%5D%5Bid%5D=prj-platform&search%5Bname%5D=${ws.attributes.name}`)).toEqual([ws.attributes.name]);
  });

  it('treats the unchanged project as no move', async () => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, { description: 'same project' }, toProject('prj-default'), TOKENS.admin);
    expect(response.status).toBe(200);
    expect(response.body.data.relationships.project.data.id).toBe('prj-default');
  });

  it('treats a blank project ID as no move', async () => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, { description: 'blank project' }, toProject(''));
    expect(response.status).toBe(200);
    expect(response.body.data.relationships.project.data.id).toBe('prj-default');
    expect(response.body.data.attributes.description).toBe('blank project');
  });

  it('refuses a move by a workspace admin without admin rights on the projects', async () => {
    const ws = await createWorkspace(service);
    const response = await patchWorkspace(service, ws.id, {}, toProject('prj-platform'), TOKENS.admin);
    expectError(response, [403, 404]);
    expect((await showWorkspace(service, ws.id)).body.data.relationships.project.data.id).toBe('prj-default');
  });

  it('refuses a move to a project that does not exist', async () => {
    const ws = await createWorkspace(service);
    expectError(await patchWorkspace(service, ws.id, {}, toProject('prj-doesnotexist')), [404, 422]);
    expect((await showWorkspace(service, ws.id)).body.data.relationships.project.data.id).toBe('prj-default');
  });
});

describe('tag bindings through the relationship', () => {
  const bindings = (pairs: Array<[string, string]>) => ({
    relationships: { 'tag-bindings': { data: pairs.map(([key, value]) => ({ type: 'tag-bindings', attributes: { key, value } })) } },
  });

  it('replaces the workspace own bindings with the list sent', async () => {
    const ws = await createWorkspace(
      service,
      {},
      bindings([
        ['tier', 'gold'],
        ['zone', 'a'],
      ]),
    );
    const value = uniqueName('v');
    const response = await patchWorkspace(service, ws.id, {}, bindings([['stage', value]]));
    expect(response.status).toBe(200);
    expect(await listNames(service, taggedQuery('stage', value))).toEqual([ws.attributes.name]);
    expect(await listNames(service, `${taggedQuery('zone', 'a')}&search%5Bname%5D=${ws.attributes.name}`)).toEqual([]);
  });

  it('removes every own binding when the list is empty', async () => {
    const value = uniqueName('v');
    const ws = await createWorkspace(service, {}, bindings([['drop', value]]));
    expect(await listNames(service, taggedQuery('drop', value))).toEqual([ws.attributes.name]);
    const response = await patchWorkspace(service, ws.id, {}, bindings([]));
    expect(response.status).toBe(200);
    expect(await listNames(service, taggedQuery('drop', value))).toEqual([]);
  });

  it('leaves bindings alone when the relationship is absent', async () => {
    const value = uniqueName('v');
    const ws = await createWorkspace(service, {}, bindings([['keep', value]]));
    await patchWorkspace(service, ws.id, { description: 'no tags sent' });
    expect(await listNames(service, taggedQuery('keep', value))).toEqual([ws.attributes.name]);
  });

  it.each([
    ['more than 10 bindings', Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v'] as [string, string])],
    ['a key longer than 128 characters', [['k'.repeat(129), 'v']] as Array<[string, string]>],
    ['a value longer than 256 characters', [['k', 'v'.repeat(257)]] as Array<[string, string]>],
    ['a key with a forbidden character', [['bad key', 'v']] as Array<[string, string]>],
    ['a key with the reserved prefix hcp:', [['hcp:owner', 'v']] as Array<[string, string]>],
  ])('refuses %s with 422 and keeps the old bindings', async (_label, pairs) => {
    const value = uniqueName('v');
    const ws = await createWorkspace(service, {}, bindings([['old', value]]));
    const response = await patchWorkspace(service, ws.id, {}, bindings(pairs));
    expectError(response, 422);
    expect(response.body.errors[0].title).toBe('invalid attribute');
    expect(await listNames(service, taggedQuery('old', value))).toEqual([ws.attributes.name]);
  });
});
