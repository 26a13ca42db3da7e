// Client-side pacing: at most `perSecond` requests in any window of a second, counted so that a
// service limiting N per second (a fixed window, as the hosted service and `cdkws serve
// --rate-limit` keep it) never sees N + 1 from us. The N-th next request waits a window from the
// *answer* to the request N before it: the service counted that one no later than it answered,
// and counts the new one no earlier than it is sent, so delays on the way cannot squeeze N + 1 into
// one of its windows. Within that bound requests go at once: a quiet spell's allowance is spent
// in one burst, as the service's window allows, instead of being lost to even spacing (a plan's
// requests come in bursts: Terraform's walk, then the provider's reads). A 429 pauses every sender
// until the service's reset time. The rate may change while running (`setRate`), when the service
// declares its own limit; `null` stops pacing (pauses still hold).

export interface RateLimiterOptions {
  /** Requests per second; null paces nothing until `setRate` gives a rate. */
  perSecond: number | null;
  /**
   * Length of the sliding window: a second, and a little for clocks that count whole milliseconds
   * (delays on the way are covered by counting from answers). @default 1005
   */
  windowMs?: number;
  /**
   * Until the first `setRate`, space requests evenly at `perSecond` instead of bursting: a client
   * that follows the service starts at the hosted limit, and a service declaring less learns
   * this from the first answer, which arrives before a second request is due.
   */
  evenUntilDeclared?: boolean;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Sends remembered while not pacing (a declared rate above it counts only these). */
const UNPACED_HISTORY = 64;

/** Called when a granted request's answer (or failure) arrives. */
export type Answered = () => void;
const NOTHING_TO_NOTE: Answered = () => undefined;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function checkedRate(perSecond: number | null): number | null {
  if (perSecond !== null && (!(perSecond > 0) || !Number.isFinite(perSecond))) {
    throw new Error(`rateLimit must be a positive number of requests per second, not ${perSecond}`);
  }
  return perSecond;
}

export class RateLimiter {
  #perSecond: number | null = null;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /**
   * Times of the last `perSecond` grants, oldest at `next` (a ring): when each was sent, moved on
   * to when its answer arrived; while not pacing, of the last sends still, so a rate declared later
   * counts them.
   */
  private sent: number[] = new Array<number>(UNPACED_HISTORY).fill(-Infinity);
  /** Which grant each slot of `sent` holds, so a late answer never moves a reused slot. */
  private grants: number[] = new Array<number>(UNPACED_HISTORY).fill(0);
  private granted = 0;
  private next = 0;
  private pausedUntil = 0;
  /** While spacing evenly (evenUntilDeclared): the earliest time of the next grant. */
  private nextEven: number | null;
  /** Grants are handed out in order: each waiter chains on the previous one. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Grants waiting in `queue`; with none and no pacing, `take` needs no promise chain. */
  private waiting = 0;

  constructor(options: RateLimiterOptions) {
    this.windowMs = options.windowMs ?? 1005;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.applyRate(options.perSecond);
    this.nextEven = options.evenUntilDeclared ? 0 : null;
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
    this.nextEven = null;
    this.applyRate(perSecond);
  }

  private applyRate(perSecond: number | null): void {
    if (checkedRate(perSecond) === this.#perSecond) return;
    this.#perSecond = perSecond;
    if (perSecond === null) return;
    const size = Math.max(1, Math.floor(perSecond));
    // Keep the most recent sends, newest last, so the sliding window stays honest across the change.
    const order = [...this.sent.keys()]
      .map((i) => (this.next + i) % this.sent.length)
      .filter((i) => this.sent[i] > -Infinity)
      .slice(-size);
    const pad = size - order.length;
    this.sent = [...new Array<number>(pad).fill(-Infinity), ...order.map((i) => this.sent[i])];
    this.grants = [...new Array<number>(pad).fill(0), ...order.map((i) => this.grants[i])];
    this.next = 0;
  }

  /**
   * Resolves when one more request may be sent, with the function to call when its answer (or its
   * failure) arrives; a request whose answer is never noted counts from when it was sent.
   */
  take(): Promise<Answered> {
    if (this.#perSecond === null && this.waiting === 0) {
      const now = this.now();
      if (this.pausedUntil <= now) {
        this.record(now);
        return Promise.resolve(NOTHING_TO_NOTE);
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

  private record(now: number): number {
    const grant = ++this.granted;
    this.sent[this.next] = now;
    this.grants[this.next] = grant;
    this.next = (this.next + 1) % this.sent.length;
    return grant;
  }

  /** Moves grant `grant`'s time on to now, its answer's arrival, unless its slot was reused. */
  private answered(grant: number): void {
    const slot = this.grants.indexOf(grant);
    if (slot >= 0) this.sent[slot] = Math.max(this.sent[slot], this.now());
  }

  private async grant(): Promise<Answered> {
    for (;;) {
      const now = this.now();
      if (this.#perSecond === null) {
        if (this.pausedUntil <= now) {
          this.record(now);
          return NOTHING_TO_NOTE;
        }
        await this.sleep(Math.max(1, Math.ceil(this.pausedUntil - now)));
        continue;
      }
      const oldest = this.sent[this.next];
      const at = Math.max(oldest + this.windowMs, this.pausedUntil, this.nextEven ?? -Infinity);
      if (at <= now) {
        const grant = this.record(now);
        if (this.nextEven !== null) this.nextEven = now + this.windowMs / this.#perSecond;
        return () => this.answered(grant);
      }
      await this.sleep(Math.max(1, Math.ceil(at - now)));
    }
  }
}

/**
 * The service counts requests per caller, not per client object: clients of one process that call
 * the same service as the same caller (a reattached provider configures a new client in each of a
 * plan's sessions) share one limiter, so their requests count against one window.
 */
const shared = new Map<string, RateLimiter>();

export function sharedRateLimiter(key: string, create: () => RateLimiter): RateLimiter {
  let limiter = shared.get(key);
  if (!limiter) {
    limiter = create();
    shared.set(key, limiter);
  }
  return limiter;
}
