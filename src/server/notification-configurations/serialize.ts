// A notification configuration as the hosted service answers it: the token never (write-only),
// the latest delivery responses newest first, the team as its subscribable.
import { DELIVERY_RESPONSES_SHOWN, NOTIFICATION_CONFIGURATION_TYPE, TEAM_TYPE } from '../../contract';
import type { Service } from '../service';
import type { DeliveryResponseRecord, NotificationConfigurationRecord } from './store';

function deliveryResponse(r: DeliveryResponseRecord): Record<string, unknown> {
  return {
    url: r.url,
    body: r.body,
    code: r.code,
    headers: r.headers,
    'sent-at': r.sentAt,
    successful: String(r.successful),
    // Ours beyond the hosted service's: which attempt of which delivery, and why it failed.
    attempt: r.attempt,
    'delivery-id': r.outboxId,
    error: r.error,
  };
}

export function notificationConfigurationResource(record: NotificationConfigurationRecord, responses: DeliveryResponseRecord[]): Record<string, unknown> {
  return {
    id: record.id,
    type: NOTIFICATION_CONFIGURATION_TYPE,
    attributes: {
      'created-at': record.createdAt,
      'updated-at': record.updatedAt,
      'destination-type': record.destinationType,
      enabled: record.enabled,
      name: record.name,
      token: null,
      triggers: record.triggers,
      url: record.url,
      'email-addresses': [],
      'delivery-responses': responses.map(deliveryResponse),
    },
    relationships: { subscribable: { data: { id: record.teamId, type: TEAM_TYPE } } },
  };
}

export async function notificationConfigurationDocument(service: Service, record: NotificationConfigurationRecord): Promise<Record<string, unknown>> {
  return notificationConfigurationResource(record, await service.store.notificationConfigurations.responses(record.id, DELIVERY_RESPONSES_SHOWN));
}
