import { ERRORS } from '../../contract';
import { ServiceError } from '../errors';
import { FairShare } from './fair-share';

/** A promise and the function that settles it. */
function deferred(): { promise: Promise<string>; resolve: (value: string) => void } {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

describe('FairShare', () => {
  it('gives a quarter of the pool to a caller, at least one place', () => {
    expect(FairShare.forPool(10, 1000).share).toBe(3);
    expect(FairShare.forPool(1, 1000).share).toBe(1);
  });

  it("runs a caller's requests beyond its share one by one as places free, while another caller runs at once", async () => {
    const shares = new FairShare(2, 10_000);
    const heavy = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const answers = heavy.map((d, i) =>
      shares.run('reader', () => {
        started.push(i);
        return d.promise;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(shares.load('reader')).toEqual({ running: 2, waiting: 3 });

    // Another caller is not queued behind them.
    await expect(shares.run('owner', () => Promise.resolve('cheap'))).resolves.toBe('cheap');

    heavy[0].resolve('0');
    await answers[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const d of heavy) d.resolve('done');
    await Promise.all(answers);
    expect(shares.load('reader')).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 503 database-busy with Retry-After to a request that waited its bound, and gives places back after failures', async () => {
    const shares = new FairShare(1, 20);
    const first = deferred();
    const running = shares.run('reader', () => first.promise);
    const refused = await shares.run('reader', () => Promise.resolve('never')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).errors[0].code).toBe(ERRORS.databaseBusy.code);
    expect((refused as ServiceError).headers['retry-after']).toBe('1');
    first.resolve('ok');
    await running;
    await expect(shares.run('reader', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(shares.load('reader')).toEqual({ running: 0, waiting: 0 });
  });
});
