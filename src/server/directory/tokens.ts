// Users' own API tokens (issue 23 "tokens that can be revoked"): listed, created and revoked
// through the API (routes/authentication-tokens.ts) and `cdkws token` alike. Tokens live in the
// directory, hashed; a token from the bootstrap file gets an ID derived from its hash, so it can
// be listed and revoked like the others, and a revoked hash is remembered so that applying the
// bootstrap file again does not bring it back. Changes reach other processes through the
// directory's reload (service.ts).
import { createHash, randomBytes } from 'node:crypto';
import { AUTHENTICATION_TOKEN_ID_PREFIX, AUTHENTICATION_TOKENS_PER_USER_MAX } from '../../contract';
import { type Directory, type StoredAuthenticationToken, hashToken } from '../bootstrap';
import { invalid } from '../errors';
import { newId, now } from '../ids';
import type { Service } from '../service';

/** A token as listed: never its value. `createdAt` is null for tokens from the bootstrap file. */
export interface AuthenticationTokenView {
  id: string;
  userId: string;
  description: string | null;
  createdAt: string | null;
  expiredAt: string | null;
  /** Where it came from: the bootstrap file, or created through the API or the CLI. */
  source: 'bootstrap' | 'created';
}

/** The stable ID of a bootstrap token: a digest of its hash (the hash itself is never shown). */
export function bootstrapTokenId(hash: string): string {
  return `${AUTHENTICATION_TOKEN_ID_PREFIX}${createHash('sha256').update(`authentication-token:${hash}`).digest('hex').slice(0, 16)}`;
}

function isLive(token: { expiredAt: string | null }, nowMs: number): boolean {
  return token.expiredAt === null || Date.parse(token.expiredAt) > nowMs;
}

/** The user's tokens that still sign in, bootstrap ones first, then by creation. */
export function listUserTokens(directory: Directory, userId: string, nowMs = Date.now()): AuthenticationTokenView[] {
  const user = directory.users.find((u) => u.id === userId);
  if (!user) return [];
  const revoked = new Set(directory.revokedTokenHashes);
  const fromBootstrap: AuthenticationTokenView[] = user.tokenHashes
    .filter((hash) => !revoked.has(hash))
    .map((hash) => ({ id: bootstrapTokenId(hash), userId, description: null, createdAt: null, expiredAt: null, source: 'bootstrap' }));
  const created: AuthenticationTokenView[] = (directory.authenticationTokens ?? [])
    .filter((t) => t.userId === userId && !revoked.has(t.hash) && isLive(t, nowMs))
    .map(({ id, description, createdAt, expiredAt }) => ({ id, userId, description, createdAt, expiredAt, source: 'created' }));
  return [...fromBootstrap, ...created];
}

/** Finds a live token by ID, with the hash it is stored by. */
function findToken(directory: Directory, tokenId: string): { view: AuthenticationTokenView; hash: string } | null {
  for (const user of directory.users) {
    for (const hash of user.tokenHashes) {
      if (bootstrapTokenId(hash) === tokenId) {
        const view = listUserTokens(directory, user.id).find((t) => t.id === tokenId);
        return view ? { view, hash } : null;
      }
    }
  }
  const stored = (directory.authenticationTokens ?? []).find((t) => t.id === tokenId);
  if (!stored) return null;
  const view = listUserTokens(directory, stored.userId).find((t) => t.id === tokenId);
  return view ? { view, hash: stored.hash } : null;
}

export function showToken(directory: Directory, tokenId: string): AuthenticationTokenView | null {
  return findToken(directory, tokenId)?.view ?? null;
}

/** A new token value: 256 random bits, in the hosted service's `<id>.atlasv1.<secret>` shape. */
export function newTokenValue(): string {
  return `${randomBytes(7).toString('hex')}.atlasv1.${randomBytes(32).toString('base64url')}`;
}

/** Creates a token for the user; the value is answered here once and stored only as its hash. */
export async function createUserToken(
  service: Service,
  userId: string,
  options: { description: string | null; expiredAt: string | null },
): Promise<{ view: AuthenticationTokenView; value: string } | null> {
  const value = newTokenValue();
  const record: StoredAuthenticationToken = {
    id: newId(AUTHENTICATION_TOKEN_ID_PREFIX),
    userId,
    hash: hashToken(value),
    description: options.description,
    createdAt: now(),
    expiredAt: options.expiredAt,
  };
  const created = await service.changeDirectory((directory) => {
    if (!directory.users.some((u) => u.id === userId)) return { result: false };
    // Expired tokens are dropped as new ones come, so the list stays bounded.
    const nowMs = Date.now();
    const kept = (directory.authenticationTokens ?? []).filter((t) => isLive(t, nowMs));
    if (kept.filter((t) => t.userId === userId).length >= AUTHENTICATION_TOKENS_PER_USER_MAX) {
      throw invalid(`a user may have at most ${AUTHENTICATION_TOKENS_PER_USER_MAX} tokens; revoke one first`, '/data');
    }
    directory.authenticationTokens = [...kept, record];
    return { result: true };
  });
  if (!created) return null;
  return {
    view: { id: record.id, userId, description: record.description, createdAt: record.createdAt, expiredAt: record.expiredAt, source: 'created' },
    value,
  };
}

/** Revokes a token in every process (within the directory's reload time); false when there is no such live token. */
export async function revokeToken(service: Service, tokenId: string): Promise<boolean> {
  return service.changeDirectory((directory) => {
    const found = findToken(directory, tokenId);
    if (!found) return { result: false };
    // Only a bootstrap token's hash is remembered (the file may list it again); a created one just goes.
    if (found.view.source === 'bootstrap') directory.revokedTokenHashes = [...new Set([...(directory.revokedTokenHashes ?? []), found.hash])];
    directory.authenticationTokens = (directory.authenticationTokens ?? []).filter((t) => t.hash !== found.hash);
    return { result: true };
  });
}
