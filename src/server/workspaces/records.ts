import type { TagBindingValue } from '../tags/binding-store';

// The workspaces' records as their stores answer them (store.ts, lock-store.ts): what callers of
// `store.workspaces` and `store.locks` read and write.

/** Settings of a workspace that need no index: the spec's attributes, kebab-case as on the wire. */
export type WorkspaceSettings = Record<string, unknown>;

export interface WorkspaceRecord {
  id: string;
  organization: string;
  name: string;
  projectId: string;
  createdAt: string;
  updatedAt: string;
  latestChangeAt: string;
  locked: boolean;
  /** Principal holding the lock: a user ID (`user-…`) or an organization token principal (`org:<name>`). */
  lockedBy: string | null;
  lockedReason: string | null;
  resourceCount: number;
  sshKeyId: string | null;
  currentStateVersionId: string | null;
  /** The current state's output IDs (`wsout-…`); absent while it has none. */
  currentOutputIds?: string[];
  /** Its variables' IDs (`var-…`), in the order created; absent while it has none. */
  variableIds?: string[];
  settings: WorkspaceSettings;
  /** Flat tag names, lowercased, in the order they were added. */
  tagNames: string[];
  /** Increases with every write; lets callers detect concurrent changes. */
  version: number;
  /** Unarchived change requests, when the read that produced the record counted them. */
  unarchivedChangeRequests?: number;
}

export interface NewWorkspace {
  id: string;
  organization: string;
  name: string;
  projectId: string;
  createdAt: string;
  settings: WorkspaceSettings;
  sshKeyId?: string | null;
  tagNames?: string[];
  tagBindings?: TagBindingValue[];
}

export interface WorkspacePatch {
  name?: string;
  projectId?: string;
  settings?: WorkspaceSettings;
  sshKeyId?: string | null;
  updatedAt: string;
  /** When set, the workspace's own tag bindings become exactly this list (in this order). */
  replaceTagBindings?: TagBindingValue[];
}

export type WorkspaceSortField = 'name' | 'latest-change-at' | 'current-run.created-at';

export interface WorkspaceQuery {
  organization: string;
  /** Names the caller may see; null means every workspace of the organization. */
  visibleNames: string[] | null;
  /** Case-insensitive substring of the name. */
  search?: string;
  /** `*` at either end means anything; the rest is literal; case-insensitive. */
  wildcardName?: string;
  /** Every one of these flat tags must be present. */
  tags?: string[];
  /** None of these flat tags may be present. */
  excludeTags?: string[];
  /** Every entry must match a direct tag binding: key, and value when given. */
  tagged?: Array<{ key: string; value?: string }>;
  projectId?: string;
  /** Workspaces have no runs in this service, so any status matches nothing; kept for fidelity. */
  currentRunStatus?: string;
  sort?: { field: WorkspaceSortField; descending: boolean };
  offset: number;
  limit: number;
  /** Aborts when nobody waits for the answer any more: PostgreSQL then cancels the statement. */
  signal?: AbortSignal;
}

export type SafeDeleteResult = 'deleted' | 'not-found' | 'has-resources' | 'locked';
export type UnlockResult = 'unlocked' | 'not-found' | 'not-locked' | 'locked-by-other' | 'state-version-pending';

/** What tells whether a workspace record read earlier still describes the workspace. */
export interface WorkspaceStamp {
  id: string;
  /** Raised by every write to the workspace's row, its tags or its change requests. */
  version: number;
}

export class NameTakenError extends Error {
  constructor(
    readonly organization: string,
    readonly workspaceName: string,
  ) {
    super(`workspace name "${workspaceName}" is already taken in organization "${organization}"`);
    this.name = 'NameTakenError';
  }
}
