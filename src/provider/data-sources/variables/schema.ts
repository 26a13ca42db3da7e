// The schema of the `cdkws_variables` data source: a workspace's own variables. Sensitive values are
// never answered by the service, so they are null here. Plain data: loaded at provider start.
import type { LazyRegistration } from '../../lazy';
import type { Schema, TfType } from '../../protocol/schema';

export const VARIABLE_OBJECT: TfType = [
  'object',
  { id: 'string', key: 'string', value: 'string', description: 'string', category: 'string', hcl: 'bool', sensitive: 'bool' },
];

export const variablesDataSourceSchema: Schema = {
  description: "Reads a workspace's own variables (not those of the sets applied to it). A sensitive variable's value is null: the service never answers it.",
  attributes: {
    id: { type: 'string', computed: true, description: 'The workspace ID.' },
    workspace_id: { type: 'string', required: true, description: 'The workspace (`ws-…`).' },
    variables: { type: ['list', VARIABLE_OBJECT], computed: true, description: 'Every variable, by category then key.' },
    terraform: { type: ['list', VARIABLE_OBJECT], computed: true, description: 'The Terraform variables (category `terraform`).' },
    env: { type: ['list', VARIABLE_OBJECT], computed: true, description: 'The environment variables (category `env`).' },
  },
};

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const variablesDataSourceRegistration = {
  type: 'cdkws_variables',
  schema: variablesDataSourceSchema,
  hooks: [{ from: './variables', export: 'variablesDataSource', names: ['read'] }],
} as const satisfies LazyRegistration;
