// The documents of teams, users and organization memberships, as the hosted service answers them.
import { ORGANIZATION_MEMBERSHIP_TYPE, TEAM_TYPE, USER_TYPE, rootPathOf } from '../../contract';
import type { MembershipRecord } from '../organization-memberships/store';
import type { Service } from '../service';
import type { TeamRecord } from './store';

const organizationLink = (organization: string) => ({ data: { id: organization, type: 'organizations' } });

export function teamResource(team: TeamRecord, memberships: MembershipRecord[], canManage: boolean): Record<string, unknown> {
  const membershipOf = new Map(memberships.map((m) => [m.userId, m.id]));
  return {
    id: team.id,
    type: TEAM_TYPE,
    attributes: {
      name: team.name,
      'organization-access': team.organizationAccess,
      visibility: team.visibility,
      'users-count': team.members.length,
      'sso-team-id': team.ssoTeamId,
      'is-unified': false,
      'allow-member-token-management': true,
      permissions: {
        'can-update-membership': canManage,
        'can-destroy': canManage && !team.owners,
        'can-update-organization-access': canManage && !team.owners,
        'can-update-api-token': canManage,
        'can-update-visibility': canManage,
      },
    },
    relationships: {
      organization: organizationLink(team.organization),
      users: { data: team.members.map((id) => ({ id, type: USER_TYPE })) },
      'organization-memberships': {
        data: team.members.flatMap((userId) => {
          const id = membershipOf.get(userId);
          return id ? [{ id, type: ORGANIZATION_MEMBERSHIP_TYPE }] : [];
        }),
      },
    },
    links: { self: rootPathOf('showTeam', { team_id: team.id }) },
  };
}

/** A user's document: one of the directory, or one invited by email (no username until it signs up). */
export function userResource(service: Service, userId: string, memberships: MembershipRecord[]): Record<string, unknown> | null {
  const user = service.directory.users.find((u) => u.id === userId);
  const invited = memberships.find((m) => m.userId === userId);
  if (!user && !invited) return null;
  return {
    id: userId,
    type: USER_TYPE,
    attributes: {
      username: user?.username ?? null,
      email: user?.email ?? invited?.email ?? null,
      'avatar-url': null,
      'is-service-account': false,
      'two-factor': { enabled: false, verified: false },
      'unconfirmed-email': null,
      'v2-only': false,
    },
    links: { self: rootPathOf('showUser', { user_id: userId }) },
  };
}

export function membershipResource(membership: MembershipRecord, teamIds: string[], email: string | null): Record<string, unknown> {
  return {
    id: membership.id,
    type: ORGANIZATION_MEMBERSHIP_TYPE,
    attributes: { status: membership.status, email },
    relationships: {
      organization: organizationLink(membership.organization),
      user: { data: { id: membership.userId, type: USER_TYPE } },
      teams: { data: teamIds.map((id) => ({ id, type: TEAM_TYPE })) },
    },
    links: { self: rootPathOf('showOrganizationMembership', { organization_membership_id: membership.id }) },
  };
}

/** A membership's document: its teams from the index, its email from the directory where the invitation has none. */
export function membershipDocument(service: Service, membership: MembershipRecord): Record<string, unknown> {
  const organization = service.index.organization(membership.organization);
  const teamIds = (organization?.teams ?? []).filter((t) => t.members.includes(membership.userId)).map((t) => t.id);
  const email = membership.email ?? service.directory.users.find((u) => u.id === membership.userId)?.email ?? null;
  return membershipResource(membership, teamIds, email);
}
