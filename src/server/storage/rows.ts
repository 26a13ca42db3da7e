import type { ChangeRequestRecord, DataRetentionPolicyRecord, FlatTagRecord, NotificationRecord, TagBindingRecord, WorkspaceRecord } from './types';

// Row shapes as the database returns them (snake_case, 0/1 booleans, JSON as text) and their
// mapping to the records of types.ts.

export const WORKSPACE_COLUMNS =
  'w.id, w.organization, w.name, w.project_id, w.created_at, w.updated_at, w.latest_change_at, w.locked, ' +
  'w.locked_by, w.locked_reason, w.resource_count, w.ssh_key_id, w.current_state_version_id, w.settings, w.version';

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
  settings: string;
  version: number;
}

/** The row's columns that change without touching settings or tags. */
export function workspaceScalarsFromRow(row: WorkspaceRow): Omit<WorkspaceRecord, 'settings' | 'tagNames'> {
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
    version: Number(row.version),
  };
}

export function workspaceFromRow(row: WorkspaceRow, tagNames: string[]): WorkspaceRecord {
  return { ...workspaceScalarsFromRow(row), settings: JSON.parse(row.settings) as Record<string, unknown>, tagNames };
}

export const TAG_COLUMNS = 't.id, t.organization, t.name, t.created_at, (SELECT COUNT(*) FROM workspace_tags c WHERE c.tag_id = t.id) AS instance_count';

export interface TagRow {
  id: string;
  organization: string;
  name: string;
  created_at: string;
  instance_count: number;
}

export function flatTagFromRow(row: TagRow): FlatTagRecord {
  return {
    id: row.id,
    organization: row.organization,
    name: row.name,
    createdAt: row.created_at,
    instanceCount: Number(row.instance_count),
  };
}

export interface TagBindingRow {
  id: string;
  key: string;
  value: string;
  created_at: string;
}

export function tagBindingFromRow(row: TagBindingRow): TagBindingRecord {
  return { id: row.id, key: row.key, value: row.value, createdAt: row.created_at };
}

export const CHANGE_REQUEST_COLUMNS = 'id, workspace_id, subject, message, archived_by, archived_at, created_at, updated_at';

export interface ChangeRequestRow {
  id: string;
  workspace_id: string;
  subject: string;
  message: string;
  archived_by: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export function changeRequestFromRow(row: ChangeRequestRow): ChangeRequestRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    subject: row.subject,
    message: row.message,
    archivedBy: row.archived_by,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NotificationRow {
  id: string;
  team: string;
  workspace_id: string;
  change_request_id: string;
  subject: string;
  created_at: string;
  deliveries: string;
}

export function toNotification(row: NotificationRow): NotificationRecord {
  return {
    id: row.id,
    team: row.team,
    workspaceId: row.workspace_id,
    changeRequestId: row.change_request_id,
    subject: row.subject,
    createdAt: row.created_at,
    deliveries: JSON.parse(row.deliveries) as NotificationRecord['deliveries'],
  };
}

export interface RetentionRow {
  workspace_id: string;
  id: string;
  kind: string;
  delete_older_than_n_days: number | null;
  created_at: string;
  updated_at: string;
}

export function toRetention(row: RetentionRow): DataRetentionPolicyRecord {
  return {
    workspaceId: row.workspace_id,
    id: row.id,
    kind: row.kind as DataRetentionPolicyRecord['kind'],
    deleteOlderThanNDays: row.delete_older_than_n_days === null ? null : Number(row.delete_older_than_n_days),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
