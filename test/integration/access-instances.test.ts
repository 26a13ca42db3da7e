// Access records shared by two instances (issue 34), and the bootstrap file as a seed only. A team,
// a membership or a grant changed through one instance decides in the other within a poll of the
// access generation; a team deleted through the API stays deleted when an instance starts again
// with the same file, and an edit of the file's entry applies at the next start. SQLite: one file;
// PostgreSQL (the PostgreSQL pass): one database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWorkspace } from '../helpers/fixtures';
import { createTeam, teamAccessBody } from '../helpers/access-fixtures';
import { ORG, TOKENS, defaultBootstrap, startService, testStorage, usingPostgres, type TestService } from '../helpers/service';
import type { StorageOptions } from '../../src/server/storage/types';

jest.setTimeout(60_000);

const ZOE = 'zoe-token';
let dir: string;
let storage: StorageOptions;
const running: TestService[] = [];

/** The default bootstrap with zoe, who belongs to no team but those the test or `seeded` gives her. */
function bootstrap(seededAccess: 'read' | 'write' | null = null): any {
  const file = defaultBootstrap();
  file.users.push({ username: 'zoe', id: 'user-zoe', tokens: [ZOE] });
  if (seededAccess) file.organizations[0].teams.push({ name: 'seeded', members: ['zoe'], 'workspace-access': [{ workspace: '*', access: seededAccess }] });
  return file;
}

async function start(seededAccess: 'read' | 'write' | null = null): Promise<TestService> {
  const service = await startService({ storage, bootstrap: bootstrap(seededAccess) });
  running.push(service);
  return service;
}

async function stop(service: TestService): Promise<void> {
  running.splice(running.indexOf(service), 1);
  await service.close();
}

/** The status `service` answers zoe's read of the workspace with, once it is `expected` (the jest timeout bounds the wait). */
async function eventually(service: TestService, workspaceId: string, expected: number): Promise<number> {
  for (;;) {
    const { status } = await service.request('GET', `/workspaces/${workspaceId}`, { token: ZOE });
    if (status === expected) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cdkws-access-'));
  storage = usingPostgres() ? await testStorage() : { kind: 'sqlite', path: path.join(dir, 'service.db') };
});

afterAll(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('access changed through one instance', () => {
  it('decides in the other at once: a grant, its change, a team membership, the grant removed', async () => {
    const [one, two] = [await start(), await start()];
    try {
      const ws = await createWorkspace(one);
      const teamId = await createTeam(one);
      expect((await one.request('POST', `/teams/${teamId}/relationships/users`, { body: { data: [{ type: 'users', id: 'zoe' }] } })).status).toBe(204);
      const granted = await one.request('POST', '/team-workspaces', { body: teamAccessBody(teamId, ws.id, 'read') });
      expect(granted.status).toBe(201);
      expect(await eventually(two, ws.id, 200)).toBe(200);
      // Changed through the second: the first sees zoe write.
      const changed = await two.request('PATCH', `/team-workspaces/${granted.body.data.id}`, {
        body: { data: { type: 'team-workspaces', attributes: { access: 'write' } } },
      });
      expect(changed.status).toBe(200);
      for (;;) {
        const shown = await one.request('GET', `/workspaces/${ws.id}`, { token: ZOE });
        if (shown.body.data.attributes.permissions['can-lock'] === true) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Out of the team through the second: the first stops answering her.
      expect((await two.request('DELETE', `/teams/${teamId}/relationships/users`, { body: { data: [{ type: 'users', id: 'zoe' }] } })).status).toBe(204);
      expect(await eventually(one, ws.id, 404)).toBe(404);
      expect((await two.request('GET', `/workspaces/${ws.id}`, { token: ZOE })).status).toBe(404);
      // The bootstrap's own grants are untouched.
      expect((await one.request('GET', `/workspaces/${ws.id}`, { token: TOKENS.reader })).status).toBe(200);
    } finally {
      await Promise.all(running.splice(0).map((s) => s.close()));
    }
  });
});

describe('the bootstrap file seeds', () => {
  it('a team deleted through the API stays deleted at the next start with the same file; an edit of its entry applies', async () => {
    let service = await start('read');
    const ws = await createWorkspace(service);
    expect((await service.request('GET', `/workspaces/${ws.id}`, { token: ZOE })).status).toBe(200);
    const teams = await service.request('GET', `/organizations/${ORG}/teams?filter[names]=seeded`);
    const seededId = teams.body.data[0].id;
    expect((await service.request('DELETE', `/teams/${seededId}`)).status).toBe(204);
    expect((await service.request('GET', `/workspaces/${ws.id}`, { token: ZOE })).status).toBe(404);
    await stop(service);

    service = await start('read');
    expect((await service.request('GET', `/teams/${seededId}`)).status).toBe(404);
    expect((await service.request('GET', `/workspaces/${ws.id}`, { token: ZOE })).status).toBe(404);
    await stop(service);

    service = await start('write');
    const back = await service.request('GET', `/teams/${seededId}`);
    expect(back.status).toBe(200);
    expect(back.body.data.attributes.name).toBe('seeded');
    const shown = await service.request('GET', `/workspaces/${ws.id}`, { token: ZOE });
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes.permissions['can-lock']).toBe(true);
    await stop(service);
  });
});
