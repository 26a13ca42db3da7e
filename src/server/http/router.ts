// The router: one handler per endpoint of the spec's table (src/contract/endpoints.ts), by name. The
// table gives each endpoint's method, path, permission, cacheability and request schema; this file
// only finds the endpoint a request names. Literal segments win over parameters, so
// `/workspaces/change-requests/:id` is never taken for `/workspaces/:workspace_id/...`.
import type { IncomingMessage } from 'node:http';
import { ENDPOINTS, ENDPOINT_NAMES, authOf, type EndpointAuth, type EndpointDefinition, type EndpointName, type RequestBodyOf } from '../../contract';
import type { Caller } from '../access';
import type { Service } from '../service';

export interface Reply {
  status: number;
  body?: unknown;
  /** Pre-rendered JSON of `body`, when the route has it cached. */
  raw?: Buffer;
  headers?: Record<string, string>;
  /** Defaults to the JSON:API media type. */
  contentType?: string;
}

/** What a handler of an endpoint anyone may call gets: no caller. */
export interface PublicRouteContext {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  service: Service;
}

export interface RouteContext<Body = unknown> extends PublicRouteContext {
  caller: Caller;
  /**
   * The request document, parsed with the endpoint's schema from the table on first call (422
   * naming the members otherwise); undefined for an endpoint that takes none.
   */
  body(): Promise<Body>;
  /** Aborts when the client goes away before the answer: pass it to long database work. */
  readonly signal?: AbortSignal;
  /**
   * The database's change token as the request listener read it for this request (show-cache.ts
   * TurnChangeToken): routes marked `cacheable` only, and only where the storage has one (SQLite).
   */
  readonly changeToken?: string;
}

/** A value, or a promise of it: what a path that answers from memory returns without allocating a promise. */
export type Awaitable<T> = T | Promise<T>;

/** A route's handler: synchronous when it answers from memory (a show the show cache confirms), else a promise. */
export type Handler<Body = unknown> = (ctx: RouteContext<Body>) => Awaitable<Reply>;
export type PublicHandler = (ctx: PublicRouteContext) => Promise<Reply>;

/** The handler an endpoint takes: a public one for endpoints anyone may call. */
export type EndpointHandler<N extends EndpointName> = (typeof ENDPOINTS)[N]['permission'] extends 'public' ? PublicHandler : Handler<RequestBodyOf<N>>;

/** A handler for every endpoint of the table: one missing is a compile error. */
export type EndpointHandlers = { readonly [N in EndpointName]: EndpointHandler<N> };

/** A registered endpoint: what the table says, and the handler. */
export type Route = { name: EndpointName; endpoint: EndpointDefinition; cacheable: boolean; pattern: string } & (
  { auth: 'public'; handler: PublicHandler } | { auth: Exclude<EndpointAuth, 'public'>; handler: Handler }
);

interface Registered {
  route: Route;
  /** Literal segments in the pattern: the more, the better the match. */
  score: number;
  /** Parameter names by segment position (undefined for literal positions). */
  names: Array<string | undefined>;
}

/** One segment position of the route tree: literal children, one parameter child, endpoints. */
interface TreeNode {
  literal: Map<string, TreeNode>;
  param: TreeNode | null;
  endpoints: Map<string, Registered>;
}

export type Match = Route & { params: Record<string, string> };

const newNode = (): TreeNode => ({ literal: new Map(), param: null, endpoints: new Map() });

/**
 * Routes in a tree of path segments, so a look-up visits only the branches the path can take
 * rather than every route. Where several patterns fit (a literal and a parameter at one position),
 * the one with the most literal segments wins.
 */
export class Router {
  private readonly root = newNode();
  private readonly byName = new Map<EndpointName, Route>();

  constructor(handlers: EndpointHandlers) {
    for (const name of ENDPOINT_NAMES) {
      const endpoint: EndpointDefinition = ENDPOINTS[name];
      const auth = authOf(endpoint.permission);
      const common = { name, endpoint, cacheable: endpoint.cacheable === true, pattern: endpoint.path };
      // The handler map's type ties each handler to its endpoint; TypeScript cannot follow that through the loop.
      const route: Route =
        auth === 'public' ? { ...common, auth, handler: handlers[name] as PublicHandler } : { ...common, auth, handler: handlers[name] as Handler };
      this.add(route);
    }
  }

  private add(route: Route): void {
    const segments = route.pattern.split('/').filter(Boolean);
    let node = this.root;
    for (const segment of segments) {
      if (segment.startsWith(':')) node = node.param ??= newNode();
      else {
        let next = node.literal.get(segment);
        if (!next) node.literal.set(segment, (next = newNode()));
        node = next;
      }
    }
    const names = segments.map((s) => (s.startsWith(':') ? s.slice(1) : undefined));
    if (node.endpoints.has(route.endpoint.method)) throw new Error(`two endpoints answer ${route.endpoint.method} ${route.pattern}`);
    node.endpoints.set(route.endpoint.method, { route, score: names.filter((n) => n === undefined).length, names });
    this.byName.set(route.name, route);
  }

  /** The route of an endpoint, by its name in the table. */
  route(name: EndpointName): Route {
    return this.byName.get(name)!;
  }

  /** The matching route, `{ allowed }` when the path exists with other methods only, or null. */
  match(method: string, path: string): Match | { allowed: string[]; template?: string } | null {
    const parts = path.split('/').filter(Boolean);
    const ends: TreeNode[] = [];
    collect(this.root, parts, 0, ends);
    let best: Registered | undefined;
    for (const node of ends) {
      const registered = node.endpoints.get(method);
      if (registered && (!best || registered.score > best.score)) best = registered;
    }
    if (!best) {
      const allowed = new Set(ends.flatMap((node) => [...node.endpoints.keys()]));
      // The template, not the path: a path may carry a credential (an upload address's key).
      const template = ends.flatMap((node) => [...node.endpoints.values()])[0]?.route.pattern;
      return allowed.size > 0 ? { allowed: [...allowed], template } : null;
    }
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i += 1) {
      const name = best.names[i];
      if (name === undefined) continue;
      try {
        params[name] = decodeURIComponent(parts[i]);
      } catch {
        return null; // a malformed escape names no resource
      }
    }
    return { ...best.route, params };
  }
}

/** Every node where `parts` ends, following literal and parameter branches. */
function collect(node: TreeNode, parts: string[], at: number, out: TreeNode[]): void {
  if (at === parts.length) {
    if (node.endpoints.size > 0) out.push(node);
    return;
  }
  const literal = node.literal.get(parts[at]);
  if (literal) collect(literal, parts, at + 1, out);
  if (node.param) collect(node.param, parts, at + 1, out);
}
