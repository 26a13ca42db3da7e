// The organization as the hosted service shows it: its document, the caller's permissions on it,
// and its entitlement set. Used by the organization routes and by `include=organization`.
import { createHash } from 'node:crypto';
import {
  AGENT_POOL_TYPE,
  ENTITLEMENT_SET_TYPE,
  ENTITLEMENTS_ALWAYS,
  ENTITLEMENTS_PLUS_TIER,
  ORGANIZATION_PERMISSION_KEYS,
  ORGANIZATION_TYPE,
  REMAINING_TESTABLE_COUNT,
  type OrganizationPermissionKey,
  hostedLink,
  rootPathOf,
} from '../../contract';
import type { Caller, DirectoryIndex } from '../access';
import type { DirectoryOrganization, OrganizationProfile } from '../bootstrap';
import { settingAttributes } from './settings';
import { organizationRetentionPolicy } from './data-retention';

/** The stored profile, or the one an organization bootstrapped before profiles existed is shown with. */
export function organizationProfile(organization: DirectoryOrganization): OrganizationProfile {
  if (organization.profile) return organization.profile;
  // Stable across calls and processes: derived from the name, as nothing else is stored.
  const digest = createHash('sha256').update(`organization:${organization.name}`).digest('hex').slice(0, 16);
  return {
    externalId: `org-${digest}`,
    email: null,
    createdAt: new Date(0).toISOString(),
    sessionTimeout: null,
    sessionRemember: null,
    collaboratorAuthPolicy: 'password',
    costEstimationEnabled: false,
    ownersTeamSamlRoleId: null,
  };
}

/** Whether the caller sees the organization at all: a member, or a site administrator. */
export function canSeeOrganization(index: DirectoryIndex, caller: Caller, organization: DirectoryOrganization): boolean {
  return index.isSiteAdmin(caller) || index.role(caller, organization).member;
}

/**
 * Owners (and the organization token) manage the organization's settings and SSH keys; only a site
 * administrator deletes it (docs/service.md "Organizations").
 */
export function organizationPermissions(
  index: DirectoryIndex,
  caller: Caller,
  organization: DirectoryOrganization,
): Record<OrganizationPermissionKey, boolean> {
  const siteAdmin = index.isSiteAdmin(caller);
  const role = index.role(caller, organization);
  const manage = siteAdmin || role.owner;
  const permissions = Object.fromEntries(ORGANIZATION_PERMISSION_KEYS.map((key) => [key, manage])) as Record<OrganizationPermissionKey, boolean>;
  permissions['can-destroy'] = siteAdmin;
  permissions['can-traverse'] = siteAdmin || role.member;
  permissions['can-access-via-teams'] = role.member;
  permissions['can-create-workspace'] = manage || role.manageWorkspaces || role.manageProjects;
  return permissions;
}

export function organizationResource(organization: DirectoryOrganization, permissions: Record<string, boolean>): Record<string, unknown> {
  const profile = organizationProfile(organization);
  const name = encodeURIComponent(organization.name);
  const defaultProject = organization.projects.find((p) => p.isDefault);
  const defaultAgentPool = organization.settings['default-agent-pool-id'];
  const retention = organizationRetentionPolicy(organization);
  return {
    id: organization.name,
    type: ORGANIZATION_TYPE,
    attributes: {
      name: organization.name,
      email: profile.email,
      'external-id': profile.externalId,
      'created-at': profile.createdAt,
      'session-timeout': profile.sessionTimeout,
      'session-remember': profile.sessionRemember,
      'collaborator-auth-policy': profile.collaboratorAuthPolicy,
      'cost-estimation-enabled': profile.costEstimationEnabled,
      'owners-team-saml-role-id': profile.ownersTeamSamlRoleId,
      'plan-identifier': organization.tier,
      'saml-enabled': false,
      'two-factor-conformant': false,
      'trial-expires-at': null,
      ...settingAttributes(organization.settings),
      'remaining-testable-count': REMAINING_TESTABLE_COUNT,
      permissions,
    },
    relationships: {
      'default-project': { data: defaultProject ? { id: defaultProject.id, type: 'projects' } : null },
      'default-agent-pool': { data: defaultAgentPool ? { id: defaultAgentPool, type: AGENT_POOL_TYPE } : null },
      'data-retention-policy': {
        data: retention ? { id: retention.id, type: retention.type } : null,
        links: { related: rootPathOf('showOrganizationDataRetentionPolicy', { organization_name: name }) },
      },
      'entitlement-set': {
        data: { id: profile.externalId, type: ENTITLEMENT_SET_TYPE },
        links: { related: rootPathOf('showEntitlementSet', { organization_name: name }) },
      },
    },
    links: { self: rootPathOf('showOrganization', { organization_name: name }) },
  };
}

export function entitlementSetResource(organization: DirectoryOrganization): Record<string, unknown> {
  const attributes: Record<string, boolean> = {};
  for (const feature of ENTITLEMENTS_ALWAYS) attributes[feature] = true;
  for (const feature of ENTITLEMENTS_PLUS_TIER) attributes[feature] = organization.tier === 'plus';
  const profile = organizationProfile(organization);
  return {
    id: profile.externalId,
    type: ENTITLEMENT_SET_TYPE,
    attributes,
    links: { self: hostedLink('entitlementSet', { entitlement_set_id: profile.externalId }) },
  };
}
