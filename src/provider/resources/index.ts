// Every resource type of the provider, by Terraform type name. Schemas load with the provider; each
// resource's hooks load on first use (lazy.ts), with the hooks it has declared here.
import type { ProviderData } from '../context';
import { lazyImplementation } from '../lazy';
import type { ResourceImplementation } from '../protocol/types';
import { changeRequestSchema } from './change-request/schema';
import { organizationSchema } from './organization/schema';
import { remoteStateConsumersSchema } from './remote-state-consumers/schema';
import { tagBindingSchema } from './tag-binding/schema';
import { workspaceSchema } from './workspace/schema';

type Resource = ResourceImplementation<ProviderData>;

/* eslint-disable @typescript-eslint/no-require-imports */
export const resources: Record<string, Resource> = {
  // Validation and planning apart: Terraform validates in a provider process that needs no client.
  cdkws_workspace: {
    ...lazyImplementation(workspaceSchema, ['validate', 'plan'], () => (require('./workspace/checks') as typeof import('./workspace/checks')).workspaceChecks),
    ...lazyImplementation(
      workspaceSchema,
      ['apply', 'read', 'importState'],
      () => (require('./workspace/workspace') as typeof import('./workspace/workspace')).workspaceResource,
    ),
  },
  cdkws_tag_binding: lazyImplementation(
    tagBindingSchema,
    ['validate', 'apply', 'read', 'importState'],
    () => (require('./tag-binding/tag-binding') as typeof import('./tag-binding/tag-binding')).tagBindingResource,
  ),
  cdkws_remote_state_consumers: lazyImplementation(
    remoteStateConsumersSchema,
    ['validate', 'plan', 'apply', 'read', 'importState'],
    () =>
      (require('./remote-state-consumers/remote-state-consumers') as typeof import('./remote-state-consumers/remote-state-consumers'))
        .remoteStateConsumersResource,
  ),
  cdkws_change_request: lazyImplementation(
    changeRequestSchema,
    ['validate', 'plan', 'apply', 'read', 'importState'],
    () => (require('./change-request/change-request') as typeof import('./change-request/change-request')).changeRequestResource,
  ),
  cdkws_organization: lazyImplementation(
    organizationSchema,
    ['validate', 'plan', 'apply', 'read', 'importState'],
    () => (require('./organization/organization') as typeof import('./organization/organization')).organizationResource,
  ),
};
/* eslint-enable @typescript-eslint/no-require-imports */
