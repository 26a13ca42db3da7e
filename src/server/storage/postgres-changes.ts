import { randomBytes } from 'node:crypto';
import { Client, type Notification } from 'pg';
import { CHANGE_CHANNEL, LISTENER_APPLICATION_NAME } from './postgres-change-signal';

// The listening half of PostgreSQL's change signal (postgres-change-signal.ts says how it works).

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/** How long the listener waits to hear its own probe before it gives up on the connection. */
const PROBE_MS = 5_000;

/**
 * One instance's ear on the channel: a dedicated connection, reconnected with backoff when lost.
 * `token()` is undefined while not listening.
 */
export class ChangeListener {
  private client: Client | undefined;
  private listening = false;
  private epoch = 0;
  private heard = 0;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly log: (line: string) => void,
  ) {
    void this.connect();
  }

  /** Changes with every notification heard and every loss of the connection; undefined while not listening. */
  token(): string | undefined {
    return this.listening ? `${this.epoch}.${this.heard}` : undefined;
  }

  /** Whether the listener is connected and listening (readiness and tests). */
  get isListening(): boolean {
    return this.listening;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.url,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    const probe = randomBytes(8).toString('hex');
    const deaf = new Error(`its own notification was not heard within ${PROBE_MS} ms (a pooler in transaction mode?)`);
    let probeHeard: () => void = () => undefined;
    const heardProbe = new Promise<void>((resolve) => (probeHeard = resolve));
    client.on('notification', (message: Notification) => {
      if (this.client === client) this.heard += 1;
      if (message.payload === probe) probeHeard();
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection closed')));
    try {
      await client.connect();
      // An ear, not a reason to live: a process with nothing else to do (a store left open by a
      // script or a test) is not kept running by this connection alone.
      (client as unknown as { connection: { stream: { unref?(): void } } }).connection.stream.unref?.();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      // Listening is trusted only once it is heard: a pooler in transaction mode between the
      // service and PostgreSQL accepts LISTEN but delivers nothing, and the caches would then
      // never learn of another instance's writes.
      await client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, probe]);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(deaf), PROBE_MS);
        timer.unref();
      });
      await Promise.race([heardProbe, timedOut]).finally(() => clearTimeout(timer));
    } catch (err) {
      // A database that is down is the outage tracker's to report; a deaf connection is this one's.
      if (this.client === client && err === deaf) this.log(`change listener not listening (${deaf.message}); caches are not trusted meanwhile`);
      this.lost(client, err as Error);
      return;
    }
    if (this.client !== client) return;
    // Commits made before LISTEN took effect were not heard: a new epoch distrusts every earlier confirmation.
    this.epoch += 1;
    this.listening = true;
    this.retryMs = RECONNECT_MIN_MS;
  }

  private lost(client: Client, err: Error): void {
    if (this.client !== client) return;
    const wasListening = this.listening;
    this.client = undefined;
    this.listening = false;
    this.epoch += 1;
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasListening) this.log(`change listener lost its connection (${err.message}); caches are not trusted until it reconnects`);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
