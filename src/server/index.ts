// Starting and stopping the service (architecture "Starting the service").
import type { AddressInfo } from 'node:net';
import { parseBootstrap, readBootstrapFile } from './bootstrap';
import { createHttpServer } from './http/server';
import { stopNotifications } from './notifications';
import { buildRouter } from './routes';
import { Service } from './service';
import { openStore } from './storage';
import type { StorageOptions } from './storage/types';

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
  log?: (line: string) => void;
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
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const bootstrapInput = typeof options.bootstrap === 'string' ? readBootstrapFile(options.bootstrap) : options.bootstrap;
  const bootstrap = bootstrapInput === undefined ? null : parseBootstrap(bootstrapInput);
  const store = await openStore(options.storage);
  let service: Service;
  try {
    service = await Service.open(store, bootstrap, log);
  } catch (error) {
    await store.close();
    throw error;
  }
  const server = createHttpServer({
    router: buildRouter({ rateLimit: options.rateLimit }),
    service,
    rateLimit: options.rateLimit,
    tls: options.tls,
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
        await stopNotifications(service);
        await store.close();
      })()),
  };
}
