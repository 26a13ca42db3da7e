// The drain of the notification outbox (outbox-store.ts), in every instance: it claims due rows for
// a lease, delivers each (delivery.ts), records the response, and deletes the row when delivered,
// or makes it due again after an exponential backoff, or gives up after the last attempt (the row
// stays, failed, for operators: docs/operating.md "Notification deliveries"). It wakes on its
// poll interval, when this instance writes a row, and when a retry falls due.
import { randomBytes } from 'node:crypto';
import { now } from '../ids';
import { StorageFaultError } from '../storage/faults';
import type { Service } from '../service';
import { originOf, postNotification } from './delivery';
import type { OutboxClaim } from './outbox-store';

export interface DeliveryTuning {
  /** Attempts per delivery, the first included. */
  attempts: number;
  /** The wait before the second attempt; each later wait doubles. */
  backoffMs: number;
  /** How long one attempt may take. */
  timeoutMs: number;
  /** How long a claim holds a row; longer than an attempt, so a live holder never loses one mid-attempt. */
  leaseMs: number;
  /** How often an instance looks for rows other instances wrote or left behind. */
  pollMs: number;
  /** Rows claimed at once. */
  batch: number;
}

export const DELIVERY_DEFAULTS: DeliveryTuning = { attempts: 5, backoffMs: 1000, timeoutMs: 10_000, leaseMs: 15_000, pollMs: 1000, batch: 20 };

export class NotificationOutbox {
  private readonly tuning: DeliveryTuning;
  private readonly controller = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private poller: NodeJS.Timeout | undefined;
  /** The claim in progress (one at a time); deliveries run apart from it. */
  private running: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private again = false;
  private stopped = false;
  private failedToDrain = false;

  constructor(
    private readonly service: Service,
    tuning: Partial<DeliveryTuning> = {},
  ) {
    this.tuning = { ...DELIVERY_DEFAULTS, ...tuning };
    if (this.tuning.leaseMs <= this.tuning.timeoutMs) this.tuning.leaseMs = this.tuning.timeoutMs + 5000;
  }

  start(): void {
    this.poller = setInterval(() => this.nudge(), this.tuning.pollMs);
    this.poller.unref();
    this.nudge();
  }

  /** Drains now (or right after the drain in progress). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainOnce()
      .then(
        () => {
          this.failedToDrain = false;
        },
        (error: unknown) => {
          // Once per failure, and not at all for an outage of the database, which the storage logs
          // once itself: the next turn tries again, and the rows wait in the database.
          if (!this.failedToDrain && !(error instanceof StorageFaultError))
            this.service.log(`notification deliveries: cannot read the outbox: ${(error as Error).message}`);
          this.failedToDrain = true;
        },
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Stops claiming, aborts attempts in flight (their rows are claimed again when the lease lapses) and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.controller.abort();
    await this.running;
    await Promise.allSettled([...this.inFlight]);
  }

  private wakeAt(atMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.nudge();
      },
      // A little after: a timer may fire within the millisecond before, when the row is not due yet.
      Math.max(0, atMs - Date.now() + 10),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private async drainOnce(): Promise<void> {
    const outbox = this.service.store.notificationOutbox;
    const start = Date.now();
    const claims = await outbox.claimDue(start, start + this.tuning.leaseMs, this.tuning.batch, randomBytes(12).toString('hex'));
    for (const claim of claims) {
      const task = this.deliver(claim).catch((error: unknown) => this.service.log(`notification ${claim.id}: ${(error as Error).message}`));
      this.inFlight.add(task);
      void task.finally(() => this.inFlight.delete(task));
    }
    if (claims.length === this.tuning.batch) this.again = true;
  }

  private async deliver(claim: OutboxClaim): Promise<void> {
    const { store } = this.service;
    const configuration = await store.notificationConfigurations.get(claim.configurationId);
    if (!configuration?.enabled || !configuration.url) {
      await store.notificationOutbox.drop(claim.id, claim.claimToken);
      return;
    }
    let token: string | null;
    try {
      token = await store.notificationConfigurations.token(configuration.id);
    } catch (error) {
      // Sealed with a key this instance does not hold: another instance with the key delivers it.
      this.service.log(`notification ${claim.id}: cannot open the token of ${configuration.id}: ${(error as Error).message}`);
      return;
    }
    const outcome = await postNotification(configuration.url, claim.body, {
      token,
      idempotencyKey: claim.id,
      signal: this.controller.signal,
      timeoutMs: this.tuning.timeoutMs,
    });
    // Stopping: the attempt is left unrecorded and the row claimed; it is made again after the lease.
    if (this.stopped) return;
    await store.notificationConfigurations.recordResponse({
      configurationId: configuration.id,
      outboxId: claim.id,
      attempt: claim.attempts,
      url: configuration.url,
      code: outcome.status === null ? '' : String(outcome.status),
      successful: outcome.ok,
      headers: outcome.headers,
      body: outcome.body,
      error: outcome.error,
      sentAt: outcome.at,
    });
    if (claim.notificationId) {
      await store.changeRequests.appendNotificationDelivery(claim.notificationId, {
        url: configuration.url,
        attempt: claim.attempts,
        status: outcome.status,
        error: outcome.error,
        at: outcome.at,
      });
    }
    if (outcome.ok) {
      await store.notificationOutbox.delivered(claim.id, claim.claimToken);
      return;
    }
    const last = claim.attempts >= this.tuning.attempts;
    const retryAt = last ? null : Date.now() + this.tuning.backoffMs * 2 ** (claim.attempts - 1);
    await store.notificationOutbox.failed(claim.id, claim.claimToken, outcome.error ?? 'failed', retryAt, now());
    if (retryAt === null) {
      this.service.log(
        `notification ${claim.id} of ${configuration.id} to ${originOf(configuration.url)} gave up after ${claim.attempts} attempt(s): ${outcome.error ?? 'failed'}`,
      );
    } else this.wakeAt(retryAt);
  }
}

const outboxes = new WeakMap<Service, NotificationOutbox>();

/** Starts the service's drain (cdkws serve, and tests' services). */
export function startOutbox(service: Service, tuning: Partial<DeliveryTuning> = {}): NotificationOutbox {
  const outbox = new NotificationOutbox(service, tuning);
  outboxes.set(service, outbox);
  outbox.start();
  return outbox;
}

/** The service's drain, when it runs one. */
export function outboxOf(service: Service): NotificationOutbox | undefined {
  return outboxes.get(service);
}

/** Stops the service's drain, if it runs one; called before storage closes. */
export async function stopOutbox(service: Service): Promise<void> {
  await outboxes.get(service)?.stop();
}
