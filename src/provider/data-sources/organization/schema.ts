// The schema of the `cdkws_organization` data source: an organization by name, with its email and
// entitlements (src/contract/organization.ts). Plain data: loaded at provider start.
import type { Schema, TfType } from '../../protocol/schema';
import type { LazyRegistration } from '../../lazy';
import { ENTITLEMENT_SET_ATTRIBUTES, ORGANIZATION_ATTRIBUTES } from '../../../contract/organization-attributes';

/** The entitlements as one object, a bool per entitlement under its HCL name. */
export const ENTITLEMENTS_TYPE: TfType = ['object', Object.fromEntries(Object.values(ENTITLEMENT_SET_ATTRIBUTES).map((row) => [row.snake, 'bool']))];

export const organizationDataSourceSchema: Schema = {
  description: 'Reads one organization by name: its email address and what its plan entitles it to.',
  attributes: {
    id: { type: 'string', computed: true, description: 'The organization name, which identifies it in paths.' },
    name: { type: 'string', required: true, description: ORGANIZATION_ATTRIBUTES.name.description },
    email: { type: 'string', computed: true, description: ORGANIZATION_ATTRIBUTES.email.description },
    external_id: { type: 'string', computed: true, description: ORGANIZATION_ATTRIBUTES.externalId.description },
    created_at: { type: 'string', computed: true, description: ORGANIZATION_ATTRIBUTES.createdAt.description },
    entitlements: {
      type: ENTITLEMENTS_TYPE,
      computed: true,
      description: `What the organization's plan lets it use: ${Object.values(ENTITLEMENT_SET_ATTRIBUTES)
        .map((row) => row.snake)
        .join(', ')} (true or false each).`,
    },
  },
};

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const organizationDataSourceRegistration = {
  type: 'cdkws_organization',
  schema: organizationDataSourceSchema,
  hooks: [{ from: './organization', export: 'organizationDataSource', names: ['read'] }],
} as const satisfies LazyRegistration;
