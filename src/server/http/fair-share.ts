// One caller cannot hold more than a fair share of the database pool (issue 22): each principal
// runs at most `share` requests at once; its further requests wait in its own queue, and after
// `waitMs` are answered 503 database-busy. Other callers' requests never wait behind them.
import { ERRORS } from '../../contract';
import { ServiceError } from '../errors';
import { STORAGE_RETRY_AFTER_SECONDS } from './storage-faults';

interface Lane {
  running: number;
  waiting: Array<() => void>;
}

export class FairShare {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    /** Requests one principal may run at once. */
    readonly share: number,
    /** How long a request beyond the share waits for a place before 503. */
    readonly waitMs: number,
  ) {}

  /** A quarter of the pool a caller, at least one: three callers at their share still leave room. */
  static forPool(poolSize: number, waitMs: number): FairShare {
    return new FairShare(Math.max(1, Math.ceil(poolSize / 4)), waitMs);
  }

  /** Runs `fn` in one of `key`'s places; at once when one is free (no extra promise then). */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const lane = this.lanes.get(key) ?? this.open(key);
    if (lane.running < this.share) {
      lane.running += 1;
      return this.inPlace(key, lane, fn);
    }
    return this.queue(key, lane).then(() => this.inPlace(key, lane, fn));
  }

  /** Requests running and waiting for `key` (for tests and metrics). */
  load(key: string): { running: number; waiting: number } {
    const lane = this.lanes.get(key);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  private open(key: string): Lane {
    const lane: Lane = { running: 0, waiting: [] };
    this.lanes.set(key, lane);
    return lane;
  }

  private inPlace<T>(key: string, lane: Lane, fn: () => Promise<T>): Promise<T> {
    const leave = () => this.leave(key, lane);
    let result: Promise<T>;
    try {
      result = fn();
    } catch (error) {
      leave(); // a handler that throws at once (async ones never do) still gives its place back
      throw error;
    }
    result.then(leave, leave);
    return result;
  }

  /** Waits for a place handed over by `leave`; refuses after waitMs. */
  private queue(key: string, lane: Lane): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = lane.waiting.indexOf(take);
        if (at >= 0) lane.waiting.splice(at, 1);
        this.dropIfIdle(key, lane);
        reject(
          new ServiceError(ERRORS.databaseBusy, `this caller already has ${this.share} requests running; retry after the Retry-After seconds`, {
            headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
          }),
        );
      }, this.waitMs);
      timer.unref(); // a stopping process does not wait for a queued request's refusal
      lane.waiting.push(take);
    });
  }

  private leave(key: string, lane: Lane): void {
    const next = lane.waiting.shift();
    if (next)
      next(); // the place passes straight to the next waiter
    else {
      lane.running -= 1;
      this.dropIfIdle(key, lane);
    }
  }

  private dropIfIdle(key: string, lane: Lane): void {
    if (lane.running === 0 && lane.waiting.length === 0 && this.lanes.get(key) === lane) this.lanes.delete(key);
  }
}
