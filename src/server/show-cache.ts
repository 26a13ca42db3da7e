import { LRUCache } from 'lru-cache';
import type { Caller, DirectoryIndex } from './access';
import type { Store } from './store';
import type { WorkspaceRecord } from './workspaces/records';

// The show path's caches, and when the database's change token may be trusted. Two caches:
//
// 1. WorkspaceShowCache: per workspace, its record (settings parsed, tag names) and the documents
//    rendered from it, one variant per access level and force-delete right. Bound: SHOW_CACHE_BYTES
//    (records counted at RECORD_BYTES, documents at their length), least recently used out first.
//    Invalidation: a kept record is served only while it is known current, and its documents only
//    while the directory index is the one they were rendered under. Known current means either
//    - the request's change token (TurnChangeToken, below) is the one the record was last confirmed
//      under: nothing was committed to the database since that confirmation, so no statement runs;
//    - or the store's stamp of the workspace (its version, raised by every write to its row, its
//      tags or its change requests: one look-up in a covering index, no JSON) is the record's.
//      That is every read without a change token: PostgreSQL, and routes other than the shows.
//    A record is read whole and rendered again only after a change.
//
// 2. ReplyCache: whole replies to repeated reads of routes marked `cacheable`, keyed by caller
//    and request target. Such a route's reply depends on nothing but the caller, the target, the
//    database and the directory, so an entry is served only while the database's change token
//    and the directory index are the ones it was made under. Where no change token exists
//    (PostgreSQL) nothing is kept. Bound: REPLY_LIMIT entries, least recently used out first.
//
// The change token (Store.changeToken) changes with every commit to the database, by any process,
// and costs a shared lock on the file to read (two system calls, as much as the rest of a cached
// show). Store.changeToken reads it afresh on every call: that is what timers, immediates and
// everything else outside a request use (the directory watch, tests). Requests of cacheable routes
// use TurnChangeToken.forRequest, called synchronously from the request listener, before anything
// is read for the request (a write landing after it only makes the entry stale sooner): its first
// reading in a turn of the event loop is shared by the requests of that turn (unless the store's
// own handle commits meanwhile), and forgotten in the turn's check phase (setImmediate). That is
// right because a request listener runs in an I/O callback, after the poll that delivered the
// request: a commit by another process that the client had seen answered before sending it
// happened before that poll, so before the reading. A reading taken in a timer or an immediate
// would outlive the next poll, and requests delivered by it would be served from before commits
// made in between: nothing outside a request listener may call forRequest (show-cache.test.ts
// tests both sides).
//
// Why a confirmation under a token holds for later requests under the same token: the token at two
// readings is equal only if nothing was committed between them, and a record confirmed under a
// token was read (or its stamp was) after that token's reading. So it is the database's state at
// any later reading that gives the same token, or newer.

/** Bytes the workspace show cache holds at most: 20,000 workspaces of about 4 KB fit (bench "cold-show"). */
export const SHOW_CACHE_BYTES = 96 * 1024 * 1024;
/** What a parsed workspace record is counted as. */
export const RECORD_BYTES = 1_024;
/** Replies the reply cache holds at most. */
export const REPLY_LIMIT = 2_000;

interface WorkspaceEntry {
  /** Frozen: shared by every request that reads the workspace while it is current. */
  record: WorkspaceRecord;
  /** The change token of the last request that found the record current (see above); none when never. */
  confirmedUnder: string | undefined;
  /** The directory index the documents were rendered under. */
  index: DirectoryIndex | null;
  documents: Map<string, Buffer>;
  bytes: number;
}

export class WorkspaceShowCache {
  private readonly entries: LRUCache<string, WorkspaceEntry>;

  constructor(maxBytes = SHOW_CACHE_BYTES) {
    this.entries = new LRUCache<string, WorkspaceEntry>({ maxSize: maxBytes, sizeCalculation: (entry) => entry.bytes });
  }

  /**
   * The workspace's current record, by ID or by organization and name: the kept one while it is
   * known current (above), else read afresh and kept. `changeToken`: the request's, from
   * TurnChangeToken.forRequest only. Shared and frozen: copy before changing it.
   */
  async workspace(store: Store, key: { id: string } | { organization: string; name: string }, changeToken?: string): Promise<WorkspaceRecord | null> {
    const confirmed = 'id' in key ? this.confirmed(key.id, changeToken) : undefined;
    if (confirmed) return confirmed;
    // Nothing kept for it (a first show): the stamp would only say to read the record.
    if ('id' in key && !this.entries.has(key.id)) return this.read(store, key.id, changeToken);
    const stamp = await store.workspaces.getStamp(key);
    if (!stamp) return null;
    const kept = this.entries.get(stamp.id);
    if (kept && kept.record.version === stamp.version) {
      if (changeToken !== undefined) kept.confirmedUnder = changeToken;
      return kept.record;
    }
    return this.read(store, stamp.id, changeToken);
  }

  /** Reads the workspace's record whole and keeps it, confirmed under `changeToken` (read after it). */
  private async read(store: Store, id: string, changeToken: string | undefined): Promise<WorkspaceRecord | null> {
    const record = await store.workspaces.get(id);
    if (!record) return null;
    const entry = this.keep(record);
    entry.confirmedUnder = changeToken;
    return entry.record;
  }

  /** The kept record of workspace `id` when it was confirmed under `changeToken` (above): no statement, no wait. */
  confirmed(id: string, changeToken: string | undefined): WorkspaceRecord | undefined {
    if (changeToken === undefined) return undefined;
    const kept = this.entries.get(id);
    return kept?.confirmedUnder === changeToken ? kept.record : undefined;
  }

  /**
   * The document kept for `record` and `variant` (what else shapes it: access level and rights)
   * under `index`, if any: rendered for this version of the record and this directory index.
   */
  keptDocument(record: WorkspaceRecord, variant: string, index: DirectoryIndex): Buffer | undefined {
    const entry = this.entries.get(record.id);
    return entry && entry.record.version === record.version && entry.index === index ? entry.documents.get(variant) : undefined;
  }

  /** Keeps `document`, rendered from `record` for `variant` under `index` (keptDocument). */
  keepDocument(record: WorkspaceRecord, variant: string, index: DirectoryIndex, document: Buffer): void {
    let entry = this.entries.get(record.id);
    if (!entry || entry.record.version !== record.version) {
      entry = this.keep(record);
    }
    if (entry.index !== index) {
      entry.index = index;
      entry.documents.clear();
      entry.bytes = RECORD_BYTES;
    }
    entry.documents.set(variant, document);
    // A new entry object: the LRU recounts the size only when the value it holds changes.
    this.entries.set(record.id, { ...entry, bytes: entry.bytes + document.length + variant.length });
  }

  private keep(record: WorkspaceRecord): WorkspaceEntry {
    const entry: WorkspaceEntry = { record: deepFreeze(record), confirmedUnder: undefined, index: null, documents: new Map(), bytes: RECORD_BYTES };
    this.entries.set(record.id, entry);
    return entry;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** What the reply cache looks at in a route's reply (http/router.ts `Reply`); generic, so this module needs no import of the router. */
interface CacheableReply {
  status: number;
  raw?: Buffer;
  headers?: object;
}

interface ReplyEntry<R> {
  changeToken: string;
  index: DirectoryIndex;
  reply: R;
}

/**
 * The change token requests share within one turn of the event loop (the rule above). A commit
 * through the store's own handle during the turn (a write request finishing between two shows)
 * makes the next request read it afresh: that costs no system call to notice, so this service's
 * own writes are counted at once, within the turn too.
 */
export class TurnChangeToken {
  private turnReading: string | undefined;
  private commitsAtReading = 0;
  private readThisTurn = false;

  /** Only from the request listener itself, synchronously. */
  forRequest(store: Pick<Store, 'changeToken' | 'commitCount'>): string | undefined {
    const commits = store.commitCount();
    if (!this.readThisTurn || commits !== this.commitsAtReading) {
      this.turnReading = store.changeToken();
      this.commitsAtReading = commits;
      if (!this.readThisTurn) setImmediate(() => (this.readThisTurn = false));
      this.readThisTurn = true;
    }
    return this.turnReading;
  }
}

export class ReplyCache<R extends CacheableReply> {
  private readonly entries = new LRUCache<string, ReplyEntry<R>>({ max: REPLY_LIMIT });

  get(caller: Caller, target: string, changeToken: string, index: DirectoryIndex): R | undefined {
    const hit = this.entries.get(replyKey(caller, target));
    return hit && hit.changeToken === changeToken && hit.index === index ? hit.reply : undefined;
  }

  /** Keeps a successful pre-rendered reply; anything else (errors, extra headers) is not kept. */
  remember(caller: Caller, target: string, changeToken: string, index: DirectoryIndex, reply: R): void {
    if (reply.status === 200 && reply.raw && !reply.headers) this.entries.set(replyKey(caller, target), { changeToken, index, reply });
  }
}

/**
 * Replies differ by caller only as far as the typed principal (user, organization token,
 * emulator); a principal holds a space and a target starts with `/`, so no key spells another.
 */
const replyKey = (caller: Caller, target: string) => `${caller.principal} ${target}`;
