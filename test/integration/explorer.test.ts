// Explorer bulk action creating change requests (spec "Create change requests (explorer bulk
// action)", "Explorer bulk action"; decisions 4, 5, 13).
import { randomInt } from 'node:crypto';
import { explorerBulkActionDocumentSchema } from '../../src/contract';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { addFlatTags, createWorkspace, workspaceRelationships } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { acmeOf, editedBootstrap, expectError, loadSample, uniqueName } from '../helpers/workspace-assertions';

const GINA = 'gina-token';
// Digits only after the letter: a random hex part can spell a needle of the queries below ("db").
const prefix = `q-${randomInt(1e9, 1e10)}`;
const names = { dev: `${prefix}-dev-api`, prod: `${prefix}-prod-api`, devdb: `${prefix}-dev-db` };
const ids: Record<string, string> = {};

const service = useService({
  bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
    b.users.push({ username: 'gina', id: 'user-gina', tokens: [GINA] });
    acmeOf(b).teams.push({ name: 'devs', members: ['gina'], 'workspace-access': [{ workspace: names.dev, access: 'read' }] });
  }),
});
beforeAll(async () => {
  ids.dev = (await createWorkspace(service, { name: names.dev })).id;
  ids.prod = (await createWorkspace(service, { name: names.prod }, workspaceRelationships({ project: 'prj-platform' }))).id;
  ids.devdb = (await createWorkspace(service, { name: names.devdb })).id;
  await addFlatTags(service, ids.dev, ['team-api', 'dev']);
  await addFlatTags(service, ids.prod, ['team-api', 'prod']);
});

const bulkPath = (organization = ORG) => `/organizations/${organization}/explorer/bulk-actions`;
const inputs = { subject: 'Pin the actions', message: 'Some *markdown*' };
const bulk = (attributes: Record<string, unknown>, token: string = TOKENS.owner, organization = ORG) =>
  service.request('POST', bulkPath(organization), {
    token,
    body: { data: { type: 'bulk_actions', attributes: { action_type: 'change_requests', action_inputs: inputs, ...attributes } } },
  });
const ours = (workspaceIds: string[]) => workspaceIds.filter((id) => Object.values(ids).includes(id)).sort();
const expected = (...keys: string[]) => keys.map((k) => ids[k]).sort();
async function requestsOf(id: string): Promise<any[]> {
  return (await service.request('GET', `/workspaces/${id}/change-requests`)).body.data;
}

describe('creating change requests by target IDs', () => {
  it('answers 201 with an explorer bulk action in the shape of the sample', async () => {
    const ws = await createWorkspace(service);
    const response = await bulk({ target_ids: [ws.id] });
    expect(response.status).toBe(201);
    expect(explorerBulkActionDocumentSchema.safeParse(response.body).success).toBe(true);
    const sample = loadSample('explorer-bulk-actions-change-request').response_body.data;
    expect(Object.keys(response.body.data).sort()).toEqual(Object.keys(sample).sort());
    expect(Object.keys(response.body.data.attributes).sort()).toEqual(Object.keys(sample.attributes).sort());
    expect(response.body.data.id).toMatch(/^eba-/);
    expect(response.body.data.attributes).toEqual({
      organization_id: ORG,
      action_type: 'change_requests',
      action_inputs: inputs,
      created_by: { id: 'user-alice', type: 'users' },
    });
  });

  it('creates one unarchived change request per workspace, ignoring repeated IDs', async () => {
    const a = await createWorkspace(service);
    const b = await createWorkspace(service);
    const response = await bulk({ target_ids: [a.id, b.id, a.id] });
    expect(response.body.meta['workspace-ids']).toEqual([a.id, b.id]);
    for (const ws of [a, b]) {
      const list = await requestsOf(ws.id);
      expect(list).toHaveLength(1);
      expect(list[0].attributes).toMatchObject({ subject: inputs.subject, message: inputs.message, 'archived-at': null });
    }
  });

  it('accepts the members directly under data and echoes action_type as sent', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('POST', bulkPath(), {
      body: { data: { type: 'bulk_actions', action_type: 'change_request', action_inputs: inputs, target_ids: [ws.id] } },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.action_type).toBe('change_request');
    expect(await requestsOf(ws.id)).toHaveLength(1);
  });

  it('answers 404 for a workspace the caller cannot see and creates nothing', async () => {
    const hidden = await createWorkspace(service);
    const seen = ids.dev;
    const before = (await requestsOf(seen)).length;
    expectError(await bulk({ target_ids: [seen, hidden.id] }, GINA), 404);
    expectError(await bulk({ target_ids: [seen, 'ws-nothing'] }), 404);
    expect(await requestsOf(seen)).toHaveLength(before);
    expect(await requestsOf(hidden.id)).toHaveLength(0);
  });

  it('names the organization token as creator when it is the caller', async () => {
    const ws = await createWorkspace(service);
    const response = await bulk({ target_ids: [ws.id] }, TOKENS.org);
    expect(response.body.data.attributes.created_by).toEqual({ id: ORG, type: 'organizations' });
  });
});

describe('creating change requests by query', () => {
  const nested = (field: string, operator: string, values?: string[]) => ({ [field]: { [operator]: values ?? [] } });
  const flat = (field: string, operator: string, value?: string[]) => ({ field, operator, ...(value ? { value } : {}) });
  const targets = async (filter: unknown[], token: string = TOKENS.owner) => {
    const response = await bulk({ query: { type: 'workspaces', filter } }, token);
    expect(response.status).toBe(201);
    return ours(response.body.meta['workspace-ids']);
  };

  it('accepts the sample payloads of both documented filter shapes', async () => {
    for (const sample of ['explorer-bulk-actions-change-request', 'explorer-bulk-actions-change-request-tdc-2025-06']) {
      const response = await service.request('POST', bulkPath(), { body: loadSample(sample).request_body });
      expect(response.status).toBe(201);
      expect(ours(response.body.meta['workspace-ids'])).toEqual(expected('dev', 'devdb'));
    }
  });

  it.each([
    ['workspace_name is', [nested('workspace_name', 'is', [names.prod])], ['prod']],
    ['workspace_name is_not', [nested('workspace_name', 'contains', [prefix]), nested('workspace_name', 'is_not', [names.prod])], ['dev', 'devdb']],
    ['workspace_name contains (any value)', [flat('workspace_name', 'contains', [`${prefix}-dev-a`, `${prefix}-PROD`])], ['dev', 'prod']],
    ['workspace_name does_not_contain', [flat('workspace_name', 'contains', [prefix]), flat('workspace_name', 'does_not_contain', ['api'])], ['devdb']],
    ['project_name is', [nested('workspace_name', 'contains', [prefix]), nested('project_name', 'is', ['platform'])], ['prod']],
    ['project_name is_not', [nested('workspace_name', 'contains', [prefix]), nested('project_name', 'is_not', ['platform'])], ['dev', 'devdb']],
    ['tag_names is', [nested('workspace_name', 'contains', [prefix]), nested('tag_names', 'is', ['TEAM-API'])], ['dev', 'prod']],
    ['tag_names is_not', [nested('workspace_name', 'contains', [prefix]), nested('tag_names', 'is_not', ['prod'])], ['dev', 'devdb']],
    ['tag_names contains', [nested('workspace_name', 'contains', [prefix]), nested('tag_names', 'contains', ['ro'])], ['prod']],
    ['tag_names does_not_contain', [nested('workspace_name', 'contains', [prefix]), nested('tag_names', 'does_not_contain', ['team'])], ['devdb']],
    ['tag_names is_empty', [nested('workspace_name', 'contains', [prefix]), flat('tag_names', 'is_empty')], ['devdb']],
    ['tag_names is_not_empty', [nested('workspace_name', 'contains', [prefix]), nested('tag_names', 'is_not_empty')], ['dev', 'prod']],
    ['two operators on one field', [{ workspace_name: { contains: [prefix], does_not_contain: ['db'] } }], ['dev', 'prod']],
  ])('selects workspaces with %s', async (_label, filter, keys) => {
    expect(await targets(filter)).toEqual(expected(...keys));
  });

  it('selects only workspaces the caller can see', async () => {
    expect(await targets([nested('workspace_name', 'contains', [prefix])], GINA)).toEqual(expected('dev'));
  });

  it('answers 201 and creates nothing when nothing matches', async () => {
    const response = await bulk({ query: { filter: [nested('workspace_name', 'is', ['no-such-workspace-anywhere'])] } });
    expect(response.status).toBe(201);
    expect(response.body.meta['change-request-ids']).toEqual([]);
  });
});

describe('refused bulk actions', () => {
  it.each([
    ['neither target_ids nor query', {}],
    ['both target_ids and query', { target_ids: ['ws-x'], query: { filter: [] } }],
    ['empty target_ids', { target_ids: [] }],
    ['target_ids that are not strings', { target_ids: [1, 2] }],
    ['an unknown action_type', { action_type: 'delete_everything', target_ids: ['ws-x'] }],
    ['a missing subject', { action_inputs: { message: 'm' }, target_ids: ['ws-x'] }],
    ['an empty subject', { action_inputs: { subject: '', message: 'm' }, target_ids: ['ws-x'] }],
    ['a subject with a NUL character', { action_inputs: { subject: 'a\u0000b', message: 'm' }, target_ids: ['ws-x'] }],
    ['a missing message', { action_inputs: { subject: 's' }, target_ids: ['ws-x'] }],
    ['an unknown field', { query: { filter: [{ owner_name: { is: ['x'] } }] } }],
    ['an unknown operator', { query: { filter: [{ field: 'workspace_name', operator: 'like', value: ['x'] }] } }],
    ['an operator without values', { query: { filter: [{ workspace_name: { is: [] } }] } }],
    ['values that are not an array', { query: { filter: [{ field: 'workspace_name', operator: 'is', value: 'x' }] } }],
    ['a filter entry that is not an object', { query: { filter: ['workspace_name'] } }],
    ['a query type other than workspaces', { query: { type: 'projects', filter: [] } }],
  ])('answers 422 for %s', async (_label, attributes) => {
    expectError(await bulk(attributes), 422);
  });

  it('answers 422 for a data.type other than bulk_actions', async () => {
    const response = await service.request('POST', bulkPath(), {
      body: { data: { type: 'explorer_bulk_actions', attributes: { action_type: 'change_requests', action_inputs: inputs, target_ids: [ids.dev] } } },
    });
    expectError(response, 422, '/data/type');
  });

  it('answers 400 to a body that is not JSON', async () => {
    expectError(await service.request('POST', bulkPath(), { rawBody: '{"data":' }), 400);
  });

  it('answers 404 for an organization whose tier lacks change requests', async () => {
    const created = await service.request('POST', '/organizations/freeco/workspaces', {
      token: TOKENS.outsider,
      body: { data: { type: 'workspaces', attributes: { name: uniqueName('free') } } },
    });
    expectError(await bulk({ target_ids: [created.body.data.id] }, TOKENS.outsider, 'freeco'), 404);
  });

  it('answers 404 to a caller outside the organization and 401 without a token', async () => {
    expectError(await bulk({ target_ids: [ids.dev] }, TOKENS.outsider), 404);
    expectError(await service.request('POST', bulkPath(), { token: null, body: {} }), 401);
  });
});
