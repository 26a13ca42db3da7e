// Data retention policies (spec "Data retention policy"; decisions 5, 13, 17, 25; shapes from the
// ws-data-retention-policy-*.json samples). Only the self-hosted edition has them.
import { dataRetentionPolicyDocumentSchema } from '../../src/contract';
import { TOKENS, defaultBootstrap } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { editedBootstrap, expectError, loadSample, uniqueName } from '../helpers/workspace-assertions';

const path = (id: string) => `/workspaces/${id}/relationships/data-retention-policy`;
const deleteOlder = (days: unknown, spelling = 'deleteOlderThanNDays') => ({
  data: { type: 'data-retention-policy-delete-olders', attributes: { [spelling]: days } },
});
const dontDelete = { data: { type: 'data-retention-policy-dont-deletes', attributes: {} } };

describe('on the hosted edition', () => {
  const hosted = useService();

  it('answers 404 to GET, POST and DELETE, as the feature does not exist there', async () => {
    const ws = await createWorkspace(hosted);
    expectError(await hosted.request('GET', path(ws.id)), 404);
    expectError(await hosted.request('POST', path(ws.id), { body: deleteOlder(30) }), 404);
    expectError(await hosted.request('DELETE', path(ws.id)), 404);
  });
});

describe('on the self-hosted edition', () => {
  const service = useService({
    bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
      b.edition = 'self-hosted';
      b.organizations.push(
        {
          name: 'keepco',
          tier: 'plus',
          settings: { 'data-retention-policy': { 'delete-older-than-n-days': 60 } },
          teams: [{ name: 'owners', owners: true, members: ['alice'] }],
        },
        {
          name: 'hoardco',
          tier: 'plus',
          settings: { 'data-retention-policy': { type: 'dont-delete' } },
          teams: [{ name: 'owners', owners: true, members: ['alice'] }],
        },
      );
    }),
  });

  const inOrg = async (organization: string) => {
    const response = await service.request('POST', `/organizations/${organization}/workspaces`, {
      body: { data: { type: 'workspaces', attributes: { name: uniqueName() } } },
    });
    expect(response.status).toBe(201);
    return response.body.data;
  };

  it('answers {"data": null} when neither the workspace nor its organization has a policy', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('GET', path(ws.id));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: null });
  });

  it('shows the organization default, targeting the organization, when the workspace has none', async () => {
    const ws = await inOrg('keepco');
    const response = await service.request('GET', path(ws.id));
    expect(response.status).toBe(200);
    expect(dataRetentionPolicyDocumentSchema.safeParse(response.body).success).toBe(true);
    const sample = loadSample('ws-data-retention-policy-show').response_body.data;
    expect(Object.keys(response.body.data).sort()).toEqual(Object.keys(sample).sort());
    expect(response.body.data).toMatchObject({
      type: 'data-retention-policy-delete-olders',
      attributes: { 'delete-older-than-n-days': 60 },
      relationships: { target: { data: { id: 'keepco', type: 'organizations' } } },
    });
    expect(response.body.data.id).toMatch(/^drp-/);
    const dont = await service.request('GET', path((await inOrg('hoardco')).id));
    expect(dont.body.data).toMatchObject({ type: 'data-retention-policy-dont-deletes', attributes: {} });
  });

  it('creates a delete-older policy with 201 in the shape of the sample, then shows it', async () => {
    const ws = await createWorkspace(service);
    const sample = loadSample('ws-data-retention-policy-set-delete-older');
    const created = await service.request('POST', path(ws.id), { body: sample.request_body });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(Object.keys(sample.response_body.data).sort());
    expect(created.body.data).toMatchObject({
      type: 'data-retention-policy-delete-olders',
      attributes: { 'delete-older-than-n-days': 33 },
      relationships: { target: { data: { id: ws.id, type: 'workspaces' } } },
    });
    expect((await service.request('GET', path(ws.id))).body).toEqual(created.body);
  });

  it('updates the policy with 200, keeping its ID, and accepts the kebab-case attribute', async () => {
    const ws = await createWorkspace(service);
    const created = await service.request('POST', path(ws.id), { body: deleteOlder(10) });
    const updated = await service.request('POST', path(ws.id), { body: deleteOlder(20, 'delete-older-than-n-days') });
    expect(updated.status).toBe(200);
    expect(updated.body.data.id).toBe(created.body.data.id);
    expect(updated.body.data.attributes['delete-older-than-n-days']).toBe(20);
    const switched = await service.request('POST', path(ws.id), { body: dontDelete });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({ type: 'data-retention-policy-dont-deletes', attributes: {} });
  });

  it('lets an explicit policy win over the organization default, and DELETE bring the default back', async () => {
    const ws = await inOrg('keepco');
    expect((await service.request('POST', path(ws.id), { body: dontDelete })).status).toBe(201);
    expect((await service.request('GET', path(ws.id))).body.data.type).toBe('data-retention-policy-dont-deletes');
    const removed = await service.request('DELETE', path(ws.id));
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await service.request('GET', path(ws.id))).body.data.relationships.target.data.type).toBe('organizations');
  });

  it('answers 204 to a DELETE when there is no explicit policy', async () => {
    const ws = await createWorkspace(service);
    expect((await service.request('DELETE', path(ws.id))).status).toBe(204);
  });

  it.each([
    ['a missing number of days', { data: { type: 'data-retention-policy-delete-olders', attributes: {} } }],
    ['zero days', deleteOlder(0)],
    ['a fraction of a day', deleteOlder(1.5)],
    ['days as a string', deleteOlder('30')],
    ['more than 36500 days', deleteOlder(36501)],
    ['an unknown type', { data: { type: 'data-retention-policies', attributes: {} } }],
    ['no data member', {}],
  ])('answers 422 for %s and changes nothing', async (_label, body) => {
    const ws = await createWorkspace(service);
    expectError(await service.request('POST', path(ws.id), { body }), 422);
    expect((await service.request('GET', path(ws.id))).body).toEqual({ data: null });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const ws = await createWorkspace(service);
    expectError(await service.request('POST', path(ws.id), { rawBody: '{' }), 400);
  });

  it('lets a reader read the policy but refuses its POST and DELETE with 403', async () => {
    const ws = await createWorkspace(service);
    await service.request('POST', path(ws.id), { body: deleteOlder(5) });
    expect((await service.request('GET', path(ws.id), { token: TOKENS.reader })).status).toBe(200);
    expectError(await service.request('POST', path(ws.id), { body: deleteOlder(6), token: TOKENS.writer }), 403);
    expectError(await service.request('DELETE', path(ws.id), { token: TOKENS.reader }), 403);
    expect((await service.request('GET', path(ws.id))).body.data.attributes['delete-older-than-n-days']).toBe(5);
  });

  it('lets a workspace admin and the organization token set and remove policies', async () => {
    const ws = await createWorkspace(service);
    expect((await service.request('POST', path(ws.id), { body: deleteOlder(7), token: TOKENS.admin })).status).toBe(201);
    expect((await service.request('DELETE', path(ws.id), { token: TOKENS.org })).status).toBe(204);
  });

  it('answers 404 to a caller outside the organization and for a missing workspace', async () => {
    const ws = await createWorkspace(service);
    expectError(await service.request('GET', path(ws.id), { token: TOKENS.outsider }), 404);
    expectError(await service.request('POST', path(ws.id), { body: dontDelete, token: TOKENS.outsider }), 404);
    expectError(await service.request('GET', path('ws-missing')), 404);
  });
});
