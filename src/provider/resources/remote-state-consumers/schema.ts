// The schema of `cdkws_remote_state_consumers`, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../../protocol/schema';
import type { LazyRegistration } from '../../lazy';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';

/** The attributes, keyed by model name (what the hooks read). */
export const REMOTE_STATE_CONSUMERS_ATTRIBUTES = {
  id: { snake: 'id', type: 'string', computed: true, description: 'The workspace ID.' },
  workspaceId: { snake: 'workspace_id', type: 'string', required: true, requiresReplace: true, description: 'ID of the workspace whose state is shared.' },
  consumerIds: {
    snake: 'consumer_ids',
    type: ['set', 'string'],
    required: true,
    description: 'IDs of the workspaces that may read its state; consumers not listed are removed.',
  },
} as const satisfies NamedAttributes;

export const remoteStateConsumersSchema: Schema = {
  description:
    "The exact list of workspaces allowed to read a workspace's state. Uses add and remove (workspace admin access), never the organization-only replace. Not for workspaces with global_remote_state = true.",
  attributes: hclAttributes(REMOTE_STATE_CONSUMERS_ATTRIBUTES),
};

export const remoteStateConsumersNames = modelNamesOf(REMOTE_STATE_CONSUMERS_ATTRIBUTES);

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const remoteStateConsumersRegistration = {
  type: 'cdkws_remote_state_consumers',
  schema: remoteStateConsumersSchema,
  hooks: [{ from: './remote-state-consumers', export: 'remoteStateConsumersResource', names: ['validate', 'plan', 'apply', 'read', 'importState'] }],
} as const satisfies LazyRegistration;
