// One error type for every failed call, and one function that maps a response to the subclass
// callers branch on: by the error object's `code` (src/contract/error-codes.ts) when the service sends
// one, else by status, request path and wording (the hosted service; decision 6 for the 409 wordings).
import { ERRORS, errorDocumentSchema, errorNameOf, LOCK_HOLDER_META, RATE_LIMIT_HEADERS, type ErrorName, type ErrorObject } from '../contract';

/** The request that failed, safe to log: the Authorization header is always redacted. */
export interface RequestSummary {
  method: string;
  url: string;
  headers: Record<string, string>;
}

export const REDACTED = '[REDACTED]';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = name.toLowerCase() === 'authorization' ? `Bearer ${REDACTED}` : value;
  }
  return out;
}

export interface ApiErrorInit {
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  errors?: ErrorObject[];
  request: RequestSummary;
  responseHeaders?: Record<string, string>;
  cause?: unknown;
  message?: string;
  /** The error's identity; by default from the first error object's `code`, else from the wording. */
  errorName?: ErrorName;
}

/** Every failure of a client call: status, JSON:API error objects, the (redacted) request. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  readonly request: RequestSummary;
  readonly responseHeaders: Record<string, string>;
  /** Whether repeating the same request later may succeed. */
  readonly retryable: boolean = false;
  /**
   * Which error of the spec's catalogue this is (`ERRORS` in src/contract/error-codes.ts): from the
   * answer's `code`, or for an answer without one from its status, path and wording; undefined when
   * neither tells.
   */
  readonly errorName: ErrorName | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message ?? describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.request = init.request;
    this.responseHeaders = init.responseHeaders ?? {};
    this.errorName = init.errorName ?? identify(init.status, init.request.url, this.errors).name;
  }

  /** The first error object's detail (or title): the service's own words. */
  get detail(): string | undefined {
    return this.errors[0]?.detail ?? this.errors[0]?.title;
  }

  /** The first error object's stable `code`, as our service sends it; the hosted service sends none. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

function describe(init: ApiErrorInit): string {
  const where = `${init.request.method} ${init.request.url}`;
  const details = (init.errors ?? []).map((e) => e.detail ?? e.title).filter(Boolean);
  const reason = details.length > 0 ? details.join('; ') : init.status === 0 ? 'no response' : `status ${init.status}`;
  return `${where} failed (${init.status || 'no response'}): ${reason}`;
}

/** 401: the token is missing, invalid or revoked. */
export class UnauthorizedError extends ApiError {}
/** 403: the caller may see the resource but not do this. */
export class ForbiddenError extends ApiError {}
/** 404: the resource does not exist, or the caller may not see it (the service does not say which). */
export class NotFoundError extends ApiError {}

/** 400/422: the request broke a rule; `pointers` name the offending members. */
export class ValidationError extends ApiError {
  get pointers(): string[] {
    return this.errors.map((e) => e.source?.pointer ?? e.source?.parameter).filter((p): p is string => typeof p === 'string');
  }
}
/** 422 on create or rename: another workspace of the organization has the name. */
export class NameTakenError extends ValidationError {}

/** Any other 409. */
export class ConflictError extends ApiError {}
/** 409 on lock: the workspace is already locked (by anyone, this caller included). */
export class WorkspaceLockedError extends ConflictError {}
/** 409 on unlock: someone else holds the lock; `holder` is e.g. "User alice". */
export class WorkspaceLockedByOtherError extends ConflictError {
  get holder(): string {
    return identify(this.status, this.request.url, this.errors).lockHolder ?? 'unknown';
  }
}
/** 409 on unlock or force unlock: the workspace is not locked. */
export class WorkspaceNotLockedError extends ConflictError {}
/** 409 on safe delete: the workspace still manages resources, or it is locked. */
export class WorkspaceNotSafeToDeleteError extends ConflictError {
  get reason(): 'resources-managed' | 'locked' {
    return this.errorName === 'workspaceLockedForDelete' ? 'locked' : 'resources-managed';
  }
}

/** 429: too many requests; `retryAfterMs` from `X-RateLimit-Reset` or `Retry-After`. */
export class RateLimitedError extends ApiError {
  override readonly retryable = true;
  get retryAfterMs(): number | undefined {
    return retryAfterMs(this.responseHeaders);
  }
}

/** 5xx. */
export class ServerError extends ApiError {
  override readonly retryable: boolean = true;
}
/** 503 on unlock: the latest intermediate state version is not finalized yet; retry shortly. */
export class StateVersionPendingError extends ServerError {}
/**
 * 503: the service's database failed while this write was being committed, so it may or may not
 * have been done. A lost answer (`isLostAnswer`): writes that are not safe to repeat are checked
 * before they are sent again (architecture "Writes under faults").
 */
export class WriteOutcomeUnknownError extends ServerError {}

/** No answer arrived: connection refused or reset, or a timeout. The request may have been done. */
export class NetworkError extends ApiError {
  override readonly retryable = true;
  get timedOut(): boolean {
    const code = (this.cause as { code?: string } | undefined)?.code ?? '';
    return /TIMEOUT/.test(code);
  }
  /** The service's TLS certificate was not trusted (or not for this name): repeating cannot help. */
  get certificateRejected(): boolean {
    return isCertificateError(this.cause);
  }
}

/** Node's codes for a TLS certificate the client refused. */
export function isCertificateError(cause: unknown): boolean {
  const code = (cause as { code?: string } | undefined)?.code ?? '';
  return /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code);
}

/** The answer did not match the documented schema (wrong types, missing members, not JSON). */
export class ResponseValidationError extends ApiError {}

/** Milliseconds to wait after a 429: `X-RateLimit-Reset` (seconds, decimal), else `Retry-After`. */
/** `X-RateLimit-Reset` (seconds, decimals allowed) in milliseconds; undefined when absent or not a time. */
export function declaredResetMs(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
}

export function retryAfterMs(headers: Record<string, string>, nowMs = Date.now()): number | undefined {
  const reset = declaredResetMs(headers[RATE_LIMIT_HEADERS.reset]);
  if (reset !== undefined) return reset;
  const after = headers[RATE_LIMIT_HEADERS.retryAfter];
  if (after === undefined) return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** The error objects of a failed answer; a body that is not a JSON:API error document gives none. */
export function errorObjectsOf(body: unknown): ErrorObject[] {
  const parsed = errorDocumentSchema.safeParse(body);
  return parsed.success ? parsed.data.errors : [];
}

/** What an answer says it is: the catalogue entry, and for a lock held by another, the holder. */
interface Identity {
  name?: ErrorName;
  lockHolder?: string;
}

/**
 * The identity of a failed answer: its first error object's `code` when our service sent one;
 * otherwise (the hosted service) its status, request path and wording. The only place the client
 * reads the service's words; undefined `name` when neither tells more than the status.
 */
function identify(status: number, url: string, errors: readonly ErrorObject[]): Identity {
  const meta = errors[0]?.meta?.[LOCK_HOLDER_META];
  const lockHolder = typeof meta === 'string' ? meta : errors.map((e) => /locked by (.+)$/i.exec(e.detail ?? '')?.[1]).find((h) => h !== undefined);
  const byCode = errorNameOf(errors[0]?.code);
  if (byCode !== undefined) return { name: byCode, lockHolder };
  const words = errors.map((e) => `${e.detail ?? ''} ${e.title ?? ''}`).join(' ');
  let name: ErrorName | undefined;
  if (status === 409) {
    if (/safely deleted|managing resources/i.test(words))
      name = /locked/i.test(words) && !/managing resources/i.test(words) ? 'workspaceLockedForDelete' : 'workspaceManagesResources';
    else if (/already locked/i.test(words)) name = 'workspaceAlreadyLocked';
    else if (/already unlocked|not locked/i.test(words)) name = 'workspaceNotLocked';
    else if (lockHolder !== undefined) name = 'workspaceLockedByOther';
  }
  if (status === 422 && errors.some((e) => e.source?.pointer === '/data/attributes/name' && /has already been taken/i.test(e.detail ?? ''))) name = 'nameTaken';
  if (status === 503 && /\/actions\/unlock(\?|$)/.test(url)) name = 'stateVersionPending';
  return { name, lockHolder };
}

type ApiErrorClass = new (init: ApiErrorInit) => ApiError;

/** The subclass of each catalogue entry whose callers branch on more than the status. */
const CLASS_OF: Partial<Record<ErrorName, ApiErrorClass>> = {
  nameTaken: NameTakenError,
  workspaceAlreadyLocked: WorkspaceLockedError,
  workspaceNotLocked: WorkspaceNotLockedError,
  workspaceLockedByOther: WorkspaceLockedByOtherError,
  workspaceLockedForDelete: WorkspaceNotSafeToDeleteError,
  workspaceManagesResources: WorkspaceNotSafeToDeleteError,
  stateVersionPending: StateVersionPendingError,
  writeOutcomeUnknown: WriteOutcomeUnknownError,
};

/** The subclass of each status, for everything else. */
function classOfStatus(status: number): ApiErrorClass {
  switch (status) {
    case 400:
    case 422:
      return ValidationError;
    case 401:
      return UnauthorizedError;
    case 403:
      return ForbiddenError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 429:
      return RateLimitedError;
  }
  return status >= 500 ? ServerError : ApiError;
}

/** Maps a failed answer to its subclass (go-tfe's checkResponseCode). */
export function errorFromResponse(status: number, body: unknown, request: RequestSummary, responseHeaders: Record<string, string> = {}): ApiError {
  const errors = errorObjectsOf(body);
  const { name } = identify(status, request.url, errors);
  const known = name === undefined ? undefined : CLASS_OF[name];
  // A code is trusted only with the status the catalogue gives it, so a mislabelled answer cannot
  // turn, say, a 500 into a lock conflict.
  const Class = known && ERRORS[name!].status === status ? known : classOfStatus(status);
  return new Class({ status, errors, request, responseHeaders, errorName: name });
}

/** True when the write's answer was lost, so it may or may not have been done. */
export function isLostAnswer(error: unknown): boolean {
  if (error instanceof NetworkError) return !error.certificateRejected;
  return error instanceof ServerError && (error.status === 502 || error.status === 503 || error.status === 504);
}
