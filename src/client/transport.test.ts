import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { workspaceDocumentSchema } from '../contract';
import { NetworkError, ResponseValidationError, WorkspaceNotLockedError, errorFromResponse } from './errors';
import { HOSTED_RATE_LIMIT, Transport, backoffDelay, encodeQuery } from './transport';

const retry = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
const transport = () =>
  new Transport({ address: 'http://127.0.0.1:9', token: 'tok-123', retry: { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 2 }, rateLimit: false });
const lost = () => new NetworkError({ status: 0, request: { method: 'POST', url: 'u', headers: {} } });

describe('backoffDelay', () => {
  it('doubles per attempt with jitter in the upper half of the step', () => {
    expect(backoffDelay(0, retry, () => 0)).toBe(50);
    expect(backoffDelay(0, retry, () => 0.999)).toBe(100);
    expect(backoffDelay(2, retry, () => 0)).toBe(200);
    expect(backoffDelay(2, retry, () => 0.999)).toBe(400);
  });

  it('never exceeds the maximum delay', () => {
    expect(backoffDelay(20, retry, () => 0.999)).toBeLessThanOrEqual(1000);
  });
});

describe('encodeQuery', () => {
  it('percent-encodes brackets, joins lists with commas and skips unset values', () => {
    expect(encodeQuery({ 'page[size]': 100, 'search[tags]': ['a', 'b'], sort: undefined, x: null })).toBe('?page%5Bsize%5D=100&search%5Btags%5D=a%2Cb');
    expect(encodeQuery({})).toBe('');
  });
});

describe('Transport', () => {
  it('rejects an answer of the wrong shape with the member and the problem', () => {
    const t = transport();
    const req = { method: 'GET' as const, path: '/workspaces/ws-1', idempotent: true };
    const body = { data: { id: 'ws-1', type: 'workspaces', attributes: { name: 'n', locked: 'yes' } } };
    expect(() => t.parse(req, { status: 200, headers: {}, body }, workspaceDocumentSchema)).toThrow(ResponseValidationError);
    expect(() => t.parse(req, { status: 200, headers: {}, body }, workspaceDocumentSchema)).toThrow(/data\.attributes\.locked: .*boolean/);
  });

  it('tolerates unknown extra members', () => {
    const body = { data: { id: 'ws-1', type: 'workspaces', extra: 1, attributes: { name: 'n', 'new-thing': { a: 1 } } }, meta: {} };
    expect(transport().parse({ method: 'GET', path: '/x' }, { status: 200, headers: {}, body }, workspaceDocumentSchema).data.id).toBe('ws-1');
  });

  it('never shows its token when inspected', () => {
    expect(inspect(transport(), { showHidden: true, depth: 5 })).not.toContain('tok-123');
  });
});

describe('checkedWrite', () => {
  it('returns what verify finds after a lost answer instead of sending again', async () => {
    const send = jest.fn().mockRejectedValueOnce(lost()).mockResolvedValue('sent twice');
    const verify = jest.fn().mockResolvedValue('found');
    expect(await transport().checkedWrite(send, { verify })).toBe('found');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends again when verify finds nothing', async () => {
    const send = jest.fn().mockRejectedValueOnce(lost()).mockResolvedValue('sent');
    expect(await transport().checkedWrite(send, { verify: async () => undefined })).toBe('sent');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('lets settle turn an error to a re-sent write into success', async () => {
    const alreadyDone = errorFromResponse(409, { errors: [{ detail: 'Workspace is already unlocked' }] }, { method: 'POST', url: 'u', headers: {} });
    const send = jest.fn().mockRejectedValueOnce(lost()).mockRejectedValueOnce(alreadyDone);
    expect(await transport().checkedWrite(send, { settle: async (e) => (e instanceof WorkspaceNotLockedError ? 'done' : undefined) })).toBe('done');
  });

  it('does not settle an error answered to the first attempt', async () => {
    const refused = errorFromResponse(409, { errors: [{ detail: 'Workspace is already unlocked' }] }, { method: 'POST', url: 'u', headers: {} });
    const settle = jest.fn().mockResolvedValue('done');
    await expect(transport().checkedWrite(jest.fn().mockRejectedValue(refused), { settle })).rejects.toBe(refused);
    expect(settle).not.toHaveBeenCalled();
  });

  it('gives up after the configured retries', async () => {
    const send = jest.fn().mockRejectedValue(lost());
    await expect(transport().checkedWrite(send)).rejects.toBeInstanceOf(NetworkError);
    expect(send).toHaveBeenCalledTimes(4);
  });
});

describe('Transport pacing by the service', () => {
  /** A loopback server answering 200 with `headers`, as set by the test before each request. */
  async function serverWith(): Promise<{ url: string; headers: Record<string, string>; close(): Promise<void> }> {
    const state = { headers: {} as Record<string, string> };
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json', ...state.headers });
      res.end('{"data":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      get headers() {
        return state.headers;
      },
      set headers(value) {
        state.headers = value;
      },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  const get = { method: 'GET' as const, path: '/organizations', idempotent: true };

  it('paces the first requests at the hosted default, then at the declared limit, and not at all when none is declared', async () => {
    const server = await serverWith();
    const t = new Transport({ address: server.url, token: 'tok', retry: false });
    try {
      expect(t.limiter?.perSecond).toBe(HOSTED_RATE_LIMIT);
      server.headers = { 'x-ratelimit-limit': '7' };
      await t.request(get);
      expect(t.limiter?.perSecond).toBe(7);
      server.headers = {};
      await t.request(get);
      expect(t.limiter?.perSecond).toBeNull();
    } finally {
      await t.close();
      await server.close();
    }
  });

  it('shares one limiter between the clients that call one service as one caller', () => {
    const make = (address: string, token: string) => new Transport({ address, token, retry: false });
    const [a, b, otherToken, otherService] = [
      make('http://127.0.0.1:9', 'tok-a'),
      make('http://127.0.0.1:9', 'tok-a'),
      make('http://127.0.0.1:9', 'tok-b'),
      make('http://127.0.0.1:8', 'tok-a'),
    ];
    expect(a.limiter).toBe(b.limiter);
    expect(otherToken.limiter).not.toBe(a.limiter);
    expect(otherService.limiter).not.toBe(a.limiter);
    return Promise.all([a, b, otherToken, otherService].map((t) => t.close()));
  });

  it('keeps a rate given by the caller whatever the service declares', async () => {
    const server = await serverWith();
    const t = new Transport({ address: server.url, token: 'tok', retry: false, rateLimit: 12 });
    try {
      server.headers = { 'x-ratelimit-limit': '500' };
      await t.request(get);
      server.headers = {};
      await t.request(get);
      expect(t.limiter?.perSecond).toBe(12);
    } finally {
      await t.close();
      await server.close();
    }
  });
});
