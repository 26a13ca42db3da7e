// Remote state consumers (spec "Remote state consumers"; decision 8). Add, remove and replace are
// safe to repeat: adding a present consumer and removing an absent one are ignored.
import { remoteStateConsumerListDocumentSchema, type WorkspaceResource } from '../spec';
import { ChildListApi, type ListOptions } from './pagination';
import type { Transport } from './transport';
import { toWorkspace, type Workspace } from './workspace-types';

export type RemoteStateConsumerListOptions = ListOptions;

const path = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/relationships/remote-state-consumers`;
const body = (ids: string[]) => ({ data: ids.map((id) => ({ type: 'workspaces', id })) });

/**
 * The workspaces allowed to read a workspace's state (all others when globalRemoteState is on):
 * `list` and `listAll` take the workspace ID.
 */
export class RemoteStateConsumersApi extends ChildListApi<WorkspaceResource, Workspace> {
  constructor(transport: Transport) {
    super(transport, path, remoteStateConsumerListDocumentSchema, toWorkspace);
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
