// The bootstrap file — architecture "Bootstrap file" (idempotent; IDs given are kept, others generated;
// edition; engine releases per decision 18).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageOptions } from '../../src/server/storage/types';
import { ORG, TOKENS, createTestDatabaseUrl, defaultBootstrap, startService, usingPostgres, type TestService } from '../helpers/service';
import { createWorkspace, relatedId } from '../helpers/fixtures';
import { useService, withService } from '../helpers/use-service';
import { acmeOf, editedBootstrap, expectError, expectWorkspaceDocument, postWorkspace, showWorkspace, uniqueName } from '../helpers/workspace-assertions';

jest.setTimeout(60_000);

const temporaryDirs: string[] = [];
afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

async function persistentStorage(): Promise<StorageOptions> {
  if (usingPostgres()) return { kind: 'postgres', url: await createTestDatabaseUrl() };
  const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-boot-'));
  temporaryDirs.push(dir);
  return { kind: 'sqlite', path: path.join(dir, 'service.db') };
}

/** A bootstrap with a user whose ID the service generates. */
function bootstrapWithGeneratedIds(): any {
  return editedBootstrap(defaultBootstrap(), (b) => {
    b.users.push({ username: 'gen', tokens: ['gen-token'] });
    acmeOf(b).teams.push({ name: 'gen-writers', members: ['gen'], 'workspace-access': [{ workspace: '*', access: 'write' }] });
  });
}

async function projectIdNamed(service: TestService, wsId: string): Promise<string> {
  return (await showWorkspace(service, wsId)).body.data.relationships.project.data.id;
}

describe('restarting with the same bootstrap file on the same storage', () => {
  let storage: StorageOptions;
  let first: TestService | undefined;
  let second: TestService | undefined;
  afterEach(async () => {
    await first?.close().catch(() => {});
    await second?.close().catch(() => {});
    first = second = undefined;
  });

  it('keeps the workspaces and every ID, and changes nothing', async () => {
    storage = await persistentStorage();
    const bootstrap = bootstrapWithGeneratedIds();
    first = await startService({ bootstrap, storage });
    const name = uniqueName('survivor');
    const ws = await createWorkspace(first, { name, description: 'before restart' });
    const list = await first.request('GET', `/organizations/${ORG}/workspaces?search%5Bname%5D=${name}`);
    expect(list.body.data).toHaveLength(1);
    await first.request('POST', `/workspaces/${ws.id}/actions/lock`, { token: 'gen-token', body: { reason: 'kept' } });
    const before = (await showWorkspace(first, ws.id)).body.data;
    const genUserId = before.relationships['locked-by'].data.id;
    expect(genUserId).toMatch(/^user-/);
    await first.close();
    first = undefined;

    second = await startService({ bootstrap, storage });
    const after = await showWorkspace(second, ws.id);
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual(before);
    expect(after.body.data.relationships['locked-by'].data.id).toBe(genUserId);
    expect((await second.request('POST', `/workspaces/${ws.id}/actions/unlock`, { token: 'gen-token' })).status).toBe(200);
  });

  it('keeps a generated project ID', async () => {
    storage = await persistentStorage();
    const bootstrap = editedBootstrap(defaultBootstrap(), (b) => {
      delete acmeOf(b).projects.find((p: any) => p.default).id;
    });
    first = await startService({ bootstrap, storage });
    const ws = await createWorkspace(first);
    const generated = await projectIdNamed(first, ws.id);
    expect(generated).toMatch(/^prj-/);
    await first.close();
    first = undefined;

    second = await startService({ bootstrap, storage });
    expect(await projectIdNamed(second, ws.id)).toBe(generated);
    const again = await createWorkspace(second);
    expect(relatedId(again, 'project')).toBe(generated);
  });

  it('keeps every bootstrap token working after the restart', async () => {
    storage = await persistentStorage();
    first = await startService({ storage });
    await first.close();
    first = undefined;
    second = await startService({ storage });
    for (const token of [TOKENS.owner, TOKENS.admin, TOKENS.writer, TOKENS.reader, TOKENS.org]) {
      expect((await second.request('GET', `/organizations/${ORG}/workspaces`, { token })).status).toBe(200);
    }
    expectError(await second.request('GET', `/organizations/${ORG}/workspaces`, { token: TOKENS.outsider }), 404);
  });

  it('creates what a changed file adds, and keeps what was there', async () => {
    storage = await persistentStorage();
    first = await startService({ storage });
    const ws = await createWorkspace(first);
    await first.close();
    first = undefined;

    const grown = editedBootstrap(defaultBootstrap(), (b) => {
      b.users.push({ username: 'zed', id: 'user-zed', tokens: ['zed-token'] });
      acmeOf(b).teams.push({ name: 'late-readers', members: ['zed'], 'workspace-access': [{ workspace: '*', access: 'read' }] });
      acmeOf(b)['ssh-keys'].push({ id: 'sshkey-late', name: 'late' });
    });
    second = await startService({ bootstrap: grown, storage });
    const seen = await showWorkspace(second, ws.id, 'zed-token');
    expect(seen.status).toBe(200);
    expect(seen.body.data.attributes.permissions['can-read-run']).toBe(true);
    const assigned = await second.request('PATCH', `/workspaces/${ws.id}/relationships/ssh-key`, {
      body: { data: { type: 'workspaces', attributes: { id: 'sshkey-late' } } },
    });
    expect(assigned.status).toBe(200);
  });

  it('lets two services bootstrap the same storage at once', async () => {
    storage = await persistentStorage();
    [first, second] = await Promise.all([startService({ storage }), startService({ storage })]);
    const ws = await createWorkspace(first);
    const seen = await showWorkspace(second, ws.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data.relationships.project.data.id).toBe('prj-default');
    expect((await postWorkspace(second, { name: ws.attributes.name })).status).toBe(422);
  });
});

describe('bootstrap contents', () => {
  const service = useService({
    bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
      b['engine-releases'] = ['1.4.7', '1.5.0', '1.5.7', '1.6.2'];
    }),
  });

  it('keeps the IDs given in the file', async () => {
    const ws = await createWorkspace(service, { 'execution-mode': 'agent', 'agent-pool-id': 'apool-main' });
    expect(relatedId(ws, 'agent-pool')).toBe('apool-main');
    expect(relatedId(ws, 'project')).toBe('prj-default');
    const locked = await service.request('POST', `/workspaces/${ws.id}/actions/lock`, { token: TOKENS.admin });
    expect(locked.body.data.relationships['locked-by'].data.id).toBe('user-bob');
  });

  it('uses the newest bootstrap engine release when none is given', async () => {
    expect((await createWorkspace(service)).attributes['engine-version']).toBe('1.6.2');
  });

  it('resolves constraints against the bootstrap engine releases', async () => {
    expect((await createWorkspace(service, { 'engine-version': '~> 1.5.0' })).attributes['engine-version']).toBe('1.5.7');
    expect((await createWorkspace(service, { 'engine-version': '< 1.5' })).attributes['engine-version']).toBe('1.4.7');
  });

  it('refuses a constraint no bootstrap release satisfies', async () => {
    expectError(await postWorkspace(service, { name: uniqueName(), 'engine-version': '>= 1.7' }), 422, '/data/attributes/engine-version');
  });

  it('still accepts an exact version outside the list', async () => {
    expect((await createWorkspace(service, { 'engine-version': '1.9.8' })).attributes['engine-version']).toBe('1.9.8');
  });
});

describe('the self-hosted edition', () => {
  const service = useService({
    bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
      b.edition = 'self-hosted';
      acmeOf(b).settings['global-remote-state-default'] = true;
    }),
  });

  it('returns workspace documents without assessments-enabled', async () => {
    const ws = await createWorkspace(service);
    const data = (await showWorkspace(service, ws.id)).body.data;
    expect(data.attributes).not.toHaveProperty('assessments-enabled');
    expectWorkspaceDocument(data, { hosted: false });
  });

  it('uses the organization global-remote-state default when the attribute is omitted', async () => {
    expect((await createWorkspace(service)).attributes['global-remote-state']).toBe(true);
    expect((await createWorkspace(service, { 'global-remote-state': false })).attributes['global-remote-state']).toBe(false);
  });

  it('refuses assessments-enabled on create', async () => {
    expectError(await postWorkspace(service, { name: uniqueName(), 'assessments-enabled': true }), [404, 422]);
  });
});

describe('the hosted edition by default', () => {
  it('returns assessments-enabled when the file names no edition', async () => {
    await withService(
      {
        bootstrap: editedBootstrap(defaultBootstrap(), (b) => {
          delete b.edition;
        }),
      },
      async (service) => {
        const ws = await createWorkspace(service);
        expect(ws.attributes['assessments-enabled']).toBe(false);
      },
    );
  });
});
