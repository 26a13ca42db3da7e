import { AuthFailureThrottle, clientAddress } from './auth-throttle';

describe('AuthFailureThrottle', () => {
  it('refuses an address past the limit until its window ends, and no other address', () => {
    const throttle = new AuthFailureThrottle(3, 60_000);
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.retryAfterSeconds('10.0.0.1', 1_000)).toBe(0);
      throttle.recordFailure('10.0.0.1', 1_000);
    }
    expect(throttle.retryAfterSeconds('10.0.0.1', 1_000)).toBe(60);
    expect(throttle.retryAfterSeconds('10.0.0.1', 31_000)).toBe(30);
    expect(throttle.retryAfterSeconds('10.0.0.2', 31_000)).toBe(0);
    expect(throttle.retryAfterSeconds('10.0.0.1', 61_000)).toBe(0);
  });

  it('goes idle again once the address that failed is seen after its window', () => {
    const throttle = new AuthFailureThrottle(3, 1_000);
    expect(throttle.idle).toBe(true);
    throttle.recordFailure('a', 0);
    expect(throttle.idle).toBe(false);
    expect(throttle.retryAfterSeconds('a', 500)).toBe(0);
    expect(throttle.idle).toBe(false);
    expect(throttle.retryAfterSeconds('a', 1_000)).toBe(0);
    expect(throttle.idle).toBe(true);
  });

  it('starts a new window once the old one has passed', () => {
    const throttle = new AuthFailureThrottle(2, 1_000);
    throttle.recordFailure('a', 0);
    throttle.recordFailure('a', 1_500);
    expect(throttle.retryAfterSeconds('a', 1_500)).toBe(0);
    throttle.recordFailure('a', 1_600);
    expect(throttle.retryAfterSeconds('a', 1_600)).toBe(1);
  });

  it('remembers a bounded number of addresses, forgetting the least recently seen', () => {
    const throttle = new AuthFailureThrottle(1, 60_000, 2);
    throttle.recordFailure('a', 0);
    throttle.recordFailure('b', 0);
    throttle.recordFailure('c', 0);
    expect(throttle.retryAfterSeconds('a', 0)).toBe(0);
    expect(throttle.retryAfterSeconds('c', 0)).toBe(60);
  });

  it('counts IPv4 clients of a dual-stack socket by their IPv4 address', () => {
    expect(clientAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddress('::1')).toBe('::1');
    expect(clientAddress(undefined)).toBe('unknown');
  });
});
