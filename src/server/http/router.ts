// A small router: literal segments win over parameters, so
// `/workspaces/change-requests/:id` is never taken for `/workspaces/:workspace_id/...`.
import type { IncomingMessage } from 'node:http';
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

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  caller: Caller;
  service: Service;
  /** The parsed JSON body (undefined when empty). */
  body(): Promise<unknown>;
  /** Aborts when the client goes away before the answer: pass it to long database work. */
  readonly signal?: AbortSignal;
}

export type Handler = (ctx: RouteContext) => Promise<Reply>;

/** `api` routes take user and organization tokens; `emulator` routes only emulator-admin tokens. */
export type RouteAuth = 'api' | 'emulator';

/**
 * `cacheable`: a GET whose successful reply depends only on the caller, the request target, the
 * database and the directory, so it may be answered from the ReplyCache.
 */
export interface RouteOptions {
  auth?: RouteAuth;
  cacheable?: boolean;
}

interface Endpoint {
  handler: Handler;
  auth: RouteAuth;
  cacheable: boolean;
  /** Literal segments in the pattern: the more, the better the match. */
  score: number;
  /** Parameter names by segment position (undefined for literal positions). */
  names: Array<string | undefined>;
  /** The route's template as added (`/workspaces/:workspace_id`): logs and metrics name routes by it. */
  pattern: string;
}

/** One segment position of the route tree: literal children, one parameter child, endpoints. */
interface TreeNode {
  literal: Map<string, TreeNode>;
  param: TreeNode | null;
  endpoints: Map<string, Endpoint>;
}

export interface Match {
  handler: Handler;
  params: Record<string, string>;
  auth: RouteAuth;
  cacheable: boolean;
  pattern: string;
}

const newNode = (): TreeNode => ({ literal: new Map(), param: null, endpoints: new Map() });

/**
 * Routes in a tree of path segments, so a look-up visits only the branches the path can take
 * rather than every route. Where several patterns fit (a literal and a parameter at one position),
 * the one with the most literal segments wins.
 */
export class Router {
  private readonly root = newNode();

  add(method: string, pattern: string, handler: Handler, { auth = 'api', cacheable = false }: RouteOptions = {}): this {
    const segments = pattern.split('/').filter(Boolean);
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
    node.endpoints.set(method, { handler, auth, cacheable, score: names.filter((n) => n === undefined).length, names, pattern });
    return this;
  }

  /** The matching route, `{ allowed }` when the path exists with other methods only, or null. */
  match(method: string, path: string): Match | { allowed: string[] } | null {
    const parts = path.split('/').filter(Boolean);
    const ends: TreeNode[] = [];
    collect(this.root, parts, 0, ends);
    let best: Endpoint | undefined;
    const allowed = new Set<string>();
    for (const node of ends) {
      const endpoint = node.endpoints.get(method);
      if (endpoint && (!best || endpoint.score > best.score)) best = endpoint;
      for (const other of node.endpoints.keys()) if (other !== method) allowed.add(other);
    }
    if (!best) return allowed.size > 0 ? { allowed: [...allowed] } : null;
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
    return { handler: best.handler, params, auth: best.auth, cacheable: best.cacheable, pattern: best.pattern };
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
