// https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from '../../../../engine';

// Configuration

export interface WorkspaceConfig extends cdktf.TerraformMetaArguments {
  /**
  * Agent pool (apool-…); required when execution_mode is "agent", refused otherwise.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#agent_pool_id Workspace#agent_pool_id}
  */
  readonly agentPoolId?: string;
  /**
  * Whether destroy plans can be queued. Default true.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#allow_destroy_plan Workspace#allow_destroy_plan}
  */
  readonly allowDestroyPlan?: boolean | cdktf.IResolvable;
  /**
  * Health assessments: hosted service, plus tier, remote execution, engine 0.15.4 or later. Default: false, or true where the organization enforces assessments.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#assessments_enabled Workspace#assessments_enabled}
  */
  readonly assessmentsEnabled?: boolean | cdktf.IResolvable;
  /**
  * Apply runs started by VCS, UI or CLI without confirmation. Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#auto_apply Workspace#auto_apply}
  */
  readonly autoApply?: boolean | cdktf.IResolvable;
  /**
  * Apply runs started by run triggers without confirmation. Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#auto_apply_run_trigger Workspace#auto_apply_run_trigger}
  */
  readonly autoApplyRunTrigger?: boolean | cdktf.IResolvable;
  /**
  * Inactivity before a destroy run: 1 to 4 digits then "d" or "h", e.g. "14d".
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#auto_destroy_activity_duration Workspace#auto_destroy_activity_duration}
  */
  readonly autoDestroyActivityDuration?: string;
  /**
  * ISO 8601 timestamp of a scheduled destroy run.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#auto_destroy_at Workspace#auto_destroy_at}
  */
  readonly autoDestroyAt?: string;
  /**
  * Free text.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#description Workspace#description}
  */
  readonly description?: string;
  /**
  * Exact version, or a constraint that selects the newest matching release. Default: the latest release.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#engine_version Workspace#engine_version}
  */
  readonly engineVersion?: string;
  /**
  * "remote", "local" (state only) or "agent". Default: the organization's default execution mode.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#execution_mode Workspace#execution_mode}
  */
  readonly executionMode?: string;
  /**
  * Start VCS runs only for changes under the trigger prefixes or patterns. Default true.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#file_triggers_enabled Workspace#file_triggers_enabled}
  */
  readonly fileTriggersEnabled?: boolean | cdktf.IResolvable;
  /**
  * Delete even while the workspace manages resources (needs an owner). Default false: safe delete.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#force_delete Workspace#force_delete}
  */
  readonly forceDelete?: boolean | cdktf.IResolvable;
  /**
  * Every workspace of the organization may read this workspace's state. Default: false, or on a self-hosted service the organization's global remote state default.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#global_remote_state Workspace#global_remote_state}
  */
  readonly globalRemoteState?: boolean | cdktf.IResolvable;
  /**
  * With tags set: leave keys not listed in tags alone. Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#ignore_additional_tags Workspace#ignore_additional_tags}
  */
  readonly ignoreAdditionalTags?: boolean | cdktf.IResolvable;
  /**
  * Letters, numbers, "-" and "_", at most 90 characters; unique in the organization.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#name Workspace#name}
  */
  readonly name: string;
  /**
  * Organization name; defaults to the provider's organization. Changing it replaces the workspace.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#organization Workspace#organization}
  */
  readonly organization?: string;
  /**
  * Project (prj-…) the workspace belongs to. Default: the organization's default project.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#project_id Workspace#project_id}
  */
  readonly projectId?: string;
  /**
  * Queue VCS runs before the first manual run. Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#queue_all_runs Workspace#queue_all_runs}
  */
  readonly queueAllRuns?: boolean | cdktf.IResolvable;
  /**
  * Name of the tool that created the workspace (create only).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#source_name Workspace#source_name}
  */
  readonly sourceName?: string;
  /**
  * URL of the tool that created the workspace (create only).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#source_url Workspace#source_url}
  */
  readonly sourceUrl?: string;
  /**
  * Automatic speculative plans for pull requests. Default true.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#speculative_enabled Workspace#speculative_enabled}
  */
  readonly speculativeEnabled?: boolean | cdktf.IResolvable;
  /**
  * SSH key (sshkey-…) for private modules.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#ssh_key_id Workspace#ssh_key_id}
  */
  readonly sshKeyId?: string;
  /**
  * Structured run output in the UI. Default true.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#structured_run_output_enabled Workspace#structured_run_output_enabled}
  */
  readonly structuredRunOutputEnabled?: boolean | cdktf.IResolvable;
  /**
  * Flat (legacy) tags, stored lowercased. Unset leaves the tags alone.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#tag_names Workspace#tag_names}
  */
  readonly tagNames?: string[];
  /**
  * Key-value tag bindings of the workspace itself. Unset leaves bindings alone (for cdkws_tag_binding); set manages them exactly.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#tags Workspace#tags}
  */
  readonly tags?: { [key: string]: string };
  /**
  * Glob patterns whose changes start runs. Default [].
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#trigger_patterns Workspace#trigger_patterns}
  */
  readonly triggerPatterns?: string[];
  /**
  * Paths whose changes start runs, besides the working directory. Default [].
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#trigger_prefixes Workspace#trigger_prefixes}
  */
  readonly triggerPrefixes?: string[];
  /**
  * Relative path the engine runs in; the repository root when unset.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#working_directory Workspace#working_directory}
  */
  readonly workingDirectory?: string;
  /**
  * setting_overwrites block
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#setting_overwrites Workspace#setting_overwrites}
  */
  readonly settingOverwrites?: WorkspaceSettingOverwrites;
  /**
  * vcs_repo block
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#vcs_repo Workspace#vcs_repo}
  */
  readonly vcsRepo?: WorkspaceVcsRepo;
}
export interface WorkspaceSettingOverwrites {
  /**
  * The workspace sets its agent pool itself (true) or follows the organization default (false).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#agent_pool Workspace#agent_pool}
  */
  readonly agentPool?: boolean | cdktf.IResolvable;
  /**
  * The workspace sets execution_mode itself (true) or follows the organization default (false).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#execution_mode Workspace#execution_mode}
  */
  readonly executionMode?: boolean | cdktf.IResolvable;
}

export function workspaceSettingOverwritesToTerraform(struct?: WorkspaceSettingOverwrites | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    agent_pool: cdktf.booleanToTerraform(struct!.agentPool),
    execution_mode: cdktf.booleanToTerraform(struct!.executionMode),
  }
}


export function workspaceSettingOverwritesToHclTerraform(struct?: WorkspaceSettingOverwrites | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    agent_pool: {
      value: cdktf.booleanToHclTerraform(struct!.agentPool),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    execution_mode: {
      value: cdktf.booleanToHclTerraform(struct!.executionMode),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkspaceSettingOverwritesOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): WorkspaceSettingOverwrites | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._agentPool !== undefined) {
      hasAnyValues = true;
      internalValueResult.agentPool = this._agentPool;
    }
    if (this._executionMode !== undefined) {
      hasAnyValues = true;
      internalValueResult.executionMode = this._executionMode;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkspaceSettingOverwrites | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._agentPool = undefined;
      this._executionMode = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._agentPool = value.agentPool;
      this._executionMode = value.executionMode;
    }
  }

  // agent_pool - computed: true, optional: true, required: false
  private _agentPool?: boolean | cdktf.IResolvable;
  public get agentPool() {
    return this.getBooleanAttribute('agent_pool');
  }
  public set agentPool(value: boolean | cdktf.IResolvable) {
    this._agentPool = value;
  }
  public resetAgentPool() {
    this._agentPool = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get agentPoolInput() {
    return this._agentPool;
  }

  // execution_mode - computed: true, optional: true, required: false
  private _executionMode?: boolean | cdktf.IResolvable;
  public get executionMode() {
    return this.getBooleanAttribute('execution_mode');
  }
  public set executionMode(value: boolean | cdktf.IResolvable) {
    this._executionMode = value;
  }
  public resetExecutionMode() {
    this._executionMode = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get executionModeInput() {
    return this._executionMode;
  }
}
export interface WorkspaceVcsRepo {
  /**
  * Branch to track; empty means the repository default branch. Default "".
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#branch Workspace#branch}
  */
  readonly branch?: string;
  /**
  * ":org/:repo", or ":org/:project/_git/:repo" for the alternative provider.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#identifier Workspace#identifier}
  */
  readonly identifier: string;
  /**
  * Whether submodules are fetched. Default false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#ingress_submodules Workspace#ingress_submodules}
  */
  readonly ingressSubmodules?: boolean | cdktf.IResolvable;
  /**
  * VCS OAuth token (ot-…); give this or vcsapp_installation_id, not both.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#oauth_token_id Workspace#oauth_token_id}
  */
  readonly oauthTokenId?: string;
  /**
  * Runs start for Git tags matching this regular expression.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#tags_regex Workspace#tags_regex}
  */
  readonly tagsRegex?: string;
  /**
  * VCS app installation; give this or oauth_token_id, not both.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#vcsapp_installation_id Workspace#vcsapp_installation_id}
  */
  readonly vcsappInstallationId?: string;
}

export function workspaceVcsRepoToTerraform(struct?: WorkspaceVcsRepo | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    branch: cdktf.stringToTerraform(struct!.branch),
    identifier: cdktf.stringToTerraform(struct!.identifier),
    ingress_submodules: cdktf.booleanToTerraform(struct!.ingressSubmodules),
    oauth_token_id: cdktf.stringToTerraform(struct!.oauthTokenId),
    tags_regex: cdktf.stringToTerraform(struct!.tagsRegex),
    vcsapp_installation_id: cdktf.stringToTerraform(struct!.vcsappInstallationId),
  }
}


export function workspaceVcsRepoToHclTerraform(struct?: WorkspaceVcsRepo | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    branch: {
      value: cdktf.stringToHclTerraform(struct!.branch),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    identifier: {
      value: cdktf.stringToHclTerraform(struct!.identifier),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    ingress_submodules: {
      value: cdktf.booleanToHclTerraform(struct!.ingressSubmodules),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
    oauth_token_id: {
      value: cdktf.stringToHclTerraform(struct!.oauthTokenId),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    tags_regex: {
      value: cdktf.stringToHclTerraform(struct!.tagsRegex),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    vcsapp_installation_id: {
      value: cdktf.stringToHclTerraform(struct!.vcsappInstallationId),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkspaceVcsRepoOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): WorkspaceVcsRepo | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._branch !== undefined) {
      hasAnyValues = true;
      internalValueResult.branch = this._branch;
    }
    if (this._identifier !== undefined) {
      hasAnyValues = true;
      internalValueResult.identifier = this._identifier;
    }
    if (this._ingressSubmodules !== undefined) {
      hasAnyValues = true;
      internalValueResult.ingressSubmodules = this._ingressSubmodules;
    }
    if (this._oauthTokenId !== undefined) {
      hasAnyValues = true;
      internalValueResult.oauthTokenId = this._oauthTokenId;
    }
    if (this._tagsRegex !== undefined) {
      hasAnyValues = true;
      internalValueResult.tagsRegex = this._tagsRegex;
    }
    if (this._vcsappInstallationId !== undefined) {
      hasAnyValues = true;
      internalValueResult.vcsappInstallationId = this._vcsappInstallationId;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkspaceVcsRepo | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._branch = undefined;
      this._identifier = undefined;
      this._ingressSubmodules = undefined;
      this._oauthTokenId = undefined;
      this._tagsRegex = undefined;
      this._vcsappInstallationId = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._branch = value.branch;
      this._identifier = value.identifier;
      this._ingressSubmodules = value.ingressSubmodules;
      this._oauthTokenId = value.oauthTokenId;
      this._tagsRegex = value.tagsRegex;
      this._vcsappInstallationId = value.vcsappInstallationId;
    }
  }

  // branch - computed: true, optional: true, required: false
  private _branch?: string;
  public get branch() {
    return this.getStringAttribute('branch');
  }
  public set branch(value: string) {
    this._branch = value;
  }
  public resetBranch() {
    this._branch = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get branchInput() {
    return this._branch;
  }

  // identifier - computed: false, optional: false, required: true
  private _identifier?: string;
  public get identifier() {
    return this.getStringAttribute('identifier');
  }
  public set identifier(value: string) {
    this._identifier = value;
  }
  // Temporarily expose input value. Use with caution.
  public get identifierInput() {
    return this._identifier;
  }

  // ingress_submodules - computed: true, optional: true, required: false
  private _ingressSubmodules?: boolean | cdktf.IResolvable;
  public get ingressSubmodules() {
    return this.getBooleanAttribute('ingress_submodules');
  }
  public set ingressSubmodules(value: boolean | cdktf.IResolvable) {
    this._ingressSubmodules = value;
  }
  public resetIngressSubmodules() {
    this._ingressSubmodules = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get ingressSubmodulesInput() {
    return this._ingressSubmodules;
  }

  // oauth_token_id - computed: false, optional: true, required: false
  private _oauthTokenId?: string;
  public get oauthTokenId() {
    return this.getStringAttribute('oauth_token_id');
  }
  public set oauthTokenId(value: string) {
    this._oauthTokenId = value;
  }
  public resetOauthTokenId() {
    this._oauthTokenId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get oauthTokenIdInput() {
    return this._oauthTokenId;
  }

  // tags_regex - computed: false, optional: true, required: false
  private _tagsRegex?: string;
  public get tagsRegex() {
    return this.getStringAttribute('tags_regex');
  }
  public set tagsRegex(value: string) {
    this._tagsRegex = value;
  }
  public resetTagsRegex() {
    this._tagsRegex = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tagsRegexInput() {
    return this._tagsRegex;
  }

  // vcsapp_installation_id - computed: false, optional: true, required: false
  private _vcsappInstallationId?: string;
  public get vcsappInstallationId() {
    return this.getStringAttribute('vcsapp_installation_id');
  }
  public set vcsappInstallationId(value: string) {
    this._vcsappInstallationId = value;
  }
  public resetVcsappInstallationId() {
    this._vcsappInstallationId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get vcsappInstallationIdInput() {
    return this._vcsappInstallationId;
  }
}

/**
* Represents a {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace cdkws_workspace}
*/
export class Workspace extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "cdkws_workspace";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Workspace resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Workspace to import
  * @param importFromId The id of the existing Workspace that should be imported. Refer to the {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Workspace to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "cdkws_workspace", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/resources/workspace cdkws_workspace} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options WorkspaceConfig
  */
  public constructor(scope: Construct, id: string, config: WorkspaceConfig) {
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
    this._agentPoolId = config.agentPoolId;
    this._allowDestroyPlan = config.allowDestroyPlan;
    this._assessmentsEnabled = config.assessmentsEnabled;
    this._autoApply = config.autoApply;
    this._autoApplyRunTrigger = config.autoApplyRunTrigger;
    this._autoDestroyActivityDuration = config.autoDestroyActivityDuration;
    this._autoDestroyAt = config.autoDestroyAt;
    this._description = config.description;
    this._engineVersion = config.engineVersion;
    this._executionMode = config.executionMode;
    this._fileTriggersEnabled = config.fileTriggersEnabled;
    this._forceDelete = config.forceDelete;
    this._globalRemoteState = config.globalRemoteState;
    this._ignoreAdditionalTags = config.ignoreAdditionalTags;
    this._name = config.name;
    this._organization = config.organization;
    this._projectId = config.projectId;
    this._queueAllRuns = config.queueAllRuns;
    this._sourceName = config.sourceName;
    this._sourceUrl = config.sourceUrl;
    this._speculativeEnabled = config.speculativeEnabled;
    this._sshKeyId = config.sshKeyId;
    this._structuredRunOutputEnabled = config.structuredRunOutputEnabled;
    this._tagNames = config.tagNames;
    this._tags = config.tags;
    this._triggerPatterns = config.triggerPatterns;
    this._triggerPrefixes = config.triggerPrefixes;
    this._workingDirectory = config.workingDirectory;
    this._settingOverwrites.internalValue = config.settingOverwrites;
    this._vcsRepo.internalValue = config.vcsRepo;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // agent_pool_id - computed: true, optional: true, required: false
  private _agentPoolId?: string;
  public get agentPoolId() {
    return this.getStringAttribute('agent_pool_id');
  }
  public set agentPoolId(value: string) {
    this._agentPoolId = value;
  }
  public resetAgentPoolId() {
    this._agentPoolId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get agentPoolIdInput() {
    return this._agentPoolId;
  }

  // allow_destroy_plan - computed: true, optional: true, required: false
  private _allowDestroyPlan?: boolean | cdktf.IResolvable;
  public get allowDestroyPlan() {
    return this.getBooleanAttribute('allow_destroy_plan');
  }
  public set allowDestroyPlan(value: boolean | cdktf.IResolvable) {
    this._allowDestroyPlan = value;
  }
  public resetAllowDestroyPlan() {
    this._allowDestroyPlan = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get allowDestroyPlanInput() {
    return this._allowDestroyPlan;
  }

  // assessments_enabled - computed: true, optional: true, required: false
  private _assessmentsEnabled?: boolean | cdktf.IResolvable;
  public get assessmentsEnabled() {
    return this.getBooleanAttribute('assessments_enabled');
  }
  public set assessmentsEnabled(value: boolean | cdktf.IResolvable) {
    this._assessmentsEnabled = value;
  }
  public resetAssessmentsEnabled() {
    this._assessmentsEnabled = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get assessmentsEnabledInput() {
    return this._assessmentsEnabled;
  }

  // auto_apply - computed: true, optional: true, required: false
  private _autoApply?: boolean | cdktf.IResolvable;
  public get autoApply() {
    return this.getBooleanAttribute('auto_apply');
  }
  public set autoApply(value: boolean | cdktf.IResolvable) {
    this._autoApply = value;
  }
  public resetAutoApply() {
    this._autoApply = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoApplyInput() {
    return this._autoApply;
  }

  // auto_apply_run_trigger - computed: true, optional: true, required: false
  private _autoApplyRunTrigger?: boolean | cdktf.IResolvable;
  public get autoApplyRunTrigger() {
    return this.getBooleanAttribute('auto_apply_run_trigger');
  }
  public set autoApplyRunTrigger(value: boolean | cdktf.IResolvable) {
    this._autoApplyRunTrigger = value;
  }
  public resetAutoApplyRunTrigger() {
    this._autoApplyRunTrigger = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoApplyRunTriggerInput() {
    return this._autoApplyRunTrigger;
  }

  // auto_destroy_activity_duration - computed: false, optional: true, required: false
  private _autoDestroyActivityDuration?: string;
  public get autoDestroyActivityDuration() {
    return this.getStringAttribute('auto_destroy_activity_duration');
  }
  public set autoDestroyActivityDuration(value: string) {
    this._autoDestroyActivityDuration = value;
  }
  public resetAutoDestroyActivityDuration() {
    this._autoDestroyActivityDuration = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoDestroyActivityDurationInput() {
    return this._autoDestroyActivityDuration;
  }

  // auto_destroy_at - computed: false, optional: true, required: false
  private _autoDestroyAt?: string;
  public get autoDestroyAt() {
    return this.getStringAttribute('auto_destroy_at');
  }
  public set autoDestroyAt(value: string) {
    this._autoDestroyAt = value;
  }
  public resetAutoDestroyAt() {
    this._autoDestroyAt = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoDestroyAtInput() {
    return this._autoDestroyAt;
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

  // effective_tags - computed: true, optional: false, required: false
  private _effectiveTags = new cdktf.StringMap(this, "effective_tags");
  public get effectiveTags() {
    return this._effectiveTags;
  }

  // engine_version - computed: true, optional: true, required: false
  private _engineVersion?: string;
  public get engineVersion() {
    return this.getStringAttribute('engine_version');
  }
  public set engineVersion(value: string) {
    this._engineVersion = value;
  }
  public resetEngineVersion() {
    this._engineVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get engineVersionInput() {
    return this._engineVersion;
  }

  // execution_mode - computed: true, optional: true, required: false
  private _executionMode?: string;
  public get executionMode() {
    return this.getStringAttribute('execution_mode');
  }
  public set executionMode(value: string) {
    this._executionMode = value;
  }
  public resetExecutionMode() {
    this._executionMode = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get executionModeInput() {
    return this._executionMode;
  }

  // file_triggers_enabled - computed: true, optional: true, required: false
  private _fileTriggersEnabled?: boolean | cdktf.IResolvable;
  public get fileTriggersEnabled() {
    return this.getBooleanAttribute('file_triggers_enabled');
  }
  public set fileTriggersEnabled(value: boolean | cdktf.IResolvable) {
    this._fileTriggersEnabled = value;
  }
  public resetFileTriggersEnabled() {
    this._fileTriggersEnabled = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get fileTriggersEnabledInput() {
    return this._fileTriggersEnabled;
  }

  // force_delete - computed: true, optional: true, required: false
  private _forceDelete?: boolean | cdktf.IResolvable;
  public get forceDelete() {
    return this.getBooleanAttribute('force_delete');
  }
  public set forceDelete(value: boolean | cdktf.IResolvable) {
    this._forceDelete = value;
  }
  public resetForceDelete() {
    this._forceDelete = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get forceDeleteInput() {
    return this._forceDelete;
  }

  // global_remote_state - computed: true, optional: true, required: false
  private _globalRemoteState?: boolean | cdktf.IResolvable;
  public get globalRemoteState() {
    return this.getBooleanAttribute('global_remote_state');
  }
  public set globalRemoteState(value: boolean | cdktf.IResolvable) {
    this._globalRemoteState = value;
  }
  public resetGlobalRemoteState() {
    this._globalRemoteState = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get globalRemoteStateInput() {
    return this._globalRemoteState;
  }

  // html_url - computed: true, optional: false, required: false
  public get htmlUrl() {
    return this.getStringAttribute('html_url');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // ignore_additional_tags - computed: true, optional: true, required: false
  private _ignoreAdditionalTags?: boolean | cdktf.IResolvable;
  public get ignoreAdditionalTags() {
    return this.getBooleanAttribute('ignore_additional_tags');
  }
  public set ignoreAdditionalTags(value: boolean | cdktf.IResolvable) {
    this._ignoreAdditionalTags = value;
  }
  public resetIgnoreAdditionalTags() {
    this._ignoreAdditionalTags = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get ignoreAdditionalTagsInput() {
    return this._ignoreAdditionalTags;
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

  // project_id - computed: true, optional: true, required: false
  private _projectId?: string;
  public get projectId() {
    return this.getStringAttribute('project_id');
  }
  public set projectId(value: string) {
    this._projectId = value;
  }
  public resetProjectId() {
    this._projectId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get projectIdInput() {
    return this._projectId;
  }

  // queue_all_runs - computed: true, optional: true, required: false
  private _queueAllRuns?: boolean | cdktf.IResolvable;
  public get queueAllRuns() {
    return this.getBooleanAttribute('queue_all_runs');
  }
  public set queueAllRuns(value: boolean | cdktf.IResolvable) {
    this._queueAllRuns = value;
  }
  public resetQueueAllRuns() {
    this._queueAllRuns = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get queueAllRunsInput() {
    return this._queueAllRuns;
  }

  // resource_count - computed: true, optional: false, required: false
  public get resourceCount() {
    return this.getNumberAttribute('resource_count');
  }

  // source_name - computed: true, optional: true, required: false
  private _sourceName?: string;
  public get sourceName() {
    return this.getStringAttribute('source_name');
  }
  public set sourceName(value: string) {
    this._sourceName = value;
  }
  public resetSourceName() {
    this._sourceName = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sourceNameInput() {
    return this._sourceName;
  }

  // source_url - computed: true, optional: true, required: false
  private _sourceUrl?: string;
  public get sourceUrl() {
    return this.getStringAttribute('source_url');
  }
  public set sourceUrl(value: string) {
    this._sourceUrl = value;
  }
  public resetSourceUrl() {
    this._sourceUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sourceUrlInput() {
    return this._sourceUrl;
  }

  // speculative_enabled - computed: true, optional: true, required: false
  private _speculativeEnabled?: boolean | cdktf.IResolvable;
  public get speculativeEnabled() {
    return this.getBooleanAttribute('speculative_enabled');
  }
  public set speculativeEnabled(value: boolean | cdktf.IResolvable) {
    this._speculativeEnabled = value;
  }
  public resetSpeculativeEnabled() {
    this._speculativeEnabled = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get speculativeEnabledInput() {
    return this._speculativeEnabled;
  }

  // ssh_key_id - computed: false, optional: true, required: false
  private _sshKeyId?: string;
  public get sshKeyId() {
    return this.getStringAttribute('ssh_key_id');
  }
  public set sshKeyId(value: string) {
    this._sshKeyId = value;
  }
  public resetSshKeyId() {
    this._sshKeyId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sshKeyIdInput() {
    return this._sshKeyId;
  }

  // structured_run_output_enabled - computed: true, optional: true, required: false
  private _structuredRunOutputEnabled?: boolean | cdktf.IResolvable;
  public get structuredRunOutputEnabled() {
    return this.getBooleanAttribute('structured_run_output_enabled');
  }
  public set structuredRunOutputEnabled(value: boolean | cdktf.IResolvable) {
    this._structuredRunOutputEnabled = value;
  }
  public resetStructuredRunOutputEnabled() {
    this._structuredRunOutputEnabled = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get structuredRunOutputEnabledInput() {
    return this._structuredRunOutputEnabled;
  }

  // tag_names - computed: true, optional: true, required: false
  private _tagNames?: string[];
  public get tagNames() {
    return cdktf.Fn.tolist(this.getListAttribute('tag_names'));
  }
  public set tagNames(value: string[]) {
    this._tagNames = value;
  }
  public resetTagNames() {
    this._tagNames = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tagNamesInput() {
    return this._tagNames;
  }

  // tags - computed: false, optional: true, required: false
  private _tags?: { [key: string]: string };
  public get tags() {
    return this.getStringMapAttribute('tags');
  }
  public set tags(value: { [key: string]: string }) {
    this._tags = value;
  }
  public resetTags() {
    this._tags = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tagsInput() {
    return this._tags;
  }

  // trigger_patterns - computed: true, optional: true, required: false
  private _triggerPatterns?: string[];
  public get triggerPatterns() {
    return this.getListAttribute('trigger_patterns');
  }
  public set triggerPatterns(value: string[]) {
    this._triggerPatterns = value;
  }
  public resetTriggerPatterns() {
    this._triggerPatterns = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get triggerPatternsInput() {
    return this._triggerPatterns;
  }

  // trigger_prefixes - computed: true, optional: true, required: false
  private _triggerPrefixes?: string[];
  public get triggerPrefixes() {
    return this.getListAttribute('trigger_prefixes');
  }
  public set triggerPrefixes(value: string[]) {
    this._triggerPrefixes = value;
  }
  public resetTriggerPrefixes() {
    this._triggerPrefixes = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get triggerPrefixesInput() {
    return this._triggerPrefixes;
  }

  // working_directory - computed: false, optional: true, required: false
  private _workingDirectory?: string;
  public get workingDirectory() {
    return this.getStringAttribute('working_directory');
  }
  public set workingDirectory(value: string) {
    this._workingDirectory = value;
  }
  public resetWorkingDirectory() {
    this._workingDirectory = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get workingDirectoryInput() {
    return this._workingDirectory;
  }

  // setting_overwrites - computed: false, optional: true, required: false
  private _settingOverwrites = new WorkspaceSettingOverwritesOutputReference(this, "setting_overwrites");
  public get settingOverwrites() {
    return this._settingOverwrites;
  }
  public putSettingOverwrites(value: WorkspaceSettingOverwrites) {
    this._settingOverwrites.internalValue = value;
  }
  public resetSettingOverwrites() {
    this._settingOverwrites.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get settingOverwritesInput() {
    return this._settingOverwrites.internalValue;
  }

  // vcs_repo - computed: false, optional: true, required: false
  private _vcsRepo = new WorkspaceVcsRepoOutputReference(this, "vcs_repo");
  public get vcsRepo() {
    return this._vcsRepo;
  }
  public putVcsRepo(value: WorkspaceVcsRepo) {
    this._vcsRepo.internalValue = value;
  }
  public resetVcsRepo() {
    this._vcsRepo.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get vcsRepoInput() {
    return this._vcsRepo.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      agent_pool_id: cdktf.stringToTerraform(this._agentPoolId),
      allow_destroy_plan: cdktf.booleanToTerraform(this._allowDestroyPlan),
      assessments_enabled: cdktf.booleanToTerraform(this._assessmentsEnabled),
      auto_apply: cdktf.booleanToTerraform(this._autoApply),
      auto_apply_run_trigger: cdktf.booleanToTerraform(this._autoApplyRunTrigger),
      auto_destroy_activity_duration: cdktf.stringToTerraform(this._autoDestroyActivityDuration),
      auto_destroy_at: cdktf.stringToTerraform(this._autoDestroyAt),
      description: cdktf.stringToTerraform(this._description),
      engine_version: cdktf.stringToTerraform(this._engineVersion),
      execution_mode: cdktf.stringToTerraform(this._executionMode),
      file_triggers_enabled: cdktf.booleanToTerraform(this._fileTriggersEnabled),
      force_delete: cdktf.booleanToTerraform(this._forceDelete),
      global_remote_state: cdktf.booleanToTerraform(this._globalRemoteState),
      ignore_additional_tags: cdktf.booleanToTerraform(this._ignoreAdditionalTags),
      name: cdktf.stringToTerraform(this._name),
      organization: cdktf.stringToTerraform(this._organization),
      project_id: cdktf.stringToTerraform(this._projectId),
      queue_all_runs: cdktf.booleanToTerraform(this._queueAllRuns),
      source_name: cdktf.stringToTerraform(this._sourceName),
      source_url: cdktf.stringToTerraform(this._sourceUrl),
      speculative_enabled: cdktf.booleanToTerraform(this._speculativeEnabled),
      ssh_key_id: cdktf.stringToTerraform(this._sshKeyId),
      structured_run_output_enabled: cdktf.booleanToTerraform(this._structuredRunOutputEnabled),
      tag_names: cdktf.listMapper(cdktf.stringToTerraform, false)(this._tagNames),
      tags: cdktf.hashMapper(cdktf.stringToTerraform)(this._tags),
      trigger_patterns: cdktf.listMapper(cdktf.stringToTerraform, false)(this._triggerPatterns),
      trigger_prefixes: cdktf.listMapper(cdktf.stringToTerraform, false)(this._triggerPrefixes),
      working_directory: cdktf.stringToTerraform(this._workingDirectory),
      setting_overwrites: workspaceSettingOverwritesToTerraform(this._settingOverwrites.internalValue),
      vcs_repo: workspaceVcsRepoToTerraform(this._vcsRepo.internalValue),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      agent_pool_id: {
        value: cdktf.stringToHclTerraform(this._agentPoolId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      allow_destroy_plan: {
        value: cdktf.booleanToHclTerraform(this._allowDestroyPlan),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      assessments_enabled: {
        value: cdktf.booleanToHclTerraform(this._assessmentsEnabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      auto_apply: {
        value: cdktf.booleanToHclTerraform(this._autoApply),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      auto_apply_run_trigger: {
        value: cdktf.booleanToHclTerraform(this._autoApplyRunTrigger),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      auto_destroy_activity_duration: {
        value: cdktf.stringToHclTerraform(this._autoDestroyActivityDuration),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      auto_destroy_at: {
        value: cdktf.stringToHclTerraform(this._autoDestroyAt),
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
      engine_version: {
        value: cdktf.stringToHclTerraform(this._engineVersion),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      execution_mode: {
        value: cdktf.stringToHclTerraform(this._executionMode),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      file_triggers_enabled: {
        value: cdktf.booleanToHclTerraform(this._fileTriggersEnabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      force_delete: {
        value: cdktf.booleanToHclTerraform(this._forceDelete),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      global_remote_state: {
        value: cdktf.booleanToHclTerraform(this._globalRemoteState),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      ignore_additional_tags: {
        value: cdktf.booleanToHclTerraform(this._ignoreAdditionalTags),
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
      project_id: {
        value: cdktf.stringToHclTerraform(this._projectId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      queue_all_runs: {
        value: cdktf.booleanToHclTerraform(this._queueAllRuns),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      source_name: {
        value: cdktf.stringToHclTerraform(this._sourceName),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      source_url: {
        value: cdktf.stringToHclTerraform(this._sourceUrl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      speculative_enabled: {
        value: cdktf.booleanToHclTerraform(this._speculativeEnabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      ssh_key_id: {
        value: cdktf.stringToHclTerraform(this._sshKeyId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      structured_run_output_enabled: {
        value: cdktf.booleanToHclTerraform(this._structuredRunOutputEnabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      tag_names: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._tagNames),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
      },
      tags: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._tags),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      trigger_patterns: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._triggerPatterns),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      trigger_prefixes: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._triggerPrefixes),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      working_directory: {
        value: cdktf.stringToHclTerraform(this._workingDirectory),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      setting_overwrites: {
        value: workspaceSettingOverwritesToHclTerraform(this._settingOverwrites.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "WorkspaceSettingOverwrites",
      },
      vcs_repo: {
        value: workspaceVcsRepoToHclTerraform(this._vcsRepo.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "WorkspaceVcsRepo",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
