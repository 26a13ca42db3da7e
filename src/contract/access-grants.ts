// What a team may be granted (issue 34): its organization access, its access to a workspace
// (team-workspaces) and to a project (team-projects), with the fine-grained permissions of a
// custom grant, and how each grant maps to the access levels every decision reads
// (architecture "Bootstrap file": read ⊂ plan ⊂ write ⊂ admin).
import { type AccessLevel, accessRank } from './permissions';

/** The organization access flags the hosted service knows, by wire name. */
export const ORGANIZATION_ACCESS_FLAGS = [
  'manage-policies',
  'manage-policy-overrides',
  'delegate-policy-overrides',
  'manage-workspaces',
  'manage-vcs-settings',
  'manage-providers',
  'manage-modules',
  'manage-run-tasks',
  'manage-projects',
  'read-workspaces',
  'read-projects',
  'manage-membership',
  'manage-teams',
  'manage-organization-access',
  'access-secret-teams',
  'manage-agent-pools',
] as const;
export type OrganizationAccessFlag = (typeof ORGANIZATION_ACCESS_FLAGS)[number];
export type OrganizationAccess = Record<OrganizationAccessFlag, boolean>;

export function organizationAccessOf(flags: Partial<Record<string, boolean | undefined>> = {}): OrganizationAccess {
  const access = {} as OrganizationAccess;
  for (const flag of ORGANIZATION_ACCESS_FLAGS) access[flag] = flags[flag] === true;
  return access;
}

export const TEAM_VISIBILITIES = ['secret', 'organization'] as const;

export const WORKSPACE_GRANTS = ['read', 'plan', 'write', 'admin', 'custom'] as const;
export type WorkspaceGrant = (typeof WORKSPACE_GRANTS)[number];
export const PROJECT_GRANTS = ['read', 'write', 'maintain', 'admin', 'custom'] as const;
export type ProjectGrant = (typeof PROJECT_GRANTS)[number];

export const RUNS_PERMISSIONS = ['read', 'plan', 'apply'] as const;
export const VARIABLES_PERMISSIONS = ['none', 'read', 'write'] as const;
export const STATE_VERSIONS_PERMISSIONS = ['none', 'read-outputs', 'read', 'write'] as const;
export const SENTINEL_MOCKS_PERMISSIONS = ['none', 'read'] as const;
export const PROJECT_SETTINGS_PERMISSIONS = ['read', 'update', 'delete'] as const;
export const PROJECT_TEAMS_PERMISSIONS = ['none', 'read', 'manage'] as const;

/** The fine-grained permissions of a team's access to a workspace (what go-tfe calls them). */
export interface WorkspacePermissionSet {
  runs: (typeof RUNS_PERMISSIONS)[number];
  variables: (typeof VARIABLES_PERMISSIONS)[number];
  'state-versions': (typeof STATE_VERSIONS_PERMISSIONS)[number];
  'sentinel-mocks': (typeof SENTINEL_MOCKS_PERMISSIONS)[number];
  'workspace-locking': boolean;
  'run-tasks': boolean;
}

/** What each fixed level grants, as the hosted service answers it. */
export const WORKSPACE_LEVEL_PERMISSIONS: Record<AccessLevel, WorkspacePermissionSet> = {
  read: { runs: 'read', variables: 'read', 'state-versions': 'read', 'sentinel-mocks': 'none', 'workspace-locking': false, 'run-tasks': false },
  plan: { runs: 'plan', variables: 'read', 'state-versions': 'read', 'sentinel-mocks': 'none', 'workspace-locking': false, 'run-tasks': false },
  write: { runs: 'apply', variables: 'write', 'state-versions': 'write', 'sentinel-mocks': 'read', 'workspace-locking': true, 'run-tasks': false },
  admin: { runs: 'apply', variables: 'write', 'state-versions': 'write', 'sentinel-mocks': 'read', 'workspace-locking': true, 'run-tasks': true },
};

/** A custom grant's permissions, the unnamed ones at the least (the hosted defaults). */
export function customPermissions(given: Partial<WorkspacePermissionSet>): WorkspacePermissionSet {
  return {
    runs: given.runs ?? 'read',
    variables: given.variables ?? 'none',
    'state-versions': given['state-versions'] ?? 'none',
    'sentinel-mocks': given['sentinel-mocks'] ?? 'none',
    'workspace-locking': given['workspace-locking'] ?? false,
    'run-tasks': given['run-tasks'] ?? false,
  };
}

/**
 * The level a custom grant counts as in the service's decisions: the highest fixed level whose
 * every permission the grant holds, so a custom grant never gives more than it names (a grant
 * without state-versions read counts as no access: the service's read level reads state).
 */
export function levelOfPermissions(permissions: WorkspacePermissionSet): AccessLevel | null {
  const holds = (level: AccessLevel): boolean => {
    const needed = WORKSPACE_LEVEL_PERMISSIONS[level];
    return (
      RUNS_PERMISSIONS.indexOf(permissions.runs) >= RUNS_PERMISSIONS.indexOf(needed.runs) &&
      VARIABLES_PERMISSIONS.indexOf(permissions.variables) >= VARIABLES_PERMISSIONS.indexOf(needed.variables) &&
      STATE_VERSIONS_PERMISSIONS.indexOf(permissions['state-versions']) >= STATE_VERSIONS_PERMISSIONS.indexOf(needed['state-versions']) &&
      (permissions['workspace-locking'] || !needed['workspace-locking']) &&
      (permissions['run-tasks'] || !needed['run-tasks'])
    );
  };
  // Admin is never reached by custom permissions: it also changes settings, which none names.
  for (const level of ['write', 'plan', 'read'] as const) if (holds(level)) return level;
  return null;
}

export function levelOfWorkspaceGrant(access: WorkspaceGrant, permissions: WorkspacePermissionSet): AccessLevel | null {
  return access === 'custom' ? levelOfPermissions(permissions) : access;
}

/** A project grant's level on the project's workspaces (maintain and admin: admin on each). */
export function workspaceLevelOfProjectGrant(access: ProjectGrant, permissions: WorkspacePermissionSet): AccessLevel | null {
  if (access === 'custom') return levelOfPermissions(permissions);
  return access === 'maintain' ? 'admin' : access;
}

/** The most of two levels (null: none). */
export function maxLevel(a: AccessLevel | null, b: AccessLevel | null): AccessLevel | null {
  return accessRank(a) >= accessRank(b) ? a : b;
}
