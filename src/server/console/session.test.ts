import { randomBytes } from 'node:crypto';
import { EMULATOR_CALLER, organizationTokenCaller, userCaller } from '../access';
import { mergeBootstrap } from '../bootstrap';
import { SESSION_SECONDS, SessionSigner, readCookie, sessionCookie } from './session';

const directory = mergeBootstrap(null, {
  edition: 'hosted',
  'emulator-admin-tokens': ['emu'],
  users: [{ username: 'alice', id: 'user-alice', tokens: ['alice-token'] }],
  organizations: [
    {
      name: 'acme',
      tier: 'free',
      'organization-token': 'acme-token',
      settings: {},
      projects: [],
      'agent-pools': [],
      'ssh-keys': [],
      'oauth-tokens': [],
      teams: [],
    },
  ],
});
const alice = userCaller('user-alice', 'alice');

describe('console sessions', () => {
  const signer = new SessionSigner(randomBytes(32));

  it('round-trips a user and an organization token, and never carries the token', () => {
    const issued = signer.issue(alice, 'alice-token')!;
    expect(Buffer.from(issued.value.split('.')[0], 'base64url').toString()).not.toContain('alice-token');
    expect(signer.verify(issued.value, directory)?.caller).toEqual(alice);
    const org = signer.issue(organizationTokenCaller('acme'), 'acme-token')!;
    expect(signer.verify(org.value, directory)?.caller).toEqual(organizationTokenCaller('acme'));
  });

  it('refuses tampered, foreign, expired and emulator sessions', () => {
    const issued = signer.issue(alice, 'alice-token')!;
    const [body, mac] = issued.value.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), e: 9e9 })).toString('base64url');
    expect(signer.verify(`${forged}.${mac}`, directory)).toBeNull();
    expect(new SessionSigner(randomBytes(32)).verify(issued.value, directory)).toBeNull();
    expect(signer.verify(issued.value, directory, Date.now() + (SESSION_SECONDS + 1) * 1000)).toBeNull();
    expect(signer.verify('garbage', directory)).toBeNull();
    expect(signer.issue(EMULATOR_CALLER, 'emu')).toBeNull();
  });

  it("ends the session when the token it was issued for is no longer the user's", () => {
    const issued = signer.issue(alice, 'some-other-token')!;
    expect(signer.verify(issued.value, directory)).toBeNull();
  });

  it('binds the CSRF token to the session', () => {
    const one = signer.issue(alice, 'alice-token')!.session;
    const two = signer.issue(alice, 'alice-token')!.session;
    expect(SessionSigner.csrfMatches(one, one.csrf)).toBe(true);
    expect(SessionSigner.csrfMatches(one, two.csrf)).toBe(false);
    expect(SessionSigner.csrfMatches(one, null)).toBe(false);
  });

  it('writes an HttpOnly, SameSite=Strict cookie, Secure only over TLS', () => {
    expect(sessionCookie('v', false)).toBe(`cdkws_session=v; Path=/app; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict`);
    expect(sessionCookie('v', true)).toMatch(/; Secure$/);
    expect(readCookie('a=1; cdkws_session=xyz; b=2', 'cdkws_session')).toBe('xyz');
  });
});
