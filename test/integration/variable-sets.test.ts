// Variable sets through the client against the real service: create, list by organization,
// workspace and project, apply to and remove from many workspaces and projects at once, their
// variables (sensitive values never answered), the effective variables of a workspace with the
// hosted service's precedence, and who may change sets.
import { ForbiddenError, NotFoundError, collect, type Variable } from '../../src/client';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { SITE_ADMIN_TOKEN, validRequestsBootstrap } from '../helpers/valid-requests';
import { uniqueName } from '../helpers/workspace-assertions';

const service = useService(() => ({ bootstrap: validRequestsBootstrap() }));
const SECRET = 'varset-secret-c41d2';

async function newWorkspace(): Promise<{ id: string; projectId: string }> {
  const id = (await service.client.workspaces.create(ORG, { name: uniqueName('vs') })).id;
  const doc = await service.request('GET', `/workspaces/${id}`);
  return { id, projectId: doc.body.data.relationships.project.data.id };
}

async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

const byKey = (variables: Variable[]) => Object.fromEntries(variables.map((v) => [`${v.category}:${v.key}`, v.value]));

describe('variable sets through the client', () => {
  it('creates a set, reads, renames and deletes it; names are unique in the organization', async () => {
    const name = uniqueName('set');
    const made = await service.client.variableSets.create(ORG, { name, description: 'shared', priority: true });
    expect(made).toMatchObject({ name, description: 'shared', global: false, priority: true, organization: ORG, workspaceIds: [], projectIds: [] });
    expect(made.id).toMatch(/^varset-/);
    expect(await service.client.variableSets.read(made.id)).toMatchObject({ id: made.id, name });
    const taken = await failure(service.client.variableSets.create(ORG, { name }));
    expect(taken.errors[0].code).toBe('name-taken');
    const renamed = await service.client.variableSets.update(made.id, { name: `${name}-2`, priority: false });
    expect([renamed.name, renamed.priority]).toEqual([`${name}-2`, false]);
    expect((await collect(service.client.variableSets.listAll(ORG, { query: `${name}-2` }))).map((s) => s.id)).toEqual([made.id]);
    await service.client.variableSets.delete(made.id);
    expect(await failure(service.client.variableSets.read(made.id))).toBeInstanceOf(NotFoundError);
  });

  it('applies a set to many workspaces in one request, and removes it from some', async () => {
    const set = await service.client.variableSets.create(ORG, { name: uniqueName('many') });
    const workspaces = await Promise.all(Array.from({ length: 12 }, () => newWorkspace()));
    const ids = workspaces.map((w) => w.id);
    await service.client.variableSets.applyToWorkspaces(set.id, ids);
    await service.client.variableSets.applyToWorkspaces(set.id, ids.slice(0, 3)); // safe to repeat
    expect((await service.client.variableSets.read(set.id)).workspaceIds.sort()).toEqual([...ids].sort());
    await service.client.variableSets.removeFromWorkspaces(set.id, ids.slice(0, 10));
    expect((await service.client.variableSets.read(set.id)).workspaceIds.sort()).toEqual(ids.slice(10).sort());
    expect((await service.client.variableSets.listForWorkspace(ids[11])).items.map((s) => s.id)).toContain(set.id);
    expect((await service.client.variableSets.listForWorkspace(ids[0])).items.map((s) => s.id)).not.toContain(set.id);
    // The workspaces by name replace the list (go-tfe's UpdateWorkspaces), and include answers them.
    await service.client.variableSets.update(set.id, { workspaceIds: [ids[0]] });
    const doc = await service.request('GET', `/varsets/${set.id}?include=workspaces,vars`);
    expect(doc.body.data.relationships.workspaces.data).toEqual([{ id: ids[0], type: 'workspaces' }]);
    expect(doc.body.included.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    // A workspace of no workspace at all is refused, naming it.
    const missing = await service.request('POST', `/varsets/${set.id}/relationships/workspaces`, { body: { data: [{ type: 'workspaces', id: 'ws-nope' }] } });
    expect([missing.status, missing.body.errors[0].detail]).toEqual([404, `workspace "ws-nope" was not found in organization "${ORG}"`]);
  });

  it('applies a set to projects, and lists the sets of a project and of its workspaces', async () => {
    const ws = await newWorkspace();
    const set = await service.client.variableSets.create(ORG, { name: uniqueName('prj') });
    await service.client.variableSets.applyToProjects(set.id, [ws.projectId]);
    expect((await service.client.variableSets.read(set.id)).projectIds).toEqual([ws.projectId]);
    expect((await service.client.variableSets.listForProject(ws.projectId)).items.map((s) => s.id)).toContain(set.id);
    expect((await service.client.variableSets.listForWorkspace(ws.id)).items.map((s) => s.id)).toContain(set.id);
    await service.client.variableSets.removeFromProjects(set.id, [ws.projectId]);
    expect((await service.client.variableSets.listForProject(ws.projectId)).items.map((s) => s.id)).not.toContain(set.id);
    expect(await failure(service.client.variableSets.listForProject('prj-nope'))).toBeInstanceOf(NotFoundError);
  });

  it('holds variables whose sensitive values are never answered', async () => {
    const set = await service.client.variableSets.create(ORG, { name: uniqueName('vars') });
    const plain = await service.client.variableSets.createVariable(set.id, { key: 'region', value: 'eu', category: 'terraform' });
    const secret = await service.client.variableSets.createVariable(set.id, { key: 'AWS_SECRET_ACCESS_KEY', value: SECRET, category: 'env', sensitive: true });
    expect([plain.variableSetId, secret.value]).toEqual([set.id, null]);
    expect((await service.client.variableSets.listVariables(set.id)).items.map((v) => [v.key, v.value])).toEqual([
      ['region', 'eu'],
      ['AWS_SECRET_ACCESS_KEY', null],
    ]);
    expect((await service.client.variableSets.readVariable(set.id, secret.id)).value).toBeNull();
    const updated = await service.client.variableSets.updateVariable(set.id, plain.id, { value: 'us' });
    expect([updated.value, updated.versionId === plain.versionId]).toEqual(['us', false]);
    expect((await failure(service.client.variableSets.createVariable(set.id, { key: 'region', value: 'x', category: 'terraform' }))).errors[0].code).toBe(
      'variable-key-taken',
    );
    for (const path of [`/varsets/${set.id}?include=vars`, `/varsets/${set.id}/relationships/vars`, `/organizations/${ORG}/varsets?include=vars`]) {
      expect((await service.request('GET', path)).text).not.toContain(SECRET);
    }
    await service.client.variableSets.deleteVariable(set.id, plain.id);
    expect((await service.client.variableSets.read(set.id)).variableIds).toEqual([secret.id]);
  });

  it('answers the effective variables with the hosted service’s precedence', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const vars = service.client.variables;
    const sets = service.client.variableSets;
    await vars.create(ws.id, { key: 'own', value: 'workspace', category: 'terraform' });
    await vars.create(ws.id, { key: 'shared', value: 'workspace', category: 'terraform' });
    await vars.create(ws.id, { key: 'forced', value: 'workspace', category: 'terraform' });
    const global = await sets.create(ORG, { name: uniqueName('a-global'), global: true });
    await sets.createVariable(global.id, { key: 'from_global', value: 'global', category: 'env' });
    await sets.createVariable(global.id, { key: 'layered', value: 'global', category: 'terraform' });
    const project = await sets.create(ORG, { name: uniqueName('b-project'), projectIds: [ws.projectId] });
    await sets.createVariable(project.id, { key: 'layered', value: 'project', category: 'terraform' });
    const named = await sets.create(ORG, { name: uniqueName('c-named'), workspaceIds: [ws.id] });
    await sets.createVariable(named.id, { key: 'layered', value: 'named', category: 'terraform' });
    await sets.createVariable(named.id, { key: 'shared', value: 'named', category: 'terraform' });
    const priority = await sets.create(ORG, { name: uniqueName('d-priority'), priority: true, workspaceIds: [ws.id] });
    await sets.createVariable(priority.id, { key: 'forced', value: 'priority', category: 'terraform' });
    await sets.createVariable(priority.id, { key: 'hidden', value: SECRET, category: 'env', sensitive: true });

    const effective = await vars.listEffective(ws.id);
    const values = byKey(effective);
    expect(values).toMatchObject({
      'terraform:own': 'workspace',
      'terraform:shared': 'workspace',
      'terraform:forced': 'priority',
      'terraform:layered': 'named',
      'env:hidden': null,
    });
    expect(values['env:from_global']).toBe('global');
    expect(effective.find((v) => v.key === 'forced')?.variableSetId).toBe(priority.id);
    // Another workspace of the organization gets the global set only (and its project's set, when it shares the project).
    const otherValues = byKey(await vars.listEffective(other.id));
    expect(otherValues['terraform:own']).toBeUndefined();
    expect(otherValues['env:from_global']).toBe('global');
    expect((await service.request('GET', `/workspaces/${ws.id}/all-vars`)).text).not.toContain(SECRET);
    for (const set of [global, project, named, priority]) await sets.delete(set.id);
  });

  it('lets members read sets and only owners and workspace managers change them', async () => {
    const set = await service.client.variableSets.create(ORG, { name: uniqueName('perm') });
    const reader = service.clientFor(TOKENS.reader);
    expect((await reader.variableSets.read(set.id)).id).toBe(set.id);
    expect(await failure(reader.variableSets.update(set.id, { description: 'no' }))).toBeInstanceOf(ForbiddenError);
    expect(await failure(service.clientFor(TOKENS.admin).variableSets.createVariable(set.id, { key: 'k', value: 'v', category: 'env' }))).toBeInstanceOf(
      ForbiddenError,
    );
    expect(await failure(service.clientFor(TOKENS.outsider).variableSets.read(set.id))).toBeInstanceOf(NotFoundError);
    expect((await service.clientFor(TOKENS.org).variableSets.update(set.id, { description: 'by the organization token' })).description).toBe(
      'by the organization token',
    );
  });

  it('goes with its organization, and follows it when renamed', async () => {
    const admin = service.clientFor(SITE_ADMIN_TOKEN);
    const org = uniqueName('vsorg');
    const create = await service.request('POST', '/organizations', {
      token: SITE_ADMIN_TOKEN,
      body: { data: { type: 'organizations', attributes: { name: org, email: 'ops@example.com' } } },
    });
    expect(create.status).toBe(201);
    const set = await admin.variableSets.create(org, { name: 'moving' });
    const renamed = `${org}-2`;
    const rename = await service.request('PATCH', `/organizations/${org}`, {
      token: SITE_ADMIN_TOKEN,
      body: { data: { type: 'organizations', attributes: { name: renamed } } },
    });
    expect(rename.status).toBe(200);
    expect((await admin.variableSets.read(set.id)).organization).toBe(renamed);
    expect((await admin.variableSets.list(renamed)).items.map((s) => s.id)).toEqual([set.id]);
    expect((await service.request('DELETE', `/organizations/${renamed}`, { token: SITE_ADMIN_TOKEN })).status).toBe(204);
    expect(await failure(admin.variableSets.read(set.id))).toBeInstanceOf(NotFoundError);
  });
});
