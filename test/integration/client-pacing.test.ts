// The client paces itself by the limit the service declares (src/client/rate-limiter.ts): it spends
// each window's allowance in bursts, yet a service that counts requests in fixed one-second
// windows (`cdkws serve --rate-limit N`, like the hosted service) never has to refuse one.
import { RateLimitedError } from '../../src/client';
import { ORG, TOKENS } from '../helpers/service';
import { withService } from '../helpers/use-service';

describe('a client following the declared limit', () => {
  it('sends three windows of requests at a declared 5 per second without one 429', async () => {
    await withService({ rateLimit: 5 }, async (limited) => {
      // No retries: a refused request would reject with RateLimitedError instead of waiting.
      const c = limited.clientFor(TOKENS.owner, { rateLimit: 'service', retry: false });
      const results = await Promise.allSettled(Array.from({ length: 16 }, () => c.workspaces.list(ORG)));
      const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof RateLimitedError);
      expect(refused).toEqual([]);
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    });
  });
});
