// Organizations through the API (docs/service.md "Organizations"): a site administrator creates,
// renames and deletes them, owners change them, members see them; a delete takes everything the
// organization held; the bootstrap file's organizations keep working; include=organization.
import { organizationDocumentSchema, entitlementSetDocumentSchema, ENTITLEMENTS_ALWAYS } from '../../src/contract';
import { createWorkspace } from '../helpers/fixtures';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { uniqueName } from '../helpers/workspace-assertions';

const SITE_ADMIN = 'site-admin-token';

const service = useService(() => {
  const bootstrap = defaultBootstrap();
  bootstrap.users.push({ username: 'root', id: 'user-root', 'site-admin': true, tokens: [SITE_ADMIN] });
  return { bootstrap };
});

const organizationBody = (attributes: Record<string, unknown>) => ({ data: { type: 'organizations', attributes } });

async function createOrganization(attributes: Record<string, unknown> = {}): Promise<string> {
  const name = uniqueName('org');
  const response = await service.request('POST', '/organizations', {
    token: SITE_ADMIN,
    body: organizationBody({ name, email: `${name}@example.com`, ...attributes }),
  });
  expect(response.status).toBe(201);
  return name;
}

describe('create', () => {
  it('answers the organization as the hosted service shows it, and show answers the same', async () => {
    const name = uniqueName('org');
    const created = await service.request('POST', '/organizations', {
      token: SITE_ADMIN,
      body: organizationBody({ name, email: 'ops@example.com', 'session-timeout': 60 }),
    });
    expect(created.status).toBe(201);
    const document = organizationDocumentSchema.parse(created.body);
    expect(document.data).toMatchObject({
      id: name,
      type: 'organizations',
      attributes: {
        name,
        email: 'ops@example.com',
        'session-timeout': 60,
        'session-remember': null,
        'collaborator-auth-policy': 'password',
        'external-id': expect.stringMatching(/^org-/),
        permissions: { 'can-update': true, 'can-destroy': true },
      },
    });
    expect(Date.parse(document.data.attributes['created-at']!)).not.toBeNaN();
    const shown = await service.request('GET', `/organizations/${name}`, { token: SITE_ADMIN });
    expect(shown.body).toEqual(created.body);
  });

  it('makes its creator an owner: workspaces can be created in it at once', async () => {
    const name = await createOrganization();
    const workspace = await createWorkspace(service, {}, {}, SITE_ADMIN, name);
    expect(workspace.relationships?.organization).toMatchObject({ data: { id: name, type: 'organizations' } });
  });

  it('is what a site administrator may do, and says so in its account details', async () => {
    const account = async (token: string) => (await service.request('GET', '/account/details', { token })).body.data.attributes.permissions;
    expect((await account(SITE_ADMIN))['can-create-organizations']).toBe(true);
    expect((await account(TOKENS.owner))['can-create-organizations']).toBe(false);
  });

  it('needs a site administrator (403 site-admin-required), even for an owner', async () => {
    const response = await service.request('POST', '/organizations', {
      token: TOKENS.owner,
      body: organizationBody({ name: uniqueName('org'), email: 'a@b.c' }),
    });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('site-admin-required');
  });

  it('refuses a taken name, a bad name and a missing email with 422', async () => {
    const taken = await service.request('POST', '/organizations', { token: SITE_ADMIN, body: organizationBody({ name: ORG, email: 'a@b.c' }) });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({ code: 'organization-name-taken', detail: 'Name has already been taken' });
    const badName = await service.request('POST', '/organizations', { token: SITE_ADMIN, body: organizationBody({ name: '! / nope', email: 'a@b.c' }) });
    expect(badName.status).toBe(422);
    expect(badName.body.errors[0].source.pointer).toBe('/data/attributes/name');
    const noEmail = await service.request('POST', '/organizations', { token: SITE_ADMIN, body: organizationBody({ name: uniqueName('org') }) });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.errors[0].source.pointer).toBe('/data/attributes/email');
  });

  it('refuses a name that differs from a taken one only by case, naming the existing spelling (create and rename)', async () => {
    const upper = ORG.toUpperCase();
    const created = await service.request('POST', '/organizations', { token: SITE_ADMIN, body: organizationBody({ name: upper, email: 'a@b.c' }) });
    expect(created.status).toBe(422);
    expect(created.body.errors[0]).toMatchObject({ code: 'organization-name-taken', source: { pointer: '/data/attributes/name' } });
    expect(created.body.errors[0].detail).toContain(`"${ORG}"`);
    const name = await createOrganization();
    const renamed = await service.request('PATCH', `/organizations/${name}`, { token: SITE_ADMIN, body: organizationBody({ name: upper }) });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors[0].detail).toContain(`"${ORG}"`);
    const listed = await service.request('GET', '/organizations?page[size]=100', { token: SITE_ADMIN });
    expect(listed.body.data.map((o: { id: string }) => o.id)).not.toContain(upper);
    // An organization may still change the case of its own name.
    const ownCase = await service.request('PATCH', `/organizations/${name}`, { token: SITE_ADMIN, body: organizationBody({ name: name.toUpperCase() }) });
    expect(ownCase.status).toBe(200);
    expect(ownCase.body.data.id).toBe(name.toUpperCase());
  });
});

describe('list and show', () => {
  it('lists what the caller belongs to; a site administrator sees every organization', async () => {
    const name = await createOrganization();
    const asOwner = await service.request('GET', '/organizations', { token: TOKENS.owner });
    expect(asOwner.body.data.map((o: { id: string }) => o.id)).toEqual([ORG]);
    expect(asOwner.body.meta.pagination).toMatchObject({ 'current-page': 1, 'total-count': 1 });
    const asSiteAdmin = await service.request('GET', '/organizations?page[size]=100', { token: SITE_ADMIN });
    expect(asSiteAdmin.body.data.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([ORG, 'freeco', name]));
  });

  it('answers 404 for an organization the caller does not belong to, as for one that does not exist', async () => {
    const name = await createOrganization();
    expect((await service.request('GET', `/organizations/${name}`, { token: TOKENS.owner })).status).toBe(404);
    expect((await service.request('GET', '/organizations/no-such-org', { token: SITE_ADMIN })).status).toBe(404);
  });

  it('shows a bootstrap organization to its members, with their permissions', async () => {
    const owner = await service.request('GET', `/organizations/${ORG}`, { token: TOKENS.owner });
    expect(owner.status).toBe(200);
    expect(owner.body.data.attributes.permissions).toMatchObject({ 'can-update': true, 'can-destroy': false });
    const reader = await service.request('GET', `/organizations/${ORG}`, { token: TOKENS.reader });
    expect(reader.body.data.attributes.permissions).toMatchObject({ 'can-update': false, 'can-destroy': false, 'can-create-workspace': false });
  });

  it('answers the entitlement set: every feature, and assessments by tier', async () => {
    const plus = entitlementSetDocumentSchema.parse((await service.request('GET', `/organizations/${ORG}/entitlement-set`)).body);
    for (const feature of ENTITLEMENTS_ALWAYS) expect(plus.data.attributes[feature]).toBe(true);
    expect(plus.data.attributes.assessments).toBe(true);
    const organization = await service.request('GET', `/organizations/${ORG}`);
    expect(plus.data.id).toBe(organization.body.data.attributes['external-id']);
    const free = await service.request('GET', '/organizations/freeco/entitlement-set', { token: TOKENS.outsider });
    expect(free.body.data.attributes.assessments).toBe(false);
    expect((await service.request('GET', '/organizations/freeco/entitlement-set', { token: TOKENS.owner })).status).toBe(404);
  });
});

describe('update', () => {
  it('changes only what it sends; a reader may not', async () => {
    const name = await createOrganization({ 'session-remember': 120 });
    const updated = await service.request('PATCH', `/organizations/${name}`, { token: SITE_ADMIN, body: organizationBody({ email: 'new@example.com' }) });
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({ email: 'new@example.com', 'session-remember': 120 });
    const reader = await service.request('PATCH', `/organizations/${ORG}`, { token: TOKENS.reader, body: organizationBody({ email: 'x@example.com' }) });
    expect(reader.status).toBe(403);
  });

  it('renames: the workspaces, SSH keys and lists move with it, the old name is gone', async () => {
    const name = await createOrganization();
    const workspace = await createWorkspace(service, {}, {}, SITE_ADMIN, name);
    const key = await service.request('POST', `/organizations/${name}/ssh-keys`, {
      token: SITE_ADMIN,
      body: { data: { type: 'ssh-keys', attributes: { name: 'deploy', value: 'PRIVATE KEY' } } },
    });
    const renamed = uniqueName('org');
    const response = await service.request('PATCH', `/organizations/${name}`, { token: SITE_ADMIN, body: organizationBody({ name: renamed }) });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(renamed);
    expect((await service.request('GET', `/organizations/${name}`, { token: SITE_ADMIN })).status).toBe(404);
    const shown = await service.request('GET', `/workspaces/${workspace.id}`, { token: SITE_ADMIN });
    expect(shown.body.data.relationships.organization.data.id).toBe(renamed);
    const list = await service.request('GET', `/organizations/${renamed}/workspaces`, { token: SITE_ADMIN });
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([workspace.id]);
    expect(list.body.meta.pagination['total-count']).toBe(1);
    const keys = await service.request('GET', `/organizations/${renamed}/ssh-keys`, { token: SITE_ADMIN });
    expect(keys.body.data.map((k: { id: string }) => k.id)).toEqual([key.body.data.id]);
  });
});

describe('delete', () => {
  it('needs a site administrator, and removes everything the organization held', async () => {
    const name = await createOrganization();
    const workspace = await createWorkspace(service, {}, {}, SITE_ADMIN, name);
    const key = await service.request('POST', `/organizations/${name}/ssh-keys`, {
      token: SITE_ADMIN,
      body: { data: { type: 'ssh-keys', attributes: { name: 'deploy', value: 'PRIVATE KEY' } } },
    });
    expect((await service.request('DELETE', `/organizations/${ORG}`, { token: TOKENS.owner })).status).toBe(403);

    expect((await service.request('DELETE', `/organizations/${name}`, { token: SITE_ADMIN })).status).toBe(204);
    expect((await service.request('GET', `/organizations/${name}`, { token: SITE_ADMIN })).status).toBe(404);
    expect((await service.request('GET', `/workspaces/${workspace.id}`, { token: SITE_ADMIN })).status).toBe(404);
    expect((await service.request('GET', `/ssh-keys/${key.body.data.id}`, { token: SITE_ADMIN })).status).toBe(404);
    expect((await service.request('DELETE', `/organizations/${name}`, { token: SITE_ADMIN })).status).toBe(404);

    // A new organization of the same name starts empty.
    await service.request('POST', '/organizations', { token: SITE_ADMIN, body: organizationBody({ name, email: 'a@b.c' }) });
    const list = await service.request('GET', `/organizations/${name}/workspaces`, { token: SITE_ADMIN });
    expect(list.body.data).toEqual([]);
    expect(list.body.meta.pagination['total-count']).toBe(0);
  });
});

describe('include=organization on workspaces', () => {
  it('adds the organization with its attributes to show and to list', async () => {
    const workspace = await createWorkspace(service);
    const shown = await service.request('GET', `/workspaces/${workspace.id}?include=organization`);
    expect(shown.body.included).toEqual([expect.objectContaining({ id: ORG, type: 'organizations' })]);
    const organization = await service.request('GET', `/organizations/${ORG}`);
    expect(shown.body.included[0]).toEqual(organization.body.data);
    const listed = await service.request('GET', `/organizations/${ORG}/workspaces?include=organization`);
    expect(listed.body.included).toEqual([organization.body.data]);
  });
});
