import { inspect } from 'node:util';
import { workspaceDocumentSchema } from '../spec';
import { NetworkError, ResponseValidationError, WorkspaceNotLockedError, errorFromResponse } from './errors';
import { Transport, backoffDelay, encodeQuery } from './transport';

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
