// The web console under /app: server-rendered, read-only pages over the API's own route handlers
// (see api.ts), signed in with an API token through a session cookie. Archiving a change request
// is the one write, guarded by a CSRF token bound to the session.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { readBody } from '../http/body';
import { ERRORS } from '../../contract';
import { ServiceError } from '../errors';
import { RequestLog } from '../http/request-log';
import { StorageFaultError } from '../storage/faults';
import { STORAGE_RETRY_AFTER_SECONDS } from '../http/storage-faults';
import type { Router } from '../http/router';
import type { Service } from '../service';
import { isServiceRoot, rootAnswer } from '../http/root';
import { API_BASE, ApiReader, segment } from './api';
import { html, type SafeHtml } from './html';
import { NOT_FOUND_DETAIL, errorPage, page } from './layout';
import { listParameters, loadList, organizationsPage, workspacesPage } from './list-page';
import { randomBytes } from 'node:crypto';
import { AuthFailureThrottle, clientAddress } from '../http/auth-throttle';
import { RequestGate } from '../http/request-gate';
import { ClientGone } from '../http/request-signal';
import { ConsoleSessions, SESSION_COOKIE, type Session, clearedSessionCookie, readCookie, sessionCookie } from './session';
import { STYLESHEET } from './style';
import { loadWorkspace, workspacePage } from './workspace-page';

export const CONSOLE_PREFIX = '/app';
const FORM_LIMIT_BYTES = 16 * 1024;
const SECURITY_HEADERS = {
  // No script runs on any console page, inline or not; styles come only from /app/console.css.
  'content-security-policy': "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

interface Answer {
  status: number;
  body?: SafeHtml | string;
  headers?: Record<string, string | string[]>;
}

interface Request {
  req: IncomingMessage;
  method: string;
  parts: string[];
  query: URLSearchParams;
  secure: boolean;
  session: Session | null;
}

const redirect = (location: string, headers: Record<string, string | string[]> = {}): Answer => ({ status: 303, headers: { location, ...headers } });

/** A local console address to return to after signing in; anything else becomes /app. */
function safeNext(next: string | null): string {
  return next && /^\/app(?:[/?][\x21-\x5b\x5d-\x7e]*)?$/.test(next) && !next.startsWith('//') ? next : CONSOLE_PREFIX;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    throw new ServiceError(ERRORS.unsupportedMediaType, 'console forms are sent as application/x-www-form-urlencoded');
  return new URLSearchParams((await readBody(req, FORM_LIMIT_BYTES)).toString('utf8'));
}

/** A console address as a template for the log: its fixed pages by name, the rest without their data. */
function consoleRoute(target: string | undefined): string {
  const first = (target ?? '').split('?', 1)[0].split('/')[2];
  return first === undefined || ['login', 'logout', 'console.css', ''].includes(first) ? `/app/${first ?? ''}` : '/app/:organization/…';
}

function loginPage(next: string, problem: string | null): SafeHtml {
  return page({
    title: 'Sign in',
    body: html`<form class="card login" method="post" action="/app/login">
      <h1>Sign in</h1>
      <p class="sub">Use an API token of the service: a user token or an organization token.</p>
      ${problem ? html`<p class="error" role="alert">${problem}</p>` : null}
      <label for="token">API token</label>
      <input id="token" name="token" type="password" autocomplete="off" required autofocus>
      <input type="hidden" name="next" value="${next}">
      <button class="primary" type="submit">Sign in</button>
    </form>`,
  });
}

export interface ConsoleOptions {
  /** The session signing key (owner-only.ts); without one, a random key: sessions last as long as the process. */
  sessionKey?: Buffer;
  /** Counts failed sign-ins per address, shared with the API; none turns counting off. */
  throttle?: AuthFailureThrottle | null;
  /** Where refusals and failures are logged; text lines through the service's log when absent. */
  log?: RequestLog;
  /** The API's rate limit and pool shares; pages pass them like API requests (none: unlimited). */
  gate?: RequestGate;
}

export class ConsoleApp {
  private readonly sessions: ConsoleSessions;
  private readonly throttle: AuthFailureThrottle | null;
  private readonly log: RequestLog;
  private readonly gate: RequestGate;

  constructor(
    private readonly router: Router,
    private readonly service: Service,
    options: ConsoleOptions = {},
  ) {
    this.sessions = new ConsoleSessions(options.sessionKey ?? randomBytes(32), service.store);
    this.throttle = options.throttle ?? null;
    this.log = options.log ?? new RequestLog({ format: 'text', write: service.log });
    this.gate = options.gate ?? new RequestGate(null, undefined);
  }

  /** Whether a request target belongs to the console, or is the root that points at it. */
  static owns(target: string | undefined): boolean {
    return (
      isServiceRoot(target) ||
      (target !== undefined && (target === CONSOLE_PREFIX || target.startsWith(`${CONSOLE_PREFIX}/`) || target.startsWith(`${CONSOLE_PREFIX}?`)))
    );
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    if (isServiceRoot(req.url)) {
      const root = rootAnswer(req.method, req.headers.accept, { console: CONSOLE_PREFIX, api: API_BASE });
      this.send(req, res, { status: root.status, body: root.body, headers: { 'content-type': root.contentType, ...root.headers } });
      return;
    }
    this.answer(req, res).then(
      (answer) => this.send(req, res, answer),
      (error: unknown) => {
        // An outage is logged once by the storage; the page says to come back.
        if (error instanceof StorageFaultError) {
          this.send(req, res, {
            status: 503,
            headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
            body: errorPage(
              503,
              'Try again in a moment',
              'The database is unavailable or busy. Reload in a moment; after sending a form, check the page before sending it again.',
              null,
            ),
          });
          return;
        }
        const route = consoleRoute(req.url);
        // A refusal outside a page (the form reader's 415 and 413): its status, one line, no stack.
        if (error instanceof ServiceError) {
          this.log.refused(req.method ?? 'GET', route, error.status, error.errors[0]?.code ?? String(error.status), error.errors[0]?.detail);
          const detail = error.errors.map((e) => e.detail ?? e.title).join('; ');
          this.send(req, res, { status: error.status, headers: error.headers, body: errorPage(error.status, error.errors[0]?.title ?? 'Error', detail, null) });
          return;
        }
        this.log.internalError(req.method ?? 'GET', route, error);
        this.send(req, res, {
          status: 500,
          body: errorPage(500, 'Something went wrong', 'The service failed to show this page; its log has the details.', null),
        });
      },
    );
  }

  private send(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
    if (!req.readableEnded) req.resume();
    const headers: Record<string, string | string[] | number> = { ...SECURITY_HEADERS, 'cache-control': 'no-store', ...answer.headers };
    // Over TLS the browser is told to keep to HTTPS for this host for a year (no subdomains: the
    // host is often localhost, whose other services are not ours).
    if ((req.socket as TLSSocket).encrypted === true) headers['strict-transport-security'] = 'max-age=31536000';
    if (answer.body === undefined) {
      res.writeHead(answer.status, headers);
      res.end();
      return;
    }
    const payload = Buffer.from(String(answer.body));
    headers['content-type'] ??= 'text/html; charset=utf-8';
    headers['content-length'] = payload.length;
    res.writeHead(answer.status, headers);
    res.end(payload);
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<Answer> {
    const target = req.url ?? CONSOLE_PREFIX;
    const queryAt = target.indexOf('?');
    const pathname = queryAt >= 0 ? target.slice(0, queryAt) : target;
    let parts: string[];
    try {
      parts = pathname.slice(CONSOLE_PREFIX.length).split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return { status: 404, body: errorPage(404, 'Not found', NOT_FOUND_DETAIL, null) };
    }
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const secure = (req.socket as TLSSocket).encrypted === true;
    if (method === 'POST' && !this.sameOrigin(req, secure)) {
      return { status: 403, body: errorPage(403, 'Forbidden', 'This form was sent from another site.', null) };
    }
    const address = clientAddress(req.socket.remoteAddress);
    const cookie = readCookie(req.headers.cookie, SESSION_COOKIE);
    const session = await this.sessions.resume(cookie, this.service.index);
    const request: Request = { req, method, parts, query: new URLSearchParams(queryAt >= 0 ? target.slice(queryAt) : ''), secure, session };

    if (parts.length === 1 && parts[0] === 'console.css') {
      if (method !== 'GET') return this.notAllowed('GET');
      return { status: 200, body: STYLESHEET, headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=300' } };
    }
    if (parts.length === 1 && parts[0] === 'login') return this.login(request, address);
    if (parts.length === 1 && parts[0] === 'logout') return this.logout(request);
    if (!session) {
      const headers: Record<string, string> = cookie ? { 'set-cookie': clearedSessionCookie(secure) } : {};
      if (method !== 'GET')
        return {
          status: 401,
          headers,
          body: errorPage(401, 'Signed out', 'Your session has ended; sign in again.', null, { label: 'Sign in', href: '/app/login' }),
        };
      return redirect(`/app/login?next=${encodeURIComponent(target.length <= 2000 ? target : pathname)}`, headers);
    }
    // A page is one request of its caller, as an API request is: it counts against the caller's rate
    // limit, runs in one of the caller's places in the pool, and its statements are cancelled when
    // the browser goes away.
    const gone = new ClientGone(req);
    try {
      this.gate.admit(session.caller.principal, session.caller.kind, res);
      return await this.gate.run(session.caller.principal, () => this.page(request, session, gone.signal));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.status === 404) return { status: 404, body: errorPage(404, 'Not found', NOT_FOUND_DETAIL, session) };
      const detail = error.errors.map((e) => e.detail ?? e.title).join('; ');
      return { status: error.status, headers: error.headers, body: errorPage(error.status, error.errors[0]?.title ?? 'Error', detail, session) };
    } finally {
      gone.done();
    }
  }

  private sameOrigin(req: IncomingMessage, secure: boolean): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    return origin === `${secure ? 'https' : 'http'}://${req.headers.host}`;
  }

  private notAllowed(allow: string): Answer {
    return { status: 405, headers: { allow }, body: errorPage(405, 'Method not allowed', `This address answers ${allow}.`, null) };
  }

  /**
   * Signing out is a POST with the session's CSRF token, so another site cannot sign the user out;
   * a GET shows the form. The session's row goes, so its cookie is worth nothing afterwards.
   */
  private async logout(request: Request): Promise<Answer> {
    const { method, session, secure } = request;
    if (method !== 'GET' && method !== 'POST') return this.notAllowed('GET, POST');
    if (!session) return redirect('/app/login', request.req.headers.cookie ? { 'set-cookie': clearedSessionCookie(secure) } : {});
    if (method === 'GET') {
      return {
        status: 200,
        body: page({
          title: 'Sign out',
          session,
          body: html`<form class="card login" method="post" action="/app/logout">
            <h1>Sign out</h1>
            <input type="hidden" name="csrf" value="${session.csrf}">
            <button class="primary" type="submit">Sign out</button>
          </form>`,
        }),
      };
    }
    // A POST that is not our form (no form body, or no CSRF token) is refused like a forged one.
    const form = await readForm(request.req).catch((error: unknown) => {
      if (error instanceof ServiceError) return new URLSearchParams();
      throw error;
    });
    if (!ConsoleSessions.csrfMatches(session, form.get('csrf'))) {
      return { status: 403, body: errorPage(403, 'Form expired', 'This form does not belong to your session; reload the page and try again.', session) };
    }
    await this.sessions.end(session);
    return redirect('/app/login', { 'set-cookie': clearedSessionCookie(secure) });
  }

  private async login(request: Request, address: string): Promise<Answer> {
    if (request.method === 'GET') {
      if (request.session) return redirect(safeNext(request.query.get('next')));
      return { status: 200, body: loginPage(safeNext(request.query.get('next')), null) };
    }
    if (request.method !== 'POST') return this.notAllowed('GET, POST');
    const form = await readForm(request.req);
    const next = safeNext(form.get('next'));
    const token = (form.get('token') ?? '').trim();
    let caller = token ? this.service.index.authenticate(token) : null;
    // A token the index does not know is a guess: refused while its address is over the limit, and
    // counted before anything waits, like the API's (server.ts); a good token is never refused.
    const guessing = !caller && token !== '' && this.throttle !== null;
    if (guessing) {
      const retryAfter = this.throttle.retryAfterSeconds(address);
      if (retryAfter > 0) {
        return {
          status: 429,
          headers: { 'retry-after': String(retryAfter) },
          body: errorPage(429, 'Too many attempts', `Too many failed sign-ins from this address; try again in ${retryAfter} seconds.`, null),
        };
      }
      this.throttle.recordFailure(address);
    }
    if (!caller && token && (await this.service.reloadDirectory())) caller = this.service.index.authenticate(token);
    if (caller && guessing) this.throttle.forgive(address);
    const issued = caller ? await this.sessions.start(caller, token) : null;
    if (!issued) {
      const problem =
        caller?.kind === 'emulator'
          ? 'Emulator admin tokens have no console pages; use a user or organization token.'
          : 'That token was not accepted. Check it and try again.';
      return { status: 401, body: loginPage(next, problem) };
    }
    return redirect(next, { 'set-cookie': sessionCookie(issued.value, request.secure) });
  }

  private async page(request: Request, session: Session, signal: AbortSignal): Promise<Answer> {
    const { parts, method } = request;
    const api = new ApiReader(this.router, this.service, request.req, session.caller, signal);
    const notFound = (): Answer => ({ status: 404, body: errorPage(404, 'Not found', NOT_FOUND_DETAIL, session) });
    if (parts.length === 0) {
      if (method !== 'GET') return this.notAllowed('GET');
      const organizations = this.service.directory.organizations.filter((org) => this.service.index.role(session.caller, org).member);
      return { status: 200, body: organizationsPage(session, organizations) };
    }
    // The same membership check the API routes make: 404 for unknown and for not a member alike.
    const { organization } = this.service.organizationFor(session.caller, parts[0]);
    const base = `/app/${segment(organization.name)}`;
    if (parts.length === 1) return method === 'GET' ? redirect(`${base}/workspaces`) : this.notAllowed('GET');
    if (parts[1] !== 'workspaces') return notFound();
    if (parts.length === 2) {
      if (method !== 'GET') return this.notAllowed('GET');
      const view = await loadList(api, organization, listParameters(request.query));
      return { status: 200, body: workspacesPage(session, view) };
    }
    if (parts.length === 3) {
      if (method !== 'GET') return this.notAllowed('GET');
      return { status: 200, body: workspacePage(session, await loadWorkspace(api, organization, parts[2]), this.service.index) };
    }
    if (parts.length === 6 && parts[3] === 'change-requests' && parts[5] === 'archive') {
      if (method !== 'POST') return this.notAllowed('POST');
      const form = await readForm(request.req);
      if (!ConsoleSessions.csrfMatches(session, form.get('csrf'))) {
        return { status: 403, body: errorPage(403, 'Form expired', 'This form does not belong to your session; reload the page and try again.', session) };
      }
      const workspace = (await api.get('showWorkspaceByName', { organization_name: organization.name, name: parts[2] })).data;
      const changeRequest = (await api.get('showChangeRequest', { change_request_id: parts[4] })).data;
      if (changeRequest.relationships?.workspace?.data?.id !== workspace.id) return notFound();
      const back = `${base}/workspaces/${segment(workspace.attributes.name)}`;
      try {
        await api.call('archiveChangeRequest', { change_request_id: changeRequest.id });
      } catch (error) {
        if (error instanceof ServiceError && error.status !== 404) {
          return {
            status: error.status,
            body: errorPage(error.status, 'Not archived', error.errors[0]?.detail ?? error.message, session, {
              label: `Back to ${workspace.attributes.name}`,
              href: back,
            }),
          };
        }
        throw error;
      }
      return redirect(`${back}#change-requests`);
    }
    return notFound();
  }
}
