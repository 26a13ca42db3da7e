// Per-caller fixed one-second windows, answered like the hosted service (429 with
// X-RateLimit-Limit, X-RateLimit-Reset in seconds, Retry-After), and the limit declared on every
// answer, so clients pace themselves by it instead of guessing.
import { RATE_LIMIT_HEADERS } from '../../spec';

export class RequestRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  /** The header every answer carries: [name, value]. */
  readonly declaration: readonly [string, string];

  constructor(private readonly perSecond: number) {
    this.declaration = [RATE_LIMIT_HEADERS.limit, String(perSecond)];
  }

  /** Null when allowed; the headers of the 429 otherwise. */
  take(key: string, nowMs = Date.now()): Record<string, string> | null {
    let window = this.windows.get(key);
    if (!window || nowMs - window.start >= 1000) {
      window = { start: nowMs, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.prune(nowMs);
    }
    window.count += 1;
    if (window.count <= this.perSecond) return null;
    const resetSeconds = Math.max(0.001, (window.start + 1000 - nowMs) / 1000);
    return {
      [RATE_LIMIT_HEADERS.limit]: String(this.perSecond),
      [RATE_LIMIT_HEADERS.reset]: resetSeconds.toFixed(3),
      [RATE_LIMIT_HEADERS.retryAfter]: String(Math.ceil(resetSeconds)),
    };
  }

  private prune(nowMs: number): void {
    for (const [key, window] of this.windows) if (nowMs - window.start >= 1000) this.windows.delete(key);
  }
}
