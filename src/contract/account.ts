// The account of the token a request carries (GET /account/details) and the service's ping
// (GET /ping), as the hosted service answers them and its clients read them.
import { z } from 'zod';
import { relationshipSchema } from './jsonapi';

export const USER_TYPE = 'users';

/**
 * Organization and team tokens act through a synthetic "service user"; its username starts with
 * this prefix and the organization's name (clients read the organization back from it).
 */
export const ORGANIZATION_SERVICE_USER_PREFIX = 'api-org-';

export const userPermissionsSchema = z.looseObject({
  'can-create-organizations': z.boolean().optional(),
  'can-change-email': z.boolean().optional(),
  'can-change-username': z.boolean().optional(),
  'can-manage-user-tokens': z.boolean().optional(),
});

export const accountAttributesSchema = z.looseObject({
  username: z.string(),
  email: z.string().nullable().optional(),
  'unconfirmed-email': z.string().nullable().optional(),
  'is-service-account': z.boolean(),
  'avatar-url': z.string().nullable().optional(),
  'v2-only': z.boolean().optional(),
  'two-factor': z.looseObject({ enabled: z.boolean(), verified: z.boolean() }).optional(),
  permissions: userPermissionsSchema.optional(),
});

export const accountDetailsDocumentSchema = z.looseObject({
  data: z.looseObject({
    id: z.string(),
    type: z.literal(USER_TYPE),
    attributes: accountAttributesSchema,
    relationships: z.record(z.string(), relationshipSchema).optional(),
    links: z.record(z.string(), z.string()).optional(),
  }),
});
export type AccountDetailsDocument = z.infer<typeof accountDetailsDocumentSchema>;

/** PATCH /account/update: the caller's own username and email (issue 34, go-tfe's Users.Update). */
export const accountUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(USER_TYPE, `type must be "${USER_TYPE}"`),
    attributes: z
      .looseObject({
        username: z
          .string()
          .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'username must be 1 to 100 letters, digits, "_", "." or "-"')
          .optional(),
        email: z.email('email must be an email address').max(255).optional(),
      })
      .optional()
      .default({}),
  }),
});

/**
 * Response headers of GET /ping that clients read: the API version (clients gate features on
 * it; 2.5 is the least Terraform's cloud integration accepts) and the product name, from which
 * clients tell the hosted edition from the self-hosted one.
 */
export const PING_HEADERS = {
  apiVersion: 'TFP-API-Version',
  appName: 'TFP-AppName',
  rateLimit: 'X-RateLimit-Limit',
} as const;
/**
 * How a service declares its rate limit, as the hosted one does (lower case, as node:http and
 * undici hand headers over): the limit per second on every answer when there is one, and with a
 * 429 the seconds until the window resets and `Retry-After`. The client paces by them.
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
  retryAfter: 'retry-after',
} as const;
export const API_VERSION = '2.5';
export const APP_NAMES = { hosted: 'HCP Terraform', 'self-hosted': 'Terraform Enterprise' } as const;
