// Console sessions: a signed, expiring cookie naming the principal and a tag of the token used to
// sign in (never the token, nor its stored hash). The signing key lives in the service's metadata,
// so every `serve` process on one database accepts the same cookies and restarts keep sessions.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Caller, organizationTokenCaller, userCaller } from '../access';
import { hashToken, type Directory } from '../bootstrap';
import type { Store } from '../storage/types';

export const SESSION_COOKIE = 'cdkws_session';
export const SESSION_SECONDS = 8 * 60 * 60;
const KEY_META = 'console-session-key';

interface SessionPayload {
  /** user ID, or `org:<name>` for an organization token. */
  p: string;
  /** Which of the principal's tokens signed in: a keyed digest of its stored hash. */
  t: string;
  /** Expiry, seconds since the epoch. */
  e: number;
  /** Random per session; the CSRF token is derived from it. */
  n: string;
}

export interface Session {
  caller: Caller;
  csrf: string;
  expires: number;
}

function b64(buffer: Buffer): string {
  return buffer.toString('base64url');
}

/** Loads the signing key, creating it once for all processes sharing the store. */
export async function loadSessionKey(store: Store): Promise<Buffer> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const stored = await store.getMeta(KEY_META);
    if (stored) return Buffer.from(stored, 'hex');
    await store.compareAndSetMeta(KEY_META, null, randomBytes(32).toString('hex'));
  }
  throw new Error('could not create the console session key in the service metadata');
}

export class SessionSigner {
  constructor(private readonly key: Buffer) {}

  private mac(label: string, text: string): Buffer {
    return createHmac('sha256', this.key).update(`${label}\u0000${text}`).digest();
  }

  private tokenTag(tokenHashHex: string): string {
    return b64(this.mac('token', tokenHashHex).subarray(0, 16));
  }

  /** The cookie value for a caller that just presented `token`; null for callers the console has no pages for. */
  issue(caller: Caller, token: string, nowMs = Date.now()): { value: string; session: Session } | null {
    if (caller.kind === 'emulator') return null;
    const payload: SessionPayload = {
      p: caller.kind === 'user' ? caller.userId : `org:${caller.organization}`,
      t: this.tokenTag(hashToken(token)),
      e: Math.floor(nowMs / 1000) + SESSION_SECONDS,
      n: b64(randomBytes(16)),
    };
    const body = b64(Buffer.from(JSON.stringify(payload)));
    const value = `${body}.${b64(this.mac('session', body))}`;
    return { value, session: { caller, csrf: this.csrfFor(payload.n), expires: payload.e } };
  }

  /** The session of a cookie value, when its signature holds, it has not expired and its token still exists. */
  verify(value: string | undefined, directory: Directory, nowMs = Date.now()): Session | null {
    if (!value || value.length > 1024) return null;
    const dot = value.indexOf('.');
    if (dot <= 0) return null;
    const body = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64url');
    const expected = this.mac('session', body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let payload: SessionPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SessionPayload;
    } catch {
      return null;
    }
    if (typeof payload.e !== 'number' || payload.e * 1000 <= nowMs || typeof payload.p !== 'string' || typeof payload.n !== 'string') return null;
    const caller = this.callerOf(payload, directory);
    return caller ? { caller, csrf: this.csrfFor(payload.n), expires: payload.e } : null;
  }

  private callerOf(payload: SessionPayload, directory: Directory): Caller | null {
    if (payload.p.startsWith('org:')) {
      const organization = directory.organizations.find((o) => o.name === payload.p.slice(4));
      return organization?.tokenHash && this.tokenTag(organization.tokenHash) === payload.t
        ? organizationTokenCaller(organization.name)
        : null;
    }
    const user = directory.users.find((u) => u.id === payload.p);
    if (!user || !user.tokenHashes.some((hash) => this.tokenTag(hash) === payload.t)) return null;
    return userCaller(user.id, user.username);
  }

  private csrfFor(nonce: string): string {
    return b64(this.mac('csrf', nonce));
  }

  static csrfMatches(session: Session, given: string | null): boolean {
    if (!given) return false;
    const a = Buffer.from(session.csrf);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(value: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/app; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/app; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
