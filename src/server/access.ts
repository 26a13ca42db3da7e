// Who the caller is and what it may do (architecture "Bootstrap file"; spec "Authentication").
import { timingSafeEqual } from 'node:crypto';
import { type AccessLevel, USER_ID_PATTERN, maxLevel } from '../contract';
import { type Directory, type DirectoryOrganization, type DirectoryTeam, tokenDigest } from './bootstrap';
import { type AccessRecords, organizationsWithRecords } from './access-records';

/**
 * `principal` is the caller's typed key: the kind, a space, then the kind's own identifier. No kind
 * can spell another kind's key whatever its identifier holds, so every cache, limit and session
 * keyed by it keeps callers apart (a user whose ID were `org:acme` is still not that organization).
 * It is computed once, when the directory index is built, not on every request.
 */
export type Caller = (
  | { kind: 'user'; userId: string; username: string }
  | { kind: 'organization-token'; organization: string }
  | { kind: 'team-token'; organization: string; teamId: string }
  | { kind: 'emulator' }
) & {
  readonly principal: string;
};

export function userCaller(userId: string, username: string): Caller {
  return { kind: 'user', userId, username, principal: `user ${userId}` };
}

export function organizationTokenCaller(organization: string): Caller {
  return { kind: 'organization-token', organization, principal: `organization-token ${organization}` };
}

/** A team token acts with its team's access alone, whoever made it. */
export function teamTokenCaller(organization: string, teamId: string): Caller {
  return { kind: 'team-token', organization, teamId, principal: `team-token ${teamId}` };
}

export const EMULATOR_CALLER: Caller = Object.freeze({ kind: 'emulator', principal: 'emulator' });

/** The principal recorded as a lock holder (stored in workspaces; user IDs start with `user-`, see bootstrap.ts). */
export function principalOf(caller: Caller): string {
  if (caller.kind === 'user') return caller.userId;
  if (caller.kind === 'organization-token') return `org:${caller.organization}`;
  if (caller.kind === 'team-token') return `team:${caller.teamId}`;
  return 'emulator';
}

export interface OrganizationRole {
  member: boolean;
  owner: boolean;
  manageWorkspaces: boolean;
  manageProjects: boolean;
  teams: DirectoryTeam[];
}

const NO_ROLE: OrganizationRole = { member: false, owner: false, manageWorkspaces: false, manageProjects: false, teams: [] };
const FULL_ROLE: OrganizationRole = { member: true, owner: true, manageWorkspaces: true, manageProjects: true, teams: [] };

/**
 * The directory indexed for the request path: token look-ups and roles are O(1). Teams, projects
 * and grants come from their records (issue 34) when `records` is given, each organization keeping
 * the shape it had in the directory (`DirectoryOrganization.teams`, `.projects`).
 */
export class DirectoryIndex {
  /** Keyed by the raw SHA-256 digest (latin1 string); the stored digest is kept for the comparison. */
  private readonly tokens = new Map<string, { caller: Caller; digest: Buffer; expiresAtMs: number | null }>();
  private readonly organizations = new Map<string, DirectoryOrganization>();
  private readonly usernames = new Map<string, string>();
  private readonly siteAdmins = new Set<string>();

  constructor(
    readonly directory: Directory,
    records?: AccessRecords,
  ) {
    const revoked = new Set(directory.revokedTokenHashes);
    const add = (hexHash: string, caller: Caller, expiresAtMs: number | null = null) => {
      if (revoked.has(hexHash)) return;
      const digest = Buffer.from(hexHash, 'hex');
      this.tokens.set(digest.toString('latin1'), { caller, digest, expiresAtMs });
    };
    const users = new Map<string, Caller>();
    for (const user of directory.users) {
      // A directory stored before IDs were checked may hold a user whose ID is not a user ID; it
      // would share lock holders with other kinds of callers, so it cannot sign in.
      if (!USER_ID_PATTERN.test(user.id)) continue;
      this.usernames.set(user.id, user.username);
      if (user.siteAdmin) this.siteAdmins.add(user.id);
      const caller = userCaller(user.id, user.username);
      users.set(user.id, caller);
      for (const hash of user.tokenHashes) add(hash, caller);
    }
    // A token of a user no longer in the directory signs in as nobody.
    for (const token of directory.authenticationTokens ?? []) {
      const caller = users.get(token.userId);
      if (caller) add(token.hash, caller, token.expiredAt ? Date.parse(token.expiredAt) : null);
    }
    const teamOrganizations = new Map<string, string>();
    for (const org of records ? organizationsWithRecords(directory.organizations, records) : directory.organizations) {
      this.organizations.set(org.name, org);
      if (org.tokenHash) add(org.tokenHash, organizationTokenCaller(org.name));
      // Made through the API (directory/service-tokens.ts); it replaced the bootstrap one, if any.
      const made = org.organizationToken;
      if (made) add(made.hash, organizationTokenCaller(org.name), made.expiredAt ? Date.parse(made.expiredAt) : null);
      for (const team of org.teams) teamOrganizations.set(team.id, org.name);
    }
    // A token of a team no longer in the directory signs in as nobody.
    for (const token of directory.teamTokens ?? []) {
      const organization = teamOrganizations.get(token.teamId);
      if (organization) add(token.hash, teamTokenCaller(organization, token.teamId), token.expiredAt ? Date.parse(token.expiredAt) : null);
    }
    for (const hash of directory.emulatorTokenHashes) add(hash, EMULATOR_CALLER);
  }

  /** Resolves a bearer token; the stored hash is compared in constant time after the look-up. */
  authenticate(token: string): Caller | null {
    const digest = tokenDigest(token);
    const entry = this.tokens.get(digest.toString('latin1'));
    return entry && timingSafeEqual(entry.digest, digest) && live(entry) ? entry.caller : null;
  }

  /** The caller a stored token hash (hex) signs in as, while that token is valid. */
  callerOfTokenHash(hexHash: string): Caller | null {
    const entry = this.tokens.get(Buffer.from(hexHash, 'hex').toString('latin1'));
    return entry && live(entry) ? entry.caller : null;
  }

  organization(name: string): DirectoryOrganization | undefined {
    return this.organizations.get(name);
  }

  /** A site administrator creates, renames and deletes organizations and sees every one. */
  isSiteAdmin(caller: Caller): boolean {
    return caller.kind === 'user' && this.siteAdmins.has(caller.userId);
  }

  username(userId: string): string | undefined {
    return this.usernames.get(userId);
  }

  role(caller: Caller, organization: DirectoryOrganization): OrganizationRole {
    if (caller.kind === 'organization-token') return caller.organization === organization.name ? FULL_ROLE : NO_ROLE;
    if (caller.kind === 'team-token') {
      const team = caller.organization === organization.name ? organization.teams.find((t) => t.id === caller.teamId) : undefined;
      return team ? teamRole(team) : NO_ROLE;
    }
    if (caller.kind !== 'user') return NO_ROLE;
    const teams = organization.teams.filter((team) => team.members.includes(caller.userId));
    // A member of no team sees nothing of the organization (an organization membership alone grants nothing).
    if (teams.length === 0) return NO_ROLE;
    return {
      member: true,
      owner: teams.some((t) => t.owners),
      manageWorkspaces: teams.some((t) => t.manageWorkspaces),
      manageProjects: teams.some((t) => t.manageProjects),
      teams,
    };
  }
}

/** What one team's own grants allow, as if it were the caller's only team. */
export function teamRole(team: DirectoryTeam): OrganizationRole {
  return { member: true, owner: team.owners, manageWorkspaces: team.manageWorkspaces, manageProjects: team.manageProjects, teams: [team] };
}

/** Whether a token has not reached its expiry (most have none: no clock read for them). */
function live(entry: { expiresAtMs: number | null }): boolean {
  return entry.expiresAtMs === null || entry.expiresAtMs > Date.now();
}

export function projectName(organization: DirectoryOrganization, projectId: string): string | undefined {
  return organization.projects.find((p) => p.id === projectId)?.name;
}

/** Whether a grant names the workspace: by ID (the API's), by name without case, or '*'. */
function grantsWorkspace(entry: DirectoryTeam['workspaceAccess'][number], workspace: { id?: string; name: string }): boolean {
  if (entry.workspaceId !== undefined) return entry.workspaceId === workspace.id;
  return entry.workspace === '*' || entry.workspace.toLowerCase() === workspace.name.toLowerCase();
}

/** Whether a grant names the project: by ID where the index knows it, else by name, or '*'. */
function grantsProject(entry: DirectoryTeam['projectAccess'][number], projectId: string, project: string | undefined): boolean {
  if (entry.project === '*' || entry.projectId === '*') return true;
  return entry.projectId !== undefined ? entry.projectId === projectId : entry.project === project;
}

/** The caller's access level on a workspace of the organization, or null for none. */
export function workspaceAccess(
  role: OrganizationRole,
  organization: DirectoryOrganization,
  workspace: { id?: string; name: string; projectId: string },
): AccessLevel | null {
  if (!role.member) return null;
  if (role.owner || role.manageWorkspaces || role.manageProjects) return 'admin';
  const project = projectName(organization, workspace.projectId);
  let level: AccessLevel | null = null;
  for (const team of role.teams) {
    for (const entry of team.workspaceAccess) {
      if (grantsWorkspace(entry, workspace)) level = maxLevel(level, entry.access);
    }
    for (const entry of team.projectAccess) {
      if (grantsProject(entry, workspace.projectId, project)) level = maxLevel(level, entry.access);
    }
  }
  return level;
}

/** Admin on a project: create workspaces in it, move workspaces in or out of it. */
export function canAdministerProject(role: OrganizationRole, organization: DirectoryOrganization, projectId: string): boolean {
  if (role.owner || role.manageProjects) return true;
  const project = projectName(organization, projectId);
  return role.teams.some((team) => team.projectAccess.some((e) => grantsProject(e, projectId, project) && e.access === 'admin'));
}

export function canCreateWorkspaces(role: OrganizationRole, organization: DirectoryOrganization, projectId: string): boolean {
  return role.owner || role.manageWorkspaces || canAdministerProject(role, organization, projectId);
}

export function canForceDelete(role: OrganizationRole, organization: DirectoryOrganization, level: AccessLevel | null): boolean {
  if (role.owner) return true;
  return organization.settings['workspace-admins-can-force-delete'] === true && level === 'admin';
}

/** What of an organization's workspaces the caller may see: all, or by names, IDs and projects. */
export type Visibility = { all: true } | { all: false; names: string[]; ids: string[]; projectNames: string[]; projectIds: string[] };

export function visibility(role: OrganizationRole): Visibility {
  if (role.owner || role.manageWorkspaces || role.manageProjects) return { all: true };
  const names = new Set<string>();
  const ids = new Set<string>();
  const projectNames = new Set<string>();
  const projectIds = new Set<string>();
  for (const team of role.teams) {
    for (const entry of team.workspaceAccess) {
      if (entry.workspaceId !== undefined) ids.add(entry.workspaceId);
      else if (entry.workspace === '*') return { all: true };
      else names.add(entry.workspace);
    }
    for (const entry of team.projectAccess) {
      if (entry.project === '*' || entry.projectId === '*') return { all: true };
      if (entry.projectId !== undefined) projectIds.add(entry.projectId);
      else projectNames.add(entry.project);
    }
  }
  return { all: false, names: [...names], ids: [...ids], projectNames: [...projectNames], projectIds: [...projectIds] };
}
