// https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from '../../../../engine';

// Configuration

export interface DataCdkwsWorkspacesConfig extends cdktf.TerraformMetaArguments {
  /**
  * Flat tags a workspace must carry none of.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces#exclude_tag_names DataCdkwsWorkspaces#exclude_tag_names}
  */
  readonly excludeTagNames?: string[];
  /**
  * Defaults to the provider's organization.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces#organization DataCdkwsWorkspaces#organization}
  */
  readonly organization?: string;
  /**
  * Only workspaces of this project.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces#project_id DataCdkwsWorkspaces#project_id}
  */
  readonly projectId?: string;
  /**
  * Case-insensitive substring of the name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces#search_name DataCdkwsWorkspaces#search_name}
  */
  readonly searchName?: string;
  /**
  * Key-value tags a workspace must all carry; an empty value matches any value of the key.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces#tag_bindings DataCdkwsWorkspaces#tag_bindings}
  */
  readonly tagBindings?: { [key: string]: string };
  /**
  * Flat tags a workspace must all carry.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces#tag_names DataCdkwsWorkspaces#tag_names}
  */
  readonly tagNames?: string[];
  /**
  * Name pattern with `*` at the start, the end or both.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces#wildcard_name DataCdkwsWorkspaces#wildcard_name}
  */
  readonly wildcardName?: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces cdkws_workspaces}
*/
export class DataCdkwsWorkspaces extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "cdkws_workspaces";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataCdkwsWorkspaces resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataCdkwsWorkspaces to import
  * @param importFromId The id of the existing DataCdkwsWorkspaces that should be imported. Refer to the {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataCdkwsWorkspaces to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "cdkws_workspaces", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/cdk-workspaces/cdkws/latest/docs/data-sources/workspaces cdkws_workspaces} Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataCdkwsWorkspacesConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataCdkwsWorkspacesConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'cdkws_workspaces',
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
    this._excludeTagNames = config.excludeTagNames;
    this._organization = config.organization;
    this._projectId = config.projectId;
    this._searchName = config.searchName;
    this._tagBindings = config.tagBindings;
    this._tagNames = config.tagNames;
    this._wildcardName = config.wildcardName;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // exclude_tag_names - computed: false, optional: true, required: false
  private _excludeTagNames?: string[];
  public get excludeTagNames() {
    return cdktf.Fn.tolist(this.getListAttribute('exclude_tag_names'));
  }
  public set excludeTagNames(value: string[]) {
    this._excludeTagNames = value;
  }
  public resetExcludeTagNames() {
    this._excludeTagNames = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get excludeTagNamesInput() {
    return this._excludeTagNames;
  }

  // ids - computed: true, optional: false, required: false
  private _ids = new cdktf.StringMap(this, "ids");
  public get ids() {
    return this._ids;
  }

  // names - computed: true, optional: false, required: false
  public get names() {
    return this.getListAttribute('names');
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

  // project_id - computed: false, optional: true, required: false
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

  // search_name - computed: false, optional: true, required: false
  private _searchName?: string;
  public get searchName() {
    return this.getStringAttribute('search_name');
  }
  public set searchName(value: string) {
    this._searchName = value;
  }
  public resetSearchName() {
    this._searchName = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get searchNameInput() {
    return this._searchName;
  }

  // tag_bindings - computed: false, optional: true, required: false
  private _tagBindings?: { [key: string]: string };
  public get tagBindings() {
    return this.getStringMapAttribute('tag_bindings');
  }
  public set tagBindings(value: { [key: string]: string }) {
    this._tagBindings = value;
  }
  public resetTagBindings() {
    this._tagBindings = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tagBindingsInput() {
    return this._tagBindings;
  }

  // tag_names - computed: false, optional: true, required: false
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

  // wildcard_name - computed: false, optional: true, required: false
  private _wildcardName?: string;
  public get wildcardName() {
    return this.getStringAttribute('wildcard_name');
  }
  public set wildcardName(value: string) {
    this._wildcardName = value;
  }
  public resetWildcardName() {
    this._wildcardName = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get wildcardNameInput() {
    return this._wildcardName;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      exclude_tag_names: cdktf.listMapper(cdktf.stringToTerraform, false)(this._excludeTagNames),
      organization: cdktf.stringToTerraform(this._organization),
      project_id: cdktf.stringToTerraform(this._projectId),
      search_name: cdktf.stringToTerraform(this._searchName),
      tag_bindings: cdktf.hashMapper(cdktf.stringToTerraform)(this._tagBindings),
      tag_names: cdktf.listMapper(cdktf.stringToTerraform, false)(this._tagNames),
      wildcard_name: cdktf.stringToTerraform(this._wildcardName),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      exclude_tag_names: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._excludeTagNames),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
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
      search_name: {
        value: cdktf.stringToHclTerraform(this._searchName),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      tag_bindings: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._tagBindings),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      tag_names: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._tagNames),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
      },
      wildcard_name: {
        value: cdktf.stringToHclTerraform(this._wildcardName),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
