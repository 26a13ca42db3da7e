// Organizations and their entitlement sets, as the hosted service has them (src/contract/organization.ts).
// Creating and deleting organizations needs a site administrator; members may show and update.
import {
  ENTITLEMENT_SET_ATTRIBUTES,
  ORGANIZATION_ATTRIBUTES,
  ORGANIZATION_TYPE,
  ORGANIZATION_VALUE_RULES,
  ENDPOINTS,
  fromWireAttributes,
  toWireAttributes,
  type EntitlementSetValues,
  type OrganizationCreateValues,
  type OrganizationReadValues,
  type OrganizationResource,
  type OrganizationUpdateValues,
} from '../contract';
import { endpointRequest } from './endpoint-request';
import { NameTakenError, NotFoundError } from './errors';
import { paginate, pageQuery, toPagination, type ListOptions, type Page } from './pagination';
import { invalidAttribute, refuseIfInvalid, shapeErrors } from './request-checks';
import type { Transport, TransportRequest } from './transport';

/** name and email are required. */
export type OrganizationCreateOptions = OrganizationCreateValues & { name: string; email: string };
/** Members left undefined keep their value; a new `name` renames the organization. */
export type OrganizationUpdateOptions = OrganizationUpdateValues;
export type OrganizationListOptions = ListOptions;

/** An organization as answered: the table's values by camelCase name. */
export interface Organization extends OrganizationReadValues {
  /** The organization's name, which is also its ID in paths and relationships. */
  name: string;
  /** The caller's rights, as the service answers them (`can-update`, `can-destroy`, …). */
  permissions?: Record<string, boolean>;
  /** The validated wire resource, for members this type does not name. */
  raw: OrganizationResource;
}

/** What the organization's plan lets it use. */
export type EntitlementSet = Required<{ [K in keyof EntitlementSetValues]: boolean }> & { id: string };

const byName = (name: string) => ({ organization_name: name });

function toOrganization(resource: OrganizationResource): Organization {
  const values = fromWireAttributes(ORGANIZATION_ATTRIBUTES, resource.attributes) as OrganizationReadValues;
  return { ...values, name: resource.attributes.name, permissions: resource.attributes.permissions, raw: resource };
}

function organizationBody(options: OrganizationCreateOptions | OrganizationUpdateOptions): { data: { type: string; attributes: Record<string, unknown> } } {
  return { data: { type: ORGANIZATION_TYPE, attributes: toWireAttributes(ORGANIZATION_ATTRIBUTES, options) } };
}

export class OrganizationsApi {
  constructor(private readonly transport: Transport) {}

  /** One page of the organizations the token can see (a site administrator sees all). */
  async list(options: OrganizationListOptions = {}): Promise<Page<Organization>> {
    const doc = await this.transport.call(
      endpointRequest('listOrganizations', {}, { query: pageQuery(options), idempotent: true }),
      ENDPOINTS.listOrganizations.answer,
    );
    return { items: doc.data.map(toOrganization), pagination: toPagination(doc.meta) };
  }

  /** Every organization the token can see, 100 per request. */
  listAll(): AsyncGenerator<Organization, void, undefined> {
    return paginate((page) => this.list(page));
  }

  async read(name: string): Promise<Organization> {
    const doc = await this.transport.call(endpointRequest('showOrganization', byName(name), { idempotent: true }), ENDPOINTS.showOrganization.answer);
    return toOrganization(doc.data);
  }

  /**
   * Creates an organization (site administrators). After a lost answer, a re-sent create that
   * finds the name taken reads the organization: the first attempt made it.
   */
  async create(options: OrganizationCreateOptions): Promise<Organization> {
    const req = endpointRequest('createOrganization', {}, { body: organizationBody(options), idempotent: false });
    this.validate(req, options, 'create');
    return this.transport.checkedWrite(() => this.single(req), {
      settle: async (error) => (error instanceof NameTakenError ? this.read(options.name) : undefined),
    });
  }

  /** Changes settings; members left undefined keep their value. */
  async update(name: string, options: OrganizationUpdateOptions): Promise<Organization> {
    const req = endpointRequest('updateOrganization', byName(name), { body: organizationBody(options), idempotent: true });
    this.validate(req, options, 'update');
    if (options.name === undefined || options.name === name) return this.single(req);
    // A rename is not safe to repeat: once done, the old path answers 404.
    return this.transport.checkedWrite(() => this.single({ ...req, idempotent: false }), {
      settle: async (error) => (error instanceof NotFoundError ? this.read(options.name!) : undefined),
    });
  }

  /** Deletes the organization and everything it holds (site administrators); gone already counts as done after a lost answer. */
  async delete(name: string): Promise<void> {
    await this.transport.checkedWrite(
      async () => (await this.transport.request(endpointRequest('deleteOrganization', byName(name), { idempotent: false })), true as const),
      {
        settle: async (error) => (error instanceof NotFoundError ? (true as const) : undefined),
      },
    );
  }

  /** What the organization's plan lets it use. */
  async entitlements(name: string): Promise<EntitlementSet> {
    const doc = await this.transport.call(endpointRequest('showEntitlementSet', byName(name), { idempotent: true }), ENDPOINTS.showEntitlementSet.answer);
    const values = fromWireAttributes(ENTITLEMENT_SET_ATTRIBUTES, doc.data.attributes);
    // An entitlement the answer leaves out is not granted.
    const set = Object.fromEntries(Object.keys(ENTITLEMENT_SET_ATTRIBUTES).map((k) => [k, values[k] === true]));
    return { ...(set as Required<{ [K in keyof EntitlementSetValues]: boolean }>), id: doc.data.id };
  }

  private async single(req: TransportRequest): Promise<Organization> {
    const doc = await this.transport.call(req, ENDPOINTS.showOrganization.answer);
    return toOrganization(doc.data);
  }

  /** The spec's rules and shapes before anything is sent, named in camelCase. */
  private validate(req: TransportRequest, options: OrganizationCreateOptions | OrganizationUpdateOptions, mode: 'create' | 'update'): void {
    const errors = [];
    for (const [name, rule] of Object.entries(ORGANIZATION_VALUE_RULES)) {
      const value = (options as Record<string, unknown>)[name];
      if (mode === 'create' && value === undefined) errors.push(invalidAttribute(`${name} is required`, `/data/attributes/${name}`));
      const problem = typeof value === 'string' ? rule(value) : undefined;
      if (problem) errors.push(invalidAttribute(`${problem.replace('{}', name)}: got ${JSON.stringify(value)}`, `/data/attributes/${name}`));
    }
    if (errors.length === 0) {
      errors.push(...shapeErrors(ORGANIZATION_ATTRIBUTES, (mode === 'create' ? ENDPOINTS.createOrganization : ENDPOINTS.updateOrganization).body, req.body));
    }
    refuseIfInvalid(this.transport.summary(req), 'organization options', errors);
  }
}
