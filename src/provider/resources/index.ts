// Every resource type of the provider, by Terraform type name.
import type { ProviderData } from '../context';
import type { ResourceImplementation } from '../protocol/types';
import { workspaceResource } from './workspace';
import { tagBindingResource } from './tag-binding';
import { remoteStateConsumersResource } from './remote-state-consumers';
import { changeRequestResource } from './change-request';

export const resources: Record<string, ResourceImplementation<ProviderData>> = {
  cdkws_workspace: workspaceResource,
  cdkws_tag_binding: tagBindingResource,
  cdkws_remote_state_consumers: remoteStateConsumersResource,
  cdkws_change_request: changeRequestResource,
};
