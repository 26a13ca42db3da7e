// The schema of `cdkws_variable_set`, apart from its hooks so the provider's start-up loads no client
// code. Its variables are `cdkws_variable` resources naming it (`variable_set_id`), and where it
// applies is `cdkws_workspace_variable_set` / `cdkws_project_variable_set` (or `global`).
import type { LazyRegistration } from '../../lazy';
import { resourcePlan } from '../../plan-modifiers';
import type { Schema } from '../../protocol/schema';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';

/** The attributes, keyed by model name (what the hooks read). */
export const VARIABLE_SET_RESOURCE_ATTRIBUTES = {
  id: { snake: 'id', type: 'string', computed: true, description: 'The variable set ID (`varset-…`).' },
  organization: {
    snake: 'organization',
    type: 'string',
    optional: true,
    computed: true,
    requiresReplace: true,
    plan: { fromProvider: { setting: 'organization', environment: 'CDKWS_ORGANIZATION' } },
    description: "Organization name; defaults to the provider's organization. Changing it replaces the set.",
  },
  name: { snake: 'name', type: 'string', required: true, description: 'The name, unique in the organization.' },
  description: { snake: 'description', type: 'string', optional: true, description: 'What the set is for, at most 512 characters.' },
  global: {
    snake: 'global',
    type: 'bool',
    optional: true,
    computed: true,
    plan: { default: false },
    description: 'Applied to every workspace of the organization. Default false.',
  },
  priority: {
    snake: 'priority',
    type: 'bool',
    optional: true,
    computed: true,
    plan: { default: false },
    description: "Its values win over the workspaces' own variables of the same key and category. Default false.",
  },
} as const satisfies NamedAttributes;

export const variableSetSchema: Schema = {
  description: 'A variable set of an organization. Its variables are `cdkws_variable` resources with `variable_set_id`. Import ID: the set ID.',
  attributes: hclAttributes(VARIABLE_SET_RESOURCE_ATTRIBUTES),
};

export const variableSetNames = modelNamesOf(VARIABLE_SET_RESOURCE_ATTRIBUTES);

export const variableSetPlan = resourcePlan({ schema: variableSetSchema, attributes: VARIABLE_SET_RESOURCE_ATTRIBUTES });

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const variableSetRegistration = {
  type: 'cdkws_variable_set',
  schema: variableSetSchema,
  hooks: [{ from: './variable-set', export: 'variableSetResource', names: ['validate', 'plan', 'apply', 'read', 'importState'] }],
} as const satisfies LazyRegistration;
