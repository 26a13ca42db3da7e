import { main } from '../main';

describe('argument errors', () => {
  let stderr: string;
  let spy: jest.SpyInstance;
  beforeEach(() => {
    stderr = '';
    spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
      stderr += String(chunk);
      return true;
    });
  });
  afterEach(() => spy.mockRestore());

  it('name the command once, then the usage', async () => {
    expect(await main(['diff', '--bogus'])).toBe(1);
    expect(stderr).toMatch(/^cdkws diff: Unknown option '--bogus'/);
    expect(stderr.match(/cdkws diff:/g)).toHaveLength(1);
    expect(stderr).toContain('usage: cdkws diff');
  });

  it('refuse a --max-chars that is not a usable limit', async () => {
    expect(await main(['diff', '--max-chars', '12'])).toBe(1);
    expect(stderr).toMatch(/^cdkws diff: --max-chars must be a whole number of at least 1000, not "12"/);
  });

  it('name an unexpected argument once', async () => {
    expect(await main(['deploy', 'a', 'b'])).toBe(1);
    expect(stderr).toMatch(/^cdkws deploy: unexpected argument "b"/);
    expect(stderr.match(/cdkws deploy:/g)).toHaveLength(1);
  });
});
