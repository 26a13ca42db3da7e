import { LRUCache } from 'lru-cache';
import type { WorkspaceRecord } from './types';

// Workspace reads kept in memory by the store (measured in `npm run bench`: the show request costs
// noticeably more without either). Invalidation: a whole read is served only while the database's
// change token (any commit, by this process or another) is the one it was read under; parsed
// settings and tag names only while the row's version (increased by every write to the workspace
// or its tags) is the one they were parsed at. Beyond LIMIT entries the least recently used go.
const LIMIT = 10_000;

export class WorkspaceReadCache {
  private readonly reads = new LRUCache<string, { token: string; record: WorkspaceRecord }>({ max: LIMIT });
  private readonly parsed = new LRUCache<string, WorkspaceRecord>({ max: LIMIT });

  /** A copy of the record read by `key` under change token `token`, if it is still that. */
  read(key: string, token: string): WorkspaceRecord | undefined {
    const hit = this.reads.get(key);
    return hit && hit.token === token ? { ...hit.record } : undefined;
  }

  rememberRead(key: string, token: string, record: WorkspaceRecord): void {
    this.reads.set(key, { token, record: { ...record } });
  }

  /** The record of workspace `id` as parsed at `version`, if that is still its version. */
  parsedAt(id: string, version: number): WorkspaceRecord | undefined {
    const hit = this.parsed.get(id);
    return hit && hit.version === version ? hit : undefined;
  }

  rememberParsed(record: WorkspaceRecord): void {
    this.parsed.set(record.id, { ...record });
  }
}
