// Issue 37 item 1: console pages are requests of their caller like API requests: they count
// against `--rate-limit` (429 with Retry-After), and take a place in the caller's share of the pool
// (PostgreSQL: test/integration/bounds.postgres.test.ts, with the cancellation of their statements).
import { ORG, TOKENS } from '../helpers/service';
import { withService } from '../helpers/use-service';
import { signIn } from '../e2e/console-support';

describe('console pages under --rate-limit', () => {
  it('answer 429 with Retry-After past the limit, like the API', async () => {
    await withService({ rateLimit: 3 }, async (service) => {
      const cookie = await signIn(service, TOKENS.owner);
      const pages = await Promise.all(
        Array.from({ length: 12 }, () => fetch(`${service.url}/app/${ORG}/workspaces`, { headers: { cookie }, redirect: 'manual' })),
      );
      const statuses = pages.map((response) => response.status);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(3);
      const refused = pages.filter((response) => response.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(9);
      for (const response of refused) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(response.headers.get('x-ratelimit-limit')).toBe('3');
        expect(await response.text()).toContain('rate');
      }
    });
  });
});
