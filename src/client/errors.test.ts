import { inspect } from 'node:util';
import {
  ConflictError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  StateVersionPendingError,
  UnauthorizedError,
  ValidationError,
  WorkspaceLockedByOtherError,
  WorkspaceLockedError,
  WorkspaceNotLockedError,
  WorkspaceNotSafeToDeleteError,
  errorFromResponse,
  isLostAnswer,
  redactHeaders,
  retryAfterMs,
} from './errors';

const request = { method: 'POST', url: 'http://localhost/api/v2/workspaces/ws-1/actions/lock', headers: redactHeaders({ authorization: 'Bearer s3cret' }) };
const body = (status: number, detail: string, pointer?: string) => ({ errors: [{ status: String(status), title: 't', detail, ...(pointer ? { source: { pointer } } : {}) }] });

describe('errorFromResponse', () => {
  it.each([
    ['Workspace is already locked', WorkspaceLockedError],
    ['Workspace is locked by User carol', WorkspaceLockedByOtherError],
    ['Workspace is locked by Team owners', WorkspaceLockedByOtherError],
    ['Workspace is already unlocked', WorkspaceNotLockedError],
    ['Workspace is currently locked. Workspace must be unlocked before it can be safely deleted', WorkspaceNotSafeToDeleteError],
    ['workspace cannot be safely deleted because it is still managing resources', WorkspaceNotSafeToDeleteError],
    ['something else entirely', ConflictError],
  ])('classifies the 409 "%s"', (detail, type) => {
    const error = errorFromResponse(409, body(409, detail), request);
    expect(error).toBeInstanceOf(type);
    expect(error.constructor).toBe(type);
  });

  it('names the lock holder and the reason a safe delete was refused', () => {
    expect((errorFromResponse(409, body(409, 'Workspace is locked by User carol'), request) as WorkspaceLockedByOtherError).holder).toBe('User carol');
    expect((errorFromResponse(409, body(409, 'Workspace is currently locked. Workspace must be unlocked before it can be safely deleted'), request) as WorkspaceNotSafeToDeleteError).reason).toBe('locked');
    expect((errorFromResponse(409, body(409, 'workspace cannot be safely deleted because it is still managing resources'), request) as WorkspaceNotSafeToDeleteError).reason).toBe('resources-managed');
  });

  it('maps statuses to their types and keeps validation pointers', () => {
    expect(errorFromResponse(401, undefined, request)).toBeInstanceOf(UnauthorizedError);
    expect(errorFromResponse(404, body(404, 'nope'), request)).toBeInstanceOf(NotFoundError);
    const invalid = errorFromResponse(422, body(422, 'Name has already been taken', '/data/attributes/name'), request);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).pointers).toEqual(['/data/attributes/name']);
    expect(errorFromResponse(502, undefined, request)).toBeInstanceOf(ServerError);
  });

  it('treats a 503 on unlock as a pending state version, and other 503s as server errors', () => {
    const unlock = { ...request, url: 'http://h/api/v2/workspaces/ws-1/actions/unlock' };
    expect(errorFromResponse(503, undefined, unlock)).toBeInstanceOf(StateVersionPendingError);
    expect(errorFromResponse(503, undefined, request).constructor).toBe(ServerError);
  });

  it('puts the service detail in the message but never the token', () => {
    const error = errorFromResponse(404, body(404, 'workspace "x" was not found'), request);
    expect(error.message).toBe('POST http://localhost/api/v2/workspaces/ws-1/actions/lock failed (404): workspace "x" was not found');
    expect(inspect(error, { depth: 5 })).not.toContain('s3cret');
    expect(error.request.headers.authorization).toBe('Bearer [REDACTED]');
  });
});

describe('retryAfterMs', () => {
  it('prefers the decimal X-RateLimit-Reset over Retry-After', () => {
    expect(retryAfterMs({ 'x-ratelimit-reset': '0.125', 'retry-after': '1' })).toBe(125);
  });

  it('falls back to Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after': '2' })).toBe(2000);
    expect(retryAfterMs({ 'retry-after': new Date(10_000).toUTCString() }, 7_000)).toBe(3000);
    expect(retryAfterMs({})).toBeUndefined();
  });

  it('is available on a RateLimitedError', () => {
    const error = errorFromResponse(429, undefined, request, { 'x-ratelimit-reset': '0.5' });
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(500);
  });
});

describe('isLostAnswer', () => {
  it('is true for no answer and gateway-type 5xx, false for answers that refused the request', () => {
    expect(isLostAnswer(new NetworkError({ status: 0, request }))).toBe(true);
    expect(isLostAnswer(errorFromResponse(504, undefined, request))).toBe(true);
    expect(isLostAnswer(errorFromResponse(500, undefined, request))).toBe(false);
    expect(isLostAnswer(errorFromResponse(409, body(409, 'Workspace is already locked'), request))).toBe(false);
    expect(isLostAnswer(new Error('x'))).toBe(false);
  });
});
