// JSON:API errors: every failure the service answers is one of these (decision 6).
import type { z } from 'zod';

export interface ErrorObjectOut {
  status: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

export class ServiceError extends Error {
  readonly errors: ErrorObjectOut[];
  readonly headers: Record<string, string>;

  constructor(readonly status: number, title: string, detail?: string, source?: ErrorObjectOut['source'], headers: Record<string, string> = {}) {
    super(detail ?? title);
    this.errors = [{ status: String(status), title, ...(detail !== undefined ? { detail } : {}), ...(source ? { source } : {}) }];
    this.headers = headers;
  }

  static many(status: number, errors: ErrorObjectOut[]): ServiceError {
    const error = new ServiceError(status, errors[0]?.title ?? 'error', errors[0]?.detail);
    error.errors.splice(0, 1, ...errors);
    return error;
  }
}

export const badRequest = (detail: string, parameter?: string) => new ServiceError(400, 'bad request', detail, parameter ? { parameter } : undefined);
export const unauthorized = () => new ServiceError(401, 'unauthorized', 'A valid API token is required: send "Authorization: Bearer <token>"');
export const forbidden = (detail: string) => new ServiceError(403, 'forbidden', detail);
export const notFound = (detail = 'The resource was not found, or you are not authorized to access it') => new ServiceError(404, 'not found', detail);
export const conflict = (detail: string) => new ServiceError(409, 'conflict', detail);
export const invalid = (detail: string, pointer?: string) => new ServiceError(422, 'invalid attribute', detail, pointer ? { pointer } : undefined);

/** zod issues → 422 error objects pointing at the offending member. */
export function validationError(issues: z.core.$ZodIssue[], base = ''): ServiceError {
  const errors = issues.slice(0, 20).map((issue): ErrorObjectOut => {
    const pointer = `${base}/${issue.path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`.replace(/\/$/, '') || '/';
    const where = issue.path.length ? issue.path.join('.') : 'the document';
    const detail = issue.code === 'invalid_type' && issue.message.startsWith('Invalid input') ? `${where}: ${issue.message}` : `${where}: ${issue.message}`;
    return { status: '422', title: 'invalid attribute', detail, source: { pointer } };
  });
  return ServiceError.many(422, errors);
}
