import { LRUCache } from 'lru-cache';

// Rendered single-workspace documents (measured in `npm run bench`: rebuilding and re-encoding the
// document on every show costs more than the cache). Invalidation: none is needed, because the key
// includes the stored version, which every write to the workspace (row or tags) increases, and
// everything else that shapes the bytes; an outdated entry is never asked for again and ages out,
// the least recently used first. Bounded by bytes rather than entries: a fleet of pipelines each
// reading its own workspace (20,000 distinct shows, bench "cold-show") fits in the budget, about
// 3 KB a document, where a count of a few thousand entries made almost every show render again.
export const RENDER_CACHE_BYTES = 64 * 1024 * 1024;

export class RenderCache {
  private readonly entries: LRUCache<string, Buffer>;

  constructor(maxBytes = RENDER_CACHE_BYTES) {
    this.entries = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (value, key) => value.length + key.length });
  }

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: Buffer): void {
    this.entries.set(key, value);
  }
}
