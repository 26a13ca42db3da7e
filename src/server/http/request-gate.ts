// What every request with a caller passes before its handler runs, the API's and the web console's
// alike (issue 37): the caller's rate limit (`--rate-limit`) and its share of the database pool.
// The console used to call the route handlers directly and skipped both.
import type { ServerResponse } from 'node:http';
import { ERRORS } from '../../contract';
import { ServiceError } from '../errors';
import type { FairShare } from './fair-share';
import type { ServiceMetrics } from './metrics';
import type { RequestRateLimiter } from './rate-limit';

export class RequestGate {
  constructor(
    private readonly limiter: RequestRateLimiter | null,
    private readonly fairShare: FairShare | undefined,
    private readonly metrics: ServiceMetrics | null = null,
  ) {}

  /** Counts a request of `principal` against its rate limit: throws 429 `rate-limited` past it. */
  admit(principal: string, callerKind: string, res?: ServerResponse): void {
    if (!this.limiter) return;
    if (res) res.setHeader(...this.limiter.declaration);
    const limited = this.limiter.take(principal, res);
    if (!limited) return;
    this.metrics?.rateLimitedCaller(callerKind);
    throw new ServiceError(ERRORS.rateLimited, undefined, { headers: limited });
  }

  /** Runs `work` in one of `principal`'s places in the pool (at once where there is no pool). */
  run<T>(principal: string, work: () => T | Promise<T>): T | Promise<T> {
    return this.fairShare ? this.fairShare.run(principal, async () => work()) : work();
  }
}
