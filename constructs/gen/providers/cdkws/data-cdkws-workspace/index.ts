// https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspace
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from '../../../../engine';

// Configuration

export interface DataCdkwsWorkspaceConfig extends cdktf.TerraformMetaArguments {
  /**
  * The workspace name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspace#name DataCdkwsWorkspace#name}
  */
  readonly name: string;
  /**
  * Defaults to the provider's organization.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspace#organization DataCdkwsWorkspace#organization}
  */
  readonly organization?: string;
}
export interface DataCdkwsWorkspaceVcsRepo {
}

export function dataCdkwsWorkspaceVcsRepoToTerraform(struct?: DataCdkwsWorkspaceVcsRepo): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataCdkwsWorkspaceVcsRepoToHclTerraform(struct?: DataCdkwsWorkspaceVcsRepo): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataCdkwsWorkspaceVcsRepoOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataCdkwsWorkspaceVcsRepo | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataCdkwsWorkspaceVcsRepo | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // branch - computed: true, optional: false, required: false
  public get branch() {
    return this.getStringAttribute('branch');
  }

  // identifier - computed: true, optional: false, required: false
  public get identifier() {
    return this.getStringAttribute('identifier');
  }

  // ingress_submodules - computed: true, optional: false, required: false
  public get ingressSubmodules() {
    return this.getBooleanAttribute('ingress_submodules');
  }

  // oauth_token_id - computed: true, optional: false, required: false
  public get oauthTokenId() {
    return this.getStringAttribute('oauth_token_id');
  }

  // tags_regex - computed: true, optional: false, required: false
  public get tagsRegex() {
    return this.getStringAttribute('tags_regex');
  }
}

/**
* Represents a {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspace cdkws_workspace}
*/
export class DataCdkwsWorkspace extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "cdkws_workspace";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataCdkwsWorkspace resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataCdkwsWorkspace to import
  * @param importFromId The id of the existing DataCdkwsWorkspace that should be imported. Refer to the {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspace#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataCdkwsWorkspace to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "cdkws_workspace", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspace cdkws_workspace} Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataCdkwsWorkspaceConfig
  */
  public constructor(scope: Construct, id: string, config: DataCdkwsWorkspaceConfig) {
    super(scope, id, {
      terraformResourceType: 'cdkws_workspace',
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

  // agent_pool_id - computed: true, optional: false, required: false
  public get agentPoolId() {
    return this.getStringAttribute('agent_pool_id');
  }

  // allow_destroy_plan - computed: true, optional: false, required: false
  public get allowDestroyPlan() {
    return this.getBooleanAttribute('allow_destroy_plan');
  }

  // assessments_enabled - computed: true, optional: false, required: false
  public get assessmentsEnabled() {
    return this.getBooleanAttribute('assessments_enabled');
  }

  // auto_apply - computed: true, optional: false, required: false
  public get autoApply() {
    return this.getBooleanAttribute('auto_apply');
  }

  // auto_apply_run_trigger - computed: true, optional: false, required: false
  public get autoApplyRunTrigger() {
    return this.getBooleanAttribute('auto_apply_run_trigger');
  }

  // auto_destroy_activity_duration - computed: true, optional: false, required: false
  public get autoDestroyActivityDuration() {
    return this.getStringAttribute('auto_destroy_activity_duration');
  }

  // auto_destroy_at - computed: true, optional: false, required: false
  public get autoDestroyAt() {
    return this.getStringAttribute('auto_destroy_at');
  }

  // description - computed: true, optional: false, required: false
  public get description() {
    return this.getStringAttribute('description');
  }

  // effective_tags - computed: true, optional: false, required: false
  private _effectiveTags = new cdktf.StringMap(this, "effective_tags");
  public get effectiveTags() {
    return this._effectiveTags;
  }

  // engine_version - computed: true, optional: false, required: false
  public get engineVersion() {
    return this.getStringAttribute('engine_version');
  }

  // execution_mode - computed: true, optional: false, required: false
  public get executionMode() {
    return this.getStringAttribute('execution_mode');
  }

  // file_triggers_enabled - computed: true, optional: false, required: false
  public get fileTriggersEnabled() {
    return this.getBooleanAttribute('file_triggers_enabled');
  }

  // global_remote_state - computed: true, optional: false, required: false
  public get globalRemoteState() {
    return this.getBooleanAttribute('global_remote_state');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // locked - computed: true, optional: false, required: false
  public get locked() {
    return this.getBooleanAttribute('locked');
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

  // project_id - computed: true, optional: false, required: false
  public get projectId() {
    return this.getStringAttribute('project_id');
  }

  // queue_all_runs - computed: true, optional: false, required: false
  public get queueAllRuns() {
    return this.getBooleanAttribute('queue_all_runs');
  }

  // resource_count - computed: true, optional: false, required: false
  public get resourceCount() {
    return this.getNumberAttribute('resource_count');
  }

  // source_name - computed: true, optional: false, required: false
  public get sourceName() {
    return this.getStringAttribute('source_name');
  }

  // source_url - computed: true, optional: false, required: false
  public get sourceUrl() {
    return this.getStringAttribute('source_url');
  }

  // speculative_enabled - computed: true, optional: false, required: false
  public get speculativeEnabled() {
    return this.getBooleanAttribute('speculative_enabled');
  }

  // ssh_key_id - computed: true, optional: false, required: false
  public get sshKeyId() {
    return this.getStringAttribute('ssh_key_id');
  }

  // structured_run_output_enabled - computed: true, optional: false, required: false
  public get structuredRunOutputEnabled() {
    return this.getBooleanAttribute('structured_run_output_enabled');
  }

  // tag_names - computed: true, optional: false, required: false
  public get tagNames() {
    return cdktf.Fn.tolist(this.getListAttribute('tag_names'));
  }

  // tags - computed: true, optional: false, required: false
  private _tags = new cdktf.StringMap(this, "tags");
  public get tags() {
    return this._tags;
  }

  // trigger_patterns - computed: true, optional: false, required: false
  public get triggerPatterns() {
    return this.getListAttribute('trigger_patterns');
  }

  // trigger_prefixes - computed: true, optional: false, required: false
  public get triggerPrefixes() {
    return this.getListAttribute('trigger_prefixes');
  }

  // vcs_repo - computed: true, optional: false, required: false
  private _vcsRepo = new DataCdkwsWorkspaceVcsRepoOutputReference(this, "vcs_repo");
  public get vcsRepo() {
    return this._vcsRepo;
  }

  // working_directory - computed: true, optional: false, required: false
  public get workingDirectory() {
    return this.getStringAttribute('working_directory');
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
