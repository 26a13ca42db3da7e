import type { StorageHealth } from './faults';

// The one storage interface of the service. Two implementations (embedded SQLite, PostgreSQL) share
// one SQL implementation over a small dialect adapter; every operation that can race is a single
// conditional statement or a transaction, so several `serve` processes on one database act as one.

/** Settings of a workspace that need no index: the spec's attributes, kebab-case as on the wire. */
export type WorkspaceSettings = Record<string, unknown>;

export interface TagBindingValue {
  key: string;
  value: string;
}

export interface TagBindingRecord extends TagBindingValue {
  id: string;
  createdAt: string;
}

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

export interface StoragePage<T> {
  items: T[];
  total: number;
}

export type SafeDeleteResult = 'deleted' | 'not-found' | 'has-resources' | 'locked';
export type UnlockResult = 'unlocked' | 'not-found' | 'not-locked' | 'locked-by-other' | 'state-version-pending';

export interface FlatTagRecord {
  id: string;
  organization: string;
  name: string;
  createdAt: string;
  /** Number of workspaces carrying the tag. */
  instanceCount: number;
}

export interface ChangeRequestRecord {
  id: string;
  workspaceId: string;
  subject: string;
  message: string;
  archivedBy: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NotificationRecord {
  id: string;
  team: string;
  workspaceId: string;
  changeRequestId: string;
  subject: string;
  createdAt: string;
  /** Delivery attempts to the team's notification URLs, appended as they happen. */
  deliveries: Array<{ url: string; attempt: number; status: number | null; error: string | null; at: string }>;
}

export interface DataRetentionPolicyRecord {
  workspaceId: string;
  id: string;
  kind: 'delete-older' | 'dont-delete';
  deleteOlderThanNDays: number | null;
  createdAt: string;
  updatedAt: string;
}

/** An organization's SSH key as stored; its value is never read back. */
export interface SshKeyRecord {
  id: string;
  organization: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** Rows that change with the directory: an organization deleted or renamed, an SSH key deleted. */
export type DirectoryRowsChange =
  | { kind: 'delete-organization'; organization: string }
  | { kind: 'rename-organization'; from: string; to: string }
  | { kind: 'delete-ssh-key'; id: string; now: string };

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

export class TooManyTagBindingsError extends Error {
  constructor(
    readonly workspaceId: string,
    readonly count: number,
    readonly max: number,
  ) {
    super(`workspace ${workspaceId} would have ${count} tag bindings of its own; at most ${max} are allowed`);
    this.name = 'TooManyTagBindingsError';
  }
}

/** A console session as recorded on the server (console/session.ts); times in ms since the epoch. */
export interface ConsoleSessionRecord {
  /** SHA-256 of the session ID the cookie carries (hex): the table never holds a usable ID. */
  idDigest: string;
  /** The typed principal (access.ts `Caller.principal`). */
  principal: string;
  /** The stored hash of the token signed in with: the session ends when that token does. */
  tokenHash: string;
  csrfNonce: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  close(): Promise<void>;
  /** Changes whenever anything is committed, by any process; undefined where that is not cheap to know (see Db). */
  changeToken(): string | undefined;
  /** Answers only when the database does: whether every migration of this program is applied. */
  schemaIsCurrent(): Promise<boolean>;
  /** Outage state and pool use, for readiness and metrics (faults.ts). */
  health(): StorageHealth;
  /** Commits that took effect or may have (see Db); unchanged across a failed request means it changed nothing. */
  commitCount(): number;

  // Key-value metadata (the bootstrap directory lives here as JSON). Compare-and-set keeps two
  // processes that bootstrap at once from overwriting each other.
  getMeta(key: string): Promise<string | null>;
  compareAndSetMeta(key: string, expected: string | null, value: string): Promise<boolean>;
  /**
   * compareAndSetMeta, and in the same transaction the rows that change with it (an organization's
   * rows deleted or moved to its new name; an SSH key deleted and unassigned from its workspaces);
   * false (nothing changed) when the stored value is not `expected`.
   */
  compareAndSetMetaWithRows(key: string, expected: string, value: string, change: DirectoryRowsChange): Promise<boolean>;

  // SSH keys (write-only values: only a digest is stored)
  listSshKeys(organization: string, offset: number, limit: number): Promise<StoragePage<SshKeyRecord>>;
  getSshKey(id: string): Promise<SshKeyRecord | null>;
  /** Adds the keys whose IDs are not stored yet. */
  insertSshKeys(keys: Array<SshKeyRecord & { valueDigest: string | null }>): Promise<void>;
  updateSshKey(id: string, patch: { name?: string; valueDigest?: string; updatedAt: string }): Promise<SshKeyRecord | null>;

  /** MD5 (hex) of a metadata value (metaDigest of directory.ts), or null when absent. */
  getMetaDigest(key: string): Promise<string | null>;

  // Console sessions
  insertConsoleSession(record: ConsoleSessionRecord): Promise<void>;
  getConsoleSession(idDigest: string): Promise<ConsoleSessionRecord | null>;
  touchConsoleSession(idDigest: string, lastSeenAt: number): Promise<void>;
  deleteConsoleSession(idDigest: string): Promise<void>;
  /** Removes sessions past their absolute expiry or idle since before `idleSince`. */
  deleteExpiredConsoleSessions(nowMs: number, idleSince: number): Promise<number>;

  // Workspaces
  insertWorkspace(workspace: NewWorkspace): Promise<WorkspaceRecord>; // throws NameTakenError
  /** Many at once, in one transaction (imports, benchmark seeds); throws NameTakenError. */
  insertWorkspaces(workspaces: NewWorkspace[]): Promise<void>;
  getWorkspace(id: string): Promise<WorkspaceRecord | null>;
  getWorkspaceByName(organization: string, name: string): Promise<WorkspaceRecord | null>;
  /** The workspace's version, read without its settings (the show cache's check). */
  getWorkspaceStamp(key: { id: string } | { organization: string; name: string }): Promise<WorkspaceStamp | null>;
  getWorkspaces(ids: string[]): Promise<WorkspaceRecord[]>;
  updateWorkspace(id: string, patch: WorkspacePatch): Promise<WorkspaceRecord | null>; // throws NameTakenError
  listWorkspaces(query: WorkspaceQuery): Promise<StoragePage<WorkspaceRecord>>;
  /** All workspace IDs and names of an organization (for queries over names; small rows only). */
  listWorkspaceNames(organization: string): Promise<Array<{ id: string; name: string; projectId: string }>>;
  forceDeleteWorkspace(id: string): Promise<boolean>;
  /** Deletes only when unlocked and managing no resources, atomically. */
  safeDeleteWorkspace(id: string): Promise<SafeDeleteResult>;

  // Locking: each a single conditional statement.
  lockWorkspace(id: string, principal: string, reason: string, now: string): Promise<boolean>;
  unlockWorkspace(id: string, principal: string, now: string): Promise<UnlockResult>;
  forceUnlockWorkspace(id: string, now: string): Promise<boolean>;

  // Emulator controls
  setResourceCount(id: string, count: number, now: string): Promise<boolean>;
  addStateVersion(workspaceId: string, stateVersionId: string, finalized: boolean, now: string): Promise<void>;
  finalizeStateVersion(stateVersionId: string): Promise<boolean>;

  // Flat tags (organization-wide records; a tag on no workspace disappears)
  listWorkspaceTags(workspaceId: string, offset: number, limit: number): Promise<StoragePage<FlatTagRecord>>;
  getOrganizationTag(organization: string, tagId: string): Promise<FlatTagRecord | null>;
  findOrganizationTagByName(organization: string, name: string): Promise<FlatTagRecord | null>;
  /** Adds tags by name (created when new, lowercased by the caller); returns nothing. */
  addWorkspaceTags(workspaceId: string, organization: string, names: string[], now: string): Promise<void>;
  removeWorkspaceTags(workspaceId: string, organization: string, names: string[]): Promise<void>;

  // Tag bindings (the workspace's own)
  listTagBindings(workspaceId: string): Promise<TagBindingRecord[]>;
  /**
   * Adds keys or updates values by key; never removes. Returns the bindings in the order given.
   * With `maxOwn`, throws TooManyTagBindingsError (changing nothing) when the workspace would end
   * up with more own bindings, checked in the same transaction so concurrent writes cannot pass it.
   */
  upsertTagBindings(workspaceId: string, bindings: TagBindingValue[], now: string, options?: { maxOwn?: number }): Promise<TagBindingRecord[]>;
  replaceTagBindings(workspaceId: string, bindings: TagBindingValue[], now: string): Promise<TagBindingRecord[]>;

  // Remote state consumers
  listConsumerIds(workspaceId: string): Promise<string[]>;
  addConsumers(workspaceId: string, consumerIds: string[]): Promise<void>;
  removeConsumers(workspaceId: string, consumerIds: string[]): Promise<void>;
  replaceConsumers(workspaceId: string, consumerIds: string[]): Promise<void>;

  // Change requests and notifications
  insertChangeRequests(records: ChangeRequestRecord[]): Promise<void>;
  getChangeRequest(id: string): Promise<ChangeRequestRecord | null>;
  listChangeRequests(workspaceId: string, archived: boolean | undefined, offset: number, limit: number): Promise<StoragePage<ChangeRequestRecord>>;
  countUnarchivedChangeRequests(workspaceId: string): Promise<number>;
  /** Sets archived-by/at only when not archived yet; false when it already was (or is missing). */
  archiveChangeRequest(id: string, userId: string, now: string): Promise<boolean>;
  insertNotification(record: NotificationRecord): Promise<void>;
  appendNotificationDelivery(id: string, delivery: NotificationRecord['deliveries'][number]): Promise<void>;
  listNotifications(): Promise<NotificationRecord[]>;

  // Data retention policies (self-hosted edition)
  getDataRetentionPolicy(workspaceId: string): Promise<DataRetentionPolicyRecord | null>;
  putDataRetentionPolicy(record: DataRetentionPolicyRecord): Promise<DataRetentionPolicyRecord>;
  deleteDataRetentionPolicy(workspaceId: string): Promise<boolean>;
}

/** Defaults of the PostgreSQL bounds (docs/service.md "Outages and bounds"). */
export const POSTGRES_DEFAULTS = { poolSize: 10, poolWaitMs: 5_000, statementTimeoutMs: 30_000 } as const;

/** PostgreSQL bounds (`cdkws serve --statement-timeout`, `--database-pool`). */
export interface PostgresTuning {
  /** Connections this process opens at most. @default 10 */
  poolSize?: number;
  /** How long a statement may wait for a free connection (or for connecting) before a 503. @default 5000 */
  poolWaitMs?: number;
  /** The server cancels a statement running longer (0: no limit). @default 30000 */
  statementTimeoutMs?: number;
  /** Receives the one line when the database goes away and the one when it is back. */
  log?: (line: string) => void;
}

export type StorageOptions = { kind: 'sqlite'; path: string; log?: (line: string) => void } | ({ kind: 'postgres'; url: string } & PostgresTuning);
