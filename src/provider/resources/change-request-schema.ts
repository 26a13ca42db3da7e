// The schema of `cdkws_change_request`, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../protocol/schema';

export const changeRequestSchema = {
  description: 'A change request (to-do item) on each targeted workspace, created through the explorer bulk action. Destroy archives them.',
  attributes: {
    id: { type: 'string', computed: true, description: "The bulk action ID (or the first request ID when the action's answer was lost)." },
    organization: { type: 'string', optional: true, computed: true, requiresReplace: true, description: "Defaults to the provider's organization." },
    workspace_ids: {
      type: ['set', 'string'],
      optional: true,
      description: 'Workspaces to create a request on; a workspace added later gets its own request. Give this or query.',
    },
    query: {
      type: 'string',
      optional: true,
      requiresReplace: true,
      description:
        'An explorer query as JSON, e.g. `jsonencode({ filter = [{ field = "tag_names", operator = "is", value = ["prod"] }] })`: a request on each workspace it matches when created. Give this or workspace_ids.',
    },
    subject: { type: 'string', required: true, requiresReplace: true },
    message: { type: 'string', required: true, requiresReplace: true, description: 'Markdown.' },
    change_request_ids: { type: ['map', 'string'], computed: true, description: 'Request ID (`wscr-…`) by workspace ID.' },
    archived_workspace_ids: {
      type: ['set', 'string'],
      computed: true,
      description: 'Workspaces whose request was archived outside Terraform: completed, never re-created.',
    },
  },
} as const satisfies Schema;
