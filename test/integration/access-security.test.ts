// Access you can trust (issue 23), tried as an attacker on the loopback would: identities that
// cannot collide, owner-only secrets, throttled guessing, nosniff. Storage-dependent cases run on
// PostgreSQL too when CDKWS_TEST_DATABASE_URL is set.
import http from 'node:http';
import net from 'node:net';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, unlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/server';
import { openStore } from '../../src/server/store';
import { mergeBootstrap, parseBootstrap } from '../../src/server/bootstrap';
import { ORG, TOKENS, defaultBootstrap, startService, type TestService } from '../helpers/service';
import { createWorkspace } from '../helpers/fixtures';
import { withService } from '../helpers/use-service';
import { getPage, signIn } from '../e2e/console-support';

jest.setTimeout(60_000);

const temporaryDirs: string[] = [];
afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});
function temporaryDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cdkws-sec-'));
  temporaryDirs.push(dir);
  return dir;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** One GET from a chosen loopback address (Linux routes all of 127.0.0.0/8 to lo). */
function getFrom(localAddress: string, url: string, token: string): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'] }));
    });
    request.on('error', reject);
  });
}

describe('identities in their own namespaces', () => {
  it('refuses at start-up a bootstrap user whose id is not a user id, naming the entry', async () => {
    const bootstrap = defaultBootstrap();
    bootstrap.users.push({ username: 'mallory', id: 'org:acme', tokens: ['mallory-token'] });
    const at = bootstrap.users.length - 1;
    await expect(startServer({ storage: { kind: 'sqlite', path: ':memory:' }, bootstrap, log: () => {} })).rejects.toThrow(
      `invalid bootstrap file at users.${at}.id (user "mallory"): a user id starts with "user-"`,
    );
  });

  it('never serves a user whose stored id spells the organization token principal the organization token reply', async () => {
    // A directory stored by an earlier version that accepted any id: mallory is "org:acme", a member of freeco only.
    const storage = { kind: 'sqlite' as const, path: path.join(temporaryDir(), 'service.db') };
    const legacy = defaultBootstrap();
    legacy.users.push({ username: 'mallory', id: 'user-mallory', tokens: ['mallory-token'] });
    legacy.organizations
      .find((o: any) => o.name === 'freeco')
      .teams.push({ name: 'mallory-team', members: ['mallory'], 'workspace-access': [{ workspace: '*', access: 'read' }] });
    const directory = mergeBootstrap(null, parseBootstrap(legacy));
    directory.users.find((u) => u.username === 'mallory')!.id = 'org:acme';
    for (const team of directory.organizations.flatMap((o) => o.teams)) team.members = team.members.map((m) => (m === 'user-mallory' ? 'org:acme' : m));
    const store = await openStore(storage);
    await store.directory.compareAndSetMeta('directory', null, JSON.stringify(directory));
    await store.close();
    const service = await startService({ storage, bootstrap: undefined as unknown });
    try {
      const ws = await createWorkspace(service, { name: 'collide' }, undefined, TOKENS.org);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect((await service.request('GET', `/workspaces/${ws.id}`, { token: TOKENS.org })).status).toBe(200);
        const mallory = await service.request('GET', `/workspaces/${ws.id}`, { token: 'mallory-token' });
        expect(mallory.status).toBe(401);
        expect(mallory.text).not.toContain('"can-force-delete"');
      }
    } finally {
      await service.close();
    }
  });
});

describe('throttled guessing', () => {
  it('answers 429 with Retry-After to an address past 20 wrong bearer tokens, and serves other addresses', async () => {
    await withService({}, async (service) => {
      const url = `${service.apiUrl}/organizations/${ORG}/workspaces`;
      const statuses: number[] = [];
      for (let i = 0; i < 25; i += 1) statuses.push((await getFrom('127.0.0.1', url, `guess-${i}`)).status);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual(Array(5).fill(429));
      // Its further guesses are refused, with when to try again; a good token is not (issue 37:
      // a user sharing the guesser's address is not locked out), nor another address.
      const refused = await getFrom('127.0.0.1', url, 'guess-again');
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
      expect((await getFrom('127.0.0.1', url, TOKENS.owner)).status).toBe(200);
      expect((await getFrom('127.0.0.1', url, 'guess-after')).status).toBe(429);
      expect((await getFrom('127.0.0.2', url, TOKENS.owner)).status).toBe(200);
    });
  });

  it('counts each of thousands of guesses pipelined in one write before reading the next: at most the limit get 401', async () => {
    await withService({ authFailureLimit: 20 }, async (service) => {
      const { hostname, port } = new URL(service.url);
      const guesses = 5_000;
      let flood = '';
      for (let i = 0; i < guesses; i += 1) {
        flood += `GET /api/v2/account/details HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer pipelined-${i}\r\n\r\n`;
      }
      const statuses = await new Promise<number[]>((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => socket.write(flood));
        let received = '';
        const found: number[] = [];
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          received += chunk;
          const lines = received.match(/HTTP\/1\.1 \d{3} /g) ?? [];
          if (lines.length >= guesses) {
            for (const line of lines) found.push(Number(line.slice(9)));
            socket.destroy();
            resolve(found);
          }
        });
        socket.on('error', reject);
        setTimeout(() => reject(new Error(`only ${(received.match(/HTTP\/1\.1 \d{3} /g) ?? []).length} answers`)), 50_000).unref();
      });
      const unauthorized = statuses.filter((status) => status === 401).length;
      expect(unauthorized).toBeLessThanOrEqual(20);
      expect(statuses.filter((status) => status === 429).length).toBe(guesses - unauthorized);
      // A good token from the same address is still served.
      expect((await service.request('GET', '/account/details')).status).toBe(200);
    });
  });

  it('counts failed console sign-ins the same way', async () => {
    await withService({ authFailureLimit: 3 }, async (service) => {
      const signInWith = (token: string) =>
        fetch(`${service.url}/app/login`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token }).toString(),
        });
      for (let i = 0; i < 3; i += 1) expect((await signInWith(`guess-${i}`)).status).toBe(401);
      const refused = await signInWith('guess-3');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // A good token still signs in (issue 37), and the API shares the count: its guesses are throttled too.
      expect((await signInWith(TOKENS.owner)).status).toBe(303);
      expect((await service.request('GET', '/account/details', { token: 'guess-at-api' })).status).toBe(429);
      expect((await service.request('GET', '/account/details')).status).toBe(200);
    });
  });

  it('does not count requests without a token', async () => {
    await withService({ authFailureLimit: 2 }, async (service) => {
      for (let i = 0; i < 5; i += 1) expect((await service.request('GET', '/account/details', { token: null })).status).toBe(401);
      expect((await service.request('GET', '/account/details')).status).toBe(200);
    });
  });
});

describe('API replies', () => {
  it('carry X-Content-Type-Options: nosniff, successes and errors alike', async () => {
    await withService({}, async (service) => {
      for (const response of [
        await service.request('GET', '/account/details'),
        await service.request('GET', '/ping'),
        await service.request('GET', '/workspaces/ws-missing'),
        await service.request('GET', '/account/details', { token: null }),
      ]) {
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });
  });
});

describe('secrets only the owner reads (SQLite files)', () => {
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
  });

  it('makes the data folder 0700 and the database, its -wal and -shm and the session key 0600 under umask 022', async () => {
    const dataDir = path.join(temporaryDir(), '.cdkws');
    const file = path.join(dataDir, 'service.db');
    const service = await startService({ storage: { kind: 'sqlite', path: file } });
    try {
      await createWorkspace(service, { name: 'owner-only' });
      await signIn(service, TOKENS.owner);
      expect(modeOf(dataDir)).toBe(0o700);
      for (const name of ['service.db', 'service.db-wal', 'service.db-shm', 'session.key'])
        expect([name, modeOf(path.join(dataDir, name))]).toEqual([name, 0o600]);
    } finally {
      await service.close();
    }
    // The database holds nothing that signs a session.
    const store = await openStore({ kind: 'sqlite', path: file });
    expect(await store.directory.getMeta('console-session-key')).toBeNull();
    await store.close();
  });

  it('drops, when migrating, the session key an earlier version kept in the database', async () => {
    const file = path.join(temporaryDir(), 'service.db');
    await (await openStore({ kind: 'sqlite', path: file })).close();
    // The database as schema version 5 left it, with its stored key.
    const db = new Database(file);
    db.exec(
      "DROP TABLE console_sessions; DELETE FROM schema_migrations WHERE version = 6; INSERT INTO meta (key, value) VALUES ('console-session-key', 'ab12')",
    );
    db.close();
    const store = await openStore({ kind: 'sqlite', path: file });
    try {
      expect(await store.directory.getMeta('console-session-key')).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('tightens the default data folder and database files an older version left open', async () => {
    const dataDir = path.join(temporaryDir(), '.cdkws');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, 'service.db');
    await (await openStore({ kind: 'sqlite', path: file })).close();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    const service = await startService({ storage: { kind: 'sqlite', path: file } });
    await service.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  });

  it('refuses a session key file others may read, and ends every session when the key is replaced', async () => {
    const dir = temporaryDir();
    const file = path.join(dir, 'service.db');
    const keyFile = path.join(dir, 'session.key');
    let service = await startService({ storage: { kind: 'sqlite', path: file } });
    const cookie = await signIn(service, TOKENS.owner);
    expect((await getPage(service, '/app', cookie)).status).toBe(200);
    await service.close();
    service = await startService({ storage: { kind: 'sqlite', path: file } });
    expect((await getPage(service, '/app', cookie)).status).toBe(200);
    await service.close();
    chmodSync(keyFile, 0o644);
    await expect(startService({ storage: { kind: 'sqlite', path: file } })).rejects.toThrow(/may be read by other users \(mode 0644\); run: chmod 600/);
    unlinkSync(keyFile);
    service = await startService({ storage: { kind: 'sqlite', path: file } });
    try {
      expect(existsSync(keyFile)).toBe(true);
      expect((await getPage(service, '/app', cookie)).status).toBe(303);
    } finally {
      await service.close();
    }
  });

  it('takes the key from --session-secret-file, so instances sharing a database share sessions', async () => {
    const dir = temporaryDir();
    const keyFile = path.join(dir, 'shared.key');
    writeFileSync(keyFile, 'k'.repeat(64), { mode: 0o600 });
    const storage = { kind: 'sqlite' as const, path: path.join(dir, 'service.db') };
    const one: TestService = await startService({ storage, sessionSecretFile: keyFile });
    const two: TestService = await startService({ storage, sessionSecretFile: keyFile });
    try {
      const cookie = await signIn(one, TOKENS.owner);
      expect((await getPage(two, '/app', cookie)).status).toBe(200);
      expect(existsSync(path.join(dir, 'session.key'))).toBe(false);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
