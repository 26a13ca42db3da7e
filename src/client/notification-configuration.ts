// Team notification configurations: generic webhooks told when a change request is created on a
// workspace the team can read. The token signs each delivery (X-TFE-Notification-Signature) and
// is write-only: no answer carries it. `deliveryResponses` are the latest deliveries, newest first.
import { CHANGE_REQUEST_CREATED_TRIGGER, ENDPOINTS, NOTIFICATION_CONFIGURATION_TYPE, type NotificationConfigurationResource } from '../contract';
import { endpointRequest } from './endpoint-request';
import { NotFoundError } from './errors';
import { fetchPage, pageQuery, type ListOptions, type Page } from './pagination';
import { pathOf } from '../contract';
import type { Transport } from './transport';

export interface DeliveryResponse {
  url: string;
  /** The HTTP status; null when no answer came. */
  status: number | null;
  successful: boolean;
  sentAt: string;
  body: string;
}

export interface NotificationConfiguration {
  id: string;
  teamId: string;
  name: string;
  url: string | null;
  enabled: boolean;
  triggers: string[];
  deliveryResponses: DeliveryResponse[];
  raw: NotificationConfigurationResource;
}

export interface NotificationConfigurationCreateOptions {
  name: string;
  url: string;
  /** Signs each delivery; write-only. @default unsigned */
  token?: string;
  /** @default true */
  enabled?: boolean;
  /** @default ['change_request:created'] */
  triggers?: string[];
}

export type NotificationConfigurationUpdateOptions = Partial<Omit<NotificationConfigurationCreateOptions, 'token'>> & {
  /** A new token, or null to stop signing. */
  token?: string | null;
};

export function toNotificationConfiguration(resource: NotificationConfigurationResource): NotificationConfiguration {
  const a = resource.attributes;
  return {
    id: resource.id,
    teamId: resource.relationships.subscribable.data?.id ?? '',
    name: a.name,
    url: a.url,
    enabled: a.enabled,
    triggers: a.triggers,
    deliveryResponses: a['delivery-responses'].map((r) => ({
      url: r.url,
      status: r.code === '' ? null : Number(r.code),
      successful: r.successful === 'true',
      sentAt: r['sent-at'],
      body: r.body,
    })),
    raw: resource,
  };
}

const of = (id: string) => ({ notification_configuration_id: id });

export class NotificationConfigurationsApi {
  constructor(private readonly transport: Transport) {}

  list(teamId: string, options: ListOptions = {}): Promise<Page<NotificationConfiguration>> {
    return fetchPage(
      this.transport,
      pathOf('listTeamNotificationConfigurations', { team_id: teamId }),
      pageQuery(options),
      ENDPOINTS.listTeamNotificationConfigurations.answer,
      toNotificationConfiguration,
    );
  }

  /** Not repeated on a lost answer: a repeat would make a second configuration. */
  async create(teamId: string, options: NotificationConfigurationCreateOptions): Promise<NotificationConfiguration> {
    const attributes = {
      'destination-type': 'generic',
      name: options.name,
      url: options.url,
      enabled: options.enabled ?? true,
      triggers: options.triggers ?? [CHANGE_REQUEST_CREATED_TRIGGER],
      ...(options.token === undefined ? {} : { token: options.token }),
    };
    const body = { data: { type: NOTIFICATION_CONFIGURATION_TYPE, attributes } };
    const doc = await this.transport.call(
      endpointRequest('createTeamNotificationConfiguration', { team_id: teamId }, { body, idempotent: false }),
      ENDPOINTS.createTeamNotificationConfiguration.answer,
    );
    return toNotificationConfiguration(doc.data);
  }

  /** Null when there is no such configuration the caller may see. */
  async read(id: string): Promise<NotificationConfiguration | null> {
    try {
      const doc = await this.transport.call(
        endpointRequest('showNotificationConfiguration', of(id), { idempotent: true }),
        ENDPOINTS.showNotificationConfiguration.answer,
      );
      return toNotificationConfiguration(doc.data);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  async update(id: string, options: NotificationConfigurationUpdateOptions): Promise<NotificationConfiguration> {
    const body = { data: { type: NOTIFICATION_CONFIGURATION_TYPE, attributes: { ...options } } };
    const doc = await this.transport.call(
      endpointRequest('updateNotificationConfiguration', of(id), { body, idempotent: true }),
      ENDPOINTS.updateNotificationConfiguration.answer,
    );
    return toNotificationConfiguration(doc.data);
  }

  /** False when it was gone already. */
  async delete(id: string): Promise<boolean> {
    try {
      await this.transport.request(endpointRequest('deleteNotificationConfiguration', of(id), { idempotent: true }));
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }

  /** Sends a test delivery now; the answer's first delivery response is its outcome. */
  async verify(id: string): Promise<NotificationConfiguration> {
    const doc = await this.transport.call(
      endpointRequest('verifyNotificationConfiguration', of(id), { idempotent: false }),
      ENDPOINTS.verifyNotificationConfiguration.answer,
    );
    return toNotificationConfiguration(doc.data);
  }
}
