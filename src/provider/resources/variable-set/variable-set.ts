// cdkws_variable_set: a variable set of an organization. Its attributes only: its variables are
// cdkws_variable resources and where it applies are the attachment resources (application.ts), so
// an update here never touches either.
import { NotFoundError, type VariableSet } from '../../../client';
import { variableSetDescriptionProblem, variableSetNameProblem } from '../../../contract/variable-set';
import { configured, type ProviderData } from '../../context';
import { planHook } from '../../plan-modifiers';
import { error, type Diagnostic } from '../../protocol/diagnostics';
import type { ObjectValue } from '../../protocol/values';
import { defineResource, type ModelOf } from '../../resource';
import { variableSetNames, variableSetPlan, variableSetSchema, type VARIABLE_SET_RESOURCE_ATTRIBUTES } from './schema';

type VariableSetModel = ModelOf<typeof VARIABLE_SET_RESOURCE_ATTRIBUTES>;
const RESOURCE = 'cdkws_variable_set';

function stateOf(set: VariableSet, organization: string | null | undefined): ObjectValue {
  return {
    id: set.id,
    organization: set.organization ?? organization ?? null,
    name: set.name,
    description: set.description,
    global: set.global,
    priority: set.priority,
  };
}

function checkRules(c: VariableSetModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const name = typeof c.name === 'string' ? variableSetNameProblem(c.name) : undefined;
  if (name) out.push(error('Invalid variable set name', name.replace('{}', 'name'), ['name']));
  const description = typeof c.description === 'string' ? variableSetDescriptionProblem(c.description) : undefined;
  if (description) out.push(error('Invalid variable set description', description.replace('{}', 'description'), ['description']));
  return out;
}

const values = (m: VariableSetModel) => ({ name: m.name!, description: m.description ?? null, global: m.global ?? false, priority: m.priority ?? false });

export const variableSetResource = defineResource<VariableSetModel, ProviderData>({
  schema: variableSetSchema,
  names: variableSetNames,
  validate: (config) => checkRules(config.model),
  plan: planHook(variableSetPlan, (ctx) => ({ organization: (ctx.providerData as ProviderData | undefined)?.organization ?? null })),

  async create({ planned }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const organization = planned.model.organization!;
    return { state: stateOf(await client.variableSets.create(organization, values(planned.model)), organization) };
  },

  async update({ prior, planned }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    return { state: stateOf(await client.variableSets.update(prior.model.id!, values(planned.model)), planned.model.organization) };
  },

  async delete({ prior }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    try {
      await client.variableSets.delete(prior.model.id!);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
    return { state: null };
  },

  async read({ state }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    try {
      return { state: stateOf(await client.variableSets.read(state.model.id!), state.model.organization) };
    } catch (err) {
      if (err instanceof NotFoundError) return { state: null };
      throw err;
    }
  },

  async importState(id, ctx) {
    const { client } = configured(ctx, RESOURCE);
    return { state: stateOf(await client.variableSets.read(id), null) };
  },
});
