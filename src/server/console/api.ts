// The console reads through the API's own route handlers, so a page shows exactly what the API
// answers the same caller: the same access checks, the same 404s, the same serialization.
import type { IncomingMessage } from 'node:http';
import { API_ROOT, rootPathOf, type EndpointName, type PathParameters } from '../../contract';
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
    /** Aborts when the browser goes away: the handlers cancel their statements as the API's do. */
    private readonly signal?: AbortSignal,
  ) {}

  /** Calls the handler of an API endpoint; a ServiceError thrown by the handler propagates as is. */
  async call<N extends EndpointName>(name: N, parameters: PathParameters<N>, query: Record<string, string> | URLSearchParams = {}): Promise<ApiDocument> {
    const route = this.router.route(name);
    if (route.auth !== 'api') throw new Error(`console: ${name} is not an API endpoint`);
    const params = query instanceof URLSearchParams ? query : new URLSearchParams(query);
    const search = params.size > 0 ? `?${params.toString()}` : '';
    const path = rootPathOf(name, parameters);
    let url: URL | undefined;
    const signal = this.signal;
    const reply = await route.handler({
      signal,
      req: this.req,
      get url() {
        return (url ??= new URL(`${path}${search}`, 'http://localhost'));
      },
      params: { ...parameters },
      query: params,
      caller: this.caller,
      service: this.service,
      body: async () => undefined,
    });
    if (reply.raw) return JSON.parse(reply.raw.toString('utf8')) as ApiDocument;
    return (reply.body ?? { data: null }) as ApiDocument;
  }

  get<N extends EndpointName>(name: N, parameters: PathParameters<N>, query?: Record<string, string> | URLSearchParams): Promise<ApiDocument> {
    return this.call(name, parameters, query);
  }
}

/** Where the API lives; the root page points at it. */
export const API_BASE = API_ROOT;

/** One path segment of a console page's address. */
export const segment = (value: string): string => encodeURIComponent(value);
