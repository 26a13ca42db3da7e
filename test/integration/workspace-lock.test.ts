// Lock, unlock, force unlock — spec "States and transitions" (lock table), "Lock", "Unlock",
// "Force unlock"; decisions 6, 13, 22; a state version waiting for its state holds the lock (issue 33).
import { TOKENS } from '../helpers/service';
import { createPendingStateVersion, createStateVersion, createWorkspace, inlineStateVersionBody, putToAddress, terraformState } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { errorDetail, expectError, expectWorkspaceDocument, loadSample, showWorkspace } from '../helpers/workspace-assertions';

const service = useService();

const lock = (id: string, token: string = TOKENS.owner, body?: unknown) => service.request('POST', `/workspaces/${id}/actions/lock`, { token, body });
const unlock = (id: string, token: string = TOKENS.owner) => service.request('POST', `/workspaces/${id}/actions/unlock`, { token });
const forceUnlock = (id: string, token: string = TOKENS.owner) => service.request('POST', `/workspaces/${id}/actions/force-unlock`, { token });

describe('locking', () => {
  it('locks an unlocked workspace with the reason given and answers the workspace document', async () => {
    const ws = await createWorkspace(service);
    const response = await lock(ws.id, TOKENS.owner, loadSample('ws-lock').request_body);
    expect(response.status).toBe(200);
    expectWorkspaceDocument(response.body.data);
    expect(response.body.data.attributes.locked).toBe(true);
    expect(response.body.data.attributes['locked-reason']).toBe('Locking workspace-1');
    expect(response.body.data.relationships['locked-by'].data).toEqual({ id: 'user-alice', type: 'users' });
    const shown = (await showWorkspace(service, ws.id)).body.data;
    expect(shown.attributes.locked).toBe(true);
    expect(shown.relationships['locked-by'].data).toEqual({ id: 'user-alice', type: 'users' });
  });

  it('uses an empty reason when none is sent', async () => {
    const ws = await createWorkspace(service);
    const response = await lock(ws.id);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes['locked-reason']).toBe('');
  });

  it('refuses to lock a locked workspace with 409 "Workspace is already locked"', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id, TOKENS.owner, { reason: 'first' });
    const response = await lock(ws.id, TOKENS.owner, { reason: 'second' });
    expectError(response, 409);
    expect(errorDetail(response)).toBe('Workspace is already locked');
    expect((await showWorkspace(service, ws.id)).body.data.attributes['locked-reason']).toBe('first');
  });

  it('refuses a second lock by another user and keeps the first locker', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id, TOKENS.writer);
    expectError(await lock(ws.id, TOKENS.admin), 409);
    expect((await showWorkspace(service, ws.id)).body.data.relationships['locked-by'].data).toEqual({ id: 'user-carol', type: 'users' });
  });

  it('answers 404 for a workspace that does not exist', async () => {
    expectError(await lock('ws-doesnotexist0000'), 404);
  });

  it('refuses a reason that is not a string with 422', async () => {
    const ws = await createWorkspace(service);
    expectError(await lock(ws.id, TOKENS.owner, { reason: 42 }), 422);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(false);
  });

  it('lets exactly one of 20 concurrent lock requests win', async () => {
    const ws = await createWorkspace(service);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => lock(ws.id, i % 2 ? TOKENS.writer : TOKENS.admin)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
  });
});

describe('unlocking', () => {
  it('unlocks a workspace locked by the caller', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id, TOKENS.writer, { reason: 'apply' });
    const response = await unlock(ws.id, TOKENS.writer);
    expect(response.status).toBe(200);
    expectWorkspaceDocument(response.body.data);
    expect(response.body.data.attributes.locked).toBe(false);
    expect(response.body.data.relationships['locked-by'].data).toBeNull();
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(false);
  });

  it('refuses to unlock an unlocked workspace with 409 "Workspace is already unlocked"', async () => {
    const ws = await createWorkspace(service);
    const response = await unlock(ws.id);
    expectError(response, 409);
    expect(errorDetail(response)).toBe('Workspace is already unlocked');
  });

  it('refuses to unlock a workspace locked by another user with 409 naming the locker', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id, TOKENS.owner);
    const response = await unlock(ws.id, TOKENS.writer);
    expectError(response, 409);
    expect(errorDetail(response)).toBe('Workspace is locked by User alice');
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(true);
  });

  it('answers 404 for a workspace that does not exist', async () => {
    expectError(await unlock('ws-doesnotexist0000'), 404);
  });

  it('answers 503 while the latest state version waits for its state, and unlocks once it has arrived', async () => {
    const ws = await createWorkspace(service);
    const state = terraformState();
    const sv = await createPendingStateVersion(service, ws.id, state);
    const refused = await unlock(ws.id);
    expectError(refused, 503);
    expect(errorDetail(refused)).toContain('latest state version is still pending');
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(true);

    expect((await putToAddress(service, sv.attributes['hosted-state-upload-url'], state)).status).toBe(200);
    const response = await unlock(ws.id);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.locked).toBe(false);
    expect(response.body.data.relationships['current-state-version'].data).toEqual({ id: sv.id, type: 'state-versions' });
  });

  it('looks only at the latest state version: a newer one replaces one still waiting', async () => {
    const ws = await createWorkspace(service);
    const older = await createPendingStateVersion(service, ws.id);
    const created = await service.request('POST', `/workspaces/${ws.id}/state-versions`, { body: inlineStateVersionBody(terraformState()) });
    expect(created.status).toBe(201);
    expect((await service.request('GET', `/state-versions/${older.id}`)).body.data.attributes.status).toBe('discarded');
    const response = await unlock(ws.id);
    expect(response.status).toBe(200);
    expect(response.body.data.relationships['current-state-version'].data.id).toBe(created.body.data.id);
  });

  it('moves latest-change-at to the new state version', async () => {
    const ws = await createWorkspace(service);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const sv = await createStateVersion(service, ws.id);
    const response = await showWorkspace(service, ws.id);
    expect(response.body.data.relationships['current-state-version'].data.id).toBe(sv.id);
    expect(Date.parse(response.body.data.attributes['latest-change-at'])).toBeGreaterThan(Date.parse(ws.attributes['created-at']!));
  });
});

describe('force unlocking', () => {
  it('lets a workspace admin unlock a workspace locked by someone else', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id, TOKENS.writer);
    const response = await forceUnlock(ws.id, TOKENS.admin);
    expect(response.status).toBe(200);
    expectWorkspaceDocument(response.body.data);
    expect(response.body.data.attributes.locked).toBe(false);
  });

  it('unlocks even while the latest state version waits for its state, which is then discarded', async () => {
    const ws = await createWorkspace(service);
    const sv = await createPendingStateVersion(service, ws.id, terraformState(), TOKENS.writer);
    const response = await forceUnlock(ws.id, TOKENS.admin);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.locked).toBe(false);
    expect((await service.request('GET', `/state-versions/${sv.id}`)).body.data.attributes.status).toBe('discarded');
    expect((await putToAddress(service, sv.attributes['hosted-state-upload-url'], terraformState())).status).toBe(404);
  });

  it('refuses to force unlock an unlocked workspace with 409', async () => {
    const ws = await createWorkspace(service);
    expectError(await forceUnlock(ws.id), 409);
  });

  it('answers 404 to a writer, who has no admin access, and keeps the lock', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id, TOKENS.owner);
    expectError(await forceUnlock(ws.id, TOKENS.writer), 404);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(true);
  });

  it('answers 404 for a workspace that does not exist', async () => {
    expectError(await forceUnlock('ws-doesnotexist0000'), 404);
  });

  it('lets the locker lock again after a force unlock', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id, TOKENS.writer);
    await forceUnlock(ws.id);
    expectError(await unlock(ws.id, TOKENS.writer), 409);
    expect((await lock(ws.id, TOKENS.writer)).status).toBe(200);
  });
});

describe('who may lock', () => {
  it.each([
    ['the owner', TOKENS.owner],
    ['a workspace admin', TOKENS.admin],
    ['a writer', TOKENS.writer],
    ['the organization token', TOKENS.org],
  ])('lets %s lock and unlock', async (_label, token) => {
    const ws = await createWorkspace(service);
    expect((await lock(ws.id, token)).status).toBe(200);
    expect((await unlock(ws.id, token)).status).toBe(200);
  });

  it('answers 404 to a reader trying to lock, and leaves the workspace unlocked', async () => {
    const ws = await createWorkspace(service);
    expectError(await lock(ws.id, TOKENS.reader), 404);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(false);
  });

  it('answers 404 to a reader trying to unlock', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id);
    expectError(await unlock(ws.id, TOKENS.reader), 404);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(true);
  });

  it('answers 404 to a user outside the organization', async () => {
    const ws = await createWorkspace(service);
    expectError(await lock(ws.id, TOKENS.outsider), 404);
    await lock(ws.id);
    expectError(await unlock(ws.id, TOKENS.outsider), 404);
    expectError(await forceUnlock(ws.id, TOKENS.outsider), 404);
  });

  it('keeps a lock by the organization token from being released by a user', async () => {
    const ws = await createWorkspace(service);
    expect((await lock(ws.id, TOKENS.org)).status).toBe(200);
    expectError(await unlock(ws.id, TOKENS.owner), 409);
    expect((await unlock(ws.id, TOKENS.org)).status).toBe(200);
  });

  it('keeps a lock by a user from being released by the organization token', async () => {
    const ws = await createWorkspace(service);
    await lock(ws.id, TOKENS.writer);
    expectError(await unlock(ws.id, TOKENS.org), 409);
    expect((await showWorkspace(service, ws.id)).body.data.attributes.locked).toBe(true);
  });
});
