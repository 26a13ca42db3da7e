// https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from '../../../../engine';

// Configuration

export interface VariableSetConfig extends cdktf.TerraformMetaArguments {
  /**
  * What the set is for, at most 512 characters.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set#description VariableSet#description}
  */
  readonly description?: string;
  /**
  * Applied to every workspace of the organization. Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set#global VariableSet#global}
  */
  readonly global?: boolean | cdktf.IResolvable;
  /**
  * The name, unique in the organization.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set#name VariableSet#name}
  */
  readonly name: string;
  /**
  * Organization name; defaults to the provider's organization. Changing it replaces the set.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set#organization VariableSet#organization}
  */
  readonly organization?: string;
  /**
  * Its values win over the workspaces' own variables of the same key and category. Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set#priority VariableSet#priority}
  */
  readonly priority?: boolean | cdktf.IResolvable;
}

/**
* Represents a {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set cdkws_variable_set}
*/
export class VariableSet extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "cdkws_variable_set";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a VariableSet resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the VariableSet to import
  * @param importFromId The id of the existing VariableSet that should be imported. Refer to the {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the VariableSet to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "cdkws_variable_set", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable_set cdkws_variable_set} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options VariableSetConfig
  */
  public constructor(scope: Construct, id: string, config: VariableSetConfig) {
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
    this._description = config.description;
    this._global = config.global;
    this._name = config.name;
    this._organization = config.organization;
    this._priority = config.priority;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // description - computed: false, optional: true, required: false
  private _description?: string;
  public get description() {
    return this.getStringAttribute('description');
  }
  public set description(value: string) {
    this._description = value;
  }
  public resetDescription() {
    this._description = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get descriptionInput() {
    return this._description;
  }

  // global - computed: true, optional: true, required: false
  private _global?: boolean | cdktf.IResolvable;
  public get global() {
    return this.getBooleanAttribute('global');
  }
  public set global(value: boolean | cdktf.IResolvable) {
    this._global = value;
  }
  public resetGlobal() {
    this._global = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get globalInput() {
    return this._global;
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

  // priority - computed: true, optional: true, required: false
  private _priority?: boolean | cdktf.IResolvable;
  public get priority() {
    return this.getBooleanAttribute('priority');
  }
  public set priority(value: boolean | cdktf.IResolvable) {
    this._priority = value;
  }
  public resetPriority() {
    this._priority = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get priorityInput() {
    return this._priority;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      description: cdktf.stringToTerraform(this._description),
      global: cdktf.booleanToTerraform(this._global),
      name: cdktf.stringToTerraform(this._name),
      organization: cdktf.stringToTerraform(this._organization),
      priority: cdktf.booleanToTerraform(this._priority),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      description: {
        value: cdktf.stringToHclTerraform(this._description),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      global: {
        value: cdktf.booleanToHclTerraform(this._global),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
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
      priority: {
        value: cdktf.booleanToHclTerraform(this._priority),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
