import { ChangeRequestStore } from './change-requests/store';
import { ConsoleSessionStore } from './console/session-store';
import { ConsumerStore } from './remote-state-consumers/store';
import { DataRetentionStore, LeaseStore } from './data-retention/store';
import { DirectoryStore } from './directory/store';
import { LockStore } from './workspaces/lock-store';
import { SshKeyStore } from './directory/ssh-key-store';
import { Cipher } from './secrets/cipher';
import { StateVersionStore } from './state-versions/store';
import { TagBindingStore } from './tags/binding-store';
import { TagStore } from './tags/store';
import { WorkspaceStore } from './workspaces/store';
import { type DatabaseKind, type Db, type StorageHealth, type StorageOptions, openDatabase, schemaIsCurrent } from './storage';

// The composition root of the service's storage: one store per aggregate over one database. Callers
// go through the door of the aggregate whose rows they want (`store.workspaces.get(id)`,
// `store.locks.lock(…)`); each door's type and records live beside its code in the aggregate's
// folder. Only what belongs to the database itself is answered here: its kind, health, commits,
// change token, schema and closing.

export class Store {
  readonly kind: DatabaseKind;
  readonly directory: DirectoryStore;
  readonly sshKeys: SshKeyStore;
  readonly consoleSessions: ConsoleSessionStore;
  readonly workspaces: WorkspaceStore;
  readonly locks: LockStore;
  readonly tags: TagStore;
  readonly tagBindings: TagBindingStore;
  readonly consumers: ConsumerStore;
  readonly changeRequests: ChangeRequestStore;
  readonly dataRetention: DataRetentionStore;
  readonly stateVersions: StateVersionStore;
  readonly leases: LeaseStore;

  /**
   * `bookmarkEvery`: rows between page bookmarks, for tests (see workspaces/page-bookmarks.ts);
   * `cipher`: what seals states and output values (default: a random key of this process).
   */
  constructor(
    private readonly db: Db,
    options: StoreTuning = {},
  ) {
    this.kind = db.kind;
    this.directory = new DirectoryStore(db);
    this.sshKeys = new SshKeyStore(db);
    this.consoleSessions = new ConsoleSessionStore(db);
    this.workspaces = new WorkspaceStore(db, options.bookmarkEvery);
    this.locks = new LockStore(db);
    this.tags = new TagStore(db);
    this.tagBindings = new TagBindingStore(db);
    this.consumers = new ConsumerStore(db);
    this.changeRequests = new ChangeRequestStore(db);
    this.dataRetention = new DataRetentionStore(db);
    this.stateVersions = new StateVersionStore(db, options.cipher ?? Cipher.ephemeral());
    this.leases = new LeaseStore(db);
  }

  close(): Promise<void> {
    return this.db.close();
  }

  /** Changes whenever anything is committed, by any process; undefined where that is not cheap to know (see Db). */
  changeToken(): string | undefined {
    return this.db.changeToken?.();
  }

  /** Answers only when the database does: whether every migration of this program is applied. */
  schemaIsCurrent(): Promise<boolean> {
    return schemaIsCurrent(this.db);
  }

  /** Outage state and pool use, for readiness and metrics (storage/faults.ts). */
  health(): StorageHealth {
    return this.db.health();
  }

  /** Commits that took effect or may have (see Db); unchanged across a failed request means it changed nothing. */
  commitCount(): number {
    return this.db.commitCount();
  }
}

/** Opens the database, applies pending migrations, and returns the store over it (`tuning`: for tests). */
export interface StoreTuning {
  bookmarkEvery?: number;
  cipher?: Cipher;
}

export async function openStore(options: StorageOptions, tuning: StoreTuning = {}): Promise<Store> {
  return new Store(await openDatabase(options), tuning);
}
