// One real service per test file (or per describe block): `useService()` starts it in beforeAll and
// closes it, after the API clients and proxies it adopted, in afterAll. The handle is returned at once, while
// the service only exists once beforeAll has run, so its members are read inside tests and hooks.
import { Client, type ClientOptions } from '../../src/client';
import { TOKENS, startService, type ApiResponse, type RequestOptions, type ServiceOptions, type TestService } from './service';

export interface ServiceHandle extends TestService {
  /** An API client with the owner's token; made on first use. */
  readonly client: Client;
  /** An API client with `token`: no client-side rate limit and quick retries, so tests stay fast. */
  clientFor(token: string, options?: Partial<ClientOptions>): Client;
  /** Closes `resource` (a client, a proxy) when the service closes, before it; returns it. */
  adopt<T extends Closable>(resource: T): T;
  /** The environment for running the CLI against this service: CDKWS_ADDRESS/CDKWS_TOKEN set, the caller's TFE_TOKEN removed. */
  cliEnv(token?: string, extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
}

export interface Closable {
  close(): Promise<void>;
}

export type ServiceOptionsSource = ServiceOptions | (() => ServiceOptions | Promise<ServiceOptions>);

class LiveService implements ServiceHandle {
  private running: TestService | undefined;
  private ownerClient: Client | undefined;
  private readonly owned: Closable[] = [];

  async start(options: ServiceOptions): Promise<void> {
    this.running = await startService(options);
  }

  private get service(): TestService {
    if (!this.running) throw new Error('the service starts in beforeAll: read the handle of useService() inside a test or hook, not while the file loads');
    return this.running;
  }

  get url(): string {
    return this.service.url;
  }

  get apiUrl(): string {
    return this.service.apiUrl;
  }

  get storage(): TestService['storage'] {
    return this.service.storage;
  }

  get server(): TestService['server'] {
    return this.service.server;
  }

  get client(): Client {
    this.ownerClient ??= this.clientFor(TOKENS.owner);
    return this.ownerClient;
  }

  request(method: string, pathOrUrl: string, options?: RequestOptions): Promise<ApiResponse> {
    return this.service.request(method, pathOrUrl, options);
  }

  clientFor(token: string, options: Partial<ClientOptions> = {}): Client {
    const client = new Client({ address: this.url, token, rateLimit: false, retry: { baseDelayMs: 5, maxDelayMs: 50 }, ...options });
    return this.adopt(client);
  }

  adopt<T extends Closable>(resource: T): T {
    this.owned.push(resource);
    return resource;
  }

  cliEnv(token: string = TOKENS.owner, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, CDKWS_ADDRESS: this.url, CDKWS_TOKEN: token, NO_COLOR: '1', ...extra };
    delete env.TFE_TOKEN;
    return env;
  }

  /** Closes what it adopted, last first, then the service; safe to call when start failed or twice. */
  async close(): Promise<void> {
    const owned = this.owned.splice(0).reverse();
    this.ownerClient = undefined;
    const failures: unknown[] = [];
    for (const resource of owned) await resource.close().catch((error: unknown) => failures.push(error));
    const running = this.running;
    this.running = undefined;
    await running?.close();
    // One resource that fails to close must not leave the service (and the test run) open.
    if (failures.length > 0) throw failures[0];
  }
}

const resolve = (source: ServiceOptionsSource | undefined): ServiceOptions | Promise<ServiceOptions> =>
  typeof source === 'function' ? source() : (source ?? {});

/**
 * Starts the service in a beforeAll of the calling block and closes it in an afterAll. Options may be a
 * function, run in that beforeAll, when they depend on something set up by an earlier beforeAll.
 */
export function useService(options?: ServiceOptionsSource): ServiceHandle {
  const handle = new LiveService();
  beforeAll(async () => handle.start(await resolve(options)));
  afterAll(() => handle.close());
  return handle;
}

/** Runs `body` with a service of its own (e.g. another bootstrap or rate limit), closed when it settles. */
export async function withService<T>(options: ServiceOptions, body: (service: ServiceHandle) => Promise<T>): Promise<T> {
  const handle = new LiveService();
  await handle.start(options);
  try {
    return await body(handle);
  } finally {
    await handle.close();
  }
}
