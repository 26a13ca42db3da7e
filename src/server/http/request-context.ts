// What a route's handler gets for one request that has a caller: one object per request, whose
// URL, query, request document and abort signal are made on first use (a show needs none of them).
import type { IncomingMessage } from 'node:http';
import type { EndpointDefinition } from '../../contract';
import type { Caller } from '../access';
import { validationError } from '../errors';
import type { Service } from '../service';
import { parseJsonBody, readBody } from './body';
import { ClientGone } from './request-signal';
import type { RouteContext } from './router';

/** The request document, parsed with the endpoint's schema (the hosted dialect's where it has one): 422 otherwise. */
async function readDocument(req: IncomingMessage, endpoint: EndpointDefinition, service: Service): Promise<unknown> {
  const parsed = parseJsonBody(req, await readBody(req, endpoint.maxBodyBytes));
  const schema = service.dialect === 'hosted' && endpoint.hostedBody ? endpoint.hostedBody : endpoint.body;
  if (!schema) return parsed;
  const result = schema.safeParse(parsed ?? {});
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

/** A Host header fit to build a URL from; anything else is taken as `localhost`. */
const PLAIN_HOST = /^[A-Za-z0-9.\-:[\]]+$/;

export class RequestContext implements RouteContext {
  private parsedUrl: URL | undefined;
  private parsedQuery: URLSearchParams | undefined;
  private document: Promise<unknown> | undefined;
  private gone: ClientGone | undefined;

  constructor(
    readonly req: IncomingMessage,
    /** The request target's path and its query (with the `?`, or empty), split by the HTTP front. */
    private readonly pathname: string,
    private readonly search: string,
    private readonly endpoint: EndpointDefinition,
    readonly params: Record<string, string>,
    readonly caller: Caller,
    readonly service: Service,
    readonly changeToken: string | undefined,
  ) {}

  get url(): URL {
    const host = this.req.headers.host;
    return (this.parsedUrl ??= new URL(this.pathname + this.search, `http://${host && PLAIN_HOST.test(host) ? host : 'localhost'}`));
  }

  get query(): URLSearchParams {
    return (this.parsedQuery ??= new URLSearchParams(this.search));
  }

  body(): Promise<unknown> {
    return (this.document ??= readDocument(this.req, this.endpoint, this.service));
  }

  get signal(): AbortSignal {
    return (this.gone ??= new ClientGone(this.req)).signal;
  }

  /** The answer is ready: the client going away later aborts nothing (ClientGone.done). */
  done(): void {
    this.gone?.done();
  }
}
