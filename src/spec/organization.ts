// Organizations (GET/POST /organizations, GET/PATCH/DELETE /organizations/:name) and their
// entitlement set, in the hosted service's shapes: what its clients send and what they read back.
import { z } from 'zod';

export const ORGANIZATION_TYPE = 'organizations';
export const ENTITLEMENT_SET_TYPE = 'entitlement-sets';

/** Letters, digits, "-" and "_" (the hosted service's rule; URLs carry the name unescaped). */
export const ORGANIZATION_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ORGANIZATION_NAME_MAX = 100;

/** The authentication policies an organization may require of its members. */
export const COLLABORATOR_AUTH_POLICIES = ['password', 'two_factor_mandatory'] as const;

const organizationName = z
  .string()
  .min(1, 'name must not be empty')
  .max(ORGANIZATION_NAME_MAX, `name must be at most ${ORGANIZATION_NAME_MAX} characters`)
  .regex(ORGANIZATION_NAME_PATTERN, 'name may contain only letters, digits, "-" and "_"');

/** Session settings are minutes; the hosted service caps both at two weeks. */
const sessionMinutes = z.number().int().min(1).max(20160).nullable();

/** The settable attributes, all optional: an update changes only what it sends. */
const organizationSettableAttributes = {
  name: organizationName,
  email: z
    .string()
    .min(3)
    .max(255)
    .regex(/^[^@\s]+@[^@\s]+$/, 'email must be an address such as ops@example.com'),
  'session-timeout': sessionMinutes,
  'session-remember': sessionMinutes,
  'collaborator-auth-policy': z.enum(COLLABORATOR_AUTH_POLICIES),
  'cost-estimation-enabled': z.boolean(),
  'owners-team-saml-role-id': z.string().max(255).nullable(),
};

export const organizationUpdateAttributesSchema = z.looseObject(organizationSettableAttributes).partial();
export type OrganizationUpdateAttributes = z.infer<typeof organizationUpdateAttributesSchema>;

export const organizationCreateAttributesSchema = organizationUpdateAttributesSchema.extend({
  name: organizationName,
  email: organizationSettableAttributes.email,
});
export type OrganizationCreateAttributes = z.infer<typeof organizationCreateAttributesSchema>;

const organizationBody = <T extends z.ZodType>(attributes: T) =>
  z.looseObject({
    data: z.looseObject({
      type: z.literal(ORGANIZATION_TYPE, `type must be "${ORGANIZATION_TYPE}"`),
      attributes,
    }),
  });

export const organizationCreateBodySchema = organizationBody(organizationCreateAttributesSchema);
export const organizationUpdateBodySchema = organizationBody(organizationUpdateAttributesSchema.optional().default({}));

/** What the caller may do with an organization (`attributes.permissions`). */
export const ORGANIZATION_PERMISSION_KEYS = [
  'can-update',
  'can-destroy',
  'can-access-via-teams',
  'can-create-module',
  'can-create-team',
  'can-create-workspace',
  'can-manage-users',
  'can-manage-subscription',
  'can-manage-sso',
  'can-update-oauth',
  'can-update-sentinel',
  'can-update-ssh-keys',
  'can-update-api-token',
  'can-traverse',
  'can-create-workspace-migration',
] as const;
export type OrganizationPermissionKey = (typeof ORGANIZATION_PERMISSION_KEYS)[number];

export const organizationAttributesSchema = z.looseObject({
  name: z.string(),
  email: z.string().nullable(),
  'external-id': z.string().optional(),
  'created-at': z.string().optional(),
  'session-timeout': z.number().nullable().optional(),
  'session-remember': z.number().nullable().optional(),
  'collaborator-auth-policy': z.string().optional(),
  'cost-estimation-enabled': z.boolean().optional(),
  'owners-team-saml-role-id': z.string().nullable().optional(),
  'plan-identifier': z.string().optional(),
  permissions: z.record(z.string(), z.boolean()).optional(),
});

export const organizationResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(ORGANIZATION_TYPE),
  attributes: organizationAttributesSchema,
});
export type OrganizationResource = z.infer<typeof organizationResourceSchema>;
export const organizationDocumentSchema = z.looseObject({ data: organizationResourceSchema });

/**
 * The features of the entitlement set. The service limits none of them, so every one is answered
 * true whatever the tier; `assessments` follows the tier, as the spec's rule for health assessments does.
 */
export const ENTITLEMENTS_ALWAYS = [
  'agents',
  'audit-logging',
  'cost-estimation',
  'operations',
  'private-module-registry',
  'sso',
  'sentinel',
  'state-storage',
  'teams',
  'vcs-integrations',
] as const;
export const ENTITLEMENTS_PLUS_TIER = ['assessments'] as const;

export const entitlementSetDocumentSchema = z.looseObject({
  data: z.looseObject({ id: z.string(), type: z.literal(ENTITLEMENT_SET_TYPE), attributes: z.record(z.string(), z.boolean()) }),
});
