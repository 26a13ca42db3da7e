// Client-side pacing: evenly spaced sends at `perSecond`, with a hard cap of `perSecond` sends
// in any sliding window, so a service limiting N per second never sees N + 1 from us.
// A 429 pauses every sender until the service's reset time. The rate may change while running
// (`setRate`), when the service declares its own limit; `null` stops pacing (pauses still hold).

export interface RateLimiterOptions {
  /** Requests per second; null paces nothing until `setRate` gives a rate. */
  perSecond: number | null;
  /** Length of the sliding window, a little over a second to absorb network jitter. @default 1010 */
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Sends remembered while not pacing (a declared rate above it counts only these). */
const UNPACED_HISTORY = 64;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function checkedRate(perSecond: number | null): number | null {
  if (perSecond !== null && (!(perSecond > 0) || !Number.isFinite(perSecond))) {
    throw new Error(`rateLimit must be a positive number of requests per second, not ${perSecond}`);
  }
  return perSecond;
}

export class RateLimiter {
  #perSecond: number | null = null;
  private intervalMs = 0;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /**
   * Send times of the last `perSecond` grants, oldest first (a ring); while not pacing, of the
   * last sends still, so a rate declared later counts them.
   */
  private sent: number[] = new Array<number>(UNPACED_HISTORY).fill(-Infinity);
  private next = 0;
  /** The earliest time the next grant may go out. */
  private nextSlot = 0;
  private pausedUntil = 0;
  /** Grants are handed out in order: each waiter chains on the previous one. */
  private queue: Promise<void> = Promise.resolve();
  /** Grants waiting in `queue`; with none and no pacing, `take` needs no promise chain. */
  private waiting = 0;

  constructor(options: RateLimiterOptions) {
    this.windowMs = options.windowMs ?? 1010;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.setRate(options.perSecond);
  }

  /** Requests per second now paced at; null when not pacing. */
  get perSecond(): number | null {
    return this.#perSecond;
  }

  /**
   * Paces at `perSecond` from now on (null: not at all). Sends already made still count against
   * the new window, so lowering the rate never lets a burst through.
   */
  setRate(perSecond: number | null): void {
    if (checkedRate(perSecond) === this.#perSecond) return;
    this.#perSecond = perSecond;
    if (perSecond === null) return;
    this.intervalMs = this.windowMs / perSecond;
    const size = Math.max(1, Math.floor(perSecond));
    // Keep the most recent sends, newest last, so the sliding window stays honest across the change.
    const recent = [...this.sent.slice(this.next), ...this.sent.slice(0, this.next)].filter((t) => t > -Infinity).slice(-size);
    this.sent = [...new Array<number>(size - recent.length).fill(-Infinity), ...recent];
    this.next = 0;
  }

  /** Resolves when one more request may be sent. */
  take(): Promise<void> {
    if (this.#perSecond === null && this.waiting === 0) {
      const now = this.now();
      if (this.pausedUntil <= now) {
        this.record(now);
        return Promise.resolve();
      }
    }
    this.waiting += 1;
    const grant = this.queue.then(() => this.grant()).finally(() => (this.waiting -= 1));
    this.queue = grant;
    return grant;
  }

  /** Holds every sender back until `untilMs` (after a 429 with a reset time). */
  pauseUntil(untilMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }

  private record(now: number): void {
    this.sent[this.next] = now;
    this.next = (this.next + 1) % this.sent.length;
  }

  private async grant(): Promise<void> {
    for (;;) {
      const now = this.now();
      if (this.#perSecond === null) {
        if (this.pausedUntil <= now) return this.record(now);
        await this.sleep(Math.max(1, Math.ceil(this.pausedUntil - now)));
        continue;
      }
      // Pacing by slots, not by "last send + interval", so late timers do not lower the rate.
      const oldest = this.sent[this.next];
      const at = Math.max(this.nextSlot, oldest + this.windowMs, this.pausedUntil);
      if (at <= now) {
        this.record(now);
        this.nextSlot = Math.max(this.nextSlot, now - this.intervalMs) + this.intervalMs;
        return;
      }
      await this.sleep(Math.max(1, Math.ceil(at - now)));
    }
  }
}
