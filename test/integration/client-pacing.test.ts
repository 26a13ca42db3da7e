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

/** A client as another process would have it: its own copy of the client's modules, so its own limiter. */
function clientOfAnotherProcess(address: string, token: string): import('../../src/client').Client {
  let isolated!: typeof import('../../src/client');
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second copy of the modules, as another process has
    isolated = require('../../src/client') as typeof import('../../src/client');
  });
  return new isolated.Client({ address, token, rateLimit: 'service', retry: false });
}

describe("processes sharing one caller's window", () => {
  it("declares the caller's window on every answer: the limit, what is left and when it resets", async () => {
    await withService({ rateLimit: 10 }, async (limited) => {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await limited.request('GET', `/organizations/${ORG}/workspaces`));
      const remaining = answers.map((a) => Number(a.headers.get('x-ratelimit-remaining')));
      const resets = answers.map((a) => Number(a.headers.get('x-ratelimit-reset')));
      expect(answers.map((a) => a.headers.get('x-ratelimit-limit'))).toEqual(['10', '10', '10']);
      // One window (a second) almost always holds all three; if it turned over, the count restarts.
      for (let i = 1; i < 3; i++) expect(remaining[i] === remaining[i - 1] - 1 || remaining[i] === 9).toBe(true);
      expect(remaining[0]).toBeLessThanOrEqual(9);
      for (const reset of resets) expect(reset > 0 && reset <= 1).toBe(true);
    });
  });

  it('lets a client process start while another has spent most of the window, without one 429', async () => {
    await withService({ rateLimit: 10 }, async (limited) => {
      // No retries: a refused request rejects instead of waiting. Each process has its own error
      // classes, so failures are told apart by status.
      const failures = (results: PromiseSettledResult<unknown>[]) =>
        results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as { status?: number }).status ?? r.reason)] : []));
      // As a Terraform command's provider processes: the plan's reads, then the apply's writes.
      const first = limited.adopt(clientOfAnotherProcess(limited.url, TOKENS.owner));
      expect(failures(await Promise.allSettled(Array.from({ length: 8 }, () => first.workspaces.list(ORG))))).toEqual([]);
      const second = limited.adopt(clientOfAnotherProcess(limited.url, TOKENS.owner));
      expect(failures(await Promise.allSettled(Array.from({ length: 25 }, () => second.workspaces.list(ORG))))).toEqual([]);
    });
  });
});
