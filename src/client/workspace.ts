// Workspaces: create, list, show, update, safe and force delete, lock, unlock, force unlock and
// the SSH key (spec "Endpoints"). Writes whose answer may be lost are checked before they are
// repeated (architecture "Writes under faults").
import { checkWorkspace, ERRORS, WORKSPACE_ATTRIBUTES, ENDPOINTS } from '../contract';
import { endpointRequest } from './endpoint-request';
import { NameTakenError, NotFoundError, WorkspaceLockedError, WorkspaceNotLockedError } from './errors';
import { paginate, toPagination, type Page } from './pagination';
import { refuseIfInvalid, shapeErrors, tagBindingErrors, violationErrors } from './request-checks';
import type { Transport, TransportRequest } from './transport';
import {
  toWorkspace,
  workspaceBody,
  workspaceListQuery,
  workspaceValues,
  type Workspace,
  type WorkspaceCreateOptions,
  type WorkspaceListOptions,
  type WorkspaceLockOptions,
  type WorkspaceReadOptions,
  type WorkspaceUpdateOptions,
} from './workspace-types';

export * from './workspace-types';

/** How far the service's clock may be from ours when telling our writes from older ones. */
const CLOCK_TOLERANCE_MS = 5_000;
/** The same, for telling our lock from one taken just before it: the `Date` header's ±0.5 s. */
const LOCK_CLOCK_TOLERANCE_MS = 600;

/** A workspace named by its organization and name, or by its ID: the two families of endpoints. */
type ByName = { organization_name: string; name: string };
const byName = (organization: string, name: string): ByName => ({ organization_name: organization, name });
const byId = (id: string) => ({ workspace_id: id });

export class WorkspacesApi {
  /** The user ID locks are taken under, learned from this client's own successful locks. */
  private selfUserId: string | undefined;
  private accountEndpointMissing = false;

  constructor(private readonly transport: Transport) {}

  /**
   * Creates a workspace. Never makes a duplicate: after a lost answer the name is looked up before
   * the create is sent again, and a "name has already been taken" answer to a re-sent create is
   * resolved by reading the workspace.
   */
  async create(organization: string, options: WorkspaceCreateOptions): Promise<Workspace> {
    const req = endpointRequest('createWorkspace', { organization_name: organization }, { body: workspaceBody(options), idempotent: false });
    this.validate(req, options, 'create');
    const startedAt = this.transport.serverNow();
    const ours = async (): Promise<Workspace | undefined> => {
      const found = await this.read(organization, options.name).catch((error) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      });
      if (!found) return undefined;
      // A workspace created well before our first attempt is someone else's: report the clash.
      if (found.createdAt && Date.parse(found.createdAt) < startedAt - CLOCK_TOLERANCE_MS) {
        const { status, title, code, detail } = ERRORS.nameTaken;
        const errors = [{ status: String(status), title, code, detail, source: { pointer: '/data/attributes/name' } }];
        throw new NameTakenError({ status: 0, errors, request: this.transport.summary(req) });
      }
      return found;
    };
    return this.transport.checkedWrite(() => this.single(req), {
      verify: ours,
      settle: async (error) => (error instanceof NameTakenError ? ours() : undefined),
    });
  }

  /** One page of the organization's workspaces. */
  async list(organization: string, options: WorkspaceListOptions = {}): Promise<Page<Workspace>> {
    const req = endpointRequest('listWorkspaces', { organization_name: organization }, { query: workspaceListQuery(options), idempotent: true });
    const doc = await this.transport.call(req, ENDPOINTS.listWorkspaces.answer);
    const page: Page<Workspace> = { items: doc.data.map(toWorkspace), pagination: toPagination(doc.meta) };
    if (doc.included) page.included = doc.included;
    return page;
  }

  /** Every workspace matching `options`, 100 per request. */
  listAll(organization: string, options: Omit<WorkspaceListOptions, 'pageNumber' | 'pageSize'> = {}): AsyncGenerator<Workspace, void, undefined> {
    return paginate((page) => this.list(organization, { ...options, ...page }));
  }

  read(organization: string, name: string, options: WorkspaceReadOptions = {}): Promise<Workspace> {
    return this.single(endpointRequest('showWorkspaceByName', byName(organization, name), { query: { include: options.include }, idempotent: true }));
  }

  readById(id: string, options: WorkspaceReadOptions = {}): Promise<Workspace> {
    return this.single(endpointRequest('showWorkspace', byId(id), { query: { include: options.include }, idempotent: true }));
  }

  /** Changes settings; members left undefined keep their value. */
  async update(organization: string, name: string, options: WorkspaceUpdateOptions): Promise<Workspace> {
    const req = this.updateRequest(
      endpointRequest('updateWorkspaceByName', byName(organization, name), { body: workspaceBody(options), idempotent: true }),
      options,
    );
    if (options.name === undefined || options.name === name) return this.single(req);
    // A rename by name is not safe to repeat: once done, the old path answers 404.
    return this.transport.checkedWrite(() => this.single({ ...req, idempotent: false }), {
      settle: async (error) => (error instanceof NotFoundError ? this.read(organization, options.name!) : undefined),
    });
  }

  async updateById(id: string, options: WorkspaceUpdateOptions): Promise<Workspace> {
    return this.single(this.updateRequest(endpointRequest('updateWorkspace', byId(id), { body: workspaceBody(options), idempotent: true }), options));
  }

  /** Deletes the workspace unless it manages resources or is locked (WorkspaceNotSafeToDeleteError). */
  safeDelete(organization: string, name: string): Promise<void> {
    return this.deleteChecked(endpointRequest('safeDeleteWorkspaceByName', byName(organization, name), { idempotent: false }));
  }

  safeDeleteById(id: string): Promise<void> {
    return this.deleteChecked(endpointRequest('safeDeleteWorkspace', byId(id), { idempotent: false }));
  }

  /** Force delete: deletes even while the workspace manages resources. */
  delete(organization: string, name: string): Promise<void> {
    return this.deleteChecked(endpointRequest('forceDeleteWorkspaceByName', byName(organization, name), { idempotent: false }));
  }

  deleteById(id: string): Promise<void> {
    return this.deleteChecked(endpointRequest('forceDeleteWorkspace', byId(id), { idempotent: false }));
  }

  /**
   * Locks the workspace. If an earlier attempt's answer was lost and the re-sent lock finds the
   * workspace locked by this caller with the same reason, that counts as success.
   */
  async lock(id: string, options: WorkspaceLockOptions = {}): Promise<Workspace> {
    const reason = options.reason ?? '';
    const startedAt = this.transport.serverNow();
    const req = endpointRequest('lockWorkspace', byId(id), { body: { reason }, idempotent: false });
    const workspace = await this.transport.checkedWrite(() => this.single(req), {
      settle: async (error) => {
        if (!(error instanceof WorkspaceLockedError)) return undefined;
        const fresh = await this.readById(id);
        return fresh.locked && (await this.lockedByUs(fresh, reason, startedAt)) ? fresh : undefined;
      },
    });
    if (workspace.lockedBy?.type === 'users') this.selfUserId = workspace.lockedBy.id;
    return workspace;
  }

  /**
   * Unlocks the workspace. A 503 (state version not finalized) is retried with backoff; a re-sent
   * unlock that finds the workspace unlocked counts as success (a first 409 does not).
   */
  unlock(id: string): Promise<Workspace> {
    return this.unlockChecked(endpointRequest('unlockWorkspace', byId(id), { idempotent: false }), id);
  }

  /** Unlocks a workspace locked by anyone (admin access). */
  forceUnlock(id: string): Promise<Workspace> {
    return this.unlockChecked(endpointRequest('forceUnlockWorkspace', byId(id), { idempotent: false }), id);
  }

  assignSshKey(id: string, sshKeyId: string): Promise<Workspace> {
    return this.single(endpointRequest('assignSshKey', byId(id), { body: { data: { type: 'workspaces', attributes: { id: sshKeyId } } }, idempotent: true }));
  }

  unassignSshKey(id: string): Promise<Workspace> {
    return this.single(endpointRequest('assignSshKey', byId(id), { body: { data: { type: 'workspaces', attributes: { id: null } } }, idempotent: true }));
  }

  private async single(req: TransportRequest): Promise<Workspace> {
    const doc = await this.transport.call(req, ENDPOINTS.showWorkspace.answer);
    const workspace = toWorkspace(doc.data);
    // With `include: ['locked_by']`, the lock holder's username comes along.
    const holder = workspace.lockedBy && doc.included?.find((r) => r.type === workspace.lockedBy!.type && r.id === workspace.lockedBy!.id);
    const username = (holder as { attributes?: { username?: unknown } } | undefined)?.attributes?.username;
    if (workspace.lockedBy && typeof username === 'string') workspace.lockedBy = { ...workspace.lockedBy, username };
    return workspace;
  }

  private updateRequest(req: TransportRequest, options: WorkspaceUpdateOptions): TransportRequest {
    this.validate(req, options, 'update');
    return req;
  }

  private deleteChecked(req: TransportRequest): Promise<void> {
    return this.transport
      .checkedWrite(async () => (await this.transport.request(req), true as const), {
        settle: async (error) => (error instanceof NotFoundError ? (true as const) : undefined),
      })
      .then(() => undefined);
  }

  private unlockChecked(req: TransportRequest, id: string): Promise<Workspace> {
    return this.transport.checkedWrite(() => this.single(req), {
      settle: async (error) => {
        if (!(error instanceof WorkspaceNotLockedError)) return undefined;
        const fresh = await this.readById(id);
        return fresh.locked ? undefined : fresh;
      },
    });
  }

  /**
   * Whether a lock found after a lost answer is the one our lost request took. Exact when the
   * caller's user ID is known (from an earlier lock, or the hosted service's account endpoint);
   * otherwise a lock with our reason taken after our first attempt (within the clock's
   * uncertainty) is taken to be ours.
   */
  private async lockedByUs(workspace: Workspace, reason: string, startedAt: number): Promise<boolean> {
    if ((workspace.lockedReason ?? '') !== reason) return false;
    const self = await this.whoAmI();
    if (self !== undefined && workspace.lockedBy) return workspace.lockedBy.id === self;
    return workspace.updatedAt === undefined || Date.parse(workspace.updatedAt) >= startedAt - LOCK_CLOCK_TOLERANCE_MS;
  }

  /** The caller's user ID, if known or if the service has the hosted account endpoint. */
  private async whoAmI(): Promise<string | undefined> {
    if (this.selfUserId !== undefined || this.accountEndpointMissing) return this.selfUserId;
    try {
      const response = await this.transport.request(endpointRequest('showAccountDetails', {}, { idempotent: true }));
      const id = (response.body as { data?: { id?: unknown; type?: unknown } } | undefined)?.data;
      if (typeof id?.id === 'string' && id.type === 'users') this.selfUserId = id.id;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      this.accountEndpointMissing = true;
    }
    return this.selfUserId;
  }

  /**
   * The spec's rules that need no service, checked before anything is sent. What only the service
   * knows (the organization's default mode, the current repository) is left to it.
   */
  private validate(req: TransportRequest, options: WorkspaceCreateOptions | WorkspaceUpdateOptions, mode: 'create' | 'update'): void {
    const errors = [
      ...violationErrors(WORKSPACE_ATTRIBUTES, checkWorkspace(workspaceValues(options), mode)),
      ...tagBindingErrors(options.tagBindings, (i) => `/data/relationships/tag-bindings/data/${i}/attributes`, '/data/relationships/tag-bindings/data'),
    ];
    if (errors.length === 0) {
      errors.push(...shapeErrors(WORKSPACE_ATTRIBUTES, (mode === 'create' ? ENDPOINTS.createWorkspace : ENDPOINTS.updateWorkspace).body, req.body));
    }
    refuseIfInvalid(this.transport.summary(req), 'workspace options', errors);
  }
}
