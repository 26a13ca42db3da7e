// The running service's state: storage, the indexed directory, and the look-ups every route
// shares (organization and workspace resolution with the spec's "404 when not allowed").
import { type AccessLevel, type WireDialect, atLeast } from '../spec';
import { type Caller, DirectoryIndex, type OrganizationRole, workspaceAccess } from './access';
import { type Directory, type DirectoryOrganization, type BootstrapFile, mergeBootstrap } from './bootstrap';
import { notFound } from './errors';
import { RenderCache } from './workspace/render-cache';
import type { Store, WorkspaceRecord } from './storage/types';

const DIRECTORY_KEY = 'directory';

export interface ResolvedWorkspace {
  workspace: WorkspaceRecord;
  organization: DirectoryOrganization;
  role: OrganizationRole;
  level: AccessLevel | null;
}

export class Service {
  private lastReload = 0;
  readonly renderCache = new RenderCache();
  /** The wire names workspaces are accepted and answered under (`cdkws serve --dialect`). */
  dialect: WireDialect = 'both';

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

  /** Applies a bootstrap file (compare-and-set, so concurrent processes converge) and loads the result. */
  static async open(store: Store, bootstrap: BootstrapFile | null, log: (line: string) => void): Promise<Service> {
    for (let attempt = 0; ; attempt += 1) {
      const raw = await store.getMeta(DIRECTORY_KEY);
      const existing = raw ? (JSON.parse(raw) as Directory) : null;
      if (!bootstrap) {
        return new Service(
          store,
          new DirectoryIndex(existing ?? mergeBootstrap(null, { edition: 'hosted', 'emulator-admin-tokens': [], users: [], organizations: [] })),
          log,
        );
      }
      const merged = mergeBootstrap(existing, bootstrap);
      const next = JSON.stringify(merged);
      if (next === raw || (await store.compareAndSetMeta(DIRECTORY_KEY, raw, next))) return new Service(store, new DirectoryIndex(merged), log);
      if (attempt > 20) throw new Error('could not apply the bootstrap file: the directory keeps changing');
    }
  }

  /** Another process may have bootstrapped more; reload at most once a second on unknown tokens. */
  async reloadDirectory(): Promise<boolean> {
    const nowMs = Date.now();
    if (nowMs - this.lastReload < 1000) return false;
    this.lastReload = nowMs;
    const raw = await this.store.getMeta(DIRECTORY_KEY);
    if (!raw) return false;
    this.index = new DirectoryIndex(JSON.parse(raw) as Directory);
    return true;
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

  async workspaceById(caller: Caller, id: string): Promise<ResolvedWorkspace> {
    return this.resolve(caller, await this.store.getWorkspace(id), `"${id}"`);
  }

  async workspaceByName(caller: Caller, organizationName: string, name: string): Promise<ResolvedWorkspace> {
    this.organizationFor(caller, organizationName);
    return this.resolve(caller, await this.store.getWorkspaceByName(organizationName, name), `"${organizationName}/${name}"`);
  }

  /** The `:workspace_id` or `:organization_name/:name` of a route. */
  workspaceFromParams(caller: Caller, params: Record<string, string>): Promise<ResolvedWorkspace> {
    return params.workspace_id !== undefined
      ? this.workspaceById(caller, params.workspace_id)
      : this.workspaceByName(caller, params.organization_name, params.name);
  }
}
