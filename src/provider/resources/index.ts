// Every resource type of the provider, by Terraform type name. Schemas load with the provider;
// each resource's hooks (which pull in the client, undici and zod) load on first use, because
// Terraform starts the provider several times per command and some starts only read the schema.
import type { ProviderData } from '../context';
import type { ResourceImplementation } from '../protocol/types';
import type { Schema } from '../protocol/schema';
import { workspaceResource } from './workspace';
import { tagBindingSchema } from './tag-binding-schema';
import { remoteStateConsumersSchema } from './remote-state-consumers-schema';
import { changeRequestSchema } from './change-request-schema';
import { organizationSchema } from './organization-schema';

type Resource = ResourceImplementation<ProviderData>;

/** A resource whose hooks module is required on the first call of any hook. */
export function lazyResource(schema: Schema, load: () => Resource): Resource {
  return {
    schema,
    validate: (config, ctx) => load().validate?.(config, ctx),
    plan: (req, ctx) => load().plan?.(req, ctx),
    apply: (req, ctx) => load().apply(req, ctx),
    read: (req, ctx) => load().read(req, ctx),
    importState: (id, ctx) => {
      const resource = load();
      if (!resource.importState) throw new Error('this resource type cannot be imported');
      return resource.importState(id, ctx);
    },
  };
}

/* eslint-disable @typescript-eslint/no-require-imports */
export const resources: Record<string, Resource> = {
  cdkws_workspace: workspaceResource,
  cdkws_tag_binding: lazyResource(tagBindingSchema, () => (require('./tag-binding') as typeof import('./tag-binding')).tagBindingResource),
  cdkws_remote_state_consumers: lazyResource(
    remoteStateConsumersSchema,
    () => (require('./remote-state-consumers') as typeof import('./remote-state-consumers')).remoteStateConsumersResource,
  ),
  cdkws_change_request: lazyResource(changeRequestSchema, () => (require('./change-request') as typeof import('./change-request')).changeRequestResource),
  cdkws_organization: lazyResource(organizationSchema, () => (require('./organization') as typeof import('./organization')).organizationResource),
};
/* eslint-enable @typescript-eslint/no-require-imports */
