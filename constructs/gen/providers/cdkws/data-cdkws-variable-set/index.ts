// https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/variable_set
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from '../../../../engine';

// Configuration

export interface DataCdkwsVariableSetConfig extends cdktf.TerraformMetaArguments {
  /**
  * The set name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/variable_set#name DataCdkwsVariableSet#name}
  */
  readonly name: string;
  /**
  * Defaults to the provider's organization.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/variable_set#organization DataCdkwsVariableSet#organization}
  */
  readonly organization?: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/variable_set cdkws_variable_set}
*/
export class DataCdkwsVariableSet extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "cdkws_variable_set";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataCdkwsVariableSet resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataCdkwsVariableSet to import
  * @param importFromId The id of the existing DataCdkwsVariableSet that should be imported. Refer to the {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/variable_set#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataCdkwsVariableSet to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "cdkws_variable_set", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/variable_set cdkws_variable_set} Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataCdkwsVariableSetConfig
  */
  public constructor(scope: Construct, id: string, config: DataCdkwsVariableSetConfig) {
    super(scope, id, {
      terraformResourceType: 'cdkws_variable_set',
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
    this._organization = config.organization;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // description - computed: true, optional: false, required: false
  public get description() {
    return this.getStringAttribute('description');
  }

  // global - computed: true, optional: false, required: false
  public get global() {
    return this.getBooleanAttribute('global');
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

  // organization - computed: true, optional: true, required: false
  private _organization?: string;
  public get organization() {
    return this.getStringAttribute('organization');
  }
  public set organization(value: string) {
    this._organization = value;
  }
  public resetOrganization() {
    this._organization = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get organizationInput() {
    return this._organization;
  }

  // priority - computed: true, optional: false, required: false
  public get priority() {
    return this.getBooleanAttribute('priority');
  }

  // project_ids - computed: true, optional: false, required: false
  public get projectIds() {
    return cdktf.Fn.tolist(this.getListAttribute('project_ids'));
  }

  // variable_ids - computed: true, optional: false, required: false
  public get variableIds() {
    return cdktf.Fn.tolist(this.getListAttribute('variable_ids'));
  }

  // workspace_ids - computed: true, optional: false, required: false
  public get workspaceIds() {
    return cdktf.Fn.tolist(this.getListAttribute('workspace_ids'));
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      name: cdktf.stringToTerraform(this._name),
      organization: cdktf.stringToTerraform(this._organization),
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
      organization: {
        value: cdktf.stringToHclTerraform(this._organization),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
