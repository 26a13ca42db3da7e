// What go-tfe v1.109's workspace, organization, organization-tag and agent pool tests need of the
// service (docs/compatibility.md "go-tfe's newest tests"): agent pools, the organization's tags,
// settings and data retention policy, flat tags on create, key-only tag filters, the admin plan
// endpoints, and the 404 that names an endpoint the service does not serve.
import { ERRORS, agentPoolDocumentSchema, agentPoolListDocumentSchema, flatTagListDocumentSchema, organizationDocumentSchema } from '../../src/contract';
import { ORG, TOKENS } from '../helpers/service';
import { addTagBindings, createOrganization, createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { SITE_ADMIN_TOKEN, validRequestsBootstrap } from '../helpers/valid-requests';
import { uniqueName } from '../helpers/workspace-assertions';

// The self-hosted edition (data retention policies) with a site administrator.
const service = useService(() => ({ bootstrap: validRequestsBootstrap() }));

const poolBody = (name: string, extra: Record<string, unknown> = {}) => ({ data: { type: 'agent-pools', attributes: { name }, ...extra } });
const orgUpdate = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) => ({
  data: { type: 'organizations', attributes, ...(relationships ? { relationships } : {}) },
});

async function createPool(organization = ORG, token: string = TOKENS.owner): Promise<string> {
  const created = await service.request('POST', `/organizations/${organization}/agent-pools`, { token, body: poolBody(uniqueName('pool')) });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

describe('agent pools', () => {
  it('are created, listed, shown, renamed, limited and deleted', async () => {
    const name = uniqueName('pool');
    const created = await service.request('POST', `/organizations/${ORG}/agent-pools`, { body: poolBody(name, {}) });
    expect(created.status).toBe(201);
    expect(agentPoolDocumentSchema.parse(created.body).data.attributes).toMatchObject({ name, 'agent-count': 0, 'organization-scoped': true });
    const id = created.body.data.id;
    expect(id).toMatch(/^apool-/);
    expect(Date.parse(created.body.data.attributes['created-at'])).toBeGreaterThan(Date.now() - 60_000);

    const listed = await service.request('GET', `/organizations/${ORG}/agent-pools?q=${encodeURIComponent(name)}`);
    expect(agentPoolListDocumentSchema.parse(listed.body).data.map((pool) => pool.id)).toEqual([id]);
    // The bootstrap file's pool is listed beside it.
    const all = await service.request('GET', `/organizations/${ORG}/agent-pools`);
    expect(all.body.data.map((pool: { id: string }) => pool.id)).toEqual(expect.arrayContaining(['apool-main', id]));

    const ws = await createWorkspace(service);
    const updated = await service.request('PATCH', `/agent-pools/${id}`, {
      body: {
        data: {
          type: 'agent-pools',
          attributes: { name: `${name}-renamed`, 'organization-scoped': false },
          relationships: { 'allowed-workspaces': { data: [{ type: 'workspaces', id: ws.id }] } },
        },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({ name: `${name}-renamed`, 'organization-scoped': false });
    expect(updated.body.data.relationships['allowed-workspaces'].data).toEqual([{ type: 'workspaces', id: ws.id }]);
    expect((await service.request('GET', `/agent-pools/${id}`)).body.data.attributes.name).toBe(`${name}-renamed`);

    // A workspace may name the new pool: the workspace rules read the same list.
    const agentWs = await service.request('POST', `/organizations/${ORG}/workspaces`, {
      body: {
        data: {
          type: 'workspaces',
          attributes: { name: uniqueName('agent-ws'), 'execution-mode': 'agent', 'agent-pool-id': id },
        },
      },
    });
    expect([agentWs.status, agentWs.body.data?.attributes?.['execution-mode']]).toEqual([201, 'agent']);

    expect((await service.request('DELETE', `/agent-pools/${id}`)).status).toBe(204);
    expect((await service.request('GET', `/agent-pools/${id}`)).status).toBe(404);
  });

  it('refuses a second pool of one name, a reader’s writes and an outsider’s reads', async () => {
    const name = uniqueName('pool');
    expect((await service.request('POST', `/organizations/${ORG}/agent-pools`, { body: poolBody(name) })).status).toBe(201);
    const again = await service.request('POST', `/organizations/${ORG}/agent-pools`, { body: poolBody(name) });
    expect([again.status, again.body.errors[0].code]).toEqual([409, ERRORS.conflict.code]);
    const byReader = await service.request('POST', `/organizations/${ORG}/agent-pools`, { token: TOKENS.reader, body: poolBody(uniqueName('pool')) });
    expect(byReader.status).toBe(403);
    const id = await createPool();
    expect((await service.request('GET', `/agent-pools/${id}`, { token: TOKENS.outsider })).status).toBe(404);
    expect((await service.request('DELETE', `/agent-pools/${id}`, { token: TOKENS.reader })).status).toBe(403);
  });
});

describe("the organization's settings", () => {
  it('takes default-execution-mode with a default agent pool, and drops the pool with another mode', async () => {
    const organization = await createOrganization(service, SITE_ADMIN_TOKEN);
    const pool = await createPool(organization, SITE_ADMIN_TOKEN);
    const poolRelationship = { 'default-agent-pool': { data: { type: 'agent-pools', id: pool } } };
    const path = `/organizations/${organization}`;

    const remoteWithPool = await service.request('PATCH', path, { token: SITE_ADMIN_TOKEN, body: orgUpdate({}, poolRelationship) });
    expect([remoteWithPool.status, remoteWithPool.body.errors[0].detail]).toEqual([
      422,
      "the default agent pool must not be specified unless using 'agent' execution mode",
    ]);
    const agentWithout = await service.request('PATCH', path, { token: SITE_ADMIN_TOKEN, body: orgUpdate({ 'default-execution-mode': 'agent' }) });
    expect(agentWithout.status).toBe(422);

    const agent = await service.request('PATCH', path, { token: SITE_ADMIN_TOKEN, body: orgUpdate({ 'default-execution-mode': 'agent' }, poolRelationship) });
    expect(agent.status).toBe(200);
    expect(organizationDocumentSchema.parse(agent.body).data.attributes['default-execution-mode']).toBe('agent');
    expect(agent.body.data.relationships['default-agent-pool'].data).toEqual({ type: 'agent-pools', id: pool });
    // The default pool cannot be deleted from under the organization.
    expect((await service.request('DELETE', `/agent-pools/${pool}`, { token: SITE_ADMIN_TOKEN })).status).toBe(409);

    const local = await service.request('PATCH', path, { token: SITE_ADMIN_TOKEN, body: orgUpdate({ 'default-execution-mode': 'local' }) });
    expect([local.body.data.attributes['default-execution-mode'], local.body.data.relationships['default-agent-pool'].data]).toEqual(['local', null]);
    expect((await service.request('DELETE', `/agent-pools/${pool}`, { token: SITE_ADMIN_TOKEN })).status).toBe(204);
  });

  it('answers the settings go-tfe reads, and keeps what create and update send', async () => {
    const name = uniqueName('org');
    const created = await service.request('POST', '/organizations', {
      token: SITE_ADMIN_TOKEN,
      body: {
        data: {
          type: 'organizations',
          attributes: { name, email: `${name}@example.com`, 'allow-force-delete-workspaces': true, 'default-execution-mode': 'local' },
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      'allow-force-delete-workspaces': true,
      'default-execution-mode': 'local',
      'user-tokens-enabled': true,
      'aggregated-commit-status-enabled': false,
      'speculative-plan-management-enabled': true,
      'remaining-testable-count': 1000,
    });
    expect(created.body.data.attributes.permissions['can-manage-run-tasks']).toBe(true);
    const updated = await service.request('PATCH', `/organizations/${name}`, {
      token: SITE_ADMIN_TOKEN,
      body: orgUpdate({ 'aggregated-commit-status-enabled': true, 'speculative-plan-management-enabled': false, 'allow-force-delete-workspaces': false }),
    });
    expect(updated.body.data.attributes).toMatchObject({
      'aggregated-commit-status-enabled': true,
      'speculative-plan-management-enabled': false,
      'allow-force-delete-workspaces': false,
      'default-execution-mode': 'local',
    });
    const entitlements = await service.request('GET', `/organizations/${name}/entitlement-set`, { token: SITE_ADMIN_TOKEN });
    expect(entitlements.body.data.attributes['run-tasks']).toBe(true);
  });
});

describe("the organization's data retention policy (self-hosted edition)", () => {
  it('is set, named by the organization’s relationship, replaced and removed', async () => {
    const organization = await createOrganization(service, SITE_ADMIN_TOKEN);
    const path = `/organizations/${organization}/relationships/data-retention-policy`;
    const read = () => service.request('GET', `/organizations/${organization}`, { token: SITE_ADMIN_TOKEN });
    expect((await read()).body.data.relationships['data-retention-policy'].data).toBeNull();

    const body = { data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': 33 } } };
    const set = await service.request('POST', path, { token: SITE_ADMIN_TOKEN, body });
    expect([set.status, set.body.data.attributes['delete-older-than-n-days']]).toEqual([201, 33]);
    expect((await read()).body.data.relationships['data-retention-policy'].data).toEqual({ id: set.body.data.id, type: 'data-retention-policy-delete-olders' });

    const dontDelete = await service.request('POST', path, { token: SITE_ADMIN_TOKEN, body: { data: { type: 'data-retention-policy-dont-deletes' } } });
    expect(dontDelete.status).toBe(200);
    expect((await service.request('GET', path, { token: SITE_ADMIN_TOKEN })).body.data.type).toBe('data-retention-policy-dont-deletes');

    expect((await service.request('DELETE', path, { token: SITE_ADMIN_TOKEN })).status).toBe(204);
    expect((await service.request('GET', path, { token: SITE_ADMIN_TOKEN })).body.data).toBeNull();
    expect((await service.request('POST', path, { token: TOKENS.owner, body })).status).toBe(404);
  });

  it("shows a workspace's own policy as its data-retention-policy relationship", async () => {
    const ws = await createWorkspace(service);
    expect((await service.request('GET', `/workspaces/${ws.id}`)).body.data.relationships['data-retention-policy'].data).toBeNull();
    const set = await service.request('POST', `/workspaces/${ws.id}/relationships/data-retention-policy`, {
      body: { data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': 5 } } },
    });
    expect(set.status).toBe(201);
    const shown = await service.request('GET', `/workspaces/${ws.id}`);
    expect(shown.body.data.relationships['data-retention-policy'].data).toEqual({ id: set.body.data.id, type: 'data-retention-policy-delete-olders' });
  });
});

describe("the organization's flat tags", () => {
  it('are listed (q, excluding a workspace’s), put on workspaces and deleted', async () => {
    const prefix = uniqueName('otag').toLowerCase();
    const tagged = await service.request('POST', `/organizations/${ORG}/workspaces`, {
      body: {
        data: {
          type: 'workspaces',
          attributes: { name: uniqueName('ws') },
          relationships: {
            tags: {
              data: [
                { type: 'tags', attributes: { name: `${prefix}-a` } },
                { type: 'tags', attributes: { name: `${prefix}-B` } },
              ],
            },
          },
        },
      },
    });
    // Flat tags sent on create are kept (lowercased), as go-tfe's Tags option expects.
    expect([tagged.status, tagged.body.data.attributes['tag-names']]).toEqual([201, [`${prefix}-a`, `${prefix}-b`]]);

    const listed = await service.request('GET', `/organizations/${ORG}/tags?q=${prefix}`);
    expect(flatTagListDocumentSchema.parse(listed.body).data.map((tag) => [tag.attributes.name, tag.attributes['instance-count']])).toEqual([
      [`${prefix}-a`, 1],
      [`${prefix}-b`, 1],
    ]);
    const other = await createWorkspace(service);
    const excluded = await service.request('GET', `/organizations/${ORG}/tags?q=${prefix}&filter[exclude][taggable][id]=${tagged.body.data.id}`);
    expect(excluded.body.data).toEqual([]);

    const [a, b] = listed.body.data.map((tag: { id: string }) => tag.id);
    expect((await service.request('POST', `/tags/${a}/relationships/workspaces`, { body: { data: [{ type: 'workspaces', id: other.id }] } })).status).toBe(204);
    expect((await service.request('GET', `/workspaces/${other.id}`)).body.data.attributes['tag-names']).toEqual([`${prefix}-a`]);
    expect(
      (await service.request('POST', `/tags/tag-nosuchtag/relationships/workspaces`, { body: { data: [{ type: 'workspaces', id: other.id }] } })).status,
    ).toBe(404);

    expect((await service.request('DELETE', `/organizations/${ORG}/tags`, { token: TOKENS.reader, body: { data: [{ type: 'tags', id: b }] } })).status).toBe(
      403,
    );
    expect((await service.request('DELETE', `/organizations/${ORG}/tags`, { body: { data: [{ type: 'tags', id: a }] } })).status).toBe(204);
    expect((await service.request('GET', `/workspaces/${other.id}`)).body.data.attributes['tag-names']).toEqual([]);
    expect((await service.request('GET', `/organizations/${ORG}/tags?q=${prefix}`)).body.data.map((tag: { id: string }) => tag.id)).toEqual([b]);
  });
});

describe('a key-only tag binding filter', () => {
  it('matches every value of the key when the value is sent empty, as go-tfe sends it', async () => {
    const key = uniqueName('key').toLowerCase();
    const [one, two] = [await createWorkspace(service), await createWorkspace(service)];
    await addTagBindings(service, one.id, { [key]: 'a' });
    await addTagBindings(service, two.id, { [key]: 'b' });
    const ids = async (query: string) =>
      (await service.request('GET', `/organizations/${ORG}/workspaces?${query}`)).body.data.map((ws: { id: string }) => ws.id).sort();
    expect(await ids(`filter[tagged][0][key]=${key}&filter[tagged][0][value]=`)).toEqual([one.id, two.id].sort());
    expect(await ids(`filter[tagged][0][key]=${key}&filter[tagged][0][value]=b`)).toEqual([two.id]);
  });
});

describe('the admin plan endpoints', () => {
  it('list the plans and give an organization one, for site administrators only', async () => {
    const sets = await service.request('GET', '/admin/feature-sets?q=Business', { token: SITE_ADMIN_TOKEN });
    expect(sets.body.data).toEqual([{ id: 'fs-business', type: 'feature-sets', attributes: { name: 'Business' } }]);
    expect((await service.request('GET', '/admin/feature-sets')).status).toBe(403);

    const organization = await createOrganization(service, SITE_ADMIN_TOKEN);
    const body = (id: string) => ({
      data: { type: 'subscription', attributes: { 'runs-ceiling': 1 }, relationships: { 'feature-set': { data: { type: 'feature-sets', id } } } },
    });
    const given = await service.request('POST', `/admin/organizations/${organization}/subscription`, { token: SITE_ADMIN_TOKEN, body: body('fs-business') });
    expect([given.status, given.body.data.type]).toEqual([201, 'subscriptions']);
    const org = await service.request('GET', `/organizations/${organization}`, { token: SITE_ADMIN_TOKEN });
    expect(org.body.data.attributes['plan-identifier']).toBe('plus');
    expect(
      (await service.request('POST', `/admin/organizations/${organization}/subscription`, { token: SITE_ADMIN_TOKEN, body: body('fs-nope') })).status,
    ).toBe(422);
    expect((await service.request('POST', `/admin/organizations/${organization}/subscription`, { body: body('fs-free') })).status).toBe(403);
  });
});

describe('an endpoint the service does not serve', () => {
  it('answers a JSON:API 404 that says so, with its own code', async () => {
    const response = await service.request('POST', '/workspaces/ws-abc/configuration-versions', { body: {} });
    expect(response.status).toBe(404);
    expect(response.body.errors[0]).toMatchObject({
      status: '404',
      code: ERRORS.notServed.code,
      detail: 'POST /api/v2/workspaces/ws-abc/configuration-versions is not served by this service (see docs/compatibility.md)',
    });
  });
});
