import { ProbeThrottle } from './probes';

describe('the readiness probe throttle', () => {
  it('allows an address its probes a second, refuses the rest, and starts again with the next second', () => {
    const throttle = new ProbeThrottle(3);
    expect([1, 2, 3, 4, 5].map(() => throttle.allows('10.0.0.1', 1_000))).toEqual([true, true, true, false, false]);
    expect(throttle.allows('10.0.0.1', 1_999)).toBe(false);
    expect(throttle.allows('10.0.0.1', 2_000)).toBe(true);
  });

  it('counts each address apart: a flooding neighbour does not refuse the orchestrator', () => {
    const throttle = new ProbeThrottle(3);
    for (let i = 0; i < 100; i++) throttle.allows('10.0.0.66', 1_000);
    expect(throttle.allows('10.0.0.66', 1_000)).toBe(false);
    expect(throttle.allows('10.0.0.2', 1_000)).toBe(true);
  });
});
