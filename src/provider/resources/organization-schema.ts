// The schema of `cdkws_organization`, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../protocol/schema';
import { ORGANIZATION_ATTRIBUTES } from '../../spec/organization-attributes';

export const organizationSchema = {
  description:
    'An organization, for site administrators: creating and deleting organizations needs a site administrator token. Deleting it deletes everything the organization holds.',
  attributes: {
    id: { type: 'string', computed: true, description: 'The organization name, which identifies it in paths.' },
    name: { type: 'string', required: true, description: ORGANIZATION_ATTRIBUTES.name.description },
    email: { type: 'string', required: true, description: ORGANIZATION_ATTRIBUTES.email.description },
  },
} as const satisfies Schema;
