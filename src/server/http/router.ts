// A small table-driven router: literal segments win over parameters, so
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
}

export type Handler = (ctx: RouteContext) => Promise<Reply>;

/** `api` routes take user and organization tokens; `emulator` routes only emulator-admin tokens. */
export type RouteAuth = 'api' | 'emulator';

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
  auth: RouteAuth;
}

export interface Match {
  handler: Handler;
  params: Record<string, string>;
  auth: RouteAuth;
}

export class Router {
  private readonly bySize = new Map<number, Route[]>();

  add(method: string, pattern: string, handler: Handler, auth: RouteAuth = 'api'): this {
    const segments = pattern.split('/').filter(Boolean);
    const list = this.bySize.get(segments.length) ?? [];
    list.push({ method, segments, handler, auth });
    this.bySize.set(segments.length, list);
    return this;
  }

  /** The matching route, `'method'` when the path exists with other methods, or null. */
  match(method: string, path: string): Match | { allowed: string[] } | null {
    const parts = path.split('/').filter(Boolean);
    const candidates = this.bySize.get(parts.length);
    if (!candidates) return null;
    let best: { route: Route; score: number; params: Record<string, string> } | null = null;
    const allowed = new Set<string>();
    for (const route of candidates) {
      const params: Record<string, string> = {};
      let score = 0;
      let ok = true;
      for (let i = 0; i < parts.length; i += 1) {
        const want = route.segments[i];
        if (want.startsWith(':')) {
          let value: string;
          try {
            value = decodeURIComponent(parts[i]);
          } catch {
            ok = false;
            break;
          }
          params[want.slice(1)] = value;
        } else if (want === parts[i]) {
          score += 1;
        } else {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (route.method !== method) {
        allowed.add(route.method);
        continue;
      }
      if (!best || score > best.score) best = { route, score, params };
    }
    if (best) return { handler: best.route.handler, params: best.params, auth: best.route.auth };
    return allowed.size > 0 ? { allowed: [...allowed] } : null;
  }
}
