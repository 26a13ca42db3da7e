import { LRUCache } from 'lru-cache';

// Rendered single-workspace documents (measured in `npm run bench`: rebuilding and re-encoding the
// document on every show costs more than the cache). Invalidation: none is needed, because the key
// includes the stored version, which every write to the workspace (row or tags) increases, and
// everything else that shapes the bytes; an outdated entry is never asked for again and ages out,
// the least recently used first, beyond LIMIT entries.
const LIMIT = 4096;

export class RenderCache {
  private readonly entries = new LRUCache<string, Buffer>({ max: LIMIT });

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: Buffer): void {
    this.entries.set(key, value);
  }
}
