// HTTP for the client: one keep-alive undici pool per client, timeouts, client-side rate and
// concurrency limits, and retries with exponential backoff and jitter for what is safe to repeat
// (architecture "Writes under faults").
import { createHash } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { inspect } from 'node:util';
import { Pool } from 'undici';
import type { z } from 'zod';
import { API_ROOT, JSON_API_MEDIA_TYPE, RATE_LIMIT_HEADERS, type HttpMethod } from '../contract';
import {
  ApiError,
  NetworkError,
  declaredResetMs,
  isCertificateError,
  RateLimitedError,
  ResponseValidationError,
  errorFromResponse,
  isLostAnswer,
  redactHeaders,
  retryAfterMs,
  type RequestSummary,
} from './errors';
import { fastCheckFor } from './compiled-check';
import { RateLimiter, sharedRateLimiter } from './rate-limiter';

/** The hosted service's limit: the pace of the first requests, before any answer declares one. */
export const HOSTED_RATE_LIMIT = 30;

export const USER_AGENT = 'cdk-workspaces-client/0.1.0';

export interface RetryOptions {
  /** Attempts after the first. @default 5 */
  maxRetries?: number;
  /** First backoff delay; doubled on each retry. @default 250 */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay (and of a 429 wait). @default 10000 */
  maxDelayMs?: number;
}

export interface TransportOptions {
  /** `scheme://host[:port]`, without `/api/v2`. Required. */
  address: string;
  /** API token. Required; never shown in errors, logs or `inspect()`. */
  token: string;
  /**
   * Requests per second sent at most. By default the client follows the service: it paces at the
   * rate the service declares (`X-RateLimit-Limit`), not at all when the service declares none, and
   * at the hosted service's 30 per second until the first answer says which. A number paces at
   * that rate whatever the service says; `false` turns pacing off. A 429 always pauses every sender
   * until the service's reset time. @default 'service'
   */
  rateLimit?: number | false | 'service';
  /** Requests in flight at once (also the pool's connection count). @default 10 */
  concurrency?: number;
  /** Per attempt: connecting, waiting for headers, and between body chunks. @default 30000 */
  timeoutMs?: number;
  /** Backoff settings, or `false` for no retries. @default { maxRetries: 5, baseDelayMs: 250, maxDelayMs: 10000 } */
  retry?: RetryOptions | false;
  userAgent?: string;
  /**
   * PEM certificate(s) of an extra certificate authority to trust for HTTPS, e.g. the one
   * `cdkws serve --tls` makes; the usual public authorities stay trusted.
   */
  ca?: string | Buffer;
  /** For tests: jitter source in [0, 1). */
  random?: () => number;
}

export type QueryValue = string | number | boolean | undefined | null | readonly string[];

export interface TransportRequest {
  method: HttpMethod;
  /** Relative to the API root, e.g. `/workspaces/ws-1`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Safe to send again after a lost answer (GET, PATCH of settings…). 429s are always retried. */
  idempotent: boolean;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

/** Delay before retry number `attempt` (0-based): exponential, with jitter in its upper half. */
export function backoffDelay(attempt: number, options: Required<RetryOptions>, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  let any = false;
  for (const key in query) if (query[key] !== undefined && query[key] !== null) any = true;
  if (!any) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Limits requests in flight. */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  /** Takes a place at once when one is free (no promise on the common path). */
  tryAcquire(): boolean {
    if (this.active >= this.size) return false;
    this.active += 1;
    return true;
  }
  acquire(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

export class Transport {
  readonly address: string;
  readonly retry: Required<RetryOptions>;
  readonly limiter: RateLimiter | null;
  /** The limiter's rate follows each answer's declaration (rateLimit 'service'). */
  readonly #followsService: boolean;
  /** Server clock minus ours, from `Date` headers (1 s resolution); 0 until an answer arrives. */
  serverClockOffsetMs = 0;
  readonly #authorization: string;
  readonly #pool: Pool;
  readonly #headers: Record<string, string>;
  /** The headers every request carries, built once (the token included). */
  readonly #requestHeaders: Record<string, string>;
  #lastDateHeader = '';
  readonly #semaphore: Semaphore;
  readonly #random: () => number;

  constructor(options: TransportOptions) {
    this.address = options.address;
    const timeoutMs = options.timeoutMs ?? 30_000;
    const concurrency = options.concurrency ?? 10;
    this.retry =
      options.retry === false ? { maxRetries: 0, baseDelayMs: 0, maxDelayMs: 0 } : { maxRetries: 5, baseDelayMs: 250, maxDelayMs: 10_000, ...options.retry };
    const rate = options.rateLimit ?? 'service';
    this.#followsService = rate === 'service';
    // Keyed by a digest of the token: the caller the service counts, with no token kept in the key.
    const caller = `${options.address}\0${createHash('sha256').update(options.token).digest('hex')}\0${String(rate)}`;
    this.limiter =
      rate === false
        ? null
        : sharedRateLimiter(caller, () => new RateLimiter({ perSecond: rate === 'service' ? HOSTED_RATE_LIMIT : rate, evenUntilDeclared: rate === 'service' }));
    this.#authorization = `Bearer ${options.token}`;
    this.#headers = { 'content-type': JSON_API_MEDIA_TYPE, accept: JSON_API_MEDIA_TYPE, 'user-agent': options.userAgent ?? USER_AGENT };
    this.#requestHeaders = { ...this.#headers, authorization: this.#authorization };
    this.#semaphore = new Semaphore(concurrency);
    this.#random = options.random ?? Math.random;
    this.#pool = new Pool(options.address, {
      connections: concurrency,
      keepAliveTimeout: 30_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connect: { timeout: timeoutMs, ...(options.ca ? { ca: [...rootCertificates, String(options.ca)] } : {}) },
    });
  }

  /** Sends a request, retrying 429s always and lost answers only when `idempotent`; throws ApiError. */
  request(req: TransportRequest): Promise<TransportResponse> {
    // The usual answer needs no retry loop: no async frame of its own.
    return this.once(req).catch((error: unknown) => this.retrying(req, error));
  }

  private async retrying(req: TransportRequest, firstError: unknown): Promise<TransportResponse> {
    let error = firstError;
    for (let attempt = 0; ; attempt++) {
      if (!(error instanceof ApiError) || attempt >= this.retry.maxRetries) throw error;
      // A 429 is answered before the service does anything, so even a create may be re-sent.
      if (error instanceof RateLimitedError) {
        const wait = Math.min(this.retry.maxDelayMs, error.retryAfterMs ?? backoffDelay(attempt, this.retry, this.#random));
        const jittered = wait + Math.round(this.#random() * Math.min(100, wait / 10 + 5));
        this.limiter?.pauseUntil(Date.now() + jittered);
        await sleep(jittered);
      } else {
        if (!req.idempotent || !isLostAnswer(error)) throw error;
        await sleep(backoffDelay(attempt, this.retry, this.#random));
      }
      try {
        return await this.once(req);
      } catch (next) {
        error = next;
      }
    }
  }

  /**
   * A write that is not safe to repeat blindly. After a lost answer it waits, asks `verify`
   * whether the write took effect (a result ends it), and otherwise sends again; an error answered
   * to a re-sent write goes to `settle`, which may show the lost write was done.
   */
  async checkedWrite<T>(
    send: () => Promise<T>,
    hooks: { verify?: () => Promise<T | undefined>; settle?: (error: ApiError) => Promise<T | undefined> } = {},
  ): Promise<T> {
    let lost = false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await send();
      } catch (error) {
        if (lost && hooks.settle && error instanceof ApiError && !isLostAnswer(error)) {
          const settled = await hooks.settle(error);
          if (settled !== undefined) return settled;
        }
        if (!isLostAnswer(error) || attempt >= this.retry.maxRetries) throw error;
        lost = true;
        await sleep(backoffDelay(attempt, this.retry, this.#random));
        if (hooks.verify) {
          const found = await hooks.verify();
          if (found !== undefined) return found;
        }
      }
    }
  }

  /** Sends `req` and validates the answer's document with `schema` (extra members tolerated). */
  call<S extends z.ZodType>(req: TransportRequest, schema: S): Promise<z.output<S>> {
    return this.request(req).then((response) => this.parse(req, response, schema));
  }

  parse<S extends z.ZodType>(req: Pick<TransportRequest, 'method' | 'path' | 'query'>, response: TransportResponse, schema: S): z.output<S> {
    // Documents that pass the compiled check are exactly what zod would accept; others get zod's verdict.
    const check = fastCheckFor(schema);
    if (check && check(response.body)) return response.body as z.output<S>;
    const parsed = schema.safeParse(response.body);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join('.') : 'the document'}: ${i.message}`);
    throw new ResponseValidationError({
      status: response.status,
      request: this.summary(req),
      cause: parsed.error,
      message: `${req.method} ${this.summary(req).url}: the answer does not match the documented schema: ${issues.join('; ')}`,
    });
  }

  /** Our clock translated to the service's, for comparing with its timestamps. */
  serverNow(): number {
    return Date.now() + this.serverClockOffsetMs;
  }

  summary(req: Pick<TransportRequest, 'method' | 'path' | 'query'>): RequestSummary {
    return {
      method: req.method,
      url: `${this.address}${API_ROOT}${req.path}${encodeQuery(req.query)}`,
      headers: redactHeaders({ ...this.#headers, authorization: this.#authorization }),
    };
  }

  private async once(req: TransportRequest): Promise<TransportResponse> {
    if (!this.#semaphore.tryAcquire()) await this.#semaphore.acquire();
    try {
      const answered = this.limiter ? await this.limiter.take() : undefined;
      let response;
      let text: string;
      try {
        response = await this.#pool.request({
          method: req.method,
          path: `${API_ROOT}${req.path}${encodeQuery(req.query)}`,
          headers: this.#requestHeaders,
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
        });
        // What the answer declares first, then the request leaves the limiter's count of those in
        // flight: the other way round, a waiting request could go on the window's state from
        // before the service counted this one. The sliding window runs from here.
        if (this.#followsService && response.statusCode < 500) this.followDeclaredLimit(response.headers);
        answered?.();
        text = await response.body.text();
      } catch (cause) {
        answered?.();
        const hint = isCertificateError(cause)
          ? "; the service's TLS certificate is not trusted: give its certificate authority with the client's ca option or CDKWS_CA_FILE (cdkws serve --tls prints the file)"
          : '';
        throw new NetworkError({
          status: 0,
          request: this.summary(req),
          cause,
          message: `${req.method} ${this.summary(req).url} failed: ${(cause as Error)?.message ?? cause}${hint}`,
        });
      }
      const { statusCode: status, headers } = response;
      const date = headers.date;
      // The header changes once a second; parsing it for every answer would be wasted work.
      if (typeof date === 'string' && date !== this.#lastDateHeader) {
        this.#lastDateHeader = date;
        const server = Date.parse(date);
        // The header has 1 s resolution: the service's clock is, on average, half a second past it.
        if (!Number.isNaN(server)) this.serverClockOffsetMs = server + 500 - Date.now();
      }
      let body: unknown = undefined;
      if (text.length > 0) {
        try {
          body = JSON.parse(text);
        } catch (cause) {
          if (status < 400)
            throw new ResponseValidationError({
              status,
              request: this.summary(req),
              cause,
              message: `${req.method} ${this.summary(req).url}: the answer is not JSON`,
            });
        }
      }
      if (status >= 400) throw errorFromResponse(status, body, this.summary(req), flatHeaders(headers));
      return { status, headers, body };
    } finally {
      this.#semaphore.release();
    }
  }

  /**
   * Paces by what the answer declares: its limit, or none. A 5xx may come from a proxy in front
   * and says nothing about the service's limit. An answer that also tells what is left of the
   * caller's window and when it resets (as `cdkws serve --rate-limit` does) paces by that window,
   * which counts other processes' requests too. Otherwise, when the answer says the window is used
   * up (`X-RateLimit-Remaining: 0`), every sender waits for its reset.
   */
  private followDeclaredLimit(headers: Record<string, string | string[] | undefined>): void {
    const limiter = this.limiter!;
    const declared = headers[RATE_LIMIT_HEADERS.limit];
    const limit = typeof declared === 'string' ? Number(declared) : NaN;
    limiter.setRate(limit > 0 && Number.isFinite(limit) ? limit : null);
    if (limiter.perSecond === null) return;
    // A window's reset is believed no further off than the longest wait of a retry.
    const longestWaitMs = this.retry.maxDelayMs || 10_000;
    const remaining = wholeNumber(headers[RATE_LIMIT_HEADERS.remaining]);
    const resetMs = declaredResetMs(headers[RATE_LIMIT_HEADERS.reset]);
    if (remaining !== null && resetMs !== undefined) {
      limiter.noteWindow(remaining, Math.min(resetMs, longestWaitMs));
      return;
    }
    limiter.forgetWindow();
    if (remaining === 0) {
      const waitMs = retryAfterMs(flatHeaders(headers));
      if (waitMs !== undefined) limiter.pauseUntil(Date.now() + Math.min(waitMs, longestWaitMs));
    }
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  [inspect.custom](): string {
    return `Transport { address: '${this.address}', token: '${'[REDACTED]'}' }`;
  }
}

/** A header holding a whole number of at least 0, else null. */
function wholeNumber(value: string | string[] | undefined): number | null {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isNaN(n) ? null : n;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}
