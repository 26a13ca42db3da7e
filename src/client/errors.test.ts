import { inspect } from 'node:util';
import { ERRORS, LOCK_HOLDER_META, type ErrorName } from '../contract';
import {
  ApiError,
  ConflictError,
  NameTakenError,
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
  WriteOutcomeUnknownError,
  errorFromResponse,
  isLostAnswer,
  redactHeaders,
  retryAfterMs,
} from './errors';

const request = { method: 'POST', url: 'http://localhost/api/v2/workspaces/ws-1/actions/lock', headers: redactHeaders({ authorization: 'Bearer s3cret' }) };
const body = (status: number, detail: string, pointer?: string) => ({
  errors: [{ status: String(status), title: 't', detail, ...(pointer ? { source: { pointer } } : {}) }],
});

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
    expect(
      (
        errorFromResponse(
          409,
          body(409, 'Workspace is currently locked. Workspace must be unlocked before it can be safely deleted'),
          request,
        ) as WorkspaceNotSafeToDeleteError
      ).reason,
    ).toBe('locked');
    expect(
      (errorFromResponse(409, body(409, 'workspace cannot be safely deleted because it is still managing resources'), request) as WorkspaceNotSafeToDeleteError)
        .reason,
    ).toBe('resources-managed');
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

describe('errorFromResponse with the error codes our service sends', () => {
  /** An answer of our service: the catalogue's code, status and title, and words unlike the hosted service's. */
  const coded = (name: ErrorName, extra: Record<string, unknown> = {}) => {
    const e = ERRORS[name];
    return { errors: [{ status: String(e.status), title: e.title, detail: 'worded differently', code: e.code, ...extra }] };
  };

  it.each([
    ['workspaceAlreadyLocked', WorkspaceLockedError],
    ['workspaceLockedByOther', WorkspaceLockedByOtherError],
    ['workspaceNotLocked', WorkspaceNotLockedError],
    ['workspaceLockedForDelete', WorkspaceNotSafeToDeleteError],
    ['workspaceManagesResources', WorkspaceNotSafeToDeleteError],
    ['conflict', ConflictError],
    ['nameTaken', NameTakenError],
    ['invalidAttribute', ValidationError],
    ['notFound', NotFoundError],
    ['rateLimited', RateLimitedError],
    ['stateVersionPending', StateVersionPendingError],
    ['writeOutcomeUnknown', WriteOutcomeUnknownError],
    ['databaseUnavailable', ServerError],
    ['databaseBusy', ServerError],
  ] as const)('classifies %s by its code, whatever the wording', (name, type) => {
    const status: number = ERRORS[name].status;
    const error = errorFromResponse(status, coded(name), request);
    expect(error.constructor).toBe(type);
    expect(error.code).toBe(ERRORS[name].code);
    expect(error.errorName).toBe(name);
  });

  it("takes the service's database faults for lost answers: retried when idempotent, checked before a write is repeated", () => {
    for (const name of ['writeOutcomeUnknown', 'databaseUnavailable', 'databaseBusy'] as const) {
      const error = errorFromResponse(503, coded(name), request, { 'retry-after': '1' });
      expect(error.retryable).toBe(true);
      expect(isLostAnswer(error)).toBe(true);
    }
  });

  it('reads the lock holder from meta and the safe-delete reason from the code', () => {
    const other = errorFromResponse(
      409,
      coded('workspaceLockedByOther', { meta: { [LOCK_HOLDER_META]: 'User carol' } }),
      request,
    ) as WorkspaceLockedByOtherError;
    expect(other.holder).toBe('User carol');
    // The code decides even where the words would say otherwise.
    const locked = errorFromResponse(
      409,
      { errors: [{ ...coded('workspaceLockedForDelete').errors[0], detail: 'still managing resources' }] },
      request,
    ) as WorkspaceNotSafeToDeleteError;
    expect(locked.reason).toBe('locked');
    expect((errorFromResponse(409, coded('workspaceManagesResources'), request) as WorkspaceNotSafeToDeleteError).reason).toBe('resources-managed');
  });

  it('trusts a code only with its status, and keeps a code it does not know', () => {
    const mislabelled = errorFromResponse(500, coded('workspaceAlreadyLocked'), request);
    expect(mislabelled.constructor).toBe(ServerError);
    const unknown = errorFromResponse(409, { errors: [{ status: '409', code: 'from-a-newer-service', detail: 'Workspace is already locked' }] }, request);
    expect(unknown.code).toBe('from-a-newer-service');
    // An unknown code falls back to the wording, as an answer without a code does.
    expect(unknown).toBeInstanceOf(WorkspaceLockedError);
  });

  it('names the taken name from the hosted wording too, and not other 422s', () => {
    const taken = errorFromResponse(422, body(422, 'Name has already been taken', '/data/attributes/name'), request);
    expect(taken).toBeInstanceOf(NameTakenError);
    expect([taken.errorName, taken.code]).toEqual(['nameTaken', undefined]);
    const otherAttribute = errorFromResponse(422, body(422, 'has already been taken', '/data/attributes/description'), request);
    expect(otherAttribute.constructor).toBe(ValidationError);
    expect(otherAttribute.errorName).toBeUndefined();
  });

  it('identifies errors built by hand from their objects', () => {
    const e = new ValidationError({ status: 0, request, errors: [{ code: ERRORS.nameTaken.code }] });
    expect([e.errorName, e.code]).toEqual(['nameTaken', 'name-taken']);
    expect(new ApiError({ status: 0, request }).errorName).toBeUndefined();
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
