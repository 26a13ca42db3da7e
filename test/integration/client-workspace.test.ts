// The client's workspace calls against the real service on a loopback port.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import {
  Client,
  ForbiddenError,
  NameTakenError,
  NotFoundError,
  RateLimitedError,
  StateVersionPendingError,
  UnauthorizedError,
  ValidationError,
  WorkspaceLockedByOtherError,
  WorkspaceLockedError,
  WorkspaceNotLockedError,
  WorkspaceNotSafeToDeleteError,
  collect,
} from '../../src/client';
import { ERRORS, LOCK_HOLDER_META } from '../../src/contract';
import { ORG, TOKENS } from '../helpers/service';
import { useService, withService } from '../helpers/use-service';
import { uniqueName } from '../helpers/workspace-assertions';
import { createStateVersion, md5Of, putToAddress, terraformState } from '../helpers/fixtures';

const service = useService();

describe('creating and reading workspaces', () => {
  it('creates a workspace with camelCase options sent as kebab-case attributes', async () => {
    const name = uniqueName('create');
    const ws = await service.client.workspaces.create(ORG, {
      name,
      description: 'made by the client',
      executionMode: 'agent',
      agentPoolId: 'apool-main',
      autoApply: true,
      engineVersion: '1.9.4',
      vcsRepo: { identifier: 'acme/networking', oauthTokenId: 'ot-github', branch: 'main' },
      settingOverwrites: { executionMode: true, agentPool: true },
      projectId: 'prj-platform',
      tagBindings: [{ key: 'env', value: 'prod' }],
      sourceName: 'cdkws tests',
      triggerPrefixes: ['modules/'],
    });
    expect(ws).toMatchObject({
      name,
      organization: ORG,
      description: 'made by the client',
      executionMode: 'agent',
      agentPoolId: 'apool-main',
      autoApply: true,
      engineVersion: '1.9.4',
      projectId: 'prj-platform',
      sourceName: 'cdkws tests',
      triggerPrefixes: ['modules/'],
      locked: false,
      settingOverwrites: { executionMode: true, agentPool: true },
    });
    expect(ws.id).toMatch(/^ws-/);
    expect(ws.vcsRepo).toMatchObject({ identifier: 'acme/networking', oauthTokenId: 'ot-github', branch: 'main' });
    expect(ws.raw.attributes['auto-apply']).toBe(true);
    expect(await service.client.tagBindings.list(ws.id)).toEqual([expect.objectContaining({ key: 'env', value: 'prod' })]);
  });

  it('reads a workspace by name and by ID with the same result', async () => {
    const created = await service.client.workspaces.create(ORG, { name: uniqueName('read') });
    const byName = await service.client.workspaces.read(ORG, created.name);
    const byId = await service.client.workspaces.readById(created.id);
    expect(byName.id).toBe(created.id);
    expect(byId).toEqual(byName);
    expect(byId.permissions?.['can-update']).toBe(true);
  });

  it('reads included resources when asked to', async () => {
    const created = await service.client.workspaces.create(ORG, { name: uniqueName('include') });
    const ws = await service.client.workspaces.readById(created.id, { include: ['organization', 'project'] });
    expect(ws.id).toBe(created.id);
  });

  it('rejects options that break the spec before anything is sent', async () => {
    const error = await service.client.workspaces.create(ORG, { name: 'has spaces', autoDestroyActivityDuration: '0d' }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(0);
    expect(error.pointers).toEqual(expect.arrayContaining(['/data/attributes/name', '/data/attributes/auto-destroy-activity-duration']));
    const agentWithoutPool = await service.client.workspaces.create(ORG, { name: uniqueName('agent'), executionMode: 'agent' }).catch((e) => e);
    expect(agentWithoutPool.pointers).toEqual(['/data/attributes/agent-pool-id']);
  });

  it('reports a taken name as a validation error pointing at the name', async () => {
    const name = uniqueName('taken');
    await service.client.workspaces.create(ORG, { name });
    const error = await service.client.workspaces.create(ORG, { name }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(422);
    expect(error.pointers).toEqual(['/data/attributes/name']);
    expect(error.detail).toBe('Name has already been taken');
    // Identified by the error object's code, so callers need not match the words.
    expect(error).toBeInstanceOf(NameTakenError);
    expect([error.code, error.errorName]).toEqual([ERRORS.nameTaken.code, 'nameTaken']);
  });
});

describe('listing workspaces', () => {
  const prefix = uniqueName('list');
  beforeAll(async () => {
    for (let i = 0; i < 5; i++)
      await service.client.workspaces.create(ORG, { name: `${prefix}-${i}`, tagBindings: i % 2 === 0 ? [{ key: 'parity', value: 'even' }] : [] });
    await service.client.tags.add((await service.client.workspaces.read(ORG, `${prefix}-1`)).id, ['odd-one']);
  });

  it('returns one page with its pagination', async () => {
    const page = await service.client.workspaces.list(ORG, { search: prefix, pageSize: 2, pageNumber: 2, sort: 'name' });
    expect(page.items.map((w) => w.name)).toEqual([`${prefix}-2`, `${prefix}-3`]);
    expect(page.pagination).toMatchObject({ currentPage: 2, totalCount: 5, totalPages: 3, nextPage: 3, prevPage: 1 });
  });

  it('iterates over every page', async () => {
    const names: string[] = [];
    const pages: number[] = [];
    const original = service.client.workspaces.list.bind(service.client.workspaces);
    const spy = jest.spyOn(service.client.workspaces, 'list').mockImplementation(async (org, options) => {
      pages.push(options?.pageSize ?? 0);
      return original(org, options);
    });
    for await (const ws of service.client.workspaces.listAll(ORG, { search: prefix, sort: 'name' })) names.push(ws.name);
    spy.mockRestore();
    expect(names).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix}-${i}`));
    expect(pages).toEqual([100]);
  });

  it('filters by key-value tags and flat tags', async () => {
    const even = await collect(service.client.workspaces.listAll(ORG, { search: prefix, tagBindings: [{ key: 'parity', value: 'even' }] }));
    expect(even.map((w) => w.name).sort()).toEqual([0, 2, 4].map((i) => `${prefix}-${i}`));
    const tagged = await service.client.workspaces.list(ORG, { tags: ['odd-one'] });
    expect(tagged.items.map((w) => w.name)).toEqual([`${prefix}-1`]);
    const excluded = await collect(service.client.workspaces.listAll(ORG, { search: prefix, excludeTags: ['odd-one'] }));
    expect(excluded).toHaveLength(4);
  });
});

describe('updating workspaces', () => {
  it('updates by ID, clearing nullable attributes sent as null', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('upd'), description: 'before', workingDirectory: 'infra' });
    const updated = await service.client.workspaces.updateById(ws.id, {
      description: null,
      workingDirectory: null,
      autoApply: true,
      autoDestroyAt: new Date('2030-01-01T00:00:00.000Z'),
    });
    expect(updated).toMatchObject({ description: null, workingDirectory: null, autoApply: true, autoDestroyAt: '2030-01-01T00:00:00.000Z' });
  });

  it('renames by name and answers with the new name', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('old') });
    const newName = uniqueName('new');
    const renamed = await service.client.workspaces.update(ORG, ws.name, { name: newName });
    expect(renamed).toMatchObject({ id: ws.id, name: newName });
    await expect(service.client.workspaces.read(ORG, ws.name)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('assigns and unassigns an SSH key', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('ssh') });
    expect((await service.client.workspaces.assignSshKey(ws.id, 'sshkey-deploy')).sshKeyId).toBe('sshkey-deploy');
    expect((await service.client.workspaces.unassignSshKey(ws.id)).sshKeyId).toBeNull();
  });

  it('reports a forbidden settings change to a writer', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('forbid') });
    await expect(service.clientFor(TOKENS.writer).workspaces.updateById(ws.id, { autoApply: true })).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('locking', () => {
  it('locks with a reason, then unlocks', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('lock') });
    const locked = await service.client.workspaces.lock(ws.id, { reason: 'deploying' });
    expect(locked).toMatchObject({ locked: true, lockedReason: 'deploying', lockedBy: { id: 'user-alice', type: 'users' } });
    expect((await service.client.workspaces.unlock(ws.id)).locked).toBe(false);
  });

  it('fails with WorkspaceLockedError when the workspace is already locked', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('locked') });
    await service.client.workspaces.lock(ws.id);
    const error = await service.client.workspaces.lock(ws.id).catch((e) => e);
    expect(error).toBeInstanceOf(WorkspaceLockedError);
    expect(error.code).toBe(ERRORS.workspaceAlreadyLocked.code);
  });

  it('names who holds the lock when someone else locked it', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('other') });
    await service.clientFor(TOKENS.writer).workspaces.lock(ws.id, { reason: 'carol works' });
    const error = await service.client.workspaces.unlock(ws.id).catch((e) => e);
    expect(error).toBeInstanceOf(WorkspaceLockedByOtherError);
    expect(error.holder).toBe('User carol');
    expect(error.code).toBe(ERRORS.workspaceLockedByOther.code);
    expect(error.errors[0].meta?.[LOCK_HOLDER_META]).toBe('User carol');
    expect((await service.client.workspaces.forceUnlock(ws.id)).locked).toBe(false);
  });

  it('fails with WorkspaceNotLockedError on a first unlock of an unlocked workspace', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('unlocked') });
    await expect(service.client.workspaces.unlock(ws.id)).rejects.toBeInstanceOf(WorkspaceNotLockedError);
    await expect(service.client.workspaces.forceUnlock(ws.id)).rejects.toBeInstanceOf(WorkspaceNotLockedError);
  });

  it('retries an unlock answered 503 until the state version is finalized', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('pending') });
    await service.client.workspaces.lock(ws.id);
    const state = terraformState();
    const sv = await service.request('POST', `/workspaces/${ws.id}/state-versions`, {
      body: { data: { type: 'state-versions', attributes: { serial: 1, lineage: 'lineage-fixture', md5: md5Of(state) } } },
    });
    expect(sv.status).toBe(201);
    const impatient = service.clientFor(TOKENS.owner, { retry: false });
    await expect(impatient.workspaces.unlock(ws.id)).rejects.toBeInstanceOf(StateVersionPendingError);
    const patient = service.clientFor(TOKENS.owner, { retry: { maxRetries: 8, baseDelayMs: 20, maxDelayMs: 100 } });
    const unlocking = patient.workspaces.unlock(ws.id);
    await new Promise((r) => setTimeout(r, 60));
    expect((await putToAddress(service, sv.body.data.attributes['hosted-state-upload-url'], state)).status).toBe(200);
    expect((await unlocking).locked).toBe(false);
  });
});

describe('deleting', () => {
  it('safe deletes by name and by ID', async () => {
    const a = await service.client.workspaces.create(ORG, { name: uniqueName('sd') });
    const b = await service.client.workspaces.create(ORG, { name: uniqueName('sd') });
    await service.client.workspaces.safeDelete(ORG, a.name);
    await service.client.workspaces.safeDeleteById(b.id);
    await expect(service.client.workspaces.readById(a.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.client.workspaces.readById(b.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a safe delete while resources are managed, and says so', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('res') });
    await createStateVersion(service, ws.id, terraformState({ resources: 3 }));
    const error = await service.client.workspaces.safeDeleteById(ws.id).catch((e) => e);
    expect(error).toBeInstanceOf(WorkspaceNotSafeToDeleteError);
    expect(error.reason).toBe('resources-managed');
    expect(error.code).toBe(ERRORS.workspaceManagesResources.code);
    expect(error.message).toContain('still managing resources');
  });

  it('refuses a safe delete of a locked workspace with reason "locked"', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('sdl') });
    await service.client.workspaces.lock(ws.id);
    const error = await service.client.workspaces.safeDelete(ORG, ws.name).catch((e) => e);
    expect(error).toBeInstanceOf(WorkspaceNotSafeToDeleteError);
    expect(error.reason).toBe('locked');
    expect(error.code).toBe(ERRORS.workspaceLockedForDelete.code);
  });

  it('force deletes by name and by ID, resources or not', async () => {
    const a = await service.client.workspaces.create(ORG, { name: uniqueName('fd') });
    const b = await service.client.workspaces.create(ORG, { name: uniqueName('fd') });
    await createStateVersion(service, a.id, terraformState({ resources: 1 }));
    await service.client.workspaces.delete(ORG, a.name);
    await service.client.workspaces.deleteById(b.id);
    await expect(service.client.workspaces.read(ORG, a.name)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.client.workspaces.delete(ORG, b.name)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reports a force delete by a non-owner as forbidden', async () => {
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('fdf') });
    await expect(service.clientFor(TOKENS.admin).workspaces.deleteById(ws.id)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('credentials', () => {
  it('finds the token in the Terraform CLI config for the service host and port', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-cred-'));
    const config = path.join(dir, 'cli.tfrc');
    writeFileSync(config, `credentials "${new URL(service.url).host}" {\n  token = "${TOKENS.owner}"\n}\n`);
    const c = Client.fromEnvironment({ env: { CDKWS_ADDRESS: `${service.url}/api/v2`, TF_CLI_CONFIG_FILE: config }, homeDir: dir, rateLimit: false });
    service.adopt(c);
    expect(c.tokenSource).toBe('cli-config');
    expect((await c.workspaces.list(ORG)).items).toBeInstanceOf(Array);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('errors and secrecy', () => {
  it('reports a bad token as UnauthorizedError without showing the token anywhere', async () => {
    const secret = 'not-a-real-token-5f3a';
    const bad = service.clientFor(secret);
    const error = await bad.workspaces.list(ORG).catch((e) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.status).toBe(401);
    expect(error.request.headers.authorization).toBe('Bearer [REDACTED]');
    for (const text of [
      error.message,
      inspect(error, { depth: 10 }),
      JSON.stringify(error),
      inspect(bad, { depth: 10, showHidden: true }),
      JSON.stringify(bad),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers a 429 from the service with RateLimitedError carrying the wait when retries are off', async () => {
    await withService({ rateLimit: 2 }, async (limited) => {
      const c = limited.clientFor(TOKENS.owner, { rateLimit: false, retry: false });
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => c.workspaces.list(ORG)));
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
      expect(rejected.length).toBeGreaterThan(0);
      expect(rejected[0]).toBeInstanceOf(RateLimitedError);
      expect(rejected[0].retryAfterMs).toBeGreaterThan(0);
      expect(rejected[0].retryAfterMs).toBeLessThanOrEqual(1000);
    });
  });

  it('waits out the service rate limit and completes every request when retries are on', async () => {
    await withService({ rateLimit: 5 }, async (limited) => {
      const c = limited.clientFor(TOKENS.owner, { rateLimit: false, retry: { maxRetries: 10, baseDelayMs: 10 } });
      const results = await Promise.all(Array.from({ length: 12 }, () => c.workspaces.list(ORG)));
      expect(results).toHaveLength(12);
    });
  });
});
