// The schema of `cdkws_change_request`, apart from its hooks so the provider's start-up loads no client code.
import type { Schema } from '../../protocol/schema';
import type { LazyRegistration } from '../../lazy';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';

/** The attributes, keyed by model name (what the hooks read). */
export const CHANGE_REQUEST_ATTRIBUTES = {
  id: { snake: 'id', type: 'string', computed: true, description: "The bulk action ID (or the first request ID when the action's answer was lost)." },
  organization: {
    snake: 'organization',
    type: 'string',
    optional: true,
    computed: true,
    requiresReplace: true,
    description: "Defaults to the provider's organization.",
  },
  workspaceIds: {
    snake: 'workspace_ids',
    type: ['set', 'string'],
    optional: true,
    description: 'Workspaces to create a request on; a workspace added later gets its own request. Give this or query.',
  },
  query: {
    snake: 'query',
    type: 'string',
    optional: true,
    requiresReplace: true,
    description:
      'An explorer query as JSON, e.g. `jsonencode({ filter = [{ field = "tag_names", operator = "is", value = ["prod"] }] })`: a request on each workspace it matches when created. Give this or workspace_ids.',
  },
  subject: { snake: 'subject', type: 'string', required: true, requiresReplace: true },
  message: { snake: 'message', type: 'string', required: true, requiresReplace: true, description: 'Markdown.' },
  changeRequestIds: { snake: 'change_request_ids', type: ['map', 'string'], computed: true, description: 'Request ID (`wscr-…`) by workspace ID.' },
  archivedWorkspaceIds: {
    snake: 'archived_workspace_ids',
    type: ['set', 'string'],
    computed: true,
    description: 'Workspaces whose request was archived outside Terraform: completed, never re-created.',
  },
} as const satisfies NamedAttributes;

export const changeRequestSchema: Schema = {
  description: 'A change request (to-do item) on each targeted workspace, created through the explorer bulk action. Destroy archives them.',
  attributes: hclAttributes(CHANGE_REQUEST_ATTRIBUTES),
};

export const changeRequestNames = modelNamesOf(CHANGE_REQUEST_ATTRIBUTES);

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const changeRequestRegistration = {
  type: 'cdkws_change_request',
  schema: changeRequestSchema,
  hooks: [{ from: './change-request', export: 'changeRequestResource', names: ['validate', 'plan', 'apply', 'read', 'importState'] }],
} as const satisfies LazyRegistration;
