// The bootstrap file's `notification-urls` of a team become that team's notification
// configurations (generic, enabled, unsigned, on change_request:created), each seeded once ever:
// its ID is derived from the team and the URL, and a seeded configuration changed or deleted
// through the API stays as the API left it.
import { createHash } from 'node:crypto';
import { CHANGE_REQUEST_CREATED_TRIGGER, DELIVERED_DESTINATION_TYPE, NOTIFICATION_CONFIGURATION_ID_PREFIX } from '../../contract';
import { now } from '../ids';
import type { Service } from '../service';
import type { NotificationConfigurationRecord } from './store';

export function seededConfigurationId(teamId: string, url: string): string {
  return `${NOTIFICATION_CONFIGURATION_ID_PREFIX}${createHash('sha256').update(`notification-url:${teamId}:${url}`).digest('hex').slice(0, 16)}`;
}

/** Seeds what is not seeded yet; answers how many configurations were added. */
export async function seedNotificationConfigurations(service: Service): Promise<number> {
  const at = now();
  const records: NotificationConfigurationRecord[] = [];
  for (const { name } of service.directory.organizations) {
    for (const team of service.index.organization(name)?.teams ?? []) {
      (team.notificationUrls ?? []).forEach((url, i) =>
        records.push({
          id: seededConfigurationId(team.id, url),
          teamId: team.id,
          name: `${team.name} notification URL ${i + 1} (bootstrap file)`,
          destinationType: DELIVERED_DESTINATION_TYPE,
          url,
          hasToken: false,
          enabled: true,
          triggers: [CHANGE_REQUEST_CREATED_TRIGGER],
          createdAt: at,
          updatedAt: at,
        }),
      );
    }
  }
  return service.store.notificationConfigurations.seed(records);
}
