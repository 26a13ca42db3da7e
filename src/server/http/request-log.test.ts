import { PassThrough } from 'node:stream';
import { RequestLog } from './request-log';

describe('the request log', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function textLog(): { log: RequestLog; lines: string[] } {
    const lines: string[] = [];
    return { log: new RequestLog({ format: 'text', write: (line) => lines.push(line) }), lines };
  }

  it('writes one line for a burst of the same refusal and summarises the rest when the 10 s window ends', () => {
    const { log, lines } = textLog();
    for (let i = 0; i < 500; i++) log.refused('GET', '/api/v2/workspaces/:workspace_id', 404, 'not-found', 'workspace "ws-1" was not found');
    expect(lines).toEqual(['answered 404 not-found to GET /api/v2/workspaces/:workspace_id: workspace "ws-1" was not found']);
    jest.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`${lines[0]} … and 499 more like it in the last 10 s`);
    // The next burst starts afresh.
    log.refused('GET', '/api/v2/workspaces/:workspace_id', 404, 'not-found', 'again');
    expect(lines).toHaveLength(3);
    log.close();
    expect(lines).toHaveLength(3);
  });

  it('writes the line breaks of a refusal detail escaped, so a client cannot forge a line (issue 37)', () => {
    const { log, lines } = textLog();
    log.refused('POST', '/a', 422, 'invalid', 'name "x\nanswered 200 ok to GET /admin\r\u0007" is taken');
    expect(lines).toEqual(['answered 422 invalid to POST /a: name "x\\nanswered 200 ok to GET /admin\\r\\u0007" is taken']);
    log.close();
  });

  it('keeps different refusals apart and never writes a stack for them', () => {
    const { log, lines } = textLog();
    log.refused('GET', '/a', 404, 'not-found', undefined);
    log.refused('GET', '/a', 400, 'bad-request', 'x');
    log.refused('POST', '/a', 404, 'not-found', undefined);
    log.refused('GET', '/a', 404, 'not-found', undefined);
    log.close();
    expect(lines).toEqual([
      'answered 404 not-found to GET /a',
      'answered 400 bad-request to GET /a: x',
      'answered 404 not-found to POST /a',
      'answered 404 not-found to GET /a … and 1 more like it in the last 10 s',
    ]);
    expect(lines.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('writes the stack of an internal error, every time', () => {
    const { log, lines } = textLog();
    log.internalError('POST', '/b', new Error('broken'));
    log.internalError('POST', '/b', new Error('broken'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^internal error on POST \/b: Error: broken\n\s+at /);
  });

  it('writes JSON objects in the json format, one per request, with what an operator filters on', async () => {
    jest.useRealTimers();
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c: Buffer) => chunks.push(c.toString()));
    const log = new RequestLog({ format: 'json', write: () => undefined, destination: out });
    log.request({ requestId: 'r-1', method: 'GET', route: '/api/v2/workspaces/:workspace_id', status: 200, durationMs: 1.5, callerKind: 'user' });
    log.refused('GET', '/x', 401, 'unauthorized', 'A valid API token is required');
    log.message('listening');
    log.close();
    await new Promise((resolve) => setImmediate(resolve));
    const entries = chunks
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'request',
        requestId: 'r-1',
        method: 'GET',
        route: '/api/v2/workspaces/:workspace_id',
        status: 200,
        durationMs: 1.5,
        callerKind: 'user',
      }),
      expect.objectContaining({ level: 'info', msg: 'listening' }),
    ]);
    for (const entry of entries) expect(typeof entry.time).toBe('string');
  });
});
