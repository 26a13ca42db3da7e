import { LRUCache } from 'lru-cache';
import type { Caller, DirectoryIndex } from '../access';
import type { Reply } from './router';

// Whole replies to repeated reads of routes marked `cacheable`, served without running the route
// (docs/performance.md: without it, show throughput under load drops by about a fifth).
// Such a route's successful reply depends on nothing but the caller, the request target, the
// database and the directory, so an entry is served only while the database's change token and
// the directory index are the ones it was made under. Where no change token exists (PostgreSQL),
// nothing is kept. Beyond LIMIT entries the least recently used go.
const LIMIT = 2_000;

interface Entry {
  changeToken: string;
  index: DirectoryIndex;
  reply: Reply;
}

export class ReplyCache {
  private readonly entries = new LRUCache<string, Entry>({ max: LIMIT });

  get(caller: Caller, target: string, changeToken: string, index: DirectoryIndex): Reply | undefined {
    const hit = this.entries.get(keyOf(caller, target));
    return hit && hit.changeToken === changeToken && hit.index === index ? hit.reply : undefined;
  }

  /** Keeps a successful pre-rendered reply; anything else (errors, extra headers) is not kept. */
  remember(caller: Caller, target: string, changeToken: string, index: DirectoryIndex, reply: Reply): void {
    if (reply.status === 200 && reply.raw && !reply.headers) this.entries.set(keyOf(caller, target), { changeToken, index, reply });
  }
}

/**
 * Replies differ by caller only as far as the typed principal (user, organization token,
 * emulator); a principal holds a space and a target starts with `/`, so no key spells another.
 */
const keyOf = (caller: Caller, target: string) => `${caller.principal} ${target}`;
