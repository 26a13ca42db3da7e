// Client-side pacing: evenly spaced sends at `perSecond`, with a hard cap of `perSecond` sends
// in any sliding window, so a service limiting N per second never sees N + 1 from us.
// A 429 pauses every sender until the service's reset time.

export interface RateLimiterOptions {
  /** Requests per second. */
  perSecond: number;
  /** Length of the sliding window, a little over a second to absorb network jitter. @default 1010 */
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RateLimiter {
  readonly perSecond: number;
  private readonly intervalMs: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Send times of the last `perSecond` grants, oldest first (a ring). */
  private readonly sent: number[];
  private next = 0;
  /** The earliest time the next grant may go out. */
  private nextSlot = 0;
  private pausedUntil = 0;
  /** Grants are handed out in order: each waiter chains on the previous one. */
  private queue: Promise<void> = Promise.resolve();

  constructor(options: RateLimiterOptions) {
    if (!(options.perSecond > 0) || !Number.isFinite(options.perSecond)) {
      throw new Error(`rateLimit must be a positive number of requests per second, not ${options.perSecond}`);
    }
    this.perSecond = options.perSecond;
    this.windowMs = options.windowMs ?? 1010;
    this.intervalMs = this.windowMs / options.perSecond;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.sent = new Array<number>(Math.max(1, Math.floor(options.perSecond))).fill(-Infinity);
  }

  /** Resolves when one more request may be sent. */
  take(): Promise<void> {
    const grant = this.queue.then(() => this.grant());
    this.queue = grant;
    return grant;
  }

  /** Holds every sender back until `untilMs` (after a 429 with a reset time). */
  pauseUntil(untilMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }

  private async grant(): Promise<void> {
    for (;;) {
      const now = this.now();
      // Pacing by slots, not by "last send + interval", so late timers do not lower the rate.
      const oldest = this.sent[this.next];
      const at = Math.max(this.nextSlot, oldest + this.windowMs, this.pausedUntil);
      if (at <= now) {
        this.sent[this.next] = now;
        this.next = (this.next + 1) % this.sent.length;
        this.nextSlot = Math.max(this.nextSlot, now - this.intervalMs) + this.intervalMs;
        return;
      }
      await this.sleep(Math.max(1, Math.ceil(at - now)));
    }
  }
}
