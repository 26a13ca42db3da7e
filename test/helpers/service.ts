// Starts the real service on a free loopback port for integration tests. Storage is embedded
// SQLite in memory, or PostgreSQL when CDKWS_TEST_DATABASE_URL is set (a fresh database per
// service, so test files never see each other's data).
// Test files call `useService()` (use-service.ts), which starts and closes it for them; fixtures
// (workspaces and what they need) are in fixtures.ts.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server';
import type { StorageOptions } from '../../src/server/storage/types';
import type { WireDialect } from '../../src/contract';

export const TOKENS = {
  owner: 'alice-token',
  admin: 'bob-token',
  writer: 'carol-token',
  reader: 'dave-token',
  outsider: 'erin-token',
  org: 'acme-org-token',
  emulator: 'emulator-admin-token',
} as const;

export const ORG = 'acme';

/** The bootstrap every test uses unless it needs another: `examples/bootstrap.json`. */
export function defaultBootstrap(): any {
  const file = path.resolve(__dirname, '..', '..', 'examples', 'bootstrap.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestService {
  url: string;
  apiUrl: string;
  storage: StorageOptions;
  /** The server itself, for tests of the HTTP layer. */
  server: RunningServer;
  request(method: string, pathOrUrl: string, options?: RequestOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

export const usingPostgres = (): boolean => Boolean(process.env.CDKWS_TEST_DATABASE_URL);

/** A fresh PostgreSQL database on the test cluster; returns its URL. */
export async function createTestDatabaseUrl(): Promise<string> {
  const admin = process.env.CDKWS_TEST_DATABASE_URL;
  if (!admin) throw new Error('CDKWS_TEST_DATABASE_URL is not set');
  const name = `cdkws_t_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function testStorage(): Promise<StorageOptions> {
  return usingPostgres() ? { kind: 'postgres', url: await createTestDatabaseUrl() } : { kind: 'sqlite', path: ':memory:' };
}

export interface ServiceOptions {
  /** @default `examples/bootstrap.json` */
  bootstrap?: unknown;
  /** Requests per second per token; off unless given. */
  rateLimit?: number;
  /** Failed authentications per address per minute before 429 (the service's default unless given; 0: off). */
  authFailureLimit?: number;
  /** The console's session signing key file. */
  sessionSecretFile?: string;
  /** @default in-memory SQLite, or a fresh PostgreSQL database when CDKWS_TEST_DATABASE_URL is set */
  storage?: StorageOptions;
  /** Receives the service's log lines; they are dropped unless given. */
  log?: (line: string) => void;
  /** The wire names workspaces are accepted and answered under (`cdkws serve --dialect`). @default 'both' */
  dialect?: WireDialect;
  /** The largest state a state version may hold (below STATE_MAX_BYTES, to test the limit). */
  stateMaxBytes?: number;
  /** How often the data retention sweep runs (the service's hourly default unless given). */
  retentionSweepMs?: number;
  /** The key file that seals states (instances sharing a database share it). */
  encryptionKeyFile?: string;
  /** Notification delivery tuning (attempts, backoff, lease, poll): the service's defaults unless given. */
  notificationDelivery?: ServerOptions['notificationDelivery'];
}

export async function startService(options: ServiceOptions = {}): Promise<TestService> {
  const storage = options.storage ?? (await testStorage());
  const server: RunningServer = await startServer({
    host: '127.0.0.1',
    port: 0,
    storage,
    bootstrap: options.bootstrap ?? defaultBootstrap(),
    rateLimit: options.rateLimit,
    authFailureLimit: options.authFailureLimit,
    sessionSecretFile: options.sessionSecretFile,
    dialect: options.dialect,
    stateMaxBytes: options.stateMaxBytes,
    retentionSweepMs: options.retentionSweepMs,
    encryptionKeyFile: options.encryptionKeyFile,
    notificationDelivery: options.notificationDelivery,
    log: options.log ?? (() => {}),
  });
  const apiUrl = `${server.url}/api/v2`;
  return {
    url: server.url,
    apiUrl,
    storage,
    server,
    request: (method, pathOrUrl, requestOptions = {}) => request(apiUrl, method, pathOrUrl, requestOptions),
    close: () => server.close(),
  };
}

/**
 * One HTTP request. A path starting with `/api/` or `/_emulator` is taken from the server root,
 * any other path from the API root; full URLs are used as they are.
 */
export async function request(apiUrl: string, method: string, pathOrUrl: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const root = apiUrl.replace(/\/api\/v2$/, '');
  const url = /^https?:/.test(pathOrUrl)
    ? pathOrUrl
    : pathOrUrl.startsWith('/api/') || pathOrUrl.startsWith('/_emulator')
      ? root + pathOrUrl
      : apiUrl + pathOrUrl;
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? TOKENS.owner : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = pathOrUrl.startsWith('/_emulator') ? 'application/json' : 'application/vnd.api+json';
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: any = undefined;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}
