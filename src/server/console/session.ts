// Console sessions, recorded on the server (issue 23 "sessions that end"). The cookie carries a
// random session ID and its signature, nothing else; the row in `console_sessions` says whose
// session it is and which token signed in. A session ends for good when its row goes: signing
// out, its token revoked or its user removed, idle too long, or past its absolute lifetime. The
// signing key is kept in a file only the owner reads (owner-only.ts), never in the database, so
// reading the database forges nothing, and replacing the key ends every session.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Caller, DirectoryIndex } from '../access';
import { hashToken } from '../bootstrap';
import type { ConsoleSessionRecord } from './session-store';
import type { Store } from '../store';

export const SESSION_COOKIE = 'cdkws_session';
/** Lifetimes (docs/service.md "Web console"): idle, and absolute from signing in. */
export const SESSION_LIFETIMES = { idleSeconds: 60 * 60, absoluteSeconds: 8 * 60 * 60 } as const;
/** A session's last use is written at most this often, so reading pages does not write each time. */
const TOUCH_EVERY_MS = 60_000;
/** Expired rows are swept at most this often, on a sign-in. */
const SWEEP_EVERY_MS = 10 * 60_000;

export interface Session {
  caller: Caller;
  csrf: string;
  /** Absolute expiry, seconds since the epoch. */
  expires: number;
  /** SHA-256 of the session ID: the row's key. */
  idDigest: string;
}

function b64(buffer: Buffer): string {
  return buffer.toString('base64url');
}

const digestOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

export class ConsoleSessions {
  private lastSweep = 0;

  constructor(
    private readonly key: Buffer,
    private readonly store: Store,
  ) {}

  private mac(label: string, text: string): Buffer {
    return createHmac('sha256', this.key).update(`${label}\u0000${text}`).digest();
  }

  private csrfFor(nonce: string): string {
    return b64(this.mac('csrf', nonce));
  }

  /** Records a session for a caller that just presented `token`; null for callers the console has no pages for. */
  async start(caller: Caller, token: string, nowMs = Date.now()): Promise<{ value: string; session: Session } | null> {
    if (caller.kind === 'emulator') return null;
    if (nowMs - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = nowMs;
      await this.store.consoleSessions.deleteExpired(nowMs, nowMs - SESSION_LIFETIMES.idleSeconds * 1000);
    }
    const sessionId = b64(randomBytes(32));
    const record: ConsoleSessionRecord = {
      idDigest: digestOf(sessionId),
      principal: caller.principal,
      tokenHash: hashToken(token),
      csrfNonce: b64(randomBytes(16)),
      createdAt: nowMs,
      lastSeenAt: nowMs,
      expiresAt: nowMs + SESSION_LIFETIMES.absoluteSeconds * 1000,
    };
    await this.store.consoleSessions.insert(record);
    const value = `${sessionId}.${b64(this.mac('session', sessionId))}`;
    return { value, session: this.sessionOf(record, caller) };
  }

  /**
   * The live session of a cookie value: its signature holds, its row exists and has neither idled
   * out nor expired, and the token it signed in with still names the same principal.
   */
  async resume(value: string | undefined, index: DirectoryIndex, nowMs = Date.now()): Promise<Session | null> {
    if (!value || value.length > 200) return null;
    const dot = value.indexOf('.');
    if (dot <= 0) return null;
    const sessionId = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64url');
    const expected = this.mac('session', sessionId);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const record = await this.store.consoleSessions.get(digestOf(sessionId));
    if (!record) return null;
    const idleSince = nowMs - SESSION_LIFETIMES.idleSeconds * 1000;
    const caller = index.callerOfTokenHash(record.tokenHash);
    if (record.expiresAt <= nowMs || record.lastSeenAt < idleSince || !caller || caller.principal !== record.principal) {
      await this.store.consoleSessions.delete(record.idDigest);
      return null;
    }
    if (nowMs - record.lastSeenAt >= TOUCH_EVERY_MS) await this.store.consoleSessions.touch(record.idDigest, nowMs);
    return this.sessionOf(record, caller);
  }

  /** Ends a session for good: its cookie is worth nothing afterwards, in every process. */
  async end(session: Session): Promise<void> {
    await this.store.consoleSessions.delete(session.idDigest);
  }

  private sessionOf(record: ConsoleSessionRecord, caller: Caller): Session {
    return { caller, csrf: this.csrfFor(record.csrfNonce), expires: Math.floor(record.expiresAt / 1000), idDigest: record.idDigest };
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
  return `${SESSION_COOKIE}=${value}; Path=/app; Max-Age=${SESSION_LIFETIMES.absoluteSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/app; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
