// Starting and stopping the service (architecture "Starting the service").
import type { AddressInfo } from 'node:net';
import type { WireDialect } from '../contract';
import { parseBootstrap, readBootstrapFile } from './bootstrap';
import { ConsoleApp } from './console/app';
import { defaultSessionKeyFile, loadSessionKey } from './owner-only';
import { type Cipher, defaultEncryptionKeyFile, loadEncryptionKey } from './secrets/cipher';
import { ServiceMetrics } from './http/metrics';
import { type LogFormat, RequestLog } from './http/request-log';
import { type MountApp, type TimeLimits, createHttpServer } from './http/server';
import { FairShare } from './http/fair-share';
import { RetentionSweep } from './data-retention/sweep';
import { type DeliveryTuning, startOutbox, stopOutbox } from './notification-configurations/outbox';
import { seedNotificationConfigurations } from './notification-configurations/seed';
import type { Router } from './http/router';
import { buildRouter } from './routes';
import { Service } from './service';
import { openStore } from './store';
import { POSTGRES_DEFAULTS, type StorageOptions } from './storage/types';

/** How long a stopping server waits for requests in flight before cutting connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface ServerOptions {
  host?: string;
  port?: number;
  storage: StorageOptions;
  /** A parsed bootstrap document, or the path of a bootstrap file. */
  bootstrap?: unknown;
  /** Requests per second per caller; off when unset. */
  rateLimit?: number;
  /** PEM certificate and key: serve HTTPS (the URL then starts with https://). */
  tls?: { cert: string; key: string };
  /** Failed authentications per client address per minute before 429; 0 turns the throttle off (default 20). */
  authFailureLimit?: number;
  /**
   * The console's session signing key file (0600), shared by instances on one PostgreSQL database.
   * Default: `session.key` beside the SQLite file, made on first start; for `:memory:` and
   * PostgreSQL a random key of this process (sessions end when it stops).
   */
  sessionSecretFile?: string;
  /**
   * The key that seals states and output values at rest (0600, 64 hex digits), kept apart from the
   * database. Default: `encryption.key` beside the SQLite file, made on first start; for `:memory:`
   * and PostgreSQL a random key of this process (`cdkws serve` always names a file on PostgreSQL).
   */
  encryptionKeyFile?: string;
  /** The wire names workspaces are accepted and answered under: both spellings (default) or the hosted service's only. */
  dialect?: WireDialect;
  /** Text lines of the log (default: stderr). With `logFormat: 'json'`, unused. */
  log?: (line: string) => void;
  /** `text` (default): lines for people; `json`: one JSON object per request and per message (pino). */
  logFormat?: LogFormat;
  /** Where JSON log objects go (default: stderr). */
  logDestination?: NodeJS.WritableStream;
  /** The bearer token that may read GET /metrics; metrics are off without it. */
  metricsToken?: string;
  /** How often the data retention sweep runs (default hourly; shorter in tests). */
  retentionSweepMs?: number;
  /** The largest state a state version may hold, below STATE_MAX_BYTES (tests). */
  stateMaxBytes?: number;
  /** Connection time limits other than the defaults (tests). */
  timeLimits?: Partial<TimeLimits>;
  /** Notification delivery: attempts, backoff, lease, poll interval (tests; docs/operating.md has the defaults). */
  notificationDelivery?: Partial<DeliveryTuning>;
  /** `false` answers every repeated show from the store: for benchmarks of the uncached path. @default true */
  replyCache?: boolean;
}

export interface RunningServer {
  url: string;
  service: Service;
  /** Stops accepting, finishes requests in flight, closes storage. */
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const requestLog = new RequestLog({
    format: options.logFormat ?? 'text',
    write: options.log ?? ((line: string) => process.stderr.write(`${line}\n`)),
    destination: options.logDestination,
  });
  const log = (line: string) => requestLog.message(line);
  const bootstrapInput = typeof options.bootstrap === 'string' ? readBootstrapFile(options.bootstrap) : options.bootstrap;
  const bootstrap = bootstrapInput === undefined ? null : parseBootstrap(bootstrapInput);
  const sessionKey = resolveSessionKey(options);
  const cipher = resolveCipher(options);
  const store = await openStore({ log, ...options.storage }, { cipher });
  let service: Service;
  try {
    service = await Service.open(store, bootstrap, log);
    service.dialect = options.dialect ?? 'both';
    if (options.stateMaxBytes !== undefined) service.stateMaxBytes = options.stateMaxBytes;
    await seedNotificationConfigurations(service);
  } catch (error) {
    await store.close();
    throw error;
  }
  service.watchDirectory();
  const sweep = new RetentionSweep(service, options.retentionSweepMs);
  sweep.start();
  startOutbox(service, options.notificationDelivery);
  const { storage } = options;
  // Only a pool has places to share; SQLite runs one statement at a time anyway.
  const fairShare =
    storage.kind === 'postgres'
      ? FairShare.forPool(storage.poolSize ?? POSTGRES_DEFAULTS.poolSize, storage.poolWaitMs ?? POSTGRES_DEFAULTS.poolWaitMs)
      : undefined;
  const router = buildRouter({ rateLimit: options.rateLimit });
  const server = createHttpServer({
    router,
    service,
    rateLimit: options.rateLimit,
    authFailureLimit: options.authFailureLimit,
    mount: mountConsole(router, service, sessionKey),
    tls: options.tls,
    log: requestLog,
    metrics: options.metricsToken === undefined ? null : new ServiceMetrics(options.metricsToken, store),
    timeLimits: options.timeLimits,
    fairShare,
    replyCache: options.replyCache,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${address.port}`,
    service,
    close: () =>
      (closing ??= (async () => {
        // Connections that finish their last request after close() began are closed as they go
        // idle; after the grace period, whatever is left is cut.
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          const sweep = setInterval(() => server.closeIdleConnections(), 50);
          const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
          server.once('close', () => {
            clearInterval(sweep);
            clearTimeout(deadline);
          });
        });
        service.stopWatchingDirectory();
        await sweep.stop();
        await stopOutbox(service);
        await store.close();
        requestLog.close();
      })()),
  };
}

/** The web console under /app (and the root that points at it), reading through the API's own handlers. */
function mountConsole(router: Router, service: Service, sessionKey: Buffer | undefined): MountApp {
  return ({ throttle, log, gate }) => {
    const app = new ConsoleApp(router, service, { sessionKey, throttle, log, gate });
    return { owns: (target) => ConsoleApp.owns(target), handle: (req, res) => app.handle(req, res), routeLabel: '/app/…' };
  };
}

/** The key sealing states: the given file, else the file beside the SQLite data, else a random one of this process. */
function resolveCipher(options: ServerOptions): Cipher | undefined {
  if (options.encryptionKeyFile !== undefined) return loadEncryptionKey(options.encryptionKeyFile, true);
  if (options.storage.kind === 'sqlite' && options.storage.path !== ':memory:') return loadEncryptionKey(defaultEncryptionKeyFile(options.storage.path), true);
  return undefined;
}

/** The session signing key: the given file, else the file beside the SQLite data, else none (a random one). */
function resolveSessionKey(options: ServerOptions): Buffer | undefined {
  if (options.sessionSecretFile !== undefined) return loadSessionKey(options.sessionSecretFile, false);
  if (options.storage.kind === 'sqlite' && options.storage.path !== ':memory:') return loadSessionKey(defaultSessionKeyFile(options.storage.path), true);
  return undefined;
}
