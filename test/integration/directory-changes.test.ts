// Directory changes travel (issue 23): two `cdkws serve` processes on one store (SQLite file, or
// PostgreSQL when CDKWS_TEST_DATABASE_URL is set). A token created or revoked through one process,
// or with `cdkws token` on the store itself, takes effect in the other without a restart and
// without any request to it needing an unknown token first.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openStore } from '../../src/server/store';
import type { StorageOptions } from '../../src/server/storage/types';
import type { Directory } from '../../src/server/bootstrap';
import { ORG, TOKENS } from '../helpers/service';
import { CLI, ROOT, removeTemporaryStorage, sharedStorageArgs, spawnServe, stopServe, type ServeProcess } from '../helpers/processes';

jest.setTimeout(60_000);
const run = promisify(execFile);

const started: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(started.splice(0).map((p) => stopServe(p, 'SIGTERM')));
  removeTemporaryStorage();
});

/** The status the process answers `token` with, once it is `expected` (the jest timeout bounds the wait). */
async function eventually(server: ServeProcess, token: string, expected: number): Promise<number> {
  for (;;) {
    const { status } = await server.request('GET', '/account/details', { token });
    if (status === expected) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('two serve processes on one store', () => {
  let storageArgs: string[];
  let first: ServeProcess;
  let second: ServeProcess;
  beforeAll(async () => {
    storageArgs = await sharedStorageArgs();
    first = await spawnServe(storageArgs);
    started.push(first);
    second = await spawnServe(storageArgs);
    started.push(second);
  });

  it('a token created in one is accepted by the other, and once revoked there refused by both', async () => {
    const created = await first.request('POST', '/users/user-carol/authentication-tokens', {
      token: TOKENS.writer,
      body: { data: { type: 'authentication-tokens', attributes: { description: 'travels' } } },
    });
    expect(created.status).toBe(201);
    const value = created.body.data.attributes.token;
    expect(await eventually(second, value, 200)).toBe(200);
    // Revoked through the second process: the first, which made it, stops accepting it.
    expect((await second.request('DELETE', `/authentication-tokens/${created.body.data.id}`, { token: value })).status).toBe(204);
    expect((await second.request('GET', '/account/details', { token: value })).status).toBe(401);
    expect(await eventually(first, value, 401)).toBe(401);
    // The other user's tokens were untouched.
    expect((await first.request('GET', '/account/details', { token: TOKENS.writer })).status).toBe(200);
  });

  it('cdkws token create and revoke on the store reach both running processes', async () => {
    const create = await run(process.execPath, [CLI, 'token', 'create', '--user', 'bob', '--description', 'from the cli', ...storageArgs], { cwd: ROOT });
    const value = create.stdout.trim();
    expect(value).toMatch(/^\S{40,}$/);
    expect(create.stderr).toMatch(/^created at-\S+ for bob/);
    expect(await eventually(first, value, 200)).toBe(200);
    expect(await eventually(second, value, 200)).toBe(200);
    const list = await run(process.execPath, [CLI, 'token', 'list', '--user', 'bob', ...storageArgs], { cwd: ROOT });
    expect(list.stdout).toMatch(/^ID\s+USER\s+DESCRIPTION\s+CREATED\s+EXPIRES$/m);
    expect(list.stdout).toContain('from the cli');
    expect(list.stdout).not.toContain(value);
    const id = /^(at-\S+)\s+bob\s+from the cli/m.exec(list.stdout)![1];
    const revoke = await run(process.execPath, [CLI, 'token', 'revoke', id, ...storageArgs], { cwd: ROOT });
    expect(revoke.stdout).toBe(`revoked ${id}\n`);
    expect(await eventually(first, value, 401)).toBe(401);
    expect(await eventually(second, value, 401)).toBe(401);
  });

  it('a membership removed and a user removed by another writer end that access in both processes', async () => {
    const storage: StorageOptions = storageArgs[0] === '--data' ? { kind: 'sqlite', path: storageArgs[1] } : { kind: 'postgres', url: storageArgs[1] };
    const store = await openStore(storage);
    const edit = async (change: (directory: Directory) => void) => {
      for (;;) {
        const raw = (await store.directory.getMeta('directory'))!;
        const directory = JSON.parse(raw) as Directory;
        change(directory);
        if (await store.directory.compareAndSetMeta('directory', raw, JSON.stringify(directory))) return;
      }
    };
    try {
      const workspaces = (server: ServeProcess, token: string) => server.request('GET', `/organizations/${ORG}/workspaces`, { token });
      expect((await workspaces(first, TOKENS.writer)).status).toBe(200);
      expect((await workspaces(second, TOKENS.writer)).status).toBe(200);
      await edit((directory) => {
        for (const team of directory.organizations.find((o) => o.name === ORG)!.teams) team.members = team.members.filter((m) => m !== 'user-carol');
      });
      for (const server of [first, second]) {
        for (;;) {
          if ((await workspaces(server, TOKENS.writer)).status === 404) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await edit((directory) => {
        directory.users = directory.users.filter((u) => u.id !== 'user-erin');
      });
      expect(await eventually(first, TOKENS.outsider, 401)).toBe(401);
      expect(await eventually(second, TOKENS.outsider, 401)).toBe(401);
      expect((await first.request('GET', '/account/details', { token: TOKENS.owner })).status).toBe(200);
    } finally {
      await store.close();
    }
  });

  it('cdkws token refuses a store that does not exist and an unknown token ID', async () => {
    await expect(run(process.execPath, [CLI, 'token', 'list', '--data', '/nonexistent/service.db'], { cwd: ROOT })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no data store at /nonexistent/service.db'),
    });
    await expect(run(process.execPath, [CLI, 'token', 'revoke', 'at-nope', ...storageArgs], { cwd: ROOT })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no token with ID "at-nope"'),
    });
  });
});
