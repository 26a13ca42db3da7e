// The console reads through the API's own route handlers, so a page shows exactly what the API
// answers the same caller: the same access checks, the same 404s, the same serialization.
import type { IncomingMessage } from 'node:http';
import type { Caller } from '../access';
import type { Router } from '../http/router';
import type { Service } from '../service';

export type ApiDocument = { data: any; included?: any[]; meta?: any };

export class ApiReader {
  constructor(
    private readonly router: Router,
    private readonly service: Service,
    private readonly req: IncomingMessage,
    private readonly caller: Caller,
  ) {}

  /** Calls the API route for `method path`; an ServiceError thrown by the handler propagates as is. */
  async call(method: 'GET' | 'POST', path: string, query: Record<string, string> | URLSearchParams = {}): Promise<ApiDocument> {
    const match = this.router.match(method, path);
    if (!match || 'allowed' in match || match.auth !== 'api') throw new Error(`console: the API has no ${method} ${path} route`);
    const params = query instanceof URLSearchParams ? query : new URLSearchParams(query);
    const search = params.size > 0 ? `?${params.toString()}` : '';
    let url: URL | undefined;
    const reply = await match.handler({
      req: this.req,
      get url() {
        return (url ??= new URL(`${API_BASE}${path}${search}`, 'http://localhost'));
      },
      params: match.params,
      query: params,
      caller: this.caller,
      service: this.service,
      body: async () => undefined,
    });
    if (reply.raw) return JSON.parse(reply.raw.toString('utf8')) as ApiDocument;
    return (reply.body ?? { data: null }) as ApiDocument;
  }

  get(path: string, query?: Record<string, string> | URLSearchParams): Promise<ApiDocument> {
    return this.call('GET', path, query);
  }
}

/** One path segment of an API route, encoded the way the router decodes it. */
/** Where the API's routes live; the console calls their handlers as if requested there. */
export const API_BASE = '/api/v2';

export const segment = (value: string): string => encodeURIComponent(value);
