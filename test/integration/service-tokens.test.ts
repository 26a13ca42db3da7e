// Organization and team tokens (issue 34): made through the API, shown once, revoked, and seen by
// every instance sharing the store at once; a team token acts with its team's access only.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { useService } from '../helpers/use-service';
import { acmeOf, editedBootstrap } from '../helpers/workspace-assertions';
import { removeTemporaryStorage, sharedStorageArgs, spawnServe, stopServe, type ServeProcess } from '../helpers/processes';

jest.setTimeout(60_000);

const READERS = 'team-readers-tokens';
const PLATFORM = 'team-platform-tokens';
function bootstrapWithTeamIds(): any {
  return editedBootstrap(defaultBootstrap(), (b) => {
    const team = (name: string) => acmeOf(b).teams.find((t: any) => t.name === name);
    team('readers').id = READERS;
    team('platform').id = PLATFORM;
  });
}

const service = useService(() => ({ bootstrap: bootstrapWithTeamIds() }));
const orgTokenPath = `/organizations/${ORG}/authentication-token`;

describe('the organization token', () => {
  it('is made again with a new value, shown without it, and revoked; the bootstrap one stops at the first', async () => {
    expect((await service.request('GET', `/organizations/${ORG}/workspaces`, { token: TOKENS.org })).status).toBe(200);
    const shown = await service.request('GET', orgTokenPath);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ type: 'authentication-tokens', attributes: { token: null, 'created-at': null } });

    const first = await service.request('POST', orgTokenPath);
    expect(first.status).toBe(201);
    const value = first.body.data.attributes.token;
    expect(value).toMatch(/\.atlasv1\./);
    expect((await service.request('GET', `/organizations/${ORG}/workspaces`, { token: TOKENS.org })).status).toBe(401);
    expect((await service.request('GET', `/organizations/${ORG}/workspaces`, { token: value })).status).toBe(200);

    const again = await service.request('POST', orgTokenPath, { body: { data: { type: 'authentication-tokens', attributes: {} } } });
    expect(again.status).toBe(201);
    expect(again.body.data.attributes.token).not.toBe(value);
    expect((await service.request('GET', '/account/details', { token: value })).status).toBe(401);

    const now = await service.request('GET', orgTokenPath);
    expect(now.body.data).toMatchObject({ id: again.body.data.id, attributes: { token: null, 'created-at': expect.any(String) } });
    expect(JSON.stringify(now.body)).not.toContain(again.body.data.attributes.token);

    expect((await service.request('DELETE', orgTokenPath)).status).toBe(204);
    expect((await service.request('GET', '/account/details', { token: again.body.data.attributes.token })).status).toBe(401);
    const gone = await service.request('GET', orgTokenPath);
    expect([gone.status, gone.body.errors[0].code]).toEqual([404, 'authentication-token-absent']);
    expect((await service.request('DELETE', orgTokenPath)).status).toBe(404);
    // The bootstrap file's token stays revoked: it is not the organization's token any more.
    expect((await service.request('GET', '/account/details', { token: TOKENS.org })).status).toBe(401);
  });

  it('is managed by owners only: 403 to other members, 404 to outsiders', async () => {
    expect((await service.request('POST', orgTokenPath, { token: TOKENS.writer })).status).toBe(403);
    expect((await service.request('GET', orgTokenPath, { token: TOKENS.admin })).status).toBe(403);
    expect((await service.request('POST', orgTokenPath, { token: TOKENS.outsider })).status).toBe(404);
  });

  it('refuses an expiry in the past', async () => {
    const response = await service.request('POST', orgTokenPath, {
      body: { data: { type: 'authentication-tokens', attributes: { 'expired-at': '2000-01-01T00:00:00Z' } } },
    });
    expect([response.status, response.body.errors[0].source]).toEqual([422, { pointer: '/data/attributes/expired-at' }]);
  });
});

describe('a team token', () => {
  it('is made, shown once, replaced and revoked like the organization token', async () => {
    const tokenPath = `/teams/${READERS}/authentication-token`;
    expect((await service.request('GET', tokenPath)).status).toBe(404);
    const made = await service.request('POST', tokenPath);
    expect([made.status, made.text]).toEqual([201, made.text]);
    expect(made.body.data.relationships.team.data).toEqual({ id: READERS, type: 'teams' });
    const value = made.body.data.attributes.token;
    const details = await service.request('GET', '/account/details', { token: value });
    expect(details.status).toBe(200);
    expect(details.body.data.relationships['authenticated-resource'].data).toEqual({ id: READERS, type: 'teams' });
    expect((await service.request('GET', tokenPath)).body.data.attributes.token).toBeNull();
    const replaced = await service.request('POST', tokenPath);
    expect((await service.request('GET', '/account/details', { token: value })).status).toBe(401);
    expect((await service.request('DELETE', tokenPath)).status).toBe(204);
    expect((await service.request('GET', '/account/details', { token: replaced.body.data.attributes.token })).status).toBe(401);
    expect((await service.request('DELETE', tokenPath)).status).toBe(404);
  });

  it('acts with its team’s access only: the readers’ token reads workspaces and cannot change them', async () => {
    const ws = await createWorkspace(service);
    const value = (await service.request('POST', `/teams/${READERS}/authentication-token`)).body.data.attributes.token;
    const read = await service.request('GET', `/workspaces/${ws.id}`, { token: value });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.permissions['can-update']).toBe(false);
    const update = await service.request('PATCH', `/workspaces/${ws.id}`, {
      token: value,
      body: { data: { type: 'workspaces', attributes: { description: 'by a team token' } } },
    });
    expect(update.status).toBe(403);
    expect((await service.request('POST', `/workspaces/${ws.id}/actions/lock`, { token: value })).status).toBe(404);
    // Not an owner: it cannot make tokens, its own included.
    expect((await service.request('POST', `/teams/${READERS}/authentication-token`, { token: value })).status).toBe(403);
    // The platform team manages workspaces: its token may change them.
    const platform = (await service.request('POST', `/teams/${PLATFORM}/authentication-token`)).body.data.attributes.token;
    const changed = await service.request('PATCH', `/workspaces/${ws.id}`, {
      token: platform,
      body: { data: { type: 'workspaces', attributes: { description: 'by the platform team' } } },
    });
    expect(changed.status).toBe(200);
    // No other organization: freeco does not know it.
    expect((await service.request('GET', '/organizations/freeco/workspaces', { token: platform })).status).toBe(404);
  });

  it('is 404 for a team that does not exist, and 403 to a member who is not an owner', async () => {
    expect((await service.request('POST', '/teams/team-nope/authentication-token')).status).toBe(404);
    expect((await service.request('POST', `/teams/${READERS}/authentication-token`, { token: TOKENS.reader })).status).toBe(403);
    expect((await service.request('POST', `/teams/${READERS}/authentication-token`, { token: TOKENS.outsider })).status).toBe(404);
  });
});

describe('the client', () => {
  it('makes, reads and revokes a team token, and reads none as null', async () => {
    const client = service.clientFor(TOKENS.owner);
    const made = await client.serviceTokens.createTeamToken(PLATFORM);
    expect(made.value).toMatch(/\.atlasv1\./);
    expect(await client.serviceTokens.readTeamToken(PLATFORM)).toMatchObject({ id: made.id, expiredAt: null });
    expect(await client.serviceTokens.revokeTeamToken(PLATFORM)).toBe(true);
    expect(await client.serviceTokens.readTeamToken(PLATFORM)).toBeNull();
    expect(await client.serviceTokens.revokeTeamToken(PLATFORM)).toBe(false);
    await expect(client.serviceTokens.readTeamToken('team-nope')).rejects.toThrow(/not found/);
  });
});

describe('two serve processes on one store', () => {
  const started: ServeProcess[] = [];
  let dir: string;
  afterAll(async () => {
    await Promise.all(started.splice(0).map((p) => stopServe(p, 'SIGTERM')));
    removeTemporaryStorage();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The status `server` answers `token` with, once it is `expected` (the jest timeout bounds the wait). */
  async function eventually(server: ServeProcess, token: string, expected: number): Promise<number> {
    for (;;) {
      const { status } = await server.request('GET', '/account/details', { token });
      if (status === expected) return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a token made in one signs in at the other, and once revoked there is refused by both', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cdkws-service-tokens-'));
    const bootstrap = path.join(dir, 'bootstrap.json');
    writeFileSync(bootstrap, JSON.stringify(bootstrapWithTeamIds()));
    const storage = await sharedStorageArgs();
    const first = await spawnServe(storage, [], 30000, bootstrap);
    started.push(first);
    const second = await spawnServe(storage, [], 30000, bootstrap);
    started.push(second);
    for (const tokenPath of [`/teams/${READERS}/authentication-token`, orgTokenPath]) {
      const made = await first.request('POST', tokenPath, { token: TOKENS.owner });
      expect(made.status).toBe(201);
      const value = made.body.data.attributes.token;
      expect(await eventually(second, value, 200)).toBe(200);
      expect((await second.request('DELETE', tokenPath, { token: TOKENS.owner })).status).toBe(204);
      expect(await eventually(first, value, 401)).toBe(401);
    }
    // Neither process logged a token value.
    for (const process of started) expect(process.output().stderr).not.toMatch(/atlasv1/);
  });
});
