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
//
// When the service also says what is left of the caller's window and when it resets
// (`noteWindow`: X-RateLimit-Remaining and X-RateLimit-Reset on every answer), that state replaces
// the sliding window: it counts the requests of every process sharing the caller's window, which
// this process cannot see. Requests still in flight may not be counted in it yet, so a process
// keeps at most half of what is left in flight: two processes sharing a window cannot overrun it
// together, and one alone loses nothing (its concurrency keeps fewer in flight than half a window
// in practice). When the window is spent, senders wait for its reset.

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
  /** Resolves after `ms`; may stop early (and never resolve) once `cancel` is aborted. */
  sleep?: (ms: number, cancel?: AbortSignal) => Promise<void>;
}

/** Sends remembered while not pacing (a declared rate above it counts only these). */
const UNPACED_HISTORY = 64;

/**
 * An answer whose reset lies this much beyond the known window's end tells of a new window (answers
 * of one window differ only by their time on the way back).
 */
const NEW_WINDOW_GAP_MS = 500;

/** The caller's window as the service last declared it. */
interface DeclaredWindow {
  /** Requests the service would still take in it, at its latest answer. */
  remaining: number;
  /** When it resets, on our clock: the answer's arrival plus the reset it declared. */
  endsAt: number;
  /** Answers to our requests counted in it: fewer than the window's count means others share it. */
  ours: number;
}

/** Called when a granted request's answer (or failure) arrives. */
export type Answered = () => void;
const NOTHING_TO_NOTE: Answered = () => undefined;

function realSleep(ms: number, cancel?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    // A timer left behind would keep a finished program alive until it fired.
    cancel?.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}

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
  private readonly sleep: (ms: number, cancel?: AbortSignal) => Promise<void>;
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
  /** The service's account of the caller's window; null while it declares none. */
  private window: DeclaredWindow | null = null;
  /** Paced grants whose answer has not arrived. */
  private inFlight = 0;
  /** When the last paced grant was made. */
  private lastGrant = -Infinity;
  /** Wakes a grant waiting for an answer to free a place in the window. */
  private onAnswer: (() => void) | null = null;

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
    if (perSecond === null) this.window = null;
  }

  /**
   * What an answer said of the caller's window: `remaining` requests left, resetting in
   * `resetInMs`. Paces by it from now on, in place of the sliding window, until `forgetWindow`.
   */
  noteWindow(remaining: number, resetInMs: number): void {
    const now = this.now();
    const endsAt = now + Math.max(0, resetInMs);
    const known = this.window;
    if (known === null || now >= known.endsAt || endsAt > known.endsAt + NEW_WINDOW_GAP_MS) {
      this.window = { remaining: Math.max(0, remaining), endsAt, ours: 1 };
    } else {
      // Answers of one window may arrive out of order: the lowest count left is the latest.
      known.remaining = Math.min(known.remaining, Math.max(0, remaining));
      known.endsAt = Math.max(known.endsAt, endsAt);
      known.ours += 1;
    }
    this.wake();
  }

  /** The service stopped declaring its window's state: back to the sliding window. */
  forgetWindow(): void {
    this.window = null;
    this.wake();
  }

  private wake(): void {
    const wake = this.onAnswer;
    this.onAnswer = null;
    wake?.();
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

  /** A paced grant: counted in flight until its answer is noted (once). */
  private granting(now: number): Answered {
    const grant = this.record(now);
    this.inFlight += 1;
    this.lastGrant = now;
    let noted = false;
    return () => {
      if (noted) return;
      noted = true;
      this.inFlight -= 1;
      this.answered(grant);
      this.wake();
    };
  }

  /**
   * By the declared window: a grant now, or how long to wait (Infinity: until an answer arrives).
   * Past the window's reset nothing is known of the next one but its size.
   */
  private windowWait(window: DeclaredWindow, now: number): number {
    const limit = Math.max(1, Math.floor(this.#perSecond ?? 1));
    const fresh = now < window.endsAt;
    const left = fresh ? window.remaining : limit;
    // Rounded down, so two processes' halves never sum past what is left (the last one: one at a time).
    if (this.inFlight >= Math.max(left > 0 ? 1 : 0, Math.floor(left / 2))) return this.inFlight > 0 ? Infinity : window.endsAt - now;
    // Another process is spending this window too: what each sees left is older than the other's
    // sends, so bursts would overrun it. Each spreads half of what is left over the time left.
    const shared = fresh && limit - window.remaining > window.ours;
    if (!shared) return 0;
    const spacing = (window.endsAt - now) / Math.max(1, left / 2);
    return Math.max(0, this.lastGrant + spacing - now);
  }

  /** Sleeps `ms`, or less when an answer arrives first (`ms` Infinity: until one arrives). */
  private waitForAnswer(ms: number): Promise<void> {
    const answer = new Promise<void>((resolve) => (this.onAnswer = resolve));
    if (ms === Infinity) return answer;
    const done = new AbortController();
    return Promise.race([answer, this.sleep(Math.max(1, Math.ceil(ms)), done.signal)]).finally(() => done.abort());
  }

  private async grant(): Promise<Answered> {
    for (;;) {
      const now = this.now();
      // A pause (a 429, a spent window) holds whether pacing or not.
      if (this.pausedUntil > now) {
        await this.sleep(Math.max(1, Math.ceil(this.pausedUntil - now)));
        continue;
      }
      if (this.#perSecond === null) {
        this.record(now);
        return NOTHING_TO_NOTE;
      }
      const window = this.window;
      if (window !== null) {
        const wait = this.windowWait(window, now);
        if (wait <= 0) return this.granting(now);
        // An answer may free a place before the window resets: whichever comes first.
        await this.waitForAnswer(Math.min(wait, now < window.endsAt ? window.endsAt - now : Infinity));
        continue;
      }
      const oldest = this.sent[this.next];
      const at = Math.max(oldest + this.windowMs, this.nextEven ?? -Infinity);
      if (at <= now) {
        if (this.nextEven !== null) this.nextEven = now + this.windowMs / this.#perSecond;
        return this.granting(now);
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
