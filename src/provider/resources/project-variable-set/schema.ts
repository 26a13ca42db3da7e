// The schema of `cdkws_project_variable_set`: one variable set applied to one project (and so to its workspaces).
import type { LazyRegistration } from '../../lazy';
import type { Schema } from '../../protocol/schema';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';

/** The attributes, keyed by model name (what the hooks read). */
export const PROJECT_VARIABLE_SET_RESOURCE_ATTRIBUTES = {
  id: { snake: 'id', type: 'string', computed: true, description: '`<variable_set_id>/<project_id>`, also the import ID.' },
  variableSetId: { snake: 'variable_set_id', type: 'string', required: true, requiresReplace: true, description: 'The variable set (`varset-…`).' },
  projectId: { snake: 'project_id', type: 'string', required: true, requiresReplace: true, description: 'The project (`prj-…`) it applies to.' },
} as const satisfies NamedAttributes;

export const projectVariableSetSchema: Schema = {
  description:
    "Applies a variable set to a project and so to the project's workspaces. Other projects the set applies to are left alone. Import ID: `<variable_set_id>/<project_id>`.",
  attributes: hclAttributes(PROJECT_VARIABLE_SET_RESOURCE_ATTRIBUTES),
};

export const projectVariableSetNames = modelNamesOf(PROJECT_VARIABLE_SET_RESOURCE_ATTRIBUTES);

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const projectVariableSetRegistration = {
  type: 'cdkws_project_variable_set',
  schema: projectVariableSetSchema,
  hooks: [{ from: './project-variable-set', export: 'projectVariableSetResource', names: ['apply', 'read', 'importState'] }],
} as const satisfies LazyRegistration;
