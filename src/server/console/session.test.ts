import { randomBytes } from 'node:crypto';
import { DirectoryIndex, EMULATOR_CALLER, organizationTokenCaller, userCaller } from '../access';
import { type BootstrapFile, mergeBootstrap } from '../bootstrap';
import { backendKinds, useTestDatabase } from '../test-support';
import type { Store } from '../store';
import { ConsoleSessions, SESSION_LIFETIMES, readCookie, sessionCookie } from './session';

const organization = {
  name: 'acme',
  tier: 'free',
  'organization-token': 'acme-token',
  settings: {},
  projects: [],
  'agent-pools': [],
  'ssh-keys': [],
  'oauth-tokens': [],
  teams: [],
} as const satisfies BootstrapFile['organizations'][number];

function indexWith(aliceTokens: string[]): DirectoryIndex {
  return new DirectoryIndex(
    mergeBootstrap(null, {
      edition: 'hosted',
      'emulator-admin-tokens': ['emu'],
      users: [{ username: 'alice', id: 'user-alice', tokens: aliceTokens }],
      organizations: [organization],
    }),
  );
}

const alice = userCaller('user-alice', 'alice');
const HOUR = 3_600_000;

describe.each(backendKinds)('console sessions (%s)', (kind) => {
  let store: Store;
  useTestDatabase(kind, (opened) => {
    store = opened;
  });
  const index = indexWith(['alice-token']);

  it('round-trips a user and an organization token, and never carries the token', async () => {
    const sessions = new ConsoleSessions(randomBytes(32), store);
    const issued = (await sessions.start(alice, 'alice-token'))!;
    expect(issued.value).not.toContain('alice-token');
    expect((await sessions.resume(issued.value, index))?.caller).toEqual(alice);
    const org = (await sessions.start(organizationTokenCaller('acme'), 'acme-token'))!;
    expect((await sessions.resume(org.value, index))?.caller).toEqual(organizationTokenCaller('acme'));
    expect(await sessions.start(EMULATOR_CALLER, 'emu')).toBeNull();
  });

  it('refuses tampered cookies and cookies signed with another key (a rotated key ends every session)', async () => {
    const sessions = new ConsoleSessions(randomBytes(32), store);
    const issued = (await sessions.start(alice, 'alice-token'))!;
    const [id, mac] = issued.value.split('.');
    // A character of the ID changed (in the middle: the last one's low bits are padding a decoder may ignore).
    const tampered = id.slice(0, 5) + (id[5] === 'A' ? 'B' : 'A') + id.slice(6);
    expect(await sessions.resume(`${tampered}.${mac}`, index)).toBeNull();
    expect(await new ConsoleSessions(randomBytes(32), store).resume(issued.value, index)).toBeNull();
    expect(await sessions.resume('garbage', index)).toBeNull();
    expect(await sessions.resume(issued.value, index)).not.toBeNull();
  });

  it('ends a session for good when it is ended, idles out or passes its absolute lifetime', async () => {
    const sessions = new ConsoleSessions(randomBytes(32), store);
    const t0 = Date.now();
    const ended = (await sessions.start(alice, 'alice-token', t0))!;
    await sessions.end(ended.session);
    expect(await sessions.resume(ended.value, index, t0)).toBeNull();

    const idle = (await sessions.start(alice, 'alice-token', t0))!;
    expect(await sessions.resume(idle.value, index, t0 + SESSION_LIFETIMES.idleSeconds * 1000 + 1)).toBeNull();
    // Gone, not merely refused at that moment.
    expect(await sessions.resume(idle.value, index, t0)).toBeNull();

    const busy = (await sessions.start(alice, 'alice-token', t0))!;
    // Used every half hour: it stays alive until the absolute lifetime ends it.
    for (let at = t0 + HOUR / 2; at < t0 + SESSION_LIFETIMES.absoluteSeconds * 1000; at += HOUR / 2) {
      expect(await sessions.resume(busy.value, index, at)).not.toBeNull();
    }
    expect(await sessions.resume(busy.value, index, t0 + SESSION_LIFETIMES.absoluteSeconds * 1000)).toBeNull();
  });

  it('ends the session when the token it signed in with is revoked or its user removed', async () => {
    const sessions = new ConsoleSessions(randomBytes(32), store);
    const issued = (await sessions.start(alice, 'alice-token'))!;
    expect(await sessions.resume(issued.value, indexWith(['other-token']))).toBeNull();
    expect(await sessions.resume(issued.value, index)).toBeNull();
  });

  it('binds the CSRF token to the session', async () => {
    const sessions = new ConsoleSessions(randomBytes(32), store);
    const one = (await sessions.start(alice, 'alice-token'))!.session;
    const two = (await sessions.start(alice, 'alice-token'))!.session;
    expect(ConsoleSessions.csrfMatches(one, one.csrf)).toBe(true);
    expect(ConsoleSessions.csrfMatches(one, two.csrf)).toBe(false);
    expect(ConsoleSessions.csrfMatches(one, null)).toBe(false);
  });
});

describe('session cookies', () => {
  it('are HttpOnly and SameSite=Strict, Secure only over TLS', () => {
    expect(sessionCookie('v', false)).toBe(`cdkws_session=v; Path=/app; Max-Age=${SESSION_LIFETIMES.absoluteSeconds}; HttpOnly; SameSite=Strict`);
    expect(sessionCookie('v', true)).toMatch(/; Secure$/);
    expect(readCookie('a=1; cdkws_session=xyz; b=2', 'cdkws_session')).toBe('xyz');
  });
});
