// Remote state consumers (spec "Remote state consumers"; decision 8). Add, remove and replace are
// safe to repeat: adding a present consumer and removing an absent one are ignored.
import { remoteStateConsumerListDocumentSchema, type WorkspaceResource } from '../spec';
import { childList, type ListOptions, type Page } from './pagination';
import type { Transport } from './transport';
import { toWorkspace, type Workspace } from './workspace-types';

export type RemoteStateConsumerListOptions = ListOptions;

const path = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/relationships/remote-state-consumers`;
const body = (ids: string[]) => ({ data: ids.map((id) => ({ type: 'workspaces', id })) });

export class RemoteStateConsumersApi {
  private readonly pages: ReturnType<typeof childList<WorkspaceResource, Workspace>>;

  constructor(private readonly transport: Transport) {
    this.pages = childList(transport, path, remoteStateConsumerListDocumentSchema, toWorkspace);
  }

  /** Workspaces allowed to read the workspace's state (all others when globalRemoteState is on). */
  list(workspaceId: string, options: RemoteStateConsumerListOptions = {}): Promise<Page<Workspace>> {
    return this.pages.list(workspaceId, options);
  }

  listAll(workspaceId: string): AsyncGenerator<Workspace, void, undefined> {
    return this.pages.listAll(workspaceId);
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
