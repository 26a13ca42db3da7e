// Workspace reads for refresh. Terraform refreshes every resource of a configuration in a fresh
// provider process, ten at a time; reading workspaces one request each costs N requests. The
// batched reader instead lists the organization's workspaces 100 per page once per process and
// serves reads from that snapshot, falling back to single reads for what the snapshot lacks.
import { type Client, NotFoundError, type Workspace } from '../client';
import type { WorkspaceReader } from './context';

/** One request per workspace: the baseline the batched reader is measured against (npm run bench). */
export class SingleWorkspaceReader implements WorkspaceReader {
  constructor(private readonly client: Client) {}

  async read(id: string): Promise<Workspace | null> {
    return readOne(this.client, id);
  }

  invalidate(): void {}
}

async function readOne(client: Client, id: string): Promise<Workspace | null> {
  try {
    return await client.workspaces.readById(id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export interface BatchedWorkspaceReaderOptions {
  /** The provider's default organization: its list is loaded on the first read without a probe. */
  organization?: string | null;
  /** Workspaces per list request. @default 100 (the service's maximum) */
  pageSize?: number;
}

/** Workspaces of one organization as listed once; null when listing failed (reads go single). */
type Snapshot = Map<string, Workspace> | null;

export class BatchedWorkspaceReader implements WorkspaceReader {
  private readonly snapshots = new Map<string, Promise<Snapshot>>();
  /** The single read that tells an organization-less reader which organization to load. */
  private discovery: Promise<unknown> | null = null;
  /** Workspaces written since their snapshot was taken. */
  private readonly stale = new Set<string>();
  private readonly pageSize: number;
  private readonly defaultOrganization: string | null;

  constructor(
    private readonly client: Client,
    options: BatchedWorkspaceReaderOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 100;
    this.defaultOrganization = options.organization ?? null;
  }

  async read(id: string): Promise<Workspace | null> {
    if (this.defaultOrganization !== null) void this.load(this.defaultOrganization);
    const cached = await this.lookup(id);
    if (cached) return cached;
    if (this.snapshots.size === 0 && this.discovery !== null) {
      // Another read is finding out which organization to load: its list likely holds this ID too.
      await this.discovery.catch(() => undefined);
      const found = await this.lookup(id);
      if (found) return found;
    }
    const single = readOne(this.client, id);
    if (this.snapshots.size === 0 && this.discovery === null) this.discovery = single.then((ws) => (ws?.organization ? this.load(ws.organization) : null));
    const workspace = await single;
    // A workspace of an organization not listed yet: its siblings are likely to be read next.
    if (workspace?.organization && !this.snapshots.has(workspace.organization)) void this.load(workspace.organization);
    return workspace;
  }

  /** Drops the workspace from every snapshot: the next read asks the service. */
  invalidate(id: string): void {
    for (const snapshot of this.snapshots.values()) void snapshot.then((s) => s?.delete(id));
    // Snapshots still loading would bring the stale copy back: remember to drop it when they land.
    this.stale.add(id);
  }

  /** The workspace from any snapshot, once every snapshot started so far has loaded. */
  private async lookup(id: string): Promise<Workspace | null> {
    if (this.stale.has(id)) return null;
    for (const snapshot of await Promise.all(this.snapshots.values())) {
      const found = snapshot?.get(id);
      if (found) return found;
    }
    return null;
  }

  /** Starts (once per organization) listing every workspace of the organization. */
  private load(organization: string): Promise<Snapshot> {
    let snapshot = this.snapshots.get(organization);
    if (!snapshot) {
      snapshot = this.list(organization);
      this.snapshots.set(organization, snapshot);
    }
    return snapshot;
  }

  private async list(organization: string): Promise<Snapshot> {
    const out = new Map<string, Workspace>();
    try {
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await this.client.workspaces.list(organization, { pageNumber, pageSize: this.pageSize });
        for (const ws of page.items) if (!this.stale.has(ws.id)) out.set(ws.id, ws);
        const next = page.pagination ? page.pagination.nextPage : page.items.length >= this.pageSize ? pageNumber + 1 : null;
        if (next === null || next <= pageNumber || page.items.length === 0) return out;
      }
    } catch {
      // Listing is an optimization: if it fails (no access to the list, faults past the retries),
      // every read falls back to its own request, which reports its own errors.
      return null;
    }
  }
}
