// https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from '../../../../engine';

// Configuration

export interface VariableConfig extends cdktf.TerraformMetaArguments {
  /**
  * `terraform` (an input variable of the configuration) or `env` (an environment variable).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#category Variable#category}
  */
  readonly category: string;
  /**
  * What the variable is for, at most 512 characters.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#description Variable#description}
  */
  readonly description?: string;
  /**
  * Parse the value as HCL (terraform variables only). Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#hcl Variable#hcl}
  */
  readonly hcl?: boolean | cdktf.IResolvable;
  /**
  * The name: unique per workspace (or set) and category, case-sensitive.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#key Variable#key}
  */
  readonly key: string;
  /**
  * The service never answers the value. A sensitive variable cannot become non-sensitive: setting false replaces it. Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#sensitive Variable#sensitive}
  */
  readonly sensitive?: boolean | cdktf.IResolvable;
  /**
  * The value, kept in the plan and the state (marked sensitive). For a secret use `value_wo` instead, which neither the plan nor the state holds.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#value Variable#value}
  */
  readonly value?: string;
  /**
  * The value, write-only (Terraform 1.11+): sent to the service, never kept in the plan or the state. Needs `value_wo_version`.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#value_wo Variable#value_wo}
  */
  readonly valueWo?: string;
  /**
  * Any number: a new one sends the current `value_wo` (a changed `value_wo` alone is not seen, since nothing keeps it).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#value_wo_version Variable#value_wo_version}
  */
  readonly valueWoVersion?: number;
  /**
  * The variable set (`varset-…`) the variable belongs to; set this or `workspace_id`.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#variable_set_id Variable#variable_set_id}
  */
  readonly variableSetId?: string;
  /**
  * The workspace (`ws-…`) the variable belongs to; set this or `variable_set_id`.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#workspace_id Variable#workspace_id}
  */
  readonly workspaceId?: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable cdkws_variable}
*/
export class Variable extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "cdkws_variable";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Variable resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Variable to import
  * @param importFromId The id of the existing Variable that should be imported. Refer to the {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Variable to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "cdkws_variable", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/variable cdkws_variable} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options VariableConfig
  */
  public constructor(scope: Construct, id: string, config: VariableConfig) {
    super(scope, id, {
      terraformResourceType: 'cdkws_variable',
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
    this._category = config.category;
    this._description = config.description;
    this._hcl = config.hcl;
    this._key = config.key;
    this._sensitive = config.sensitive;
    this._value = config.value;
    this._valueWo = config.valueWo;
    this._valueWoVersion = config.valueWoVersion;
    this._variableSetId = config.variableSetId;
    this._workspaceId = config.workspaceId;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // category - computed: false, optional: false, required: true
  private _category?: string;
  public get category() {
    return this.getStringAttribute('category');
  }
  public set category(value: string) {
    this._category = value;
  }
  // Temporarily expose input value. Use with caution.
  public get categoryInput() {
    return this._category;
  }

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

  // hcl - computed: true, optional: true, required: false
  private _hcl?: boolean | cdktf.IResolvable;
  public get hcl() {
    return this.getBooleanAttribute('hcl');
  }
  public set hcl(value: boolean | cdktf.IResolvable) {
    this._hcl = value;
  }
  public resetHcl() {
    this._hcl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get hclInput() {
    return this._hcl;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // key - computed: false, optional: false, required: true
  private _key?: string;
  public get key() {
    return this.getStringAttribute('key');
  }
  public set key(value: string) {
    this._key = value;
  }
  // Temporarily expose input value. Use with caution.
  public get keyInput() {
    return this._key;
  }

  // sensitive - computed: true, optional: true, required: false
  private _sensitive?: boolean | cdktf.IResolvable;
  public get sensitive() {
    return this.getBooleanAttribute('sensitive');
  }
  public set sensitive(value: boolean | cdktf.IResolvable) {
    this._sensitive = value;
  }
  public resetSensitive() {
    this._sensitive = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sensitiveInput() {
    return this._sensitive;
  }

  // value - computed: false, optional: true, required: false
  private _value?: string;
  public get value() {
    return this.getStringAttribute('value');
  }
  public set value(value: string) {
    this._value = value;
  }
  public resetValue() {
    this._value = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get valueInput() {
    return this._value;
  }

  // value_wo - computed: false, optional: true, required: false
  private _valueWo?: string;
  public get valueWo() {
    return this.getStringAttribute('value_wo');
  }
  public set valueWo(value: string) {
    this._valueWo = value;
  }
  public resetValueWo() {
    this._valueWo = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get valueWoInput() {
    return this._valueWo;
  }

  // value_wo_version - computed: false, optional: true, required: false
  private _valueWoVersion?: number;
  public get valueWoVersion() {
    return this.getNumberAttribute('value_wo_version');
  }
  public set valueWoVersion(value: number) {
    this._valueWoVersion = value;
  }
  public resetValueWoVersion() {
    this._valueWoVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get valueWoVersionInput() {
    return this._valueWoVersion;
  }

  // variable_set_id - computed: false, optional: true, required: false
  private _variableSetId?: string;
  public get variableSetId() {
    return this.getStringAttribute('variable_set_id');
  }
  public set variableSetId(value: string) {
    this._variableSetId = value;
  }
  public resetVariableSetId() {
    this._variableSetId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get variableSetIdInput() {
    return this._variableSetId;
  }

  // workspace_id - computed: false, optional: true, required: false
  private _workspaceId?: string;
  public get workspaceId() {
    return this.getStringAttribute('workspace_id');
  }
  public set workspaceId(value: string) {
    this._workspaceId = value;
  }
  public resetWorkspaceId() {
    this._workspaceId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get workspaceIdInput() {
    return this._workspaceId;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      category: cdktf.stringToTerraform(this._category),
      description: cdktf.stringToTerraform(this._description),
      hcl: cdktf.booleanToTerraform(this._hcl),
      key: cdktf.stringToTerraform(this._key),
      sensitive: cdktf.booleanToTerraform(this._sensitive),
      value: cdktf.stringToTerraform(this._value),
      value_wo: cdktf.stringToTerraform(this._valueWo),
      value_wo_version: cdktf.numberToTerraform(this._valueWoVersion),
      variable_set_id: cdktf.stringToTerraform(this._variableSetId),
      workspace_id: cdktf.stringToTerraform(this._workspaceId),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      category: {
        value: cdktf.stringToHclTerraform(this._category),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      description: {
        value: cdktf.stringToHclTerraform(this._description),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      hcl: {
        value: cdktf.booleanToHclTerraform(this._hcl),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      key: {
        value: cdktf.stringToHclTerraform(this._key),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      sensitive: {
        value: cdktf.booleanToHclTerraform(this._sensitive),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      value: {
        value: cdktf.stringToHclTerraform(this._value),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      value_wo: {
        value: cdktf.stringToHclTerraform(this._valueWo),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      value_wo_version: {
        value: cdktf.numberToHclTerraform(this._valueWoVersion),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      variable_set_id: {
        value: cdktf.stringToHclTerraform(this._variableSetId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      workspace_id: {
        value: cdktf.stringToHclTerraform(this._workspaceId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
