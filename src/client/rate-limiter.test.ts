import { RateLimiter } from './rate-limiter';

/** A fake clock: sleeping advances time at once. */
function fakeClock() {
  let now = 1_000_000;
  return { now: () => now, sleep: async (ms: number) => void (now += ms), advance: (ms: number) => void (now += ms) };
}

async function grantTimes(limiter: RateLimiter, clock: ReturnType<typeof fakeClock>, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await limiter.take();
    times.push(clock.now());
  }
  return times;
}

describe('RateLimiter', () => {
  it('never grants more than the limit in any sliding second', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: 10, now: clock.now, sleep: clock.sleep });
    const times = await grantTimes(limiter, clock, 55);
    for (let i = 10; i < times.length; i++) expect(times[i] - times[i - 10]).toBeGreaterThanOrEqual(1000);
  });

  it('achieves close to the configured rate when demand is steady', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: 50, now: clock.now, sleep: clock.sleep });
    const times = await grantTimes(limiter, clock, 151);
    const rate = 150 / ((times[150] - times[0]) / 1000);
    expect(rate).toBeGreaterThan(45);
    expect(rate).toBeLessThanOrEqual(50);
  });

  it("spends a quiet second's whole allowance at once, then waits for the window", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: 20, now: clock.now, sleep: clock.sleep });
    const start = clock.now();
    const times = await grantTimes(limiter, clock, 21);
    expect(times.slice(0, 20)).toEqual(new Array(20).fill(start));
    expect(times[20]).toBe(start + 1005);
  });

  it("counts the window from a request's answer, so a slow answer delays the request a window later", async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: 2, now: clock.now, sleep: clock.sleep });
    const start = clock.now();
    const first = await limiter.take();
    await limiter.take();
    clock.advance(300);
    first(); // the service may have counted the first request as late as this
    await limiter.take();
    expect(clock.now()).toBe(start + 300 + 1005);
  });

  it('ignores an answer noted after its slot went to a later request', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: 1, now: clock.now, sleep: clock.sleep });
    const first = await limiter.take();
    first();
    const start = clock.now();
    await limiter.take(); // reuses the only slot, a window later
    clock.advance(300);
    first(); // late and repeated: must not push the second request's slot on
    await limiter.take();
    expect(clock.now()).toBe(start + 1005 + 1005);
  });

  it('holds every sender back while paused by a 429', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: 100, now: clock.now, sleep: clock.sleep });
    const start = clock.now();
    limiter.pauseUntil(start + 700);
    await limiter.take();
    expect(clock.now()).toBeGreaterThanOrEqual(start + 700);
  });

  it('rejects a limit that is not a positive number', () => {
    expect(() => new RateLimiter({ perSecond: 0 })).toThrow(/positive/);
    expect(() => new RateLimiter({ perSecond: Number.NaN })).toThrow(/positive/);
  });
});

describe('RateLimiter whose rate follows the service', () => {
  it('paces nothing while no rate is declared, yet still holds senders back after a 429', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: null, now: clock.now, sleep: clock.sleep });
    const start = clock.now();
    expect(await grantTimes(limiter, clock, 100)).toEqual(new Array(100).fill(start));
    limiter.pauseUntil(start + 500);
    await limiter.take();
    expect(clock.now()).toBe(start + 500);
  });

  it('paces at a rate declared later, counting the sends made before', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: null, now: clock.now, sleep: clock.sleep });
    const times = await grantTimes(limiter, clock, 5);
    limiter.setRate(5);
    times.push(...(await grantTimes(limiter, clock, 20)));
    for (let i = 5; i < times.length; i++) expect(times[i] - times[i - 5]).toBeGreaterThanOrEqual(1000);
  });

  it('keeps the sliding window when the rate is lowered', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: 30, now: clock.now, sleep: clock.sleep });
    const times = await grantTimes(limiter, clock, 30);
    limiter.setRate(10);
    times.push(...(await grantTimes(limiter, clock, 30)));
    for (let i = 30; i < times.length; i++) expect(times[i] - times[i - 10]).toBeGreaterThanOrEqual(1000);
  });

  it('spaces the first requests at the starting rate until the service declares one, then bursts', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ perSecond: 30, evenUntilDeclared: true, now: clock.now, sleep: clock.sleep });
    const start = clock.now();
    const first = await grantTimes(limiter, clock, 3);
    expect(first[2] - first[0]).toBeGreaterThanOrEqual(2 * (1005 / 30) - 1);
    limiter.setRate(30); // the first answer declares the same limit
    const after = clock.now();
    expect(await grantTimes(limiter, clock, 27)).toEqual(new Array(27).fill(after));
    expect(after).toBeGreaterThan(start);
  });

  it('rejects a declared rate that is not a positive number', () => {
    const limiter = new RateLimiter({ perSecond: null });
    expect(() => limiter.setRate(-1)).toThrow(/positive/);
  });
});
