// The HTTP front: routing, authentication, rate limiting and the JSON:API envelope. Nothing a
// client sends may produce a 500: handlers throw ServiceError for refusals; anything else is logged
// and answered as a JSON:API 500 without internals.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { API_ROOT, EMULATOR_ROOT, ERRORS, JSON_API_MEDIA_TYPE, SERVICE_DISCOVERY_PATH, serviceDiscoveryDocument } from '../../contract';
import type { Caller, DirectoryIndex } from '../access';
import type { Service } from '../service';
import { ServiceError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import { AuthFailureThrottle, clientAddress } from './auth-throttle';
import type { ServiceMetrics } from './metrics';
import { ProbeThrottle, isProbe, probeReply } from './probes';
import { StorageFaultError } from '../storage/faults';
import { FairShare } from './fair-share';
import { RequestRateLimiter } from './rate-limit';
import { RequestGate } from './request-gate';
import { RequestContext } from './request-context';
import { storageFaultAnswer } from './storage-faults';
import { ReplyCache, TurnChangeToken } from '../show-cache';
import { RequestLog } from './request-log';
import { notServed, type Awaitable, type Match, type PublicRouteContext, type Reply, type Router } from './router';

/**
 * An application served beside the API from the same port (the web console): it claims the
 * request targets it owns and answers them itself. It gets the API's failed-authentication
 * throttle and request log, so a token guessed through its login counts as one guessed at the API,
 * and its request gate, so its pages count against their caller's rate limit and pool share.
 */
export interface MountedApp {
  owns(target: string | undefined): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** How request logs and metrics name its routes (e.g. `/app/…`). */
  readonly routeLabel: string;
}
export type MountApp = (shared: { throttle: AuthFailureThrottle | null; log: RequestLog; gate: RequestGate }) => MountedApp;

/**
 * Time limits for every phase of a connection, chosen rather than inherited from Node's defaults
 * (docs/service.md "Connection time limits"):
 * - TLS handshake 10 s (Node: 120 s): a client that opens a connection and never finishes the
 *   handshake holds a socket and its TLS state no longer than that;
 * - request headers 20 s: a client trickling its headers (slowloris) cannot hold a socket longer;
 * - whole request, headers and body, 120 s: a body of MAX_BODY_BYTES arrives in that time even
 *   over a slow link;
 * - idle keep-alive 65 s: longer than the 60 s idle timeout of common proxies and load balancers,
 *   so the side in front closes first and never sends a request on a socket we are closing;
 * - the header and request limits are checked every second (Node: every 30 s, which let a stalled
 *   request live up to 30 s past its limit).
 */
export const TIME_LIMITS = { handshakeMs: 10_000, headersMs: 20_000, requestMs: 120_000, keepAliveMs: 65_000, checkEveryMs: 1_000 } as const;
export type TimeLimits = { -readonly [K in keyof typeof TIME_LIMITS]: number };

/** The server options that carry the limits Node only takes at creation. */
function creationLimits(limits: TimeLimits): http.ServerOptions & { handshakeTimeout: number } {
  return { connectionsCheckingInterval: limits.checkEveryMs, handshakeTimeout: limits.handshakeMs };
}

/** Applies the limits a node:http (or node:https) server takes after creation. */
export function applyTimeLimits(server: http.Server, limits: TimeLimits = TIME_LIMITS): void {
  server.keepAliveTimeout = limits.keepAliveMs;
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
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
  /** Failed authentications per client address per minute before 429 (auth-throttle.ts); 0 turns the throttle off. */
  authFailureLimit?: number;
  /** PEM certificate and key: HTTPS instead of plain HTTP. */
  tls?: { cert: string; key: string };
  /** Applications answered beside the API (the web console), given the API's throttle and log. */
  mount?: MountApp;
  /** Where request logs go; text lines through the service's log when absent. */
  log?: RequestLog;
  /** Prometheus metrics at /metrics (off when absent). */
  metrics?: ServiceMetrics | null;
  /** Tighter limits for tests; TIME_LIMITS otherwise. */
  timeLimits?: Partial<TimeLimits>;
  /** Each caller's share of the database pool; none: unlimited (fair-share.ts). */
  fairShare?: FairShare;
  /** `false`: no reply cache (benchmarks of the uncached path). @default true */
  replyCache?: boolean;
}

/** Browsers must not guess another type for an API reply (a JSON body sniffed as HTML). */
const NOSNIFF = 'nosniff';

/** What the JSON log and the metrics record of a request, filled in as it is handled. */
interface Trace {
  started: bigint;
  route: string;
  callerKind: string;
  code?: string;
}

/** A request routed to an endpoint that needs a caller, before the caller is known. */
interface AuthorizedRequest {
  req: IncomingMessage;
  res: ServerResponse;
  trace: Trace | null;
  target: string;
  pathname: string;
  search: string;
  match: Match & { auth: Exclude<Match['auth'], 'public'> };
  changeToken: string | undefined;
}

/** The route template a request target names, for log entries ("(no route)" when none). */
function routeTemplate(router: Router, req: IncomingMessage, mounted: MountedApp | null): string {
  const target = req.url ?? '/';
  const pathname = target.split('?', 1)[0];
  if (mounted?.owns(target)) return mounted.routeLabel;
  if (isProbe(target) || pathname === SERVICE_DISCOVERY_PATH) return pathname;
  const path = pathname.startsWith(`${API_ROOT}/`) ? pathname.slice(API_ROOT.length) : pathname;
  const match = router.match(req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'), path);
  const pattern = match && ('pattern' in match ? match.pattern : match.template);
  return pattern ? (pathname === path ? pattern : API_ROOT + pattern) : '(no route)';
}

/** The service discovery document (media type exactly application/json, or Terraform refuses it). */
const DISCOVERY_REPLY: Reply = {
  status: 200,
  raw: Buffer.from(JSON.stringify(serviceDiscoveryDocument(`${API_ROOT}/`))),
  contentType: 'application/json',
};

let requestCounter = 0;
/** Request IDs unique within the process and distinct between processes started at different times. */
const REQUEST_ID_PREFIX = Date.now().toString(36);

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return; // the client went away while the reply waited
  if (reply.body === undefined && reply.raw === undefined) {
    res.writeHead(reply.status, { ...reply.headers, 'x-content-type-options': NOSNIFF });
    res.end();
    return;
  }
  const payload = reply.raw ?? Buffer.from(JSON.stringify(reply.body));
  const contentType = reply.contentType ?? JSON_API_MEDIA_TYPE;
  res.writeHead(reply.status, { ...reply.headers, 'content-type': contentType, 'content-length': payload.length, 'x-content-type-options': NOSNIFF });
  res.end(payload);
}

/**
 * Replies finished in one turn of the event loop are written together at its end. A client
 * waiting on several connections is then woken once for the burst instead of once a reply; on
 * loopback each wake-up costs the writer more than the reply itself (docs/performance.md).
 */
function turnEndSender(): (res: ServerResponse, reply: Reply) => void {
  // Two arrays rather than a pair per reply: nothing allocated per request.
  let responses: ServerResponse[] = [];
  let replies: Reply[] = [];
  const sendDue = () => {
    const [dueResponses, dueReplies] = [responses, replies];
    responses = [];
    replies = [];
    for (let i = 0; i < dueResponses.length; i += 1) send(dueResponses[i], dueReplies[i]);
  };
  return (res, reply) => {
    if (responses.length === 0) setImmediate(sendDue);
    responses.push(res);
    replies.push(reply);
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
  const log = options.log ?? new RequestLog({ format: 'text', write: service.log });
  const metrics = options.metrics ?? null;
  const limits: TimeLimits = { ...TIME_LIMITS, ...options.timeLimits };
  const limiter = options.rateLimit ? new RequestRateLimiter(options.rateLimit) : null;
  const gate = new RequestGate(limiter, options.fairShare, metrics);

  const replies = options.replyCache === false ? null : new ReplyCache<Reply>();
  const turnChangeToken = new TurnChangeToken();
  const throttle = options.authFailureLimit === 0 ? null : new AuthFailureThrottle(options.authFailureLimit);
  const probeThrottle = new ProbeThrottle();

  /**
   * A token the index does not know: a guess, unless another process bootstrapped it since. The
   * guess is counted against its address here, synchronously, before anything waits (issue 37):
   * a socket carrying thousands of pipelined guesses is parsed in one turn, and counting only
   * after the directory's reload let every one of them through to a 401. While the address is
   * over its limit an unknown token is refused at once, without touching the database; a token
   * the index knows is never refused for its address's guesses (the caller is not the guesser).
   */
  function guessed(req: IncomingMessage, token: string | null): Promise<Caller> {
    // A request without a token guesses nothing.
    if (!token || !throttle) return authenticateAfterReload(token, null);
    const address = clientAddress(req.socket.remoteAddress);
    const retryAfter = throttle.retryAfterSeconds(address);
    if (retryAfter > 0) throw new ServiceError(ERRORS.authenticationThrottled, undefined, { headers: { 'retry-after': String(retryAfter) } });
    throttle.recordFailure(address);
    return authenticateAfterReload(token, address);
  }

  async function authenticateAfterReload(token: string | null, address: string | null): Promise<Caller> {
    const caller = token && (await service.reloadDirectory()) ? service.index.authenticate(token) : null;
    if (!caller) throw unauthorized();
    if (address !== null) throttle?.forgive(address); // not a guess after all: a token added by another process
    return caller;
  }

  /**
   * The reply to a request; synchronous while nothing has to wait (a known token, a route that
   * answers from memory: a show whose record the show cache confirmed under the turn's change
   * token), so such a request allocates no promise. Throws, or rejects, the refusal.
   */
  function handle(req: IncomingMessage, res: ServerResponse, trace: Trace | null): Awaitable<Reply> {
    // The path and query are split by hand: a full URL is built only for routes that need one.
    const target = req.url ?? '/';
    if (!target.startsWith('/')) throw notFound('no such route');
    const queryAt = target.indexOf('?');
    const pathname = queryAt >= 0 ? target.slice(0, queryAt) : target;
    const search = queryAt >= 0 ? target.slice(queryAt) : '';
    // HEAD is answered by the GET route; node:http leaves the body out and keeps its content-length.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    if (target.includes('%00')) throw badRequest('URLs must not contain NUL characters (%00)');
    // Terraform's first request, before it knows where the API is: no token needed, plain JSON.
    if (pathname === SERVICE_DISCOVERY_PATH && method === 'GET') return DISCOVERY_REPLY;
    let path = pathname;
    const isEmulator = path === EMULATOR_ROOT || path.startsWith(`${EMULATOR_ROOT}/`);
    if (!isEmulator) {
      if (path !== API_ROOT && !path.startsWith(`${API_ROOT}/`))
        throw notFound(`no such route: ${req.method} ${path.slice(0, 200)}; the API is under ${API_ROOT}`);
      path = path.slice(API_ROOT.length);
    }
    const match = router.match(method, path);
    if (!match) throw notServed(req.method ?? 'GET', pathname);
    if (trace && 'pattern' in match) trace.route = isEmulator ? match.pattern : API_ROOT + match.pattern;
    if ('allowed' in match) {
      const allow = (match.allowed.includes('GET') ? [...match.allowed, 'HEAD'] : match.allowed).join(', ');
      const where = match.template === undefined ? pathname.slice(0, 200) : (isEmulator ? '' : API_ROOT) + match.template;
      throw new ServiceError(ERRORS.methodNotAllowed, `${req.method} is not supported on ${where}; use ${allow}`, { headers: { allow } });
    }
    if (match.auth === 'public') return match.handler(publicContext(req, pathname, search, match));
    // Taken before the route reads anything (a write landing in between only makes the entry
    // stale sooner), and here in the request listener's own call: show-cache.ts says why.
    const changeToken = match.cacheable ? turnChangeToken.forRequest(service.store) : undefined;
    const token = bearerToken(req);
    // No wait on the usual path: a known token resolves at once.
    const caller = token && service.index.authenticate(token);
    const request: AuthorizedRequest = { req, res, trace, target, pathname, search, match, changeToken };
    return caller ? authorized(request, caller) : guessed(req, token).then((reloaded) => authorized(request, reloaded));
  }

  function authorized(request: AuthorizedRequest, caller: Caller): Awaitable<Reply> {
    const { req, res, trace, target, pathname, search, match, changeToken } = request;
    if ((match.auth === 'emulator') !== (caller.kind === 'emulator')) {
      if (match.auth === 'emulator') throw forbidden('emulator controls need a token listed in emulator-admin-tokens');
      throw unauthorized();
    }
    if (trace) trace.callerKind = caller.kind;
    const principal = caller.principal;
    gate.admit(principal, caller.kind, res);
    const index = service.index;
    const hit = replies && changeToken !== undefined ? replies.get(caller, target, changeToken, index) : undefined;
    if (hit) return hit;
    const ctx = new RequestContext(req, pathname, search, match.endpoint, match.params, caller, service, changeToken);
    let result: Awaitable<Reply>;
    try {
      result = gate.run(principal, () => match.handler(ctx));
    } catch (error) {
      ctx.done();
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (reply) => finished(ctx, target, index, reply),
        (error: unknown) => {
          ctx.done();
          throw error;
        },
      );
    }
    return finished(ctx, target, index, result);
  }

  /** A route's reply is ready: kept by the reply cache when it may be. */
  function finished(ctx: RequestContext, target: string, index: DirectoryIndex, reply: Reply): Reply {
    ctx.done();
    if (replies && ctx.changeToken !== undefined) replies.remember(ctx.caller, target, ctx.changeToken, index, reply);
    return reply;
  }

  /** What an endpoint anyone may call gets: the request, without a caller or a body. */
  function publicContext(req: IncomingMessage, pathname: string, search: string, match: Match): PublicRouteContext {
    return {
      req,
      url: new URL(pathname + search, 'http://localhost'),
      query: new URLSearchParams(search),
      params: match.params,
      service,
    };
  }

  const mounted = options.mount ? options.mount({ throttle, log, gate }) : null;
  const sendSoon = turnEndSender();

  /** The log entry of a request that did not succeed; 500s with their stack, the rest summarised. */
  function logFailure(req: IncomingMessage, reply: Reply, error: unknown, trace: Trace | null): void {
    const route = routeTemplate(router, req, mounted);
    const first = (reply.body as { errors?: Array<{ code?: string; detail?: string }> } | undefined)?.errors?.[0];
    if (trace) trace.code = first?.code;
    if (reply.status === 500) log.internalError(req.method ?? 'GET', route, error);
    else log.refused(req.method ?? 'GET', route, reply.status, first?.code ?? String(reply.status), first?.detail);
  }

  /** Sends `reply` at the end of the turn; unread bodies are drained so keep-alive connections stay usable. */
  function replied(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
    if (!req.readableEnded) req.resume();
    sendSoon(res, reply);
  }

  /** Answers a request that failed with `error`: its refusal, or a 500 logged with its stack. */
  function failed(req: IncomingMessage, res: ServerResponse, trace: Trace | null, commitsBefore: number, error: unknown): void {
    let reply: Reply;
    if (error instanceof ServiceError) reply = errorReply(error);
    else if (error instanceof StorageFaultError) {
      // An outage is logged once by the storage (faults.ts), not once a request.
      reply = errorReply(storageFaultAnswer(error, req.method, commitsBefore, service.store.commitCount()));
      if (trace) trace.code = (reply.body as { errors?: Array<{ code?: string }> } | undefined)?.errors?.[0]?.code;
      replied(req, res, reply);
      return;
    } else if (isClientAbort(req, error)) {
      // Nothing to log: the client is gone, and one that keeps aborting must not flood the log.
      if (res.headersSent) return;
      reply = errorReply(badRequest('the request was aborted before its body arrived'));
    } else reply = errorReply(new ServiceError(ERRORS.internal));
    logFailure(req, reply, error, trace);
    replied(req, res, reply);
  }

  /** Closures only for a request that waits: one answered at once allocates none. */
  function answer(req: IncomingMessage, res: ServerResponse, trace: Trace | null): void {
    if (isProbe(req.url)) {
      probeReply(req, service, metrics, bearerToken(req), probeThrottle).then(
        (reply) => replied(req, res, reply),
        (error: unknown) => {
          log.internalError(req.method ?? 'GET', routeTemplate(router, req, mounted), error);
          replied(req, res, errorReply(new ServiceError(ERRORS.internal)));
        },
      );
      return;
    }
    const commitsBefore = service.store.commitCount();
    let result: Awaitable<Reply>;
    try {
      result = handle(req, res, trace);
    } catch (error) {
      failed(req, res, trace, commitsBefore, error);
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (reply) => replied(req, res, reply),
        (error: unknown) => failed(req, res, trace, commitsBefore, error),
      );
    } else replied(req, res, result);
  }

  // Per-request records (JSON log, metrics) only when asked for: the default path stays as it was.
  const instrumented = log.json !== null || metrics !== null;
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const trace: Trace | null = instrumented ? { started: process.hrtime.bigint(), route: '', callerKind: 'anonymous' } : null;
    if (trace) {
      const requestId = `${REQUEST_ID_PREFIX}-${(++requestCounter).toString(36)}`;
      res.setHeader('x-request-id', requestId);
      res.once('finish', () => {
        const seconds = Number(process.hrtime.bigint() - trace.started) / 1e9;
        const route = trace.route || routeTemplate(router, req, mounted);
        const method = req.method ?? 'GET';
        metrics?.request(method, route, res.statusCode, seconds);
        log.request({
          requestId,
          method,
          route,
          status: res.statusCode,
          durationMs: Number((seconds * 1000).toFixed(3)),
          callerKind: trace.callerKind,
          code: trace.code,
        });
      });
    }
    if (mounted?.owns(req.url)) return mounted.handle(req, res); // the web console under /app
    if (limiter) res.setHeader(...limiter.declaration);
    answer(req, res, trace);
  };
  const server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key, ...creationLimits(limits) }, listener)
    : http.createServer(creationLimits(limits), listener);
  applyTimeLimits(server, limits);
  return server;
}
