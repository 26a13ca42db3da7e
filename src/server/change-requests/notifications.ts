// Team notifications on change request creation (spec "Events"; architecture "Emulator controls";
// decision 15). Every notification is recorded; deliveries to the team's bootstrap
// `notification-urls` run in the background with bounded retries, so a slow or failing webhook
// never delays or fails the API request that created the change request.
import type { DirectoryOrganization, DirectoryTeam } from '../bootstrap';
import { workspaceAccess } from '../access';
import { newId, now } from '../ids';
import type { Service } from '../service';
import type { ChangeRequestRecord, NotificationRecord } from './store';
import type { WorkspaceRecord } from '../workspaces/records';

export const DELIVERY_ATTEMPTS = 3;
export const DELIVERY_BACKOFF_MS = 200;
export const DELIVERY_TIMEOUT_MS = 5000;

type Delivery = NotificationRecord['deliveries'][number];

/** Teams with at least read access to the workspace, each judged on its own grants. */
export function teamsWithAccess(organization: DirectoryOrganization, workspace: { name: string; projectId: string }): DirectoryTeam[] {
  return organization.teams.filter((team) => {
    const role = { member: true, owner: team.owners, manageWorkspaces: team.manageWorkspaces, manageProjects: team.manageProjects, teams: [team] };
    return workspaceAccess(role, organization, workspace) !== null;
  });
}

export class NotificationDispatcher {
  private readonly pending = new Set<Promise<void>>();
  private readonly controller = new AbortController();
  private stopped = false;
  /** Wakes the backoff waits, so stop() never waits for a timer. */
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly service: Service) {}

  /**
   * Records one notification per team with access to each change request's workspace, then starts
   * the deliveries. Never throws: a failure to record is logged and the request still succeeds.
   */
  async changeRequestsCreated(
    organization: DirectoryOrganization,
    created: Array<{ request: ChangeRequestRecord; workspace: WorkspaceRecord }>,
  ): Promise<void> {
    for (const { request, workspace } of created) {
      for (const team of teamsWithAccess(organization, workspace)) {
        const record: NotificationRecord = {
          id: newId('nc-'),
          team: team.name,
          workspaceId: workspace.id,
          changeRequestId: request.id,
          subject: request.subject,
          createdAt: now(),
          deliveries: [],
        };
        try {
          await this.service.store.changeRequests.insertNotification(record);
        } catch (error) {
          this.service.log(`could not record the notification of team ${team.name} for ${request.id}: ${(error as Error).message}`);
          continue;
        }
        const payload = {
          event: 'change_request.created',
          organization: organization.name,
          team: team.name,
          workspace: { id: workspace.id, name: workspace.name },
          change_request: { id: request.id, subject: request.subject, message: request.message, 'created-at': request.createdAt },
          'created-at': record.createdAt,
        };
        for (const url of team.notificationUrls) this.track(this.deliver(record.id, url, payload));
      }
    }
  }

  /** Aborts deliveries in flight and waits for them to settle (nothing is written after this). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.controller.abort();
    for (const wake of [...this.sleepers]) wake();
    await Promise.allSettled([...this.pending]);
  }

  private track(task: Promise<void>): void {
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  private async deliver(notificationId: string, url: string, payload: unknown): Promise<void> {
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS && !this.stopped; attempt += 1) {
      const delivery = await this.attempt(url, attempt, payload);
      if (this.stopped) return;
      try {
        await this.service.store.changeRequests.appendNotificationDelivery(notificationId, delivery);
      } catch (error) {
        this.service.log(`could not record a delivery to ${url}: ${(error as Error).message}`);
      }
      if (delivery.status !== null && delivery.status >= 200 && delivery.status < 300) return;
      if (attempt < DELIVERY_ATTEMPTS) await this.sleep(DELIVERY_BACKOFF_MS * 2 ** (attempt - 1));
    }
  }

  private async attempt(url: string, attempt: number, payload: unknown): Promise<Delivery> {
    const at = now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'cdkws-notifications' },
        body: JSON.stringify(payload),
        // Only the bootstrap's URLs are ever called: a redirect is a failed attempt, not followed.
        redirect: 'manual',
        signal: AbortSignal.any([this.controller.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.body?.cancel().catch(() => undefined);
      return { url, attempt, status: response.status, error: response.ok ? null : `HTTP ${response.status}`, at };
    } catch (error) {
      return { url, attempt, status: null, error: (error as Error).message || 'delivery failed', at };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}

const dispatchers = new WeakMap<Service, NotificationDispatcher>();

/** The service's dispatcher, created on first use (so the service itself needs no change). */
export function notificationsFor(service: Service): NotificationDispatcher {
  let dispatcher = dispatchers.get(service);
  if (!dispatcher) {
    dispatcher = new NotificationDispatcher(service);
    dispatchers.set(service, dispatcher);
  }
  return dispatcher;
}

/** Stops the service's deliveries, if it ever had any; called before storage closes. */
export async function stopNotifications(service: Service): Promise<void> {
  await dispatchers.get(service)?.stop();
}
