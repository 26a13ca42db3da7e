// The data retention sweep (self-hosted edition): deletes the state versions a policy says to,
// older than its window, never a workspace's current state. It runs on an interval in every
// instance, but only the instance holding the lease (a row taken with a conditional update) sweeps,
// so a database shared by several instances is swept once per interval.
import { randomBytes } from 'node:crypto';
import type { Service } from '../service';
import { organizationDefault } from './routes';
import { RETENTION_SWEEP_LEASE } from './store';

/** How often the sweep runs by default: state versions age in days, an hour is early enough. */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export class RetentionSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;
  /** This instance's name in the lease row. */
  private readonly holder = `sweep-${process.pid}-${randomBytes(6).toString('hex')}`;

  constructor(
    private readonly service: Service,
    private readonly intervalMs = RETENTION_SWEEP_INTERVAL_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      // One sweep at a time in this instance; a failed one (the database away) waits for the next turn.
      this.running ??= this.sweepOnce()
        .catch((error: unknown) => this.service.log(`data retention sweep failed: ${(error as Error).message}`))
        .finally(() => (this.running = null));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Sweeps when this instance holds the lease; returns how many state versions went (null: another instance holds it). */
  async sweepOnce(now = Date.now()): Promise<number | null> {
    const { service } = this;
    if (service.edition !== 'self-hosted') return 0;
    // The lease outlasts the interval a little, so a live holder keeps it and a dead one's lapses.
    if (!(await service.store.leases.take(RETENTION_SWEEP_LEASE, this.holder, now + 2 * this.intervalMs, now))) return null;
    let deleted = 0;
    for (const { workspaceId, days } of await service.store.dataRetention.deleteOlderPolicies()) {
      deleted += await service.store.stateVersions.deleteOlderThan(workspaceId, new Date(now - days * DAY_MS).toISOString());
    }
    for (const organization of service.directory.organizations) {
      const policy = organizationDefault(organization);
      if (policy?.kind !== 'delete-older' || policy.days === null) continue;
      deleted += await service.store.stateVersions.deleteOlderInOrganization(organization.name, new Date(now - policy.days * DAY_MS).toISOString());
    }
    if (deleted > 0) service.log(`data retention: deleted ${deleted} state version(s) older than their policies allow`);
    return deleted;
  }
}
