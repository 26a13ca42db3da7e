// Emulator controls under /_emulator — architecture "Emulator controls"; decision 15.
import { TOKENS } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { showWorkspace } from '../helpers/workspace-assertions';

const service = useService();

const emulator = (method: string, path: string, body?: unknown, token: string | null = TOKENS.emulator) =>
  service.request(method, `/_emulator${path}`, { token, body });

describe('resource counts', () => {
  it('sets resource-count of a workspace and answers 200 with the count in JSON', async () => {
    const ws = await createWorkspace(service);
    const response = await emulator('POST', `/workspaces/${ws.id}/resources`, { count: 7 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('json');
    expect(response.body).toEqual({ id: ws.id, 'resource-count': 7 });
    expect((await showWorkspace(service, ws.id)).body.data.attributes['resource-count']).toBe(7);
  });

  it('makes the workspace not destroyable while it manages resources', async () => {
    const ws = await createWorkspace(service);
    await emulator('POST', `/workspaces/${ws.id}/resources`, { count: 1 });
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`)).status).toBe(409);
    await emulator('POST', `/workspaces/${ws.id}/resources`, { count: 0 });
    expect((await showWorkspace(service, ws.id)).body.data.attributes['resource-count']).toBe(0);
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/safe-delete`)).status).toBe(204);
  });

  it.each([
    ['a negative count', { count: -1 }],
    ['a fractional count', { count: 1.5 }],
    ['a count that is a string', { count: '3' }],
    ['no count', {}],
  ])('refuses %s with a 4xx and keeps the count', async (_label, body) => {
    const ws = await createWorkspace(service);
    const response = await emulator('POST', `/workspaces/${ws.id}/resources`, body);
    expect([400, 422]).toContain(response.status);
    expect((await showWorkspace(service, ws.id)).body.data.attributes['resource-count']).toBe(0);
  });

  it('answers 404 for a workspace that does not exist', async () => {
    const response = await emulator('POST', '/workspaces/ws-doesnotexist0000/resources', { count: 1 });
    expect(response.status).toBe(404);
  });
});

describe('intermediate state versions', () => {
  it('adds an unfinalized state version and answers its sv- ID', async () => {
    const ws = await createWorkspace(service);
    const response = await emulator('POST', `/workspaces/${ws.id}/intermediate-state-versions`, { finalized: false });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    expect(response.body).toMatchObject({ id: expect.stringMatching(/^sv-[A-Za-z0-9]+$/) });
  });

  it('gives each state version its own ID', async () => {
    const ws = await createWorkspace(service);
    const a = await emulator('POST', `/workspaces/${ws.id}/intermediate-state-versions`, { finalized: false });
    const b = await emulator('POST', `/workspaces/${ws.id}/intermediate-state-versions`, { finalized: false });
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('finalizes a state version', async () => {
    const ws = await createWorkspace(service);
    const sv = (await emulator('POST', `/workspaces/${ws.id}/intermediate-state-versions`, { finalized: false })).body.id;
    const response = await emulator('POST', `/state-versions/${sv}/finalize`);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
  });

  it('answers 404 when finalizing a state version that does not exist', async () => {
    expect((await emulator('POST', '/state-versions/sv-doesnotexist000/finalize')).status).toBe(404);
  });

  it('answers 404 when adding a state version to a workspace that does not exist', async () => {
    expect((await emulator('POST', '/workspaces/ws-doesnotexist0000/intermediate-state-versions', { finalized: false })).status).toBe(404);
  });

  it('keeps unlock refused until the state version is finalized', async () => {
    const ws = await createWorkspace(service);
    await service.request('POST', `/workspaces/${ws.id}/actions/lock`);
    const sv = (await emulator('POST', `/workspaces/${ws.id}/intermediate-state-versions`, { finalized: false })).body.id;
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/unlock`)).status).toBe(503);
    await emulator('POST', `/state-versions/${sv}/finalize`);
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/unlock`)).status).toBe(200);
  });

  it('accepts a finalized state version, which does not block unlock', async () => {
    const ws = await createWorkspace(service);
    await service.request('POST', `/workspaces/${ws.id}/actions/lock`);
    const response = await emulator('POST', `/workspaces/${ws.id}/intermediate-state-versions`, { finalized: true });
    expect(response.body.id).toMatch(/^sv-/);
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/unlock`)).status).toBe(200);
  });
});

describe('notifications', () => {
  it('lists notifications as {"data": [...]}', async () => {
    const response = await emulator('GET', '/notifications');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.data)).toBe(true);
  });
});

describe('access to the controls', () => {
  it.each([
    ['the owner', TOKENS.owner],
    ['the organization token', TOKENS.org],
    ['a workspace admin', TOKENS.admin],
  ])('refuses %s, whose token is not an emulator admin token', async (_label, token) => {
    const ws = await createWorkspace(service);
    const response = await emulator('POST', `/workspaces/${ws.id}/resources`, { count: 9 }, token);
    expect([401, 403, 404]).toContain(response.status);
    expect((await showWorkspace(service, ws.id)).body.data.attributes['resource-count']).toBe(0);
    const notifications = await emulator('GET', '/notifications', undefined, token);
    expect([401, 403, 404]).toContain(notifications.status);
  });

  it('answers 401 without a token', async () => {
    const ws = await createWorkspace(service);
    expect((await emulator('POST', `/workspaces/${ws.id}/resources`, { count: 9 }, null)).status).toBe(401);
    expect((await emulator('GET', '/notifications', undefined, null)).status).toBe(401);
  });

  it('answers malformed JSON with 400', async () => {
    const ws = await createWorkspace(service);
    const response = await service.request('POST', `/_emulator/workspaces/${ws.id}/resources`, { token: TOKENS.emulator, rawBody: '{"count":' });
    expect(response.status).toBe(400);
  });

  it('answers an unknown control with 404', async () => {
    expect((await emulator('POST', '/explode', {})).status).toBe(404);
  });
});
