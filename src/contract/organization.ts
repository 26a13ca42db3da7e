// The organization and its entitlement set, as the hosted service has them (go-tfe's
// `organization.go`; `/api/v2/organizations[/:name]`, `/organizations/:name/entitlement-set`). The
// service document takes organizations as given; these are the hosted service's shapes, which
// real clients (go-tfe, the official provider) send and read. One table per resource
// (architecture "One table per resource"); the service's routes, the client, the provider and the
// constructs all take their names from here.
import { z } from 'zod';
import { requestAttributesSchema, responseAttributesSchema, ruleSchema } from './attribute-schemas';
import type { WireCreateValues, WireReadValues, WireUpdateValues } from './attribute-table';
import { paginationLinksSchema, paginationSchema } from './jsonapi';
import {
  ENTITLEMENT_SET_ATTRIBUTES,
  ENTITLEMENTS_ANSWERED_ALSO,
  ORGANIZATION_ATTRIBUTES,
  ORGANIZATION_VALUE_RULES,
  organizationEmailRule,
  organizationNameRule,
} from './organization-attributes';

export const ORGANIZATION_TYPE = 'organizations';
export const ENTITLEMENT_SET_TYPE = 'entitlement-sets';

type OrganizationTable = typeof ORGANIZATION_ATTRIBUTES;
export type OrganizationCreateAttributes = WireCreateValues<OrganizationTable> & { name: string; email: string };
export type OrganizationUpdateAttributes = WireUpdateValues<OrganizationTable>;

export const organizationNameSchema = ruleSchema(organizationNameRule, 'name');

export const organizationCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(ORGANIZATION_TYPE, 'type must be "organizations"'),
    attributes: requestAttributesSchema(ORGANIZATION_ATTRIBUTES, 'create', ORGANIZATION_VALUE_RULES).extend({
      name: organizationNameSchema,
      email: ruleSchema(organizationEmailRule, 'email'),
    }) as unknown as z.ZodType<OrganizationCreateAttributes>,
  }),
});
export type OrganizationCreateBody = z.infer<typeof organizationCreateBodySchema>;

export const organizationUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(ORGANIZATION_TYPE, 'type must be "organizations"'),
    attributes: (
      requestAttributesSchema(ORGANIZATION_ATTRIBUTES, 'update', ORGANIZATION_VALUE_RULES) as unknown as z.ZodType<OrganizationUpdateAttributes>
    ).optional(),
  }),
});
export type OrganizationUpdateBody = z.infer<typeof organizationUpdateBodySchema>;

// ---- Answers ---------------------------------------------------------------------------------

export type OrganizationAttributes = WireReadValues<OrganizationTable> & {
  name: string;
  /** What the caller may do (`can-update`, `can-destroy`, …), as the hosted service answers it. */
  permissions?: Record<string, boolean>;
  [member: string]: unknown;
};

export const organizationAttributesSchema = responseAttributesSchema(ORGANIZATION_ATTRIBUTES).extend({
  name: z.string(),
  permissions: z.record(z.string(), z.boolean()).optional(),
}) as unknown as z.ZodType<OrganizationAttributes>;

export const organizationResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(ORGANIZATION_TYPE),
  attributes: organizationAttributesSchema,
  links: z.record(z.string(), z.string()).optional(),
});
export type OrganizationResource = z.infer<typeof organizationResourceSchema>;

export const organizationDocumentSchema = z.looseObject({ data: organizationResourceSchema });

export const organizationListDocumentSchema = z.looseObject({
  data: z.array(organizationResourceSchema),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});

export type EntitlementSetAttributes = WireReadValues<typeof ENTITLEMENT_SET_ATTRIBUTES>;

export const entitlementSetDocumentSchema = z.looseObject({
  data: z.looseObject({
    /** The organization ID (org-…), as the hosted service answers it. */
    id: z.string(),
    type: z.literal(ENTITLEMENT_SET_TYPE),
    attributes: responseAttributesSchema(ENTITLEMENT_SET_ATTRIBUTES),
  }),
});

/** What the caller may do with an organization (`attributes.permissions`), as the hosted service answers it. */
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
  'can-manage-run-tasks',
  'can-create-project',
  'can-deploy-no-code-modules',
  'can-manage-no-code-modules',
] as const;
export type OrganizationPermissionKey = (typeof ORGANIZATION_PERMISSION_KEYS)[number];

/**
 * The entitlement set's features: the service limits none of the table's, so each is answered
 * true whatever the tier; `assessments` (answered beside them, not a provider attribute) follows
 * the tier, as the spec's rule for health assessments does.
 */
export const ENTITLEMENTS_ALWAYS: readonly string[] = [...Object.values(ENTITLEMENT_SET_ATTRIBUTES).map((row) => row.wire), ...ENTITLEMENTS_ANSWERED_ALSO];
export const ENTITLEMENTS_PLUS_TIER = ['assessments'] as const;
