// An organization: `Organization` declares one (a `cdkws_organization`, for site administrators),
// `Organization.lookup` reads an existing one (data `cdkws_organization`: email and entitlements).
// Names and rules come from src/contract/organization-attributes.ts.
import { Construct } from 'constructs';
import { ORGANIZATION_VALUE_RULES } from '../src/contract/organization-attributes';
import { DataCdkwsOrganization, type DataCdkwsOrganizationEntitlementsOutputReference } from './gen/providers/cdkws/data-cdkws-organization';
import { Organization as OrganizationResource } from './gen/providers/cdkws/organization';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved, shown } from './validation';

export interface OrganizationProps {
  /** Letters, numbers, "-" and "_"; unique on the service. A new name renames the organization in place. */
  readonly name: string;
  /** The organization administrators' email address. */
  readonly email: string;
  /**
   * Refuse plans that would delete the organization: deleting it deletes every workspace it holds.
   * @default false
   */
  readonly preventDestroy?: boolean;
}

/**
 * An organization, declared in code (a sandbox organization, say). Creating and deleting it needs
 * a site administrator's token; deleting it deletes everything it holds. Give `name` of this
 * construct as a workspace's `organization`, so Terraform creates the organization first.
 */
export class Organization extends Construct {
  /** The organization's name, as a reference to the resource (it is the organization's ID too). */
  public readonly name: string;
  public readonly email: string;
  /** The `cdkws_organization` resource (escape hatch). */
  public readonly resource: OrganizationResource;

  /** An existing organization, read by name: its email address and entitlements. */
  public static lookup(scope: Construct, id: string, name: string): OrganizationLookup {
    return new OrganizationLookup(scope, id, name);
  }

  constructor(scope: Construct, id: string, props: OrganizationProps) {
    super(scope, id);
    WorkspacesStack.of(this);
    const checker = new PropsChecker(this);
    for (const prop of ['name', 'email'] as const) {
      const value = props[prop];
      if (value === undefined) checker.fail(prop, `${prop} is required`);
      // Tokens are Terraform's to check at plan time.
      if (typeof value !== 'string' || isUnresolved(value)) continue;
      const problem = ORGANIZATION_VALUE_RULES[prop](value);
      if (problem !== undefined) checker.fail(prop, `${problem.replace('{}', prop)} (got ${shown(value)})`);
    }
    checker.throwIfAny();
    this.resource = new OrganizationResource(this, 'Default', {
      name: props.name,
      email: props.email,
      lifecycle: props.preventDestroy ? { preventDestroy: true } : undefined,
    });
    this.name = this.resource.name;
    this.email = props.email;
  }
}

/** An existing organization (data `cdkws_organization`); any member's token may read it. */
export class OrganizationLookup extends Construct {
  public readonly name: string;
  /** The organization administrators' email address (a token until plan). */
  public readonly email: string;
  /** What the organization's plan lets it use: `entitlements.operations`, `entitlements.agents`, … (tokens until plan). */
  public readonly entitlements: DataCdkwsOrganizationEntitlementsOutputReference;
  /** The data source (escape hatch). */
  public readonly dataSource: DataCdkwsOrganization;

  constructor(scope: Construct, id: string, name: string) {
    super(scope, id);
    WorkspacesStack.of(this);
    const checker = new PropsChecker(this);
    const problem = typeof name === 'string' && !isUnresolved(name) ? ORGANIZATION_VALUE_RULES.name(name) : undefined;
    if (problem !== undefined) checker.fail('name', `${problem.replace('{}', 'name')} (got ${shown(name)})`);
    checker.throwIfAny();
    this.dataSource = new DataCdkwsOrganization(this, 'Default', { name });
    this.name = name;
    this.email = this.dataSource.email;
    this.entitlements = this.dataSource.entitlements;
  }
}
