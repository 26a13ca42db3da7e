// Remote state consumers (spec "Remote state consumers"; decision 8). Add, remove and replace are
// safe to repeat: adding a present consumer and removing an absent one are ignored.
import { ENDPOINTS, pathOf, type WorkspaceResource } from '../contract';
import { endpointRequest } from './endpoint-request';
import { ChildListApi, type ListOptions } from './pagination';
import type { Transport } from './transport';
import { toWorkspace, type Workspace } from './workspace-types';

export type RemoteStateConsumerListOptions = ListOptions;

const listPath = (workspaceId: string) => pathOf('listRemoteStateConsumers', { workspace_id: workspaceId });
const body = (ids: string[]) => ({ data: ids.map((id) => ({ type: 'workspaces', id })) });

/**
 * The workspaces allowed to read a workspace's state (all others when globalRemoteState is on):
 * `list` and `listAll` take the workspace ID.
 */
export class RemoteStateConsumersApi extends ChildListApi<WorkspaceResource, Workspace> {
  constructor(transport: Transport) {
    super(transport, listPath, ENDPOINTS.listRemoteStateConsumers.answer, toWorkspace);
  }

  async add(workspaceId: string, consumerIds: string[]): Promise<void> {
    await this.transport.request(endpointRequest('addRemoteStateConsumers', { workspace_id: workspaceId }, { body: body(consumerIds), idempotent: true }));
  }

  async remove(workspaceId: string, consumerIds: string[]): Promise<void> {
    await this.transport.request(endpointRequest('removeRemoteStateConsumers', { workspace_id: workspaceId }, { body: body(consumerIds), idempotent: true }));
  }

  /** The consumer list becomes exactly `consumerIds` (needs manage-workspaces on the organization). */
  async replace(workspaceId: string, consumerIds: string[]): Promise<void> {
    await this.transport.request(endpointRequest('replaceRemoteStateConsumers', { workspace_id: workspaceId }, { body: body(consumerIds), idempotent: true }));
  }
}
