// data "cdkws_organization": one organization by name (src/contract/organization.ts), with its email
// and entitlement set. Any member of the organization may read it.
import { NotFoundError, type EntitlementSet, type Organization } from '../../../client';
import { ENTITLEMENT_SET_ATTRIBUTES } from '../../../contract/organization-attributes';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError } from '../../protocol/diagnostics';
import type { DataSourceImplementation } from '../../protocol/types';
import type { ObjectValue } from '../../protocol/values';
import { organizationDataSourceSchema } from './schema';

/** The entitlement set under its HCL names. */
export function entitlementsValue(set: EntitlementSet): ObjectValue {
  return Object.fromEntries(Object.entries(ENTITLEMENT_SET_ATTRIBUTES).map(([name, row]) => [row.snake, set[name as keyof typeof ENTITLEMENT_SET_ATTRIBUTES]]));
}

export const organizationDataSource: DataSourceImplementation<ProviderData> = {
  schema: organizationDataSourceSchema,
  async read(config, ctx) {
    const { client } = configured(ctx, 'data.cdkws_organization');
    const name = typeof config.name === 'string' ? config.name : '';
    let organization: Organization;
    let entitlements: EntitlementSet;
    try {
      [organization, entitlements] = await Promise.all([client.organizations.read(name), client.organizations.entitlements(name)]);
    } catch (err) {
      if (err instanceof NotFoundError) {
        throw new DiagnosticError('Organization not found', `no organization "${name}" is visible to the token; check the name`, ['name']);
      }
      throw err;
    }
    return {
      state: {
        id: organization.name,
        name: organization.name,
        email: organization.email ?? null,
        external_id: organization.externalId ?? null,
        created_at: organization.createdAt ?? null,
        entitlements: entitlementsValue(entitlements),
      },
    };
  },
};
