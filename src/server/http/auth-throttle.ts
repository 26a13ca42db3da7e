// Failed authentications counted per client address (issue 23 "throttled guessing"): past
// `limit` failures within a window the address's further guesses (tokens the service does not
// know) are refused with 429 until that window ends, without a look at the database. Good tokens
// from the same address still pass (issue 37: a user behind the guesser's NAT is not locked out),
// and so do other addresses.
// Counts live in this process only: sharing them through the database would turn a flood of
// guesses into a flood of writes, so N instances behind one balancer allow up to N × limit.
import { LRUCache } from 'lru-cache';

export const AUTH_FAILURE_DEFAULTS = {
  /** Failed authentications an address may make within one window. */
  limit: 20,
  windowMs: 60_000,
  /** Addresses remembered at once; the least recently seen are forgotten first (bounded memory). */
  addresses: 10_000,
} as const;

interface Window {
  startMs: number;
  failures: number;
}

export class AuthFailureThrottle {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly limit: number = AUTH_FAILURE_DEFAULTS.limit,
    private readonly windowMs: number = AUTH_FAILURE_DEFAULTS.windowMs,
    addresses: number = AUTH_FAILURE_DEFAULTS.addresses,
  ) {
    this.windows = new LRUCache({ max: addresses });
  }

  /** True while no address has failed lately: the usual case, checked before anything else is computed. */
  get idle(): boolean {
    return this.windows.size === 0;
  }

  /** Seconds until the address may try again, or 0 when it may now. */
  retryAfterSeconds(address: string, nowMs = Date.now()): number {
    const window = this.windows.get(address);
    if (!window) return 0;
    const left = window.startMs + this.windowMs - nowMs;
    if (left <= 0) {
      this.windows.delete(address); // a window that has passed is forgotten, so the throttle goes idle again
      return 0;
    }
    return window.failures < this.limit ? 0 : Math.ceil(left / 1000);
  }

  /** Takes back one failure: the token was good after all (added by another process since). */
  forgive(address: string): void {
    const window = this.windows.get(address);
    if (window && window.failures > 0) window.failures -= 1;
  }

  recordFailure(address: string, nowMs = Date.now()): void {
    const window = this.windows.get(address);
    if (!window || nowMs - window.startMs >= this.windowMs) this.windows.set(address, { startMs: nowMs, failures: 1 });
    else window.failures += 1;
  }
}

/** The address failures are counted by; IPv4 clients of a dual-stack socket are counted as IPv4. */
export function clientAddress(remoteAddress: string | undefined): string {
  if (!remoteAddress) return 'unknown';
  return remoteAddress.startsWith('::ffff:') ? remoteAddress.slice(7) : remoteAddress;
}
