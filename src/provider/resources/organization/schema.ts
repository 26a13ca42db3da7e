// The schema of `cdkws_organization`, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../../protocol/schema';
import { resourcePlan } from '../../plan-modifiers';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';
import { ORGANIZATION_ATTRIBUTES } from '../../../contract/organization-attributes';

/** The attributes, keyed by model name (what the hooks read). */
export const ORGANIZATION_RESOURCE_ATTRIBUTES = {
  // The ID is the name: a rename changes it, which Terraform's proposal (the prior ID kept) would not say.
  id: { snake: 'id', type: 'string', computed: true, plan: { mirrors: 'name' }, description: 'The organization name, which identifies it in paths.' },
  name: { snake: 'name', type: 'string', required: true, description: ORGANIZATION_ATTRIBUTES.name.description },
  email: { snake: 'email', type: 'string', required: true, description: ORGANIZATION_ATTRIBUTES.email.description },
} as const satisfies NamedAttributes;

export const organizationSchema: Schema = {
  description:
    'An organization, for site administrators: creating and deleting organizations needs a site administrator token. Deleting it deletes everything the organization holds.',
  attributes: hclAttributes(ORGANIZATION_RESOURCE_ATTRIBUTES),
};

export const organizationNames = modelNamesOf(ORGANIZATION_RESOURCE_ATTRIBUTES);

export const organizationPlan = resourcePlan({ schema: organizationSchema, attributes: ORGANIZATION_RESOURCE_ATTRIBUTES });
