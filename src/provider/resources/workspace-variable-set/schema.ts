// The schema of `cdkws_workspace_variable_set`: one variable set applied to one workspace.
import type { LazyRegistration } from '../../lazy';
import type { Schema } from '../../protocol/schema';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';

/** The attributes, keyed by model name (what the hooks read). */
export const WORKSPACE_VARIABLE_SET_RESOURCE_ATTRIBUTES = {
  id: { snake: 'id', type: 'string', computed: true, description: '`<variable_set_id>/<workspace_id>`, also the import ID.' },
  variableSetId: { snake: 'variable_set_id', type: 'string', required: true, requiresReplace: true, description: 'The variable set (`varset-…`).' },
  workspaceId: { snake: 'workspace_id', type: 'string', required: true, requiresReplace: true, description: 'The workspace (`ws-…`) it applies to.' },
} as const satisfies NamedAttributes;

export const workspaceVariableSetSchema: Schema = {
  description: 'Applies a variable set to a workspace. Other workspaces the set applies to are left alone. Import ID: `<variable_set_id>/<workspace_id>`.',
  attributes: hclAttributes(WORKSPACE_VARIABLE_SET_RESOURCE_ATTRIBUTES),
};

export const workspaceVariableSetNames = modelNamesOf(WORKSPACE_VARIABLE_SET_RESOURCE_ATTRIBUTES);

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const workspaceVariableSetRegistration = {
  type: 'cdkws_workspace_variable_set',
  schema: workspaceVariableSetSchema,
  hooks: [{ from: './workspace-variable-set', export: 'workspaceVariableSetResource', names: ['apply', 'read', 'importState'] }],
} as const satisfies LazyRegistration;
