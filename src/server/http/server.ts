// The HTTP front: routing, authentication, rate limiting and the JSON:API envelope. Nothing a
// client sends may produce a 500: handlers throw ServiceError for refusals; anything else is logged
// and answered as a JSON:API 500 without internals.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { ERRORS, JSON_API_MEDIA_TYPE } from '../../spec';
import { type Caller, principalOf } from '../access';
import type { Service } from '../service';
import { ConsoleApp } from '../console/app';
import { parseJsonBody, readBody } from './body';
import { ServiceError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import { RequestRateLimiter } from './rate-limit';
import { ReplyCache } from './reply-cache';
import type { Reply, Router } from './router';

export const API_PREFIX = '/api/v2';

/**
 * Time limits, chosen rather than inherited from Node's defaults:
 * - idle keep-alive 65 s: longer than the 60 s idle timeout of common proxies and load balancers,
 *   so the side in front closes first and never sends a request on a socket we are closing;
 * - request headers 20 s: a client trickling its headers (slowloris) cannot hold a socket longer;
 * - whole request 120 s: a body of MAX_BODY_BYTES arrives in that time even over a slow link.
 */
export const TIME_LIMITS = { keepAliveMs: 65_000, headersMs: 20_000, requestMs: 120_000 } as const;

/** Applies TIME_LIMITS to a node:http (or node:https) server. */
export function applyTimeLimits(server: http.Server): void {
  server.keepAliveTimeout = TIME_LIMITS.keepAliveMs;
  server.headersTimeout = TIME_LIMITS.headersMs;
  server.requestTimeout = TIME_LIMITS.requestMs;
}

/**
 * A client that went away mid-request: nothing to answer and nothing wrong with the service.
 * `readableAborted`, not `destroyed`: a request whose body was read to the end is destroyed too,
 * and an internal error after that must still be answered 500 and logged with its stack.
 */
function isClientAbort(req: IncomingMessage, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return req.readableAborted || code === 'ECONNRESET' || code === 'ECONNABORTED' || (error as Error | null)?.message === 'aborted';
}

export interface HttpOptions {
  router: Router;
  service: Service;
  rateLimit?: number;
  /** PEM certificate and key: HTTPS instead of plain HTTP. */
  tls?: { cert: string; key: string };
  /** `false`: no reply cache (benchmarks of the uncached path). @default true */
  replyCache?: boolean;
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return; // the client went away while the reply waited
  if (reply.body === undefined && reply.raw === undefined) {
    res.writeHead(reply.status, reply.headers);
    res.end();
    return;
  }
  const payload = reply.raw ?? Buffer.from(JSON.stringify(reply.body));
  const contentType = reply.contentType ?? JSON_API_MEDIA_TYPE;
  res.writeHead(reply.status, { ...reply.headers, 'content-type': contentType, 'content-length': payload.length });
  res.end(payload);
}

/**
 * Replies finished in one turn of the event loop are written together at its end. A client
 * waiting on several connections is then woken once for the burst instead of once a reply; on
 * loopback each wake-up costs the writer more than the reply itself (docs/performance.md).
 */
function turnEndSender(): (res: ServerResponse, reply: Reply) => void {
  let due: Array<[ServerResponse, Reply]> = [];
  const sendDue = () => {
    const batch = due;
    due = [];
    for (const [res, reply] of batch) send(res, reply);
  };
  return (res, reply) => {
    if (due.length === 0) setImmediate(sendDue);
    due.push([res, reply]);
  };
}

function errorReply(error: ServiceError): Reply {
  return { status: error.status, body: { errors: error.errors }, headers: error.headers };
}

function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

export function createHttpServer(options: HttpOptions): http.Server {
  const { router, service } = options;
  const limiter = options.rateLimit ? new RequestRateLimiter(options.rateLimit) : null;

  const replies = options.replyCache === false ? null : new ReplyCache();

  /** A token the index does not know may have been bootstrapped by another process since. */
  async function authenticateAfterReload(token: string | null): Promise<Caller> {
    const caller = token && (await service.reloadDirectory()) ? service.index.authenticate(token) : null;
    if (!caller) throw unauthorized();
    return caller;
  }

  async function handle(req: IncomingMessage): Promise<Reply> {
    // The path and query are split by hand: a full URL is built only for routes that need one.
    const target = req.url ?? '/';
    if (!target.startsWith('/')) throw notFound('no such route');
    const queryAt = target.indexOf('?');
    const pathname = queryAt >= 0 ? target.slice(0, queryAt) : target;
    const search = queryAt >= 0 ? target.slice(queryAt) : '';
    // HEAD is answered by the GET route; node:http leaves the body out and keeps its content-length.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    if (target.includes('%00')) throw badRequest('URLs must not contain NUL characters (%00)');
    let path = pathname;
    const isEmulator = path === '/_emulator' || path.startsWith('/_emulator/');
    if (!isEmulator) {
      if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`))
        throw notFound(`no such route: ${req.method} ${path.slice(0, 200)}; the API is under ${API_PREFIX}`);
      path = path.slice(API_PREFIX.length);
    }
    const match = router.match(method, path);
    if (!match) throw notFound(`no such route: ${req.method} ${pathname.slice(0, 200)}`);
    if ('allowed' in match) {
      const allow = (match.allowed.includes('GET') ? [...match.allowed, 'HEAD'] : match.allowed).join(', ');
      throw new ServiceError(ERRORS.methodNotAllowed, `${req.method} is not supported on ${pathname.slice(0, 200)}; use ${allow}`, { headers: { allow } });
    }
    const token = bearerToken(req);
    // No await on the usual path: a known token resolves at once.
    const caller = (token && service.index.authenticate(token)) || (await authenticateAfterReload(token));
    if ((match.auth === 'emulator') !== (caller.kind === 'emulator')) {
      if (match.auth === 'emulator') throw forbidden('emulator controls need a token listed in emulator-admin-tokens');
      throw unauthorized();
    }
    const limited = limiter?.take(principalOf(caller));
    if (limited) {
      throw new ServiceError(ERRORS.rateLimited, undefined, { headers: limited });
    }
    // Taken before the route reads anything: a write landing in between only makes the entry stale sooner.
    const changeToken = match.cacheable && replies ? service.store.changeToken() : undefined;
    const index = service.index;
    const hit = replies && changeToken !== undefined ? replies.get(caller, target, changeToken, index) : undefined;
    if (hit) return hit;
    let bodyPromise: Promise<unknown> | null = null;
    let url: URL | undefined;
    let query: URLSearchParams | undefined;
    // The URL and the query are built on first use: a show needs neither.
    const reply = await match.handler({
      req,
      get url() {
        const host = req.headers.host && /^[A-Za-z0-9.\-:[\]]+$/.test(req.headers.host) ? req.headers.host : 'localhost';
        return (url ??= new URL(pathname + search, `http://${host}`));
      },
      get query() {
        return (query ??= new URLSearchParams(search));
      },
      params: match.params,
      caller,
      service,
      body: () => (bodyPromise ??= readBody(req).then((raw) => parseJsonBody(req, raw))),
    });
    if (replies && changeToken !== undefined) replies.remember(caller, target, changeToken, index, reply);
    return reply;
  }

  const consoleApp = new ConsoleApp(router, service);
  const sendSoon = turnEndSender();
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (ConsoleApp.owns(req.url)) return consoleApp.handle(req, res); // the web console under /app
    if (limiter) res.setHeader(...limiter.declaration);
    handle(req).then(
      (reply) => {
        // Unread bodies are drained so keep-alive connections stay usable.
        if (!req.readableEnded) req.resume();
        sendSoon(res, reply);
      },
      (error: unknown) => {
        if (!req.readableEnded) req.resume();
        if (error instanceof ServiceError) {
          sendSoon(res, errorReply(error));
          return;
        }
        if (isClientAbort(req, error)) {
          // One line without a stack: a client that keeps aborting must not flood the log.
          service.log(`request aborted by the client: ${req.method} ${req.url?.split('?')[0].slice(0, 200)}`);
          if (!res.headersSent) sendSoon(res, errorReply(badRequest('the request was aborted before its body arrived')));
          return;
        }
        service.log(`internal error on ${req.method} ${req.url?.split('?')[0]}: ${(error as Error)?.stack ?? String(error)}`);
        sendSoon(res, errorReply(new ServiceError(ERRORS.internal)));
      },
    );
  };
  const server = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, listener) : http.createServer(listener);
  applyTimeLimits(server);
  return server;
}
