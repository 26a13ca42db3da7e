// A loopback HTTP proxy that puts faults between a client and the real service: a seeded share of
// requests is answered 429 (with the service's reset headers) or 503, has its connection dropped
// before forwarding, or is forwarded and processed by the service but the answer is dropped (or
// withheld until the client gives up). Everything else is forwarded untouched.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = 'rate-limited' | 'unavailable' | 'drop-before' | 'drop-after' | 'stall-after';

export interface ProxiedRequest {
  method: string;
  path: string;
  /** 1-based count of requests the proxy has seen. */
  n: number;
}

export interface FaultProxyOptions {
  /** The service's root URL, e.g. `http://127.0.0.1:1234`. */
  target: string;
  /** Seed of the deterministic fault choice. @default 1 */
  seed?: number;
  /** Share (0–1) of requests given each fault; the shares add up to the faulty share. */
  shares?: Partial<Record<Fault, number>>;
  /** Picks the fault for a request before the shares do; `null` forwards it untouched. */
  decide?: (req: ProxiedRequest) => Fault | null | undefined;
  /** Requests that never get a fault (e.g. the test's own checks). */
  exempt?: (req: ProxiedRequest) => boolean;
}

export interface FaultProxy {
  url: string;
  /** Every request seen, with the fault it got (null: forwarded and answered). */
  log: Array<ProxiedRequest & { fault: Fault | null }>;
  count(fault: Fault): number;
  close(): Promise<void>;
}

/** mulberry32: small, fast, good enough to spread faults deterministically. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function jsonError(res: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ errors: [{ status: String(status), title, detail }] });
  res.writeHead(status, { 'content-type': 'application/vnd.api+json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const random = seededRandom(options.seed ?? 1);
  const shares = Object.entries(options.shares ?? {}) as Array<[Fault, number]>;
  const agent = new http.Agent({ keepAlive: true });
  const log: FaultProxy['log'] = [];
  const stalled = new Set<ServerResponse>();
  let n = 0;

  const choose = (req: ProxiedRequest): Fault | null => {
    if (options.exempt?.(req)) return null;
    const decided = options.decide?.(req);
    if (decided !== undefined) return decided;
    let roll = random();
    for (const [fault, share] of shares) {
      if (roll < share) return fault;
      roll -= share;
    }
    return null;
  };

  const server = http.createServer((req, res) => void handle(req, res));
  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const info: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', n: ++n };
    const fault = choose(info);
    log.push({ ...info, fault });
    const body = await readAll(req);
    switch (fault) {
      case 'rate-limited': {
        const reset = (0.02 + random() * 0.05).toFixed(3);
        return jsonError(res, 429, 'Too many requests', "You have exceeded the API's rate limit.", {
          'x-ratelimit-limit': '30',
          'x-ratelimit-reset': reset,
          'retry-after': '1',
        });
      }
      case 'unavailable':
        return jsonError(res, 503, 'service unavailable', 'the service is briefly unavailable');
      case 'drop-before':
        req.socket.destroy();
        return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent },
      (answer) => void forward(answer),
    );
    async function forward(answer: http.IncomingMessage): Promise<void> {
      const payload = await readAll(answer);
      if (fault === 'drop-after') {
        req.socket.destroy();
        return;
      }
      if (fault === 'stall-after') {
        // The service has done the work; the client waits until its own timeout.
        stalled.add(res);
        return;
      }
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      headers['content-length'] = String(payload.length);
      res.writeHead(answer.statusCode ?? 502, headers);
      res.end(payload);
    }
    upstream.on('error', () => jsonError(res, 502, 'bad gateway', 'the service did not answer the proxy'));
    upstream.end(body);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    count: (fault) => log.filter((entry) => entry.fault === fault).length,
    close: async () => {
      for (const res of stalled) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
