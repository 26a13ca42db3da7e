// The schema of `cdkws_remote_state_consumers`, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../protocol/schema';

export const remoteStateConsumersSchema = {
  description:
    "The exact list of workspaces allowed to read a workspace's state. Uses add and remove (workspace admin access), never the organization-only replace. Not for workspaces with global_remote_state = true.",
  attributes: {
    id: { type: 'string', computed: true, description: 'The workspace ID.' },
    workspace_id: { type: 'string', required: true, requiresReplace: true, description: 'ID of the workspace whose state is shared.' },
    consumer_ids: { type: ['set', 'string'], required: true, description: 'IDs of the workspaces that may read its state; consumers not listed are removed.' },
  },
} as const satisfies Schema;
