// Unauthenticated probes for load balancers and orchestrators, and the metrics endpoint. They carry
// no data: `/healthz` says the process answers, `/readyz` that the database answers with the schema
// this program expects. Outside /api/v2, so no API client ever reaches them by accident.
import type { IncomingMessage } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Service } from '../service';
import { clientAddress } from './auth-throttle';
import type { ServiceMetrics } from './metrics';
import type { Reply } from './router';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';
/** A readiness check that takes longer than this counts as "the database does not answer". */
const READINESS_LIMIT_MS = 2_000;
/** What a probe that found the service not ready is told to wait before asking again. */
const NOT_READY_RETRY_AFTER_S = '5';

const text = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  raw: Buffer.from(`${body}\n`),
  contentType: 'text/plain; charset=utf-8',
  headers: { 'cache-control': 'no-store', ...headers },
});

const PROBE_TARGET = new RegExp(`^(?:${[HEALTH_PATH, READY_PATH, METRICS_PATH].join('|')})(?:\\?|$)`);

/** Whether a request target is one of the probes or the metrics. A regular expression anchored at the start: an API target fails at its second character, without allocating. */
export function isProbe(target: string | undefined): boolean {
  return target !== undefined && PROBE_TARGET.test(target);
}

type Readiness = 'ready' | 'database unavailable' | 'database schema not current';

/**
 * How long one readiness answer is reused. /readyz is unauthenticated: without it a
 * flood of probes was a flood of database queries (issue 37); with it, at most one a second.
 */
export const READINESS_CACHE_MS = 1_000;
const recentReadiness = new WeakMap<Service, { at: number; state: Promise<Readiness> }>();

/** The readiness of `service`, asked of the database at most once per READINESS_CACHE_MS (probes under way share it). */
function cachedReadiness(service: Service): Promise<Readiness> {
  const now = Date.now();
  const recent = recentReadiness.get(service);
  if (recent && now - recent.at < READINESS_CACHE_MS) return recent.state;
  const state = readiness(service);
  recentReadiness.set(service, { at: now, state });
  return state;
}

async function readiness(service: Service): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), READINESS_LIMIT_MS);
  });
  try {
    return (await Promise.race([service.store.schemaIsCurrent(), limit])) ? 'ready' : 'database schema not current';
  } catch {
    return 'database unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness probes one address may make per second; past it, 429 with Retry-After. An orchestrator
 * asks every few seconds; a flood from one address (1,881 a second in issue 37) is refused instead
 * of answered. /healthz is not throttled: refusing a liveness probe would get the process restarted.
 */
export const READINESS_PROBES_PER_SECOND = 100;

/** Fixed one-second windows per client address, as the API's rate limit keeps per caller; the least recently seen addresses are forgotten first. */
export class ProbeThrottle {
  private readonly windows = new LRUCache<string, { start: number; count: number }>({ max: 10_000 });

  constructor(private readonly perSecond: number = READINESS_PROBES_PER_SECOND) {}

  /** Counts a probe from `address`: true while it is within its second's allowance. */
  allows(address: string, nowMs = Date.now()): boolean {
    const window = this.windows.get(address);
    if (!window || nowMs - window.start >= 1000) {
      this.windows.set(address, { start: nowMs, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.perSecond;
  }
}

export async function probeReply(
  req: IncomingMessage,
  service: Service,
  metrics: ServiceMetrics | null,
  bearer: string | null,
  throttle: ProbeThrottle | null = null,
): Promise<Reply> {
  const path = (req.url ?? '').split('?', 1)[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'method not allowed', { allow: 'GET, HEAD' });
  if (path === HEALTH_PATH) return text(200, 'ok');
  if (path === READY_PATH) {
    if (throttle && !throttle.allows(clientAddress(req.socket.remoteAddress))) {
      return text(429, `too many requests: at most ${READINESS_PROBES_PER_SECOND} readiness probes a second from one address`, { 'retry-after': '1' });
    }
    const state = await cachedReadiness(service);
    return state === 'ready' ? text(200, state) : text(503, `not ready: ${state}`, { 'retry-after': NOT_READY_RETRY_AFTER_S });
  }
  // The metrics: absent unless configured, and only for the bearer of their token.
  if (!metrics) return text(404, 'not found: metrics are off; start the service with --metrics-token FILE');
  if (!metrics.allows(bearer)) return text(401, 'unauthorized: send "Authorization: Bearer <metrics token>"', { 'www-authenticate': 'Bearer' });
  // A scrape also asks the database, so an outage with no traffic shows in cdkws_database_up.
  await cachedReadiness(service);
  return { status: 200, raw: Buffer.from(await metrics.exposition()), contentType: metrics.contentType, headers: { 'cache-control': 'no-store' } };
}
