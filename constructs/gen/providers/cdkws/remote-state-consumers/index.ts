// https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/remote_state_consumers
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from '../../../../engine';

// Configuration

export interface RemoteStateConsumersConfig extends cdktf.TerraformMetaArguments {
  /**
  * IDs of the workspaces that may read its state; consumers not listed are removed.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/remote_state_consumers#consumer_ids RemoteStateConsumers#consumer_ids}
  */
  readonly consumerIds: string[];
  /**
  * ID of the workspace whose state is shared.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/remote_state_consumers#workspace_id RemoteStateConsumers#workspace_id}
  */
  readonly workspaceId: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/remote_state_consumers cdkws_remote_state_consumers}
*/
export class RemoteStateConsumers extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "cdkws_remote_state_consumers";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a RemoteStateConsumers resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the RemoteStateConsumers to import
  * @param importFromId The id of the existing RemoteStateConsumers that should be imported. Refer to the {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/remote_state_consumers#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the RemoteStateConsumers to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "cdkws_remote_state_consumers", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/remote_state_consumers cdkws_remote_state_consumers} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options RemoteStateConsumersConfig
  */
  public constructor(scope: Construct, id: string, config: RemoteStateConsumersConfig) {
    super(scope, id, {
      terraformResourceType: 'cdkws_remote_state_consumers',
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
    this._consumerIds = config.consumerIds;
    this._workspaceId = config.workspaceId;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // consumer_ids - computed: false, optional: false, required: true
  private _consumerIds?: string[];
  public get consumerIds() {
    return cdktf.Fn.tolist(this.getListAttribute('consumer_ids'));
  }
  public set consumerIds(value: string[]) {
    this._consumerIds = value;
  }
  // Temporarily expose input value. Use with caution.
  public get consumerIdsInput() {
    return this._consumerIds;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // workspace_id - computed: false, optional: false, required: true
  private _workspaceId?: string;
  public get workspaceId() {
    return this.getStringAttribute('workspace_id');
  }
  public set workspaceId(value: string) {
    this._workspaceId = value;
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
      consumer_ids: cdktf.listMapper(cdktf.stringToTerraform, false)(this._consumerIds),
      workspace_id: cdktf.stringToTerraform(this._workspaceId),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      consumer_ids: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._consumerIds),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
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
