// The HTTP front: routing, authentication, rate limiting and the JSON:API envelope. Nothing a
// client sends may produce a 500: handlers throw ApiError for refusals; anything else is logged
// and answered as a JSON:API 500 without internals.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { JSON_API_MEDIA_TYPE } from '../../spec';
import type { Caller } from '../access';
import type { Service } from '../service';
import { parseJsonBody, readBody } from './body';
import { ApiError, badRequest, notFound, unauthorized } from './errors';
import { RateLimiter } from './rate-limit';
import type { Reply, Router } from './router';

export const API_PREFIX = '/api/v2';

export interface HttpOptions {
  router: Router;
  service: Service;
  rateLimit?: number;
  /** PEM certificate and key: HTTPS instead of plain HTTP. */
  tls?: { cert: string; key: string };
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.body === undefined && reply.raw === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const payload = reply.raw ?? Buffer.from(JSON.stringify(reply.body));
  headers['content-type'] = reply.contentType ?? JSON_API_MEDIA_TYPE;
  headers['content-length'] = payload.length;
  res.writeHead(reply.status, headers);
  res.end(payload);
}

function errorReply(error: ApiError): Reply {
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
  const limiter = options.rateLimit ? new RateLimiter(options.rateLimit) : null;

  async function authenticate(req: IncomingMessage): Promise<Caller> {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    let caller = service.index.authenticate(token);
    if (!caller && (await service.reloadDirectory())) caller = service.index.authenticate(token);
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
    const host = req.headers.host && /^[A-Za-z0-9.\-:[\]]+$/.test(req.headers.host) ? req.headers.host : 'localhost';
    const method = req.method ?? 'GET';
    if (target.includes('%00')) throw badRequest('URLs must not contain NUL characters (%00)');
    let path = pathname;
    const isEmulator = path === '/_emulator' || path.startsWith('/_emulator/');
    if (!isEmulator) {
      if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) throw notFound(`no such route: ${method} ${path.slice(0, 200)}; the API is under ${API_PREFIX}`);
      path = path.slice(API_PREFIX.length);
    }
    const match = router.match(method, path);
    if (!match) throw notFound(`no such route: ${method} ${pathname.slice(0, 200)}`);
    if ('allowed' in match) {
      throw new ApiError(405, 'method not allowed', `${method} is not supported on ${pathname.slice(0, 200)}; use ${match.allowed.join(', ')}`, undefined, { allow: match.allowed.join(', ') });
    }
    const caller = await authenticate(req);
    if ((match.auth === 'emulator') !== (caller.kind === 'emulator')) {
      if (match.auth === 'emulator') throw new ApiError(403, 'forbidden', 'emulator controls need a token listed in emulator-admin-tokens');
      throw unauthorized();
    }
    const limited = limiter?.take(caller.kind === 'user' ? caller.userId : caller.kind === 'organization-token' ? `org:${caller.organization}` : 'emulator');
    if (limited) {
      throw new ApiError(429, 'Too many requests', "You have exceeded the API's rate limit.", undefined, limited);
    }
    let bodyPromise: Promise<unknown> | null = null;
    let url: URL | undefined;
    return match.handler({
      req,
      get url() {
        return (url ??= new URL(pathname + search, `http://${host}`));
      },
      params: match.params,
      query: new URLSearchParams(search),
      caller,
      service,
      body: () => (bodyPromise ??= readBody(req).then((raw) => parseJsonBody(req, raw))),
    });
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req).then(
      (reply) => {
        // Unread bodies are drained so keep-alive connections stay usable.
        if (!req.readableEnded) req.resume();
        send(res, reply);
      },
      (error: unknown) => {
        if (!req.readableEnded) req.resume();
        if (error instanceof ApiError) {
          send(res, errorReply(error));
          return;
        }
        service.log(`internal error on ${req.method} ${req.url?.split('?')[0]}: ${(error as Error)?.stack ?? error}`);
        send(res, errorReply(new ApiError(500, 'internal server error', 'the service failed to handle the request; see its log')));
      },
    );
  };
  return options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, listener) : http.createServer(listener);
}
