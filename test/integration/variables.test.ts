// A workspace's variables through the client against the real service (SQLite, and PostgreSQL in
// the PostgreSQL pass): create, list, read, change, delete; the version ID; sensitive values that
// are never answered; the rules; who may read and change them; the older `/vars` paths.
import { ForbiddenError, NotFoundError, ValidationError, collect } from '../../src/client';
import { ORG, TOKENS } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { uniqueName } from '../helpers/workspace-assertions';

const service = useService();
const SECRET = 'variables-test-secret-7f3a9';

async function newWorkspace(): Promise<string> {
  return (await service.client.workspaces.create(ORG, { name: uniqueName('vars') })).id;
}

/** The error a promise is rejected with. */
async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('workspace variables through the client', () => {
  it('creates, lists, reads, changes and deletes variables', async () => {
    const ws = await newWorkspace();
    const region = await service.client.variables.create(ws, { key: 'region', value: 'eu-west-1', category: 'terraform', description: 'where' });
    expect(region).toMatchObject({
      key: 'region',
      value: 'eu-west-1',
      category: 'terraform',
      hcl: false,
      sensitive: false,
      description: 'where',
      workspaceId: ws,
    });
    expect(region.id).toMatch(/^var-/);
    const tags = await service.client.variables.create(ws, { key: 'tags', value: '{ team = "core" }', category: 'terraform', hcl: true });
    expect(tags.hcl).toBe(true);
    // Keys are case-sensitive: "Region" is another key, and the same key may be in both categories.
    await service.client.variables.create(ws, { key: 'Region', value: 'x', category: 'terraform' });
    await service.client.variables.create(ws, { key: 'region', value: 'y', category: 'env' });

    const page = await service.client.variables.list(ws);
    expect(page.items.map((v) => [v.key, v.category])).toEqual([
      ['region', 'terraform'],
      ['tags', 'terraform'],
      ['Region', 'terraform'],
      ['region', 'env'],
    ]);
    expect(page.pagination?.totalCount).toBe(4);
    expect((await collect(service.client.variables.listAll(ws))).length).toBe(4);
    expect(await service.client.variables.read(ws, region.id)).toMatchObject({ id: region.id, value: 'eu-west-1', versionId: region.versionId });

    const changed = await service.client.variables.update(ws, region.id, { value: 'eu-central-1' });
    expect(changed.value).toBe('eu-central-1');
    expect(changed.versionId).not.toBe(region.versionId);
    // The same value again, or another attribute, keeps the version.
    expect((await service.client.variables.update(ws, region.id, { value: 'eu-central-1' })).versionId).toBe(changed.versionId);
    expect((await service.client.variables.update(ws, region.id, { description: null })).versionId).toBe(changed.versionId);

    await service.client.variables.delete(ws, tags.id);
    expect(await failure(service.client.variables.read(ws, tags.id))).toBeInstanceOf(NotFoundError);
    expect((await service.client.variables.list(ws)).items.map((v) => v.id)).not.toContain(tags.id);
  });

  it('never answers a sensitive value, and gives a changed one a new version ID', async () => {
    const ws = await newWorkspace();
    const token = await service.client.variables.create(ws, { key: 'TOKEN', value: SECRET, category: 'env', sensitive: true });
    expect(token).toMatchObject({ key: 'TOKEN', sensitive: true, value: null });
    expect(token.raw.attributes.value).toBeNull();
    expect((await service.client.variables.read(ws, token.id)).value).toBeNull();
    const renamed = await service.client.variables.update(ws, token.id, { key: 'API_TOKEN' });
    expect([renamed.key, renamed.versionId]).toEqual(['API_TOKEN', token.versionId]);
    const rotated = await service.client.variables.update(ws, token.id, { value: `${SECRET}-2` });
    expect(rotated.versionId).not.toBe(token.versionId);
    const raw = await service.request('GET', `/workspaces/${ws}/vars`);
    expect(raw.text).not.toContain(SECRET);

    // A variable made sensitive stops answering its value; it cannot go back.
    const plain = await service.client.variables.create(ws, { key: 'later', value: 'was-plain', category: 'terraform' });
    expect((await service.client.variables.update(ws, plain.id, { sensitive: true })).value).toBeNull();
    const refused = await failure(service.client.variables.update(ws, plain.id, { sensitive: false }));
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.errors[0]).toMatchObject({ code: 'variable-stays-sensitive', source: { pointer: '/data/attributes/sensitive' } });
  });

  it('refuses what the hosted service refuses, naming the member and never the value', async () => {
    const ws = await newWorkspace();
    await service.client.variables.create(ws, { key: 'dup', value: SECRET, category: 'terraform', sensitive: true });
    const taken = await failure(service.client.variables.create(ws, { key: 'dup', value: SECRET, category: 'terraform' }));
    expect(taken.errors[0]).toMatchObject({ code: 'variable-key-taken', detail: 'Key has already been taken', source: { pointer: '/data/attributes/key' } });
    // The client refuses an HCL environment variable before sending; the service refuses it too.
    const local = await failure(service.client.variables.create(ws, { key: 'E', value: 'x', category: 'env', hcl: true }));
    expect([local.status, local.errors[0].source.pointer]).toEqual([0, '/data/attributes/hcl']);
    const body = (attributes: Record<string, unknown>) => ({ data: { type: 'vars', attributes } });
    const answers = [
      await service.request('POST', `/workspaces/${ws}/vars`, { body: body({ key: 'E', value: SECRET, category: 'env', hcl: true }) }),
      await service.request('POST', `/workspaces/${ws}/vars`, { body: body({ value: SECRET, category: 'env' }) }),
      await service.request('POST', `/workspaces/${ws}/vars`, { body: body({ key: '', value: SECRET, category: 'env' }) }),
      await service.request('POST', `/workspaces/${ws}/vars`, { body: body({ key: 'k', value: SECRET, category: 'policy' }) }),
      await service.request('POST', `/workspaces/${ws}/vars`, { body: body({ key: 'k', value: SECRET, category: 'env', description: 'd'.repeat(513) }) }),
      await service.request('POST', `/workspaces/${ws}/vars`, { body: body({ key: 'k', value: 12, category: 'env', sensitive: true }) }),
    ];
    expect(answers.map((a) => [a.status, a.body.errors[0].source?.pointer])).toEqual([
      [422, '/data/attributes/hcl'],
      [422, '/data/attributes/key'],
      [422, '/data/attributes/key'],
      [422, '/data/attributes/category'],
      [422, '/data/attributes/description'],
      [422, '/data/attributes/value'],
    ]);
    for (const answer of answers) expect(answer.text).not.toContain(SECRET);
  });

  it('lets writers change variables, refuses readers, and hides them from outsiders', async () => {
    const ws = await newWorkspace();
    const writer = service.clientFor(TOKENS.writer);
    const made = await writer.variables.create(ws, { key: 'by_writer', value: 'w', category: 'terraform' });
    expect((await writer.variables.list(ws)).items.map((v) => v.key)).toEqual(['by_writer']);
    // can-read-variable and can-update-variable are granted from write access (the workspace's permissions say so).
    const permissions = (await service.request('GET', `/workspaces/${ws}`, { token: TOKENS.reader })).body.data.attributes.permissions;
    expect([permissions['can-read-variable'], permissions['can-update-variable']]).toEqual([false, false]);
    const reader = service.clientFor(TOKENS.reader);
    expect(await failure(reader.variables.list(ws))).toBeInstanceOf(ForbiddenError);
    expect(await failure(reader.variables.update(ws, made.id, { value: 'r' }))).toBeInstanceOf(ForbiddenError);
    expect(await failure(service.clientFor(TOKENS.outsider).variables.read(ws, made.id))).toBeInstanceOf(NotFoundError);
    // A variable of another workspace is not found under this one.
    const other = await newWorkspace();
    expect(await failure(service.client.variables.read(other, made.id))).toBeInstanceOf(NotFoundError);
  });

  it('serves the older top-level /vars paths', async () => {
    const ws = await newWorkspace();
    const name = (await service.client.workspaces.readById(ws)).name;
    const made = await service.client.variables.createOfWorkspace(ws, { key: 'old_style', value: 'v1', category: 'terraform' });
    expect(made.workspaceId).toBe(ws);
    expect((await service.client.variables.listByWorkspaceName({ organization: ORG, workspace: name })).items.map((v) => v.id)).toEqual([made.id]);
    expect((await service.client.variables.updateById(made.id, { value: 'v2' })).value).toBe('v2');
    await service.client.variables.deleteById(made.id);
    expect((await service.client.variables.list(ws)).items).toEqual([]);
    const missingFilter = await service.request('GET', `/vars?filter%5Borganization%5D%5Bname%5D=${ORG}`);
    expect(missingFilter.status).toBe(400);
  });

  it('deletes a workspace’s variables with it', async () => {
    const ws = await newWorkspace();
    const made = await service.client.variables.create(ws, { key: 'gone', value: 'x', category: 'terraform' });
    await service.client.workspaces.deleteById(ws);
    expect((await service.request('PATCH', `/vars/${made.id}`, { body: { data: { type: 'vars', attributes: { value: 'y' } } } })).status).toBe(404);
  });
});
