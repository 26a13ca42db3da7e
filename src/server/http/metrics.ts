// Prometheus metrics (prom-client), off unless `--metrics-token FILE` is given: then `GET /metrics`
// answers the bearer of that token only. A registry of our own, so two services in one process
// (tests) keep separate counts.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Store } from '../store';

/** Latency buckets in seconds: a cached show takes well under a millisecond, a deep list tens of milliseconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (token: string) => createHash('sha256').update(token).digest();

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly tokenDigest: Buffer;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly rateLimited: Counter<'caller_kind'>;

  /** `token`: the bearer token that may read the metrics (only its digest is kept). */
  constructor(token: string, store: Store) {
    this.tokenDigest = digest(token);
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'cdkws_' });
    this.requests = new Counter({
      name: 'cdkws_http_requests_total',
      help: 'Answered requests by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'cdkws_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method and route template',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.rateLimited = new Counter({
      name: 'cdkws_rate_limited_requests_total',
      help: 'Requests refused with 429 by the per-caller rate limit, by caller kind',
      labelNames: ['caller_kind'],
      registers,
    });
    // The database's state is the storage's own (faults.ts): read at each scrape.
    const health = () => store.health();
    new Counter({
      name: 'cdkws_database_outages_total',
      help: 'Outages of the database since the service started (from the first connection-class fault until it answered again)',
      registers,
      collect() {
        this.reset();
        this.inc(health().outages);
      },
    });
    new Gauge({
      name: 'cdkws_database_up',
      help: '1 while the database answers, 0 during an outage',
      registers,
      collect() {
        this.set(health().available ? 1 : 0);
      },
    });
    new Gauge({
      name: 'cdkws_database_pool_in_use',
      help: 'Database connections checked out of the pool (PostgreSQL; 0 for SQLite)',
      registers,
      collect() {
        this.set(health().pool?.inUse ?? 0);
      },
    });
    new Gauge({
      name: 'cdkws_database_pool_waiting',
      help: 'Requests waiting for a database connection (PostgreSQL; 0 for SQLite)',
      registers,
      collect() {
        this.set(health().pool?.waiting ?? 0);
      },
    });
  }

  /** Constant-time comparison of digests: neither the token nor its length leaks through timing. */
  allows(bearer: string | null): boolean {
    return bearer !== null && timingSafeEqual(digest(bearer), this.tokenDigest);
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  rateLimitedCaller(callerKind: string): void {
    this.rateLimited.inc({ caller_kind: callerKind });
  }

  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
