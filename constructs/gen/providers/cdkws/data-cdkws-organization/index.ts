// https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/organization
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from '../../../../engine';

// Configuration

export interface DataCdkwsOrganizationConfig extends cdktf.TerraformMetaArguments {
  /**
  * Letters, numbers, "-" and "_"; unique on the service. Renaming changes every path of the organization.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/organization#name DataCdkwsOrganization#name}
  */
  readonly name: string;
}
export interface DataCdkwsOrganizationEntitlements {
}

export function dataCdkwsOrganizationEntitlementsToTerraform(struct?: DataCdkwsOrganizationEntitlements): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataCdkwsOrganizationEntitlementsToHclTerraform(struct?: DataCdkwsOrganizationEntitlements): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataCdkwsOrganizationEntitlementsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataCdkwsOrganizationEntitlements | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataCdkwsOrganizationEntitlements | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // agents - computed: true, optional: false, required: false
  public get agents() {
    return this.getBooleanAttribute('agents');
  }

  // audit_logging - computed: true, optional: false, required: false
  public get auditLogging() {
    return this.getBooleanAttribute('audit_logging');
  }

  // cost_estimation - computed: true, optional: false, required: false
  public get costEstimation() {
    return this.getBooleanAttribute('cost_estimation');
  }

  // operations - computed: true, optional: false, required: false
  public get operations() {
    return this.getBooleanAttribute('operations');
  }

  // private_module_registry - computed: true, optional: false, required: false
  public get privateModuleRegistry() {
    return this.getBooleanAttribute('private_module_registry');
  }

  // sentinel - computed: true, optional: false, required: false
  public get sentinel() {
    return this.getBooleanAttribute('sentinel');
  }

  // sso - computed: true, optional: false, required: false
  public get sso() {
    return this.getBooleanAttribute('sso');
  }

  // state_storage - computed: true, optional: false, required: false
  public get stateStorage() {
    return this.getBooleanAttribute('state_storage');
  }

  // teams - computed: true, optional: false, required: false
  public get teams() {
    return this.getBooleanAttribute('teams');
  }

  // vcs_integrations - computed: true, optional: false, required: false
  public get vcsIntegrations() {
    return this.getBooleanAttribute('vcs_integrations');
  }
}

/**
* Represents a {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/organization cdkws_organization}
*/
export class DataCdkwsOrganization extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "cdkws_organization";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataCdkwsOrganization resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataCdkwsOrganization to import
  * @param importFromId The id of the existing DataCdkwsOrganization that should be imported. Refer to the {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/organization#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataCdkwsOrganization to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "cdkws_organization", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/organization cdkws_organization} Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataCdkwsOrganizationConfig
  */
  public constructor(scope: Construct, id: string, config: DataCdkwsOrganizationConfig) {
    super(scope, id, {
      terraformResourceType: 'cdkws_organization',
      terraformGeneratorMetadata: {
        providerName: 'cdkws'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      provisioners: config.provisioners,
      connection: config.connection,
      forEach: config.forEach
    });
    this._name = config.name;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
  }

  // email - computed: true, optional: false, required: false
  public get email() {
    return this.getStringAttribute('email');
  }

  // entitlements - computed: true, optional: false, required: false
  private _entitlements = new DataCdkwsOrganizationEntitlementsOutputReference(this, "entitlements");
  public get entitlements() {
    return this._entitlements;
  }

  // external_id - computed: true, optional: false, required: false
  public get externalId() {
    return this.getStringAttribute('external_id');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // name - computed: false, optional: false, required: true
  private _name?: string;
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      name: cdktf.stringToTerraform(this._name),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
