// The schema of the `cdkws_outputs` data source: the outputs of another workspace's current state,
// as users of tfe_outputs know them. Plain data: loaded at provider start.
import type { Schema } from '../../protocol/schema';
import type { LazyRegistration } from '../../lazy';

export const outputsDataSourceSchema: Schema = {
  description:
    "Reads the outputs of a workspace's current state: `values` holds every output and is sensitive as a whole; `nonsensitive_values` holds only the outputs that are not sensitive.",
  attributes: {
    id: { type: 'string', computed: true, description: 'The workspace ID (ws-…).' },
    organization: { type: 'string', optional: true, computed: true, description: "Defaults to the provider's organization." },
    workspace: { type: 'string', required: true, description: 'The name of the workspace whose outputs are read.' },
    values: {
      type: 'dynamic',
      computed: true,
      sensitive: true,
      description: 'Every output of the current state by name, sensitive ones included; Terraform redacts the whole object.',
    },
    nonsensitive_values: {
      type: 'dynamic',
      computed: true,
      description: 'The outputs that are not sensitive, by name (an empty object while the workspace has no state).',
    },
  },
};

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const outputsDataSourceRegistration = {
  type: 'cdkws_outputs',
  schema: outputsDataSourceSchema,
  hooks: [{ from: './outputs', export: 'outputsDataSource', names: ['read'] }],
} as const satisfies LazyRegistration;
