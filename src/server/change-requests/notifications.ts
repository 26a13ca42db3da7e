// Team notifications on change request creation (spec "Events"; architecture "Emulator controls";
// decision 15; issue 34). Every team that can read the workspace gets a notification record (the
// emulator's), and each of its enabled configurations with the change_request:created trigger a
// delivery in the outbox, all in the transaction that creates the change requests: a delivery is
// never lost to a crash, and never made for a request that was not created. The deliveries run in
// the background (notification-configurations/outbox.ts), so a slow or failing webhook never delays
// or fails the API request.
import { CHANGE_REQUEST_CREATED_TRIGGER } from '../../contract';
import type { DirectoryOrganization, DirectoryTeam } from '../bootstrap';
import { teamRole, workspaceAccess } from '../access';
import { newId, now } from '../ids';
import type { Service } from '../service';
import type { NewOutboxRow } from '../notification-configurations/outbox-store';
import { outboxOf } from '../notification-configurations/outbox';
import type { ChangeRequestRecord, NotificationRecord } from './store';
import type { WorkspaceRecord } from '../workspaces/records';

/** Teams with at least read access to the workspace, each judged on its own grants. */
export function teamsWithAccess(organization: DirectoryOrganization, workspace: { name: string; projectId: string }): DirectoryTeam[] {
  return organization.teams.filter((team) => workspaceAccess(teamRole(team), organization, workspace) !== null);
}

/** Creates the change requests with their notifications and deliveries, then wakes this instance's drain. */
export async function createChangeRequests(
  service: Service,
  organization: DirectoryOrganization,
  created: Array<{ request: ChangeRequestRecord; workspace: WorkspaceRecord }>,
): Promise<void> {
  const teams = created.map(({ workspace }) => teamsWithAccess(organization, workspace));
  const configurations = await service.store.notificationConfigurations.enabledForTeams(
    teams.flat().map((t) => t.id),
    CHANGE_REQUEST_CREATED_TRIGGER,
  );
  const notifications: NotificationRecord[] = [];
  const outbox: NewOutboxRow[] = [];
  const at = now();
  created.forEach(({ request, workspace }, i) => {
    for (const team of teams[i]) {
      const notification: NotificationRecord = {
        id: newId('nc-'),
        team: team.name,
        workspaceId: workspace.id,
        changeRequestId: request.id,
        subject: request.subject,
        createdAt: at,
        deliveries: [],
      };
      notifications.push(notification);
      for (const configuration of configurations.filter((c) => c.teamId === team.id)) {
        const payload = {
          payload_version: 1,
          notification_configuration_id: configuration.id,
          trigger: CHANGE_REQUEST_CREATED_TRIGGER,
          event: 'change_request.created',
          organization: organization.name,
          team: team.name,
          team_id: team.id,
          workspace: { id: workspace.id, name: workspace.name },
          change_request: { id: request.id, subject: request.subject, message: request.message, 'created-at': request.createdAt },
          'created-at': at,
        };
        outbox.push({
          id: newId('nd-'),
          configurationId: configuration.id,
          notificationId: notification.id,
          body: JSON.stringify(payload),
          createdAt: at,
          dueAt: Date.now(),
        });
      }
    }
  });
  await service.store.changeRequests.insertMany(
    created.map((c) => c.request),
    notifications,
    outbox,
  );
  if (outbox.length > 0) outboxOf(service)?.nudge();
}
