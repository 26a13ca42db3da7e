// Access levels and the `permissions` attribute (architecture "Bootstrap file").

export const ACCESS_LEVELS = ['read', 'plan', 'write', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export function accessRank(level: AccessLevel | null): number {
  return level === null ? -1 : ACCESS_LEVELS.indexOf(level);
}

export function atLeast(level: AccessLevel | null, required: AccessLevel): boolean {
  return accessRank(level) >= accessRank(required);
}

/** Each key of the `permissions` attribute with the lowest access level that grants it. */
export const PERMISSION_LEVELS = {
  'can-update': 'admin',
  'can-destroy': 'admin',
  'can-queue-run': 'plan',
  'can-read-run': 'read',
  'can-read-variable': 'write',
  'can-update-variable': 'write',
  'can-read-state-versions': 'read',
  'can-read-state-outputs': 'read',
  'can-create-state-versions': 'write',
  'can-queue-apply': 'write',
  'can-lock': 'write',
  'can-unlock': 'write',
  'can-force-unlock': 'admin',
  'can-read-settings': 'read',
  'can-manage-tags': 'admin',
  'can-manage-run-tasks': 'admin',
  'can-force-delete': 'owner',
  'can-manage-assessments': 'admin',
  'can-manage-ephemeral-workspaces': 'admin',
  'can-read-assessment-results': 'read',
  'can-queue-destroy': 'write',
} as const satisfies Record<string, AccessLevel | 'owner'>;

export type PermissionKey = keyof typeof PERMISSION_LEVELS;
export const PERMISSION_KEYS = Object.keys(PERMISSION_LEVELS) as PermissionKey[];
export type WorkspacePermissions = Record<PermissionKey, boolean>;

/** The `permissions` attribute for a caller with `level` on the workspace. */
export function permissionsFor(level: AccessLevel | null, canForceDelete: boolean): WorkspacePermissions {
  const result = {} as WorkspacePermissions;
  for (const key of PERMISSION_KEYS) {
    const required = PERMISSION_LEVELS[key];
    result[key] = required === 'owner' ? canForceDelete : atLeast(level, required);
  }
  return result;
}
