// cdkws_variable: a variable of a workspace or of a variable set. The value comes from `value` (kept
// in plan and state, marked sensitive) or from `value_wo` (write-only: the protocol layer keeps it
// out of plan and state), which is sent on create and whenever `value_wo_version` changes. A
// sensitive variable's value is never answered, so its refresh keeps what the state has; a
// non-sensitive one shows drift. No value ever goes into a diagnostic.
import { NotFoundError, type Client, type Variable, type VariableUpdateOptions } from '../../../client';
import { VARIABLE_CATEGORIES, variableDescriptionProblem, variableKeyProblem, variableViolations, type VariableCategory } from '../../../contract/variable';
import { configured, type ProviderData } from '../../context';
import { planHook } from '../../plan-modifiers';
import { DiagnosticError, error, type Diagnostic } from '../../protocol/diagnostics';
import type { PlanRequest } from '../../protocol/types';
import type { ObjectValue } from '../../protocol/values';
import { defineResource, type ModelOf } from '../../resource';
import { variableNames, variablePlan, variableSchema, type VARIABLE_RESOURCE_ATTRIBUTES } from './schema';

type VariableModel = ModelOf<typeof VARIABLE_RESOURCE_ATTRIBUTES>;
const RESOURCE = 'cdkws_variable';
export const VARIABLE_ID_SEPARATOR = '/';

/** Who holds the variable: a workspace or a variable set. */
type Owner = { kind: 'workspace'; id: string } | { kind: 'set'; id: string };

function ownerOf(model: VariableModel): Owner {
  if (model.workspaceId) return { kind: 'workspace', id: model.workspaceId };
  if (model.variableSetId) return { kind: 'set', id: model.variableSetId };
  throw new Error('Provider bug: a cdkws_variable value without workspace_id or variable_set_id.');
}

/** The calls of one owner kind, so create, read, update and delete read alike for both. */
function calls(client: Client, owner: Owner) {
  if (owner.kind === 'workspace') {
    return {
      create: (o: Parameters<Client['variables']['create']>[1]) => client.variables.create(owner.id, o),
      read: (id: string) => client.variables.read(owner.id, id),
      update: (id: string, o: VariableUpdateOptions) => client.variables.update(owner.id, id, o),
      delete: (id: string) => client.variables.delete(owner.id, id),
    };
  }
  return {
    create: (o: Parameters<Client['variables']['create']>[1]) => client.variableSets.createVariable(owner.id, o),
    read: (id: string) => client.variableSets.readVariable(owner.id, id),
    update: (id: string, o: VariableUpdateOptions) => client.variableSets.updateVariable(owner.id, id, o),
    delete: (id: string) => client.variableSets.deleteVariable(owner.id, id),
  };
}

const isCategory = (v: unknown): v is VariableCategory => (VARIABLE_CATEGORIES as readonly unknown[]).includes(v);

/** Whether the configuration gives the value write-only. */
const writeOnly = (m: VariableModel) => m.valueWoVersion !== null && m.valueWoVersion !== undefined;

/**
 * The state from the service's answer. The value stays what the state had when the service does
 * not tell it (sensitive) or when it was given write-only (it must never land in the state).
 */
function stateOf(v: Variable, owner: Owner, known: VariableModel): ObjectValue {
  let value: string | null = known.value ?? null;
  if (!v.sensitive && !writeOnly(known) && v.value !== null) value = known.value === null && v.value === '' ? null : v.value;
  return {
    id: v.id,
    workspace_id: owner.kind === 'workspace' ? owner.id : null,
    variable_set_id: owner.kind === 'set' ? owner.id : null,
    key: v.key,
    value,
    value_wo: null,
    value_wo_version: known.valueWoVersion ?? null,
    description: v.description,
    category: v.category,
    hcl: v.hcl,
    sensitive: v.sensitive,
  };
}

function checkRules(c: VariableModel, config: ObjectValue): Diagnostic[] {
  const out: Diagnostic[] = [];
  const owners = [c.workspaceId, c.variableSetId].filter((x) => x !== null).length;
  if (owners !== 1) {
    out.push(
      error('Name the owner of the variable', 'set exactly one of workspace_id and variable_set_id', owners === 0 ? ['workspace_id'] : ['variable_set_id']),
    );
  }
  if (typeof c.key === 'string') {
    const p = variableKeyProblem(c.key);
    if (p) out.push(error('Invalid variable key', p.replace('{}', 'key'), ['key']));
  }
  if (typeof c.description === 'string') {
    const p = variableDescriptionProblem(c.description);
    if (p) out.push(error('Invalid variable description', p.replace('{}', 'description'), ['description']));
  }
  if (typeof c.category === 'string' && !isCategory(c.category)) {
    out.push(error('Invalid variable category', `category must be "terraform" or "env": got ${JSON.stringify(c.category)}`, ['category']));
  }
  // The value is never quoted: it may be a secret.
  if (c.value !== null && c.value !== undefined && config.value_wo !== null) {
    out.push(error('Two values given', 'set value or value_wo, not both', ['value_wo']));
  }
  if (config.value_wo !== null && config.value_wo_version === null) {
    out.push(error('value_wo needs value_wo_version', 'set value_wo_version (any number) and change it whenever value_wo changes', ['value_wo_version']));
  }
  if (isCategory(c.category) && typeof c.hcl === 'boolean') {
    for (const v of variableViolations({ category: c.category, hcl: c.hcl, sensitive: c.sensitive ?? false }))
      out.push(error('Invalid variable', v.detail, [v.member]));
  }
  return out;
}

/** The declared plan, and a sensitive variable turned non-sensitive replaces it (the service refuses the change). */
const declared = planHook(variablePlan);
function plan(req: PlanRequest, ctx: Parameters<typeof declared>[1]) {
  const res = declared(req, ctx) ?? {};
  const planned = res.planned ?? req.planned;
  const requiresReplace = res.requiresReplace ?? req.requiresReplace;
  // A write-only value is sent on create and when its version changes: it must be there then (an
  // unset placeholder would otherwise send an empty value in place of the secret).
  const version = planned.value_wo_version;
  const sends = version !== null && (!req.prior || req.prior.value_wo_version !== version || requiresReplace.length > 0);
  if (sends && req.config.value_wo === null) {
    throw new DiagnosticError('No value to send', 'value_wo is not set while value_wo_version asks to send it: give the value (e.g. through TF_VAR_…)', [
      'value_wo',
    ]);
  }
  if (req.prior?.sensitive === true && planned.sensitive === false && !requiresReplace.some((p) => p[0] === 'sensitive')) {
    return { planned, requiresReplace: [...requiresReplace, ['sensitive']] };
  }
  return res;
}

function gone(err: unknown, owner: Owner): never {
  if (err instanceof NotFoundError) {
    const [what, attribute] = owner.kind === 'workspace' ? ['workspace', 'workspace_id'] : ['variable set', 'variable_set_id'];
    throw new DiagnosticError(`${what[0].toUpperCase()}${what.slice(1)} not found`, `${what} ${owner.id} does not exist or the token cannot see it`, [
      attribute,
    ]);
  }
  throw err;
}

export function parseVariableId(id: string): { owner: Owner; variableId: string } {
  const [ownerId, variableId, ...rest] = id.split(VARIABLE_ID_SEPARATOR);
  const kind = ownerId?.startsWith('ws-') ? 'workspace' : ownerId?.startsWith('varset-') ? 'set' : undefined;
  if (!kind || !variableId || rest.length > 0) {
    throw new DiagnosticError(
      'Invalid cdkws_variable import ID',
      `expected "<workspace_id>/<variable_id>" or "<variable_set_id>/<variable_id>", e.g. "ws-abc123/var-def456", got ${JSON.stringify(id)}`,
    );
  }
  return { owner: { kind, id: ownerId }, variableId };
}

export const variableResource = defineResource<VariableModel, ProviderData>({
  schema: variableSchema,
  names: variableNames,

  validate: (config) => checkRules(config.model, config.value),
  plan,

  async create({ planned, config }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const owner = ownerOf(planned.model);
    const m = planned.model;
    const value = writeOnly(m) ? (config.model.valueWo ?? '') : (m.value ?? undefined);
    const created = await calls(client, owner)
      .create({
        key: m.key!,
        category: m.category as VariableCategory,
        ...(value !== undefined ? { value } : {}),
        description: m.description ?? null,
        hcl: m.hcl ?? false,
        sensitive: m.sensitive ?? false,
      })
      .catch((err) => gone(err, owner));
    return { state: stateOf(created, owner, m) };
  },

  async update({ prior, planned, config }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const owner = ownerOf(prior.model);
    const m = planned.model;
    const changes: VariableUpdateOptions = {
      key: m.key!,
      category: m.category as VariableCategory,
      description: m.description ?? null,
      hcl: m.hcl ?? false,
      sensitive: m.sensitive ?? false,
    };
    // The value is sent only when it changes: a write-only one when its version does.
    if (writeOnly(m)) {
      if (prior.model.valueWoVersion !== m.valueWoVersion || !writeOnly(prior.model)) changes.value = config.model.valueWo ?? '';
    } else if (prior.model.value !== m.value || writeOnly(prior.model)) {
      changes.value = m.value ?? '';
    }
    const updated = await calls(client, owner)
      .update(prior.model.id!, changes)
      .catch((err) => gone(err, owner));
    return { state: stateOf(updated, owner, m) };
  },

  async delete({ prior }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    try {
      await calls(client, ownerOf(prior.model)).delete(prior.model.id!);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
    return { state: null };
  },

  async read({ state }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const owner = ownerOf(state.model);
    try {
      return { state: stateOf(await calls(client, owner).read(state.model.id!), owner, state.model) };
    } catch (err) {
      // Removed outside Terraform (or with its owner): Terraform plans to create it again.
      if (err instanceof NotFoundError) return { state: null };
      throw err;
    }
  },

  async importState(id, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const { owner, variableId } = parseVariableId(id);
    const found = await calls(client, owner)
      .read(variableId)
      .catch((err) => gone(err, owner));
    // A sensitive value cannot be read back: it counts as write-only version 1, what the constructs
    // (and `cdkws import`) write, so an import plans no change until the version moves.
    const known = { value: null, valueWoVersion: found.sensitive ? 1 : null } as VariableModel;
    return { state: stateOf(found, owner, known) };
  },
});
