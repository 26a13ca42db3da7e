// Rendered single-workspace documents, keyed by everything that shapes them. Reads stay
// consistent across processes because the key includes the stored version, which every write
// to the workspace increases; the cache only saves rebuilding and re-encoding the same bytes.
const LIMIT = 4096;

export class RenderCache {
  private readonly entries = new Map<string, Buffer>();

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: Buffer): void {
    if (this.entries.size >= LIMIT) {
      // Maps iterate in insertion order: drop the oldest quarter.
      let drop = LIMIT / 4;
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--drop === 0) break;
      }
    }
    this.entries.set(key, value);
  }
}
