// The limiter pacing by the window the service declares on every answer (X-RateLimit-Remaining and
// X-RateLimit-Reset), simulated on a virtual clock against a service counting fixed windows.
import { RateLimiter } from './rate-limiter';

/** A virtual clock: timers fire in order once every promise has settled, without real waiting. */
function virtualClock() {
  let now = 1_000_000;
  const timers: Array<{ at: number; fire: () => void }> = [];
  const sleep = (ms: number) => new Promise<void>((resolve) => timers.push({ at: now + ms, fire: resolve }));
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Runs `work` to its end, advancing the clock whenever nothing else can happen. */
  async function run<T>(work: Promise<T>): Promise<T> {
    let done = false;
    const result = work.finally(() => (done = true));
    for (;;) {
      await settle();
      if (done) return result;
      if (timers.length === 0) throw new Error('deadlock: nothing to wait for');
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift()!;
      now = Math.max(now, next.at);
      next.fire();
    }
  }
  return { now: () => now, sleep, run };
}

/** A service counting each caller's requests in fixed one-second windows, as `cdkws serve --rate-limit` does. */
function fixedWindowService(limit: number, clock: { now: () => number }) {
  let start = -Infinity;
  let count = 0;
  const counts: number[] = [];
  return {
    refused: 0,
    counts,
    /** Counts a request arriving now; what the answer declares. */
    count(): { remaining: number; resetMs: number } {
      const now = clock.now();
      if (now - start >= 1000) {
        start = now;
        count = 0;
        counts.push(0);
      }
      count += 1;
      counts[counts.length - 1] = count;
      if (count > limit) this.refused += 1;
      return { remaining: Math.max(0, limit - count), resetMs: start + 1000 - now };
    },
  };
}

/** One process: `requests` requests, `concurrency` in flight, each taking `latencyMs` each way. */
async function process(
  limiter: RateLimiter,
  service: ReturnType<typeof fixedWindowService>,
  clock: ReturnType<typeof virtualClock>,
  { requests, concurrency, latencyMs }: { requests: number; concurrency: number; latencyMs: number },
): Promise<void> {
  let left = requests;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left -= 1;
        const answered = await limiter.take();
        await clock.sleep(latencyMs);
        const declared = service.count();
        await clock.sleep(latencyMs);
        limiter.noteWindow(declared.remaining, declared.resetMs);
        answered();
      }
    }),
  );
}

/** As the client makes it: the hosted limit, spaced evenly until an answer declares one. */
const declaredLimiter = (clock: ReturnType<typeof virtualClock>, limit: number) =>
  new RateLimiter({ perSecond: limit, evenUntilDeclared: true, now: clock.now, sleep: clock.sleep });

describe('RateLimiter pacing by the window the service declares', () => {
  it('waits for the reset when the service says another process spent the window', async () => {
    const clock = virtualClock();
    const limiter = declaredLimiter(clock, 30);
    const start = clock.now();
    limiter.noteWindow(0, 400);
    await clock.run(limiter.take());
    expect(clock.now()).toBe(start + 400);
  });

  it('keeps at most half of what is left in flight, and goes on as answers arrive', async () => {
    const clock = virtualClock();
    const limiter = declaredLimiter(clock, 10);
    const start = clock.now();
    limiter.noteWindow(9, 900); // its own first request was the only one counted
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await clock.run(limiter.take()));
    let fifth = false;
    const pending = limiter.take().then((answered) => ((fifth = true), answered));
    await new Promise((resolve) => setImmediate(resolve));
    expect(fifth).toBe(false); // 4 in flight of 9 left
    limiter.noteWindow(8, 890);
    answers[0]();
    limiter.noteWindow(7, 880);
    answers[1](); // 2 in flight of 7 left: a third may go
    await clock.run(pending);
    expect(fifth).toBe(true);
    expect(clock.now()).toBe(start); // without waiting for the reset
  });

  it('lets a second process join the window another is spending, and neither is refused', async () => {
    const clock = virtualClock();
    const service = fixedWindowService(30, clock);
    const a = declaredLimiter(clock, 30);
    const b = declaredLimiter(clock, 30);
    const start = clock.now();
    await clock.run(
      Promise.all([
        process(a, service, clock, { requests: 45, concurrency: 4, latencyMs: 10 }),
        clock.sleep(100).then(() => process(b, service, clock, { requests: 45, concurrency: 10, latencyMs: 2 })),
      ]),
    );
    expect(service.refused).toBe(0);
    expect(Math.max(...service.counts)).toBeLessThanOrEqual(30);
    // Sharing costs them at most a window: 90 requests at 30 a window, in four.
    expect(clock.now() - start).toBeLessThan(3_100);
  });

  it('spends a whole window at once when one process has it to itself', async () => {
    const clock = virtualClock();
    const service = fixedWindowService(30, clock);
    const limiter = declaredLimiter(clock, 30);
    const start = clock.now();
    await clock.run(process(limiter, service, clock, { requests: 90, concurrency: 10, latencyMs: 1 }));
    expect(service.refused).toBe(0);
    expect(service.counts).toEqual([30, 30, 30]);
    expect(clock.now() - start).toBeLessThan(2_100);
  });

  it('goes back to its own sliding window when the service stops declaring the window', async () => {
    const clock = virtualClock();
    const limiter = declaredLimiter(clock, 2);
    limiter.noteWindow(0, 10_000);
    limiter.forgetWindow();
    const start = clock.now();
    await clock.run(limiter.take());
    expect(clock.now()).toBe(start);
  });

  it('stops pacing by the window when the service declares no limit at all', async () => {
    const clock = virtualClock();
    const limiter = declaredLimiter(clock, 30);
    limiter.noteWindow(0, 10_000);
    limiter.setRate(null);
    const start = clock.now();
    for (let i = 0; i < 50; i++) await clock.run(limiter.take());
    expect(clock.now()).toBe(start);
  });
});
