// The schema of the `cdkws_variable_set` data source: one set by name, with where it applies and its
// variables' IDs. Plain data: loaded at provider start.
import type { LazyRegistration } from '../../lazy';
import type { Schema } from '../../protocol/schema';

export const variableSetDataSourceSchema: Schema = {
  description: 'Reads one variable set by name.',
  attributes: {
    id: { type: 'string', computed: true, description: 'The variable set ID (`varset-…`).' },
    name: { type: 'string', required: true, description: 'The set name.' },
    organization: { type: 'string', optional: true, computed: true, description: "Defaults to the provider's organization." },
    description: { type: 'string', computed: true, description: 'What the set is for.' },
    global: { type: 'bool', computed: true, description: 'Applied to every workspace of the organization.' },
    priority: { type: 'bool', computed: true, description: "Its values win over the workspaces' own." },
    workspace_ids: { type: ['set', 'string'], computed: true, description: 'The workspaces it is applied to by name.' },
    project_ids: { type: ['set', 'string'], computed: true, description: 'The projects it is applied to.' },
    variable_ids: { type: ['set', 'string'], computed: true, description: 'Its variables.' },
  },
};

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const variableSetDataSourceRegistration = {
  type: 'cdkws_variable_set',
  schema: variableSetDataSourceSchema,
  hooks: [{ from: './variable-set', export: 'variableSetDataSource', names: ['read'] }],
} as const satisfies LazyRegistration;
