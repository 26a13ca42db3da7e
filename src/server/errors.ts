// JSON:API errors: every failure the service answers is one of these (decision 6), and every error
// object carries the stable `code` of its identity in the spec's catalogue (architecture "Errors").
import type { z } from 'zod';
import { ERRORS, LOCK_HOLDER_META, type ErrorCode, type ErrorIdentity } from '../contract';

export interface ErrorObjectOut {
  status: string;
  title: string;
  code: ErrorCode;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

/** An identity of the catalogue (`ERRORS.x`): its code, status, title and fixed detail. */
type Identity = ErrorIdentity & { readonly code: ErrorCode };

export interface ErrorOptions {
  source?: ErrorObjectOut['source'];
  headers?: Record<string, string>;
  meta?: Record<string, unknown>;
}

/** One error object of an identity; the detail defaults to the catalogue's fixed wording. */
export function errorObject(identity: Identity, detail: string | undefined = identity.detail, options: Omit<ErrorOptions, 'headers'> = {}): ErrorObjectOut {
  return {
    status: String(identity.status),
    title: identity.title,
    code: identity.code,
    ...(detail !== undefined ? { detail } : {}),
    ...(options.source ? { source: options.source } : {}),
    ...(options.meta ? { meta: options.meta } : {}),
  };
}

export class ServiceError extends Error {
  readonly status: number;
  readonly errors: ErrorObjectOut[];
  readonly headers: Record<string, string>;

  constructor(identity: Identity, detail: string | undefined = identity.detail, options: ErrorOptions = {}) {
    super(detail ?? identity.title);
    this.status = identity.status;
    this.errors = [errorObject(identity, detail, options)];
    this.headers = options.headers ?? {};
  }

  /** Several error objects of one identity in one answer (e.g. every broken rule at once). */
  static many(identity: Identity, errors: Array<{ detail: string; source?: ErrorObjectOut['source'] }>): ServiceError {
    const error = new ServiceError(identity, errors[0]?.detail);
    error.errors.splice(0, 1, ...errors.map((e) => errorObject(identity, e.detail, { source: e.source })));
    return error;
  }
}

export const badRequest = (detail: string, parameter?: string) =>
  new ServiceError(ERRORS.badRequest, detail, { source: parameter ? { parameter } : undefined });
export const unauthorized = () => new ServiceError(ERRORS.unauthorized);
export const forbidden = (detail: string) => new ServiceError(ERRORS.forbidden, detail);
export const notFound = (detail?: string) => new ServiceError(ERRORS.notFound, detail);
export const invalid = (detail: string, pointer?: string) => new ServiceError(ERRORS.invalidAttribute, detail, { source: pointer ? { pointer } : undefined });
/** Another workspace of the organization has the name (the hosted service's wording). */
export const nameTaken = () => new ServiceError(ERRORS.nameTaken, undefined, { source: { pointer: '/data/attributes/name' } });
/** Unlock refused: `holder` (e.g. "User alice") holds the lock; named in the detail and in meta. */
export const lockedByOther = (holder: string) =>
  new ServiceError(ERRORS.workspaceLockedByOther, `Workspace is locked by ${holder}`, { meta: { [LOCK_HOLDER_META]: holder } });

/** zod issues → 422 error objects pointing at the offending member. */
export function validationError(issues: z.core.$ZodIssue[], base = ''): ServiceError {
  return ServiceError.many(
    ERRORS.invalidAttribute,
    issues.slice(0, 20).map((issue) => {
      const pointer = `${base}/${issue.path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`.replace(/\/$/, '') || '/';
      const where = issue.path.length ? issue.path.join('.') : 'the document';
      return { detail: `${where}: ${issue.message}`, source: { pointer } };
    }),
  );
}
