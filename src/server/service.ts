// The running service's state: storage, the indexed directory, and the look-ups every route
// shares (organization and workspace resolution with the spec's "404 when not allowed").
import { type AccessLevel, STATE_MAX_BYTES, type WireDialect, atLeast } from '../contract';
import { type Caller, DirectoryIndex, type OrganizationRole, workspaceAccess } from './access';
import { type Directory, type DirectoryOrganization, type BootstrapFile, mergeBootstrap } from './bootstrap';
import { notFound } from './errors';
import { WorkspaceShowCache } from './show-cache';
import { StorageFaultError } from './storage/faults';
import { metaDigest } from './directory/store';
import type { DirectoryRowsChange } from './directory/store';
import type { Store } from './store';
import { type AccessRecords, readAccessRecords } from './access-records';
import type { WorkspaceRecord } from './workspaces/records';

const DIRECTORY_KEY = 'directory';

export interface ResolvedWorkspace {
  workspace: WorkspaceRecord;
  organization: DirectoryOrganization;
  role: OrganizationRole;
  level: AccessLevel | null;
}

/** How often a running service looks for directory changes made by other processes (issue 23: seen within a second). */
export const DIRECTORY_POLL_MS = 250;

export class Service {
  private lastReload = 0;
  /** Workspace records and their rendered documents, while current (show-cache.ts). */
  readonly showCache = new WorkspaceShowCache();
  /** The stored directory text the index was built from, and the database change token it was read under. */
  private directoryText: string | null = null;
  private directoryDigest: string | null = null;
  private directoryReadAt: string | undefined;
  /** The access generation the index's records were read at (teams/generation.ts). */
  private accessGeneration: string | null = null;
  /** The access records the index was last built with. */
  private records: AccessRecords | undefined;
  private watcher: NodeJS.Timeout | undefined;
  private watchFailed = false;
  /** The wire names workspaces are accepted and answered under (`cdkws serve --dialect`). */
  dialect: WireDialect = 'both';
  /** The largest state a state version may hold (STATE_MAX_BYTES; smaller in tests). */
  stateMaxBytes: number = STATE_MAX_BYTES;

  constructor(
    readonly store: Store,
    public index: DirectoryIndex,
    readonly log: (line: string) => void,
  ) {}

  get directory(): Directory {
    return this.index.directory;
  }

  get edition(): 'hosted' | 'self-hosted' {
    return this.directory.edition;
  }

  /**
   * Applies a bootstrap file (compare-and-set, so concurrent processes converge), seeds the access
   * records from the directory (teams/seed.ts: a database of an earlier release is converted so, once)
   * and loads the result.
   */
  static async open(store: Store, bootstrap: BootstrapFile | null, log: (line: string) => void): Promise<Service> {
    for (let attempt = 0; ; attempt += 1) {
      const raw = await store.directory.getMeta(DIRECTORY_KEY);
      const existing = raw ? (JSON.parse(raw) as Directory) : null;
      if (!bootstrap) {
        if (existing) await store.sshKeys.insertMany(bootstrapSshKeys(existing));
        const directory = existing ?? mergeBootstrap(null, { edition: 'hosted', 'emulator-admin-tokens': [], users: [], organizations: [] });
        await store.accessSeeds.seed(directory);
        const records = await readAccessRecords(store);
        const service = new Service(store, new DirectoryIndex(directory, records), log);
        service.accessGeneration = records.generation;
        if (raw) service.remember(raw);
        return service;
      }
      const merged = mergeBootstrap(existing, bootstrap);
      const next = JSON.stringify(merged);
      if (next === raw || (await store.directory.compareAndSetMeta(DIRECTORY_KEY, raw, next))) {
        await store.sshKeys.insertMany(bootstrapSshKeys(merged));
        await store.accessSeeds.seed(merged);
        const records = await readAccessRecords(store);
        const service = new Service(store, new DirectoryIndex(merged, records), log);
        service.accessGeneration = records.generation;
        service.remember(next);
        return service;
      }
      if (attempt > 20) throw new Error('could not apply the bootstrap file: the directory keeps changing');
    }
  }

  /** Another process may have bootstrapped more; reload at most once a second on unknown tokens. */
  async reloadDirectory(): Promise<boolean> {
    const nowMs = Date.now();
    if (nowMs - this.lastReload < 1000) return false;
    this.lastReload = nowMs;
    return this.refreshDirectory(true);
  }

  // ---- Directory changes travel (issue 23): revocations, memberships and grants made by another
  // process are seen here within DIRECTORY_POLL_MS. On SQLite the store's change token says whether
  // anything was written since the last look, so an idle database costs no query; so does PostgreSQL's
  // while its change listener listens (else its directory row's digest is read each time). The index is rebuilt only when its text changed.

  /**
   * Reads the stored directory and the access generation, and rebuilds the index when either
   * changed; true when it did. A directory whose text changed is seeded first (teams/seed.ts): an
   * entry edited by another writer reaches the records as a file's edit does.
   */
  async refreshDirectory(force = false): Promise<boolean> {
    const changeToken = this.store.changeToken();
    if (!force && changeToken !== undefined && changeToken === this.directoryReadAt) return false;
    // On PostgreSQL (a round trip either way) a digest and the access generation are compared first: a few bytes,
    // not the directory. Its change token moves with every write anywhere, and most writes leave both as they are.
    if (
      this.store.kind === 'postgres' &&
      this.directoryDigest !== null &&
      (await this.store.directory.getMetaDigest(DIRECTORY_KEY)) === this.directoryDigest &&
      (await this.store.teams.generation()) === this.accessGeneration
    ) {
      this.directoryReadAt = changeToken;
      return false;
    }
    const raw = await this.store.directory.getMeta(DIRECTORY_KEY);
    this.directoryReadAt = changeToken;
    if (!raw) return false;
    const textChanged = raw !== this.directoryText;
    if (!textChanged && (await this.store.teams.generation()) === this.accessGeneration) return false;
    const directory = textChanged ? (JSON.parse(raw) as Directory) : this.directory;
    const indexedBefore = this.index;
    if (textChanged) await this.store.accessSeeds.seed(directory);
    const records = await readAccessRecords(this.store);
    // A change of this process indexed a newer directory meanwhile: this read is older than it.
    if (this.index !== indexedBefore) {
      this.directoryReadAt = undefined;
      return false;
    }
    this.loaded(raw, directory, records);
    return true;
  }

  /** Re-reads the access records at once (after a change this process made through the API). */
  async accessChanged(): Promise<void> {
    const records = await readAccessRecords(this.store);
    this.loaded(this.directoryText ?? JSON.stringify(this.directory), this.directory, records);
  }

  private remember(raw: string): void {
    this.directoryText = raw;
    this.directoryDigest = metaDigest(raw);
  }

  /** Indexes a directory with the access records and remembers the stored text it came from. */
  private loaded(raw: string, directory: Directory, records: AccessRecords): void {
    this.remember(raw);
    this.records = records;
    this.accessGeneration = records.generation;
    this.index = new DirectoryIndex(directory, records);
  }

  /** Starts looking for directory changes of other processes; stopped by stopWatchingDirectory. */
  watchDirectory(intervalMs = DIRECTORY_POLL_MS): void {
    if (this.watcher) return;
    let running = false;
    this.watcher = setInterval(() => {
      if (running) return; // a slow database: one look at a time
      running = true;
      this.refreshDirectory().then(
        () => {
          this.watchFailed = false;
          running = false;
        },
        (error: unknown) => {
          // Logged once per failure, and not at all for a database outage, which the storage logs
          // itself (faults.ts): the next look tries again, requests go on with the index they have.
          if (!this.watchFailed && !(error instanceof StorageFaultError)) this.log(`directory: cannot read changes from storage: ${(error as Error).message}`);
          this.watchFailed = true;
          running = false;
        },
      );
    }, intervalMs);
    this.watcher.unref();
  }

  stopWatchingDirectory(): void {
    clearInterval(this.watcher);
    this.watcher = undefined;
  }

  /**
   * Changes the stored directory in one transaction holding its row lock (concurrent writers in
   * any process wait for each other, never give up) and indexes the result at once. `change` edits
   * the copy it is given, may run more than once and may throw to refuse; it names the rows that
   * change with the directory in the same transaction (an organization's rows deleted or renamed,
   * an SSH key unassigned).
   */
  async changeDirectory<T>(change: (directory: Directory) => { result: T; rows?: DirectoryRowsChange }): Promise<T> {
    let changed: Directory | undefined;
    let rowsChanged = false;
    const { value, result } = await this.store.directory.changeMeta(
      DIRECTORY_KEY,
      // Started without a bootstrap file: the directory it serves is stored first.
      () => JSON.stringify(this.directory),
      (raw) => {
        const directory = JSON.parse(raw) as Directory;
        const { result, rows } = change(directory);
        changed = directory;
        rowsChanged = rows !== undefined;
        return { value: JSON.stringify(directory), rows, result };
      },
    );
    // Indexed at once, in the order the changes committed (the row lock orders them): an await
    // before this would let an older change be indexed after a newer one, and on a database whose
    // change token has already moved past both, nothing would correct it.
    this.loaded(value, changed!, this.records ?? (await readAccessRecords(this.store)));
    // Rows that change with the directory (an organization deleted or renamed) include access records.
    if (rowsChanged) await this.accessChanged();
    return result;
  }

  /** The organization, when the caller belongs to it (decision 20: 404 otherwise). */
  organizationFor(caller: Caller, name: string): { organization: DirectoryOrganization; role: OrganizationRole } {
    const organization = this.index.organization(name);
    if (!organization) throw notFound(`organization "${name}" was not found, or you are not a member of it`);
    const role = this.index.role(caller, organization);
    if (!role.member) throw notFound(`organization "${name}" was not found, or you are not a member of it`);
    return { organization, role };
  }

  /** Resolves a workspace the caller can at least read; 404 for missing and for not allowed alike. */
  resolve(caller: Caller, workspace: WorkspaceRecord | null, description: string): ResolvedWorkspace {
    const organization = workspace ? this.index.organization(workspace.organization) : undefined;
    if (!workspace || !organization) throw notFound(`workspace ${description} was not found, or you are not authorized to access it`);
    const role = this.index.role(caller, organization);
    const level = workspaceAccess(role, organization, workspace);
    if (!atLeast(level, 'read')) throw notFound(`workspace ${description} was not found, or you are not authorized to access it`);
    return { workspace, organization, role, level };
  }

  /**
   * The workspace with ID `id` when the show cache has it confirmed under the request's change
   * token (show-cache.ts), resolved at once; undefined when it must be read (workspaceById).
   */
  keptWorkspaceById(caller: Caller, id: string, changeToken: string | undefined): ResolvedWorkspace | undefined {
    const record = this.showCache.confirmed(id, changeToken);
    return record && this.resolve(caller, record, `"${id}"`);
  }

  /** `changeToken`: the request's, for a cacheable route (RouteContext.changeToken): saves the show cache a statement. */
  async workspaceById(caller: Caller, id: string, changeToken?: string): Promise<ResolvedWorkspace> {
    return this.resolve(caller, await this.showCache.workspace(this.store, { id }, changeToken), `"${id}"`);
  }

  async workspaceByName(caller: Caller, organizationName: string, name: string): Promise<ResolvedWorkspace> {
    this.organizationFor(caller, organizationName);
    return this.resolve(caller, await this.showCache.workspace(this.store, { organization: organizationName, name }), `"${organizationName}/${name}"`);
  }

  /** The `:workspace_id` or `:organization_name/:name` of a route. */
  workspaceFromParams(caller: Caller, params: Record<string, string>, changeToken?: string): Promise<ResolvedWorkspace> {
    return params.workspace_id !== undefined
      ? this.workspaceById(caller, params.workspace_id, changeToken)
      : this.workspaceByName(caller, params.organization_name, params.name);
  }
}

/**
 * The bootstrap file's SSH keys still in the directory, as rows (without a value). Stored on every
 * start, as databases from before SSH keys had a table hold none; a key deleted through the API
 * leaves the directory in the same transaction, so it is not brought back.
 */
function bootstrapSshKeys(directory: Directory): Parameters<Store['sshKeys']['insertMany']>[0] {
  return directory.organizations.flatMap((organization) =>
    organization.sshKeys.map((key) => ({
      id: key.id,
      organization: organization.name,
      name: key.name,
      valueDigest: null,
      createdAt: organization.profile?.createdAt ?? new Date(0).toISOString(),
      updatedAt: organization.profile?.createdAt ?? new Date(0).toISOString(),
    })),
  );
}
