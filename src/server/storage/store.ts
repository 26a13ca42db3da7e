import { ChangeRequestStore } from '../change-requests/store';
import { ConsumerStore } from '../remote-state-consumers/store';
import { Db } from './db';
import { DirectoryStore } from '../directory/store';
import { LockStore } from '../workspaces/lock-store';
import { schemaIsCurrent } from './migrations';
import { TagStore } from '../tags/store';
import { WorkspaceStore } from '../workspaces/store';
import type { Store } from './types';
import type { StorageHealth } from './faults';

// The Store the service uses, composed of one store per aggregate over one database: each call
// goes to the store that owns its rows. Only the database's own state (health, commits, the change
// token, the schema) is answered here.

export class SqlStore implements Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly directory: DirectoryStore;
  readonly workspaces: WorkspaceStore;
  readonly locks: LockStore;
  readonly tags: TagStore;
  readonly consumers: ConsumerStore;
  readonly changeRequests: ChangeRequestStore;

  /** `bookmarkEvery`: rows between page bookmarks, for tests (see page-bookmarks.ts). */
  constructor(
    private readonly db: Db,
    options: { bookmarkEvery?: number } = {},
  ) {
    this.kind = db.dialect;
    this.directory = new DirectoryStore(db);
    this.workspaces = new WorkspaceStore(db, options.bookmarkEvery);
    this.locks = new LockStore(db);
    this.tags = new TagStore(db);
    this.consumers = new ConsumerStore(db);
    this.changeRequests = new ChangeRequestStore(db);
  }

  close(): Promise<void> {
    return this.db.close();
  }

  changeToken(): string | undefined {
    return this.db.changeToken?.();
  }

  schemaIsCurrent(): Promise<boolean> {
    return schemaIsCurrent(this.db);
  }

  health(): StorageHealth {
    return this.db.health();
  }

  commitCount(): number {
    return this.db.commitCount();
  }

  // ---- The directory ----
  getMeta: Store['getMeta'] = (...a) => this.directory.getMeta(...a);
  getMetaDigest: Store['getMetaDigest'] = (...a) => this.directory.getMetaDigest(...a);
  compareAndSetMeta: Store['compareAndSetMeta'] = (...a) => this.directory.compareAndSetMeta(...a);
  compareAndSetMetaWithRows: Store['compareAndSetMetaWithRows'] = (...a) => this.directory.compareAndSetMetaWithRows(...a);
  listSshKeys: Store['listSshKeys'] = (...a) => this.directory.listSshKeys(...a);
  getSshKey: Store['getSshKey'] = (...a) => this.directory.getSshKey(...a);
  insertSshKeys: Store['insertSshKeys'] = (...a) => this.directory.insertSshKeys(...a);
  updateSshKey: Store['updateSshKey'] = (...a) => this.directory.updateSshKey(...a);
  insertConsoleSession: Store['insertConsoleSession'] = (...a) => this.directory.insertConsoleSession(...a);
  getConsoleSession: Store['getConsoleSession'] = (...a) => this.directory.getConsoleSession(...a);
  touchConsoleSession: Store['touchConsoleSession'] = (...a) => this.directory.touchConsoleSession(...a);
  deleteConsoleSession: Store['deleteConsoleSession'] = (...a) => this.directory.deleteConsoleSession(...a);
  deleteExpiredConsoleSessions: Store['deleteExpiredConsoleSessions'] = (...a) => this.directory.deleteExpiredConsoleSessions(...a);

  // ---- Workspaces ----
  insertWorkspace: Store['insertWorkspace'] = (...a) => this.workspaces.insertWorkspace(...a);
  insertWorkspaces: Store['insertWorkspaces'] = (...a) => this.workspaces.insertWorkspaces(...a);
  getWorkspace: Store['getWorkspace'] = (...a) => this.workspaces.getWorkspace(...a);
  getWorkspaceByName: Store['getWorkspaceByName'] = (...a) => this.workspaces.getWorkspaceByName(...a);
  getWorkspaceStamp: Store['getWorkspaceStamp'] = (...a) => this.workspaces.getWorkspaceStamp(...a);
  getWorkspaces: Store['getWorkspaces'] = (...a) => this.workspaces.getWorkspaces(...a);
  updateWorkspace: Store['updateWorkspace'] = (...a) => this.workspaces.updateWorkspace(...a);
  listWorkspaces: Store['listWorkspaces'] = (...a) => this.workspaces.listWorkspaces(...a);
  listWorkspaceNames: Store['listWorkspaceNames'] = (...a) => this.workspaces.listWorkspaceNames(...a);
  forceDeleteWorkspace: Store['forceDeleteWorkspace'] = (...a) => this.workspaces.forceDeleteWorkspace(...a);
  safeDeleteWorkspace: Store['safeDeleteWorkspace'] = (...a) => this.workspaces.safeDeleteWorkspace(...a);
  setResourceCount: Store['setResourceCount'] = (...a) => this.workspaces.setResourceCount(...a);
  getDataRetentionPolicy: Store['getDataRetentionPolicy'] = (...a) => this.workspaces.getDataRetentionPolicy(...a);
  putDataRetentionPolicy: Store['putDataRetentionPolicy'] = (...a) => this.workspaces.putDataRetentionPolicy(...a);
  deleteDataRetentionPolicy: Store['deleteDataRetentionPolicy'] = (...a) => this.workspaces.deleteDataRetentionPolicy(...a);

  // ---- Locks and state versions ----
  lockWorkspace: Store['lockWorkspace'] = (...a) => this.locks.lockWorkspace(...a);
  unlockWorkspace: Store['unlockWorkspace'] = (...a) => this.locks.unlockWorkspace(...a);
  forceUnlockWorkspace: Store['forceUnlockWorkspace'] = (...a) => this.locks.forceUnlockWorkspace(...a);
  addStateVersion: Store['addStateVersion'] = (...a) => this.locks.addStateVersion(...a);
  finalizeStateVersion: Store['finalizeStateVersion'] = (...a) => this.locks.finalizeStateVersion(...a);

  // ---- Flat tags and tag bindings ----
  listWorkspaceTags: Store['listWorkspaceTags'] = (...a) => this.tags.listWorkspaceTags(...a);
  getOrganizationTag: Store['getOrganizationTag'] = (...a) => this.tags.getOrganizationTag(...a);
  findOrganizationTagByName: Store['findOrganizationTagByName'] = (...a) => this.tags.findOrganizationTagByName(...a);
  addWorkspaceTags: Store['addWorkspaceTags'] = (...a) => this.tags.addWorkspaceTags(...a);
  removeWorkspaceTags: Store['removeWorkspaceTags'] = (...a) => this.tags.removeWorkspaceTags(...a);
  listTagBindings: Store['listTagBindings'] = (...a) => this.tags.listTagBindings(...a);
  upsertTagBindings: Store['upsertTagBindings'] = (...a) => this.tags.upsertTagBindings(...a);
  replaceTagBindings: Store['replaceTagBindings'] = (...a) => this.tags.replaceTagBindings(...a);

  // ---- Remote state consumers ----
  listConsumerIds: Store['listConsumerIds'] = (...a) => this.consumers.listConsumerIds(...a);
  addConsumers: Store['addConsumers'] = (...a) => this.consumers.addConsumers(...a);
  removeConsumers: Store['removeConsumers'] = (...a) => this.consumers.removeConsumers(...a);
  replaceConsumers: Store['replaceConsumers'] = (...a) => this.consumers.replaceConsumers(...a);

  // ---- Change requests and notifications ----
  insertChangeRequests: Store['insertChangeRequests'] = (...a) => this.changeRequests.insertChangeRequests(...a);
  getChangeRequest: Store['getChangeRequest'] = (...a) => this.changeRequests.getChangeRequest(...a);
  listChangeRequests: Store['listChangeRequests'] = (...a) => this.changeRequests.listChangeRequests(...a);
  countUnarchivedChangeRequests: Store['countUnarchivedChangeRequests'] = (...a) => this.changeRequests.countUnarchivedChangeRequests(...a);
  archiveChangeRequest: Store['archiveChangeRequest'] = (...a) => this.changeRequests.archiveChangeRequest(...a);
  insertNotification: Store['insertNotification'] = (...a) => this.changeRequests.insertNotification(...a);
  appendNotificationDelivery: Store['appendNotificationDelivery'] = (...a) => this.changeRequests.appendNotificationDelivery(...a);
  listNotifications: Store['listNotifications'] = (...a) => this.changeRequests.listNotifications(...a);
}
