// The endpoints of team notification configurations, as go-tfe's NotificationConfigurations calls
// them for a team subscribable (see notification-configuration.ts for the documents).
import type { EndpointDefinition } from './endpoint-types';
import { PAGE_PARAMETERS } from './endpoint-types';
import {
  notificationConfigurationCreateBodySchema,
  notificationConfigurationDocumentSchema,
  notificationConfigurationListDocumentSchema,
  notificationConfigurationUpdateBodySchema,
} from './notification-configuration';

export const NOTIFICATION_CONFIGURATION_ENDPOINTS = {
  listTeamNotificationConfigurations: {
    method: 'GET',
    path: '/teams/:team_id/notification-configurations',
    summary: 'List a team’s notification configurations',
    permission: 'team-manager',
    query: PAGE_PARAMETERS,
    success: [200],
    answer: notificationConfigurationListDocumentSchema,
    errors: ['notFound', 'forbidden'],
  },
  createTeamNotificationConfiguration: {
    method: 'POST',
    path: '/teams/:team_id/notification-configurations',
    summary: 'Create a team notification configuration: a generic webhook told of change requests on the workspaces the team can read',
    permission: 'team-manager',
    body: notificationConfigurationCreateBodySchema,
    success: [201],
    answer: notificationConfigurationDocumentSchema,
    errors: ['notFound', 'forbidden', 'notificationDestinationUnsupported', 'notificationTriggerUnsupported'],
  },
  showNotificationConfiguration: {
    method: 'GET',
    path: '/notification-configurations/:notification_configuration_id',
    summary: 'Show a notification configuration with its latest delivery responses',
    permission: 'team-manager',
    success: [200],
    answer: notificationConfigurationDocumentSchema,
    errors: ['notFound', 'forbidden'],
  },
  updateNotificationConfiguration: {
    method: 'PATCH',
    path: '/notification-configurations/:notification_configuration_id',
    summary: 'Change a notification configuration (name, url, token, enabled, triggers)',
    permission: 'team-manager',
    body: notificationConfigurationUpdateBodySchema,
    success: [200],
    answer: notificationConfigurationDocumentSchema,
    errors: ['notFound', 'forbidden', 'notificationTriggerUnsupported'],
  },
  deleteNotificationConfiguration: {
    method: 'DELETE',
    path: '/notification-configurations/:notification_configuration_id',
    summary: 'Delete a notification configuration (deliveries not yet made are dropped)',
    permission: 'team-manager',
    destructive: true,
    success: [204],
    errors: ['notFound', 'forbidden'],
  },
  verifyNotificationConfiguration: {
    method: 'POST',
    path: '/notification-configurations/:notification_configuration_id/actions/verify',
    summary: 'Send a test delivery now and answer the configuration with its response first',
    permission: 'team-manager',
    success: [200],
    answer: notificationConfigurationDocumentSchema,
    errors: ['notFound', 'forbidden'],
  },
} as const satisfies Record<string, EndpointDefinition>;
