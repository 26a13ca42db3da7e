// Per-caller fixed one-second windows, answered like the hosted service (429 with
// X-RateLimit-Limit, X-RateLimit-Reset in seconds, Retry-After). Every answer to a caller declares
// the limit and the state of that caller's window (X-RateLimit-Remaining, X-RateLimit-Reset), so
// separate processes sharing one caller's window (a Terraform command's provider processes,
// parallel pipelines) can each see what the others spent instead of colliding.
import { RATE_LIMIT_HEADERS } from '../../contract';

export class RequestRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  /** The header every answer carries, counted or not: [name, value]. */
  readonly declaration: readonly [string, string];

  constructor(private readonly perSecond: number) {
    this.declaration = [RATE_LIMIT_HEADERS.limit, String(perSecond)];
  }

  /**
   * Counts a request of `key`. Null when allowed (the window's state is set on `res` when given);
   * the headers of the 429 otherwise.
   */
  take(key: string, res?: { setHeader(name: string, value: string): unknown }, nowMs = Date.now()): Record<string, string> | null {
    let window = this.windows.get(key);
    if (!window || nowMs - window.start >= 1000) {
      window = { start: nowMs, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.prune(nowMs);
    }
    window.count += 1;
    // Milliseconds, as seconds: a client waiting for the reset loses no more than one.
    const reset = (Math.max(1, window.start + 1000 - nowMs) / 1000).toFixed(3);
    if (window.count <= this.perSecond) {
      res?.setHeader(RATE_LIMIT_HEADERS.remaining, String(this.perSecond - window.count));
      res?.setHeader(RATE_LIMIT_HEADERS.reset, reset);
      return null;
    }
    return {
      [RATE_LIMIT_HEADERS.limit]: String(this.perSecond),
      [RATE_LIMIT_HEADERS.remaining]: '0',
      [RATE_LIMIT_HEADERS.reset]: reset,
      [RATE_LIMIT_HEADERS.retryAfter]: String(Math.ceil(Number(reset))),
    };
  }

  private prune(nowMs: number): void {
    for (const [key, window] of this.windows) if (nowMs - window.start >= 1000) this.windows.delete(key);
  }
}
