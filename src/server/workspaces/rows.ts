import type { WorkspaceRecord } from './records';

// A workspace row as the database returns it (snake_case, 0/1 booleans, settings as JSON text) and
// its record; shared by the store and the list's pages.

export const WORKSPACE_COLUMNS =
  'w.id, w.organization, w.name, w.project_id, w.created_at, w.updated_at, w.latest_change_at, w.locked, ' +
  'w.locked_by, w.locked_reason, w.resource_count, w.ssh_key_id, w.current_state_version_id, w.current_output_ids, w.variable_ids, w.settings, w.version';

export interface WorkspaceRow {
  id: string;
  organization: string;
  name: string;
  project_id: string;
  created_at: string;
  updated_at: string;
  latest_change_at: string;
  locked: number;
  locked_by: string | null;
  locked_reason: string | null;
  resource_count: number;
  ssh_key_id: string | null;
  current_state_version_id: string | null;
  current_output_ids: string | null;
  variable_ids: string | null;
  settings: string;
  version: number;
}

/** The row's columns that change without touching settings or tags. */
function workspaceScalarsFromRow(row: WorkspaceRow): Omit<WorkspaceRecord, 'settings' | 'tagNames'> {
  return {
    id: row.id,
    organization: row.organization,
    name: row.name,
    projectId: row.project_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    latestChangeAt: row.latest_change_at,
    locked: Number(row.locked) === 1,
    lockedBy: row.locked_by,
    lockedReason: row.locked_reason,
    resourceCount: Number(row.resource_count),
    sshKeyId: row.ssh_key_id,
    currentStateVersionId: row.current_state_version_id,
    ...(row.current_output_ids && row.current_output_ids !== '[]' ? { currentOutputIds: JSON.parse(row.current_output_ids) as string[] } : {}),
    ...(row.variable_ids && row.variable_ids !== '[]' ? { variableIds: JSON.parse(row.variable_ids) as string[] } : {}),
    version: Number(row.version),
  };
}

export function workspaceFromRow(row: WorkspaceRow, tagNames: string[]): WorkspaceRecord {
  return { ...workspaceScalarsFromRow(row), settings: JSON.parse(row.settings) as Record<string, unknown>, tagNames };
}
