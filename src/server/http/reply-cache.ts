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

/** The caller as far as replies (and rate limits) can tell callers apart. */
export function callerKey(caller: Caller): string {
  return caller.kind === 'user' ? caller.userId : caller.kind === 'organization-token' ? `org:${caller.organization}` : 'emulator';
}

export class ReplyCache {
  private readonly entries = new LRUCache<string, Entry>({ max: LIMIT });

  static keyOf(caller: Caller, target: string): string {
    return `${callerKey(caller)} ${target}`;
  }

  get(key: string, changeToken: string, index: DirectoryIndex): Reply | undefined {
    const hit = this.entries.get(key);
    return hit && hit.changeToken === changeToken && hit.index === index ? hit.reply : undefined;
  }

  /** Keeps a successful pre-rendered reply; anything else (errors, extra headers) is not kept. */
  remember(key: string, changeToken: string, index: DirectoryIndex, reply: Reply): void {
    if (reply.status === 200 && reply.raw && !reply.headers) this.entries.set(key, { changeToken, index, reply });
  }
}
