// cdkws_organization: an organization (src/contract/organization.ts), for site administrators. The
// name is the ID: a new name renames the organization in place (PATCH), since replacing it would
// delete everything it holds. Delete deletes the organization, which the service does in one go.
import { ForbiddenError, NotFoundError, type Organization } from '../../../client';
import { ORGANIZATION_VALUE_RULES } from '../../../contract/organization-attributes';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError, error, type Diagnostic } from '../../protocol/diagnostics';
import { planHook } from '../../plan-modifiers';
import type { ObjectValue } from '../../protocol/values';
import { defineResource, type ModelOf } from '../../resource';
import { organizationNames, organizationPlan, organizationSchema, type ORGANIZATION_RESOURCE_ATTRIBUTES } from './schema';

type OrganizationModel = ModelOf<typeof ORGANIZATION_RESOURCE_ATTRIBUTES>;
const RESOURCE = 'cdkws_organization';

function stateOf(organization: Organization): ObjectValue {
  return { id: organization.name, name: organization.name, email: organization.email ?? null };
}

/** The spec's rules on name and email, in this resource's naming. */
function checkRules(config: OrganizationModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, rule] of Object.entries(ORGANIZATION_VALUE_RULES)) {
    const value = config[name as keyof OrganizationModel];
    const problem = typeof value === 'string' ? rule(value) : undefined;
    if (problem !== undefined) out.push(error(`Invalid organization ${name}`, `${problem.replace('{}', name)}: got ${JSON.stringify(value)}`, [name]));
  }
  return out;
}

/** A refusal for want of site administration, said so. */
function explained(err: unknown, what: string): unknown {
  if (err instanceof ForbiddenError) {
    return new DiagnosticError(`Not allowed to ${what}`, `${what} needs a site administrator token (a "site-admin" user); ${err.message}`);
  }
  return err;
}

function required(value: string | null | undefined, what: string): string {
  if (typeof value !== 'string') throw new Error(`Provider bug: a cdkws_organization value without ${what}.`);
  return value;
}

export const organizationResource = defineResource<OrganizationModel, ProviderData>({
  schema: organizationSchema,
  names: organizationNames,

  validate: (config) => checkRules(config.model),

  plan: planHook(organizationPlan),

  async create({ planned }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const name = required(planned.model.name, 'name');
    try {
      return { state: stateOf(await client.organizations.create({ name, email: required(planned.model.email, 'email') })) };
    } catch (err) {
      throw explained(err, `create organization "${name}"`);
    }
  },

  async update({ prior, planned }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const current = required(prior.model.name, 'name');
    const name = required(planned.model.name, 'name');
    const updated = await client.organizations.update(current, { name: name === current ? undefined : name, email: planned.model.email ?? undefined });
    return { state: stateOf(updated) };
  },

  async delete({ prior }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const name = required(prior.model.name, 'name');
    try {
      await client.organizations.delete(name);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw explained(err, `delete organization "${name}"`);
    }
    return { state: null };
  },

  async read({ state }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    try {
      return { state: stateOf(await client.organizations.read(required(state.model.name ?? state.model.id, 'name'))) };
    } catch (err) {
      // Deleted outside Terraform: Terraform plans to create it again.
      if (err instanceof NotFoundError) return { state: null };
      throw err;
    }
  },

  importState(id) {
    if (!id) throw new DiagnosticError('Invalid cdkws_organization import ID', 'expected the organization name, e.g. "sandbox"');
    return { state: { id, name: id, email: null } };
  },
});
