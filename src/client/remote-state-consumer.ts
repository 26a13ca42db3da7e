// Remote state consumers (spec "Remote state consumers"; decision 8). Add, remove and replace are
// safe to repeat: adding a present consumer and removing an absent one are ignored.
import { remoteStateConsumerListDocumentSchema } from '../spec';
import { paginate, pageQuery, toPagination, type ListOptions, type Page } from './pagination';
import type { Transport } from './transport';
import { toWorkspace, type Workspace } from './workspace-types';

export type RemoteStateConsumerListOptions = ListOptions;

const path = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/relationships/remote-state-consumers`;
const body = (ids: string[]) => ({ data: ids.map((id) => ({ type: 'workspaces', id })) });

export class RemoteStateConsumersApi {
  constructor(private readonly transport: Transport) {}

  /** Workspaces allowed to read the workspace's state (all others when global-remote-state is on). */
  async list(workspaceId: string, options: RemoteStateConsumerListOptions = {}): Promise<Page<Workspace>> {
    const doc = await this.transport.call({ method: 'GET', path: path(workspaceId), query: pageQuery(options), idempotent: true }, remoteStateConsumerListDocumentSchema);
    return { items: doc.data.map(toWorkspace), pagination: toPagination(doc.meta) };
  }

  listAll(workspaceId: string): AsyncGenerator<Workspace, void, undefined> {
    return paginate((page) => this.list(workspaceId, page));
  }

  async add(workspaceId: string, consumerIds: string[]): Promise<void> {
    await this.transport.request({ method: 'POST', path: path(workspaceId), body: body(consumerIds), idempotent: true });
  }

  async remove(workspaceId: string, consumerIds: string[]): Promise<void> {
    await this.transport.request({ method: 'DELETE', path: path(workspaceId), body: body(consumerIds), idempotent: true });
  }

  /** The consumer list becomes exactly `consumerIds` (needs manage-workspaces on the organization). */
  async replace(workspaceId: string, consumerIds: string[]): Promise<void> {
    await this.transport.request({ method: 'PATCH', path: path(workspaceId), body: body(consumerIds), idempotent: true });
  }
}
