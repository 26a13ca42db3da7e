// The schema of `cdkws_variable`, apart from its hooks so the provider's start-up loads no client code.
// One resource for a workspace's variables and a variable set's (as tfe_variable): exactly one of
// `workspace_id` and `variable_set_id` names the owner.
import type { LazyRegistration } from '../../lazy';
import { resourcePlan } from '../../plan-modifiers';
import type { Schema } from '../../protocol/schema';
import { hclAttributes, modelNamesOf, type NamedAttributes } from '../../resource';

/** The attributes, keyed by model name (what the hooks read). */
export const VARIABLE_RESOURCE_ATTRIBUTES = {
  id: { snake: 'id', type: 'string', computed: true, description: 'The variable ID (`var-…`).' },
  workspaceId: {
    snake: 'workspace_id',
    type: 'string',
    optional: true,
    requiresReplace: true,
    description: 'The workspace (`ws-…`) the variable belongs to; set this or `variable_set_id`.',
  },
  variableSetId: {
    snake: 'variable_set_id',
    type: 'string',
    optional: true,
    requiresReplace: true,
    description: 'The variable set (`varset-…`) the variable belongs to; set this or `workspace_id`.',
  },
  key: { snake: 'key', type: 'string', required: true, description: 'The name: unique per workspace (or set) and category, case-sensitive.' },
  value: {
    snake: 'value',
    type: 'string',
    optional: true,
    sensitive: true,
    description:
      'The value, kept in the plan and the state (marked sensitive). For a secret use `value_wo` instead, which neither the plan nor the state holds.',
  },
  valueWo: {
    snake: 'value_wo',
    type: 'string',
    optional: true,
    sensitive: true,
    writeOnly: true,
    description: 'The value, write-only (Terraform 1.11+): sent to the service, never kept in the plan or the state. Needs `value_wo_version`.',
  },
  valueWoVersion: {
    snake: 'value_wo_version',
    type: 'number',
    optional: true,
    description: 'Any number: a new one sends the current `value_wo` (a changed `value_wo` alone is not seen, since nothing keeps it).',
  },
  description: { snake: 'description', type: 'string', optional: true, description: 'What the variable is for, at most 512 characters.' },
  category: {
    snake: 'category',
    type: 'string',
    required: true,
    description: '`terraform` (an input variable of the configuration) or `env` (an environment variable).',
  },
  hcl: {
    snake: 'hcl',
    type: 'bool',
    optional: true,
    computed: true,
    plan: { default: false },
    description: 'Parse the value as HCL (terraform variables only). Default false.',
  },
  sensitive: {
    snake: 'sensitive',
    type: 'bool',
    optional: true,
    computed: true,
    plan: { default: false },
    description: 'The service never answers the value. A sensitive variable cannot become non-sensitive: setting false replaces it. Default false.',
  },
} as const satisfies NamedAttributes;

export const variableSchema: Schema = {
  description:
    'A Terraform or environment variable of a workspace or of a variable set. Import ID: `<workspace_id>/<variable_id>` or `<variable_set_id>/<variable_id>`.',
  attributes: hclAttributes(VARIABLE_RESOURCE_ATTRIBUTES),
};

export const variableNames = modelNamesOf(VARIABLE_RESOURCE_ATTRIBUTES);

export const variablePlan = resourcePlan({ schema: variableSchema, attributes: VARIABLE_RESOURCE_ATTRIBUTES });

/** How the provider registers it (`npm run generate` gathers it): hooks load on first use. */
export const variableRegistration = {
  type: 'cdkws_variable',
  schema: variableSchema,
  hooks: [{ from: './variable', export: 'variableResource', names: ['validate', 'plan', 'apply', 'read', 'importState'] }],
} as const satisfies LazyRegistration;
