// Team notification configurations (the hosted service's `notification-configurations` of a team):
// a generic webhook that is told when a change request is created on a workspace the team can
// read. The token signs each delivery (HMAC-SHA512 of the body, NOTIFICATION_SIGNATURE_HEADER) and
// is never answered; `delivery-responses` holds the latest deliveries, newest first.
import { z } from 'zod';
import { TEAM_TYPE } from './team';

export const NOTIFICATION_CONFIGURATION_TYPE = 'notification-configurations';
export const NOTIFICATION_CONFIGURATION_ID_PREFIX = 'nc-';
/** The one trigger of team notifications. */
export const CHANGE_REQUEST_CREATED_TRIGGER = 'change_request:created';
export const NOTIFICATION_TRIGGERS = [CHANGE_REQUEST_CREATED_TRIGGER] as const;
/** The hosted service's destination types; only `generic` is delivered here. */
export const NOTIFICATION_DESTINATION_TYPES = ['generic', 'email', 'slack', 'microsoft-teams'] as const;
export const DELIVERED_DESTINATION_TYPE = 'generic';
/** The hosted service's header: the HMAC-SHA512 (hex) of the body, keyed by the configuration's token. */
export const NOTIFICATION_SIGNATURE_HEADER = 'X-TFE-Notification-Signature';
/** The same on every attempt of one delivery, so a receiver can drop repeats (deliveries are at least once). */
export const NOTIFICATION_IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How many delivery responses a configuration's document shows. */
export const DELIVERY_RESPONSES_SHOWN = 10;
export const NOTIFICATION_NAME_MAX_LENGTH = 255;
export const NOTIFICATION_URL_MAX_LENGTH = 2048;
export const NOTIFICATION_TOKEN_MAX_LENGTH = 1024;
/** A bound on configurations per team, so the fan-out of one change request stays bounded. */
export const NOTIFICATION_CONFIGURATIONS_PER_TEAM_MAX = 20;

const webhookUrlSchema = z
  .string()
  .max(NOTIFICATION_URL_MAX_LENGTH, `url must be at most ${NOTIFICATION_URL_MAX_LENGTH} characters`)
  .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'url must be an http or https URL');

const nameSchema = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(NOTIFICATION_NAME_MAX_LENGTH, `name must be at most ${NOTIFICATION_NAME_MAX_LENGTH} characters`);
const tokenSchema = z.string().max(NOTIFICATION_TOKEN_MAX_LENGTH, `token must be at most ${NOTIFICATION_TOKEN_MAX_LENGTH} characters`);
/** Any string: a trigger other than the team one is refused with its own code (notificationTriggerUnsupported). */
const triggersSchema = z.array(z.string().max(100)).max(20);

const subscribableSchema = z.looseObject({ data: z.looseObject({ type: z.literal(TEAM_TYPE), id: z.string() }).nullable() });

export const notificationConfigurationCreateBodySchema = z.object({
  data: z.looseObject({
    type: z.literal(NOTIFICATION_CONFIGURATION_TYPE, `type must be "${NOTIFICATION_CONFIGURATION_TYPE}"`),
    attributes: z.looseObject({
      'destination-type': z.string().max(50),
      enabled: z.boolean(),
      name: nameSchema,
      token: tokenSchema.nullable().optional(),
      triggers: triggersSchema.optional(),
      url: webhookUrlSchema.optional(),
    }),
    relationships: z.looseObject({ subscribable: subscribableSchema.optional() }).optional(),
  }),
});

export const notificationConfigurationUpdateBodySchema = z.object({
  data: z.looseObject({
    type: z.literal(NOTIFICATION_CONFIGURATION_TYPE, `type must be "${NOTIFICATION_CONFIGURATION_TYPE}"`).optional(),
    attributes: z
      .looseObject({
        enabled: z.boolean().optional(),
        name: nameSchema.optional(),
        token: tokenSchema.nullable().optional(),
        triggers: triggersSchema.optional(),
        url: webhookUrlSchema.optional(),
      })
      .optional(),
  }),
});

export const deliveryResponseSchema = z.looseObject({
  url: z.string(),
  body: z.string(),
  /** The HTTP status as a string, as the hosted service answers it; empty when no answer came. */
  code: z.string(),
  headers: z.record(z.string(), z.array(z.string())),
  'sent-at': z.string(),
  /** "true" or "false", a string as the hosted service answers it. */
  successful: z.string(),
});

export const notificationConfigurationSchema = z.looseObject({
  id: z.string(),
  type: z.literal(NOTIFICATION_CONFIGURATION_TYPE),
  attributes: z.looseObject({
    'created-at': z.string(),
    'updated-at': z.string(),
    'destination-type': z.string(),
    enabled: z.boolean(),
    name: z.string(),
    /** Write-only: always null in answers. */
    token: z.string().nullable(),
    triggers: z.array(z.string()),
    url: z.string().nullable(),
    'email-addresses': z.array(z.string()),
    'delivery-responses': z.array(deliveryResponseSchema),
  }),
  relationships: z.looseObject({ subscribable: subscribableSchema }),
});
export type NotificationConfigurationResource = z.infer<typeof notificationConfigurationSchema>;
export const notificationConfigurationDocumentSchema = z.looseObject({ data: notificationConfigurationSchema });
export const notificationConfigurationListDocumentSchema = z.looseObject({ data: z.array(notificationConfigurationSchema) });
