import { RequestRateLimiter } from './rate-limit';

/** Collects what `take` sets on an answer. */
function answer() {
  const headers: Record<string, string> = {};
  return { headers, setHeader: (name: string, value: string) => void (headers[name] = value) };
}

describe('RequestRateLimiter', () => {
  it("tells each counted answer what is left of its caller's window and when it resets", () => {
    const limiter = new RequestRateLimiter(3);
    const first = answer();
    const second = answer();
    expect(limiter.take('alice', first, 10_000)).toBeNull();
    expect(limiter.take('alice', second, 10_250)).toBeNull();
    expect(first.headers).toEqual({ 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '1.000' });
    expect(second.headers).toEqual({ 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '0.750' });
  });

  it('counts callers apart', () => {
    const limiter = new RequestRateLimiter(1);
    const bob = answer();
    expect(limiter.take('alice', answer(), 10_000)).toBeNull();
    expect(limiter.take('bob', bob, 10_001)).toBeNull();
    expect(bob.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('refuses past the limit with the headers of a 429, and starts a new window a second after the first', () => {
    const limiter = new RequestRateLimiter(2);
    limiter.take('alice', answer(), 10_000);
    limiter.take('alice', answer(), 10_100);
    expect(limiter.take('alice', answer(), 10_600)).toEqual({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '0.400',
      'retry-after': '1',
    });
    const next = answer();
    expect(limiter.take('alice', next, 11_000)).toBeNull();
    expect(next.headers['x-ratelimit-remaining']).toBe('1');
  });
});
