// The Workspace construct: one `cdkws_workspace`, plus one `cdkws_tag_binding` per key of `tags`
// (architecture "Constructs (public API)"; spec "Create a workspace").
import { Construct } from 'constructs';
import { checkWorkspace, configurableRows, tagBindingCountProblem, WORKSPACE_ATTRIBUTES, type AttributeTable } from '../src/contract';
import { Workspace as WorkspaceResource, type WorkspaceConfig } from './gen/providers/cdkws/workspace';
import { TagBinding } from './tag-binding';
import { Variable, type VariableOptions } from './variable';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved, literalOnly } from './validation';
import type { WorkspaceAttributeProps } from './workspace-props.generated';
import { isWorkspaceConstruct, WORKSPACE_SYMBOL, type IWorkspace } from './workspace-reference';

export type { WorkspaceAttributeProps, WorkspaceSettingOverwrites, WorkspaceVcsRepo } from './workspace-props.generated';
export { workspaceIdOf, type IWorkspace, type WorkspaceReference } from './workspace-reference';

/**
 * Props of a Workspace: the spec's create attributes in camelCase (generated from the attribute
 * table), plus what only the construct or the provider resource has.
 */
export interface WorkspaceProps extends WorkspaceAttributeProps {
  /** @default the stack's organization */
  readonly organization?: string;
  /** SSH key (`sshkey-…`) for private modules (spec "Assign or unassign an SSH key"). @default none */
  readonly sshKeyId?: string;
  /** Flat tags: letters, numbers, `:`, `-`, `_`, written lowercase (the service stores them so). @default none */
  readonly tagNames?: string[];
  /**
   * Key-value tags. Each key becomes its own `TagBinding` (a child construct), so explicit
   * `TagBinding`s for other keys of the same workspace coexist with these.
   * @default none
   */
  readonly tags?: Record<string, string>;
  /**
   * Delete with force delete (ignores managed resources; needs an owner) instead of safe delete.
   * @default false
   */
  readonly forceDelete?: boolean;
  /** Terraform refuses to destroy the workspace (`lifecycle.prevent_destroy`). @default false */
  readonly preventDestroy?: boolean;
}

/** A workspace of the service, managed by the `cdkws_workspace` resource. */
export class Workspace extends Construct implements IWorkspace {
  /** True for Workspace constructs, also across copies of this package. */
  public static isWorkspace(x: unknown): x is Workspace {
    return isWorkspaceConstruct(x);
  }

  /** The workspace ID (a token until apply). */
  public readonly id: string;
  /** The workspace name, as given. */
  public readonly name: string;
  /** Whether the workspace shares its state with the whole organization, as given. */
  public readonly globalRemoteState?: boolean;
  /** The `cdkws_workspace` resource (escape hatch: `addOverride`, `lifecycle`, …). */
  public readonly resource: WorkspaceResource;
  /** Tag binding keys bound to this workspace by constructs of this app → the binding's path. */
  private readonly tagBindingKeys = new Map<string, string>();
  /** Path of the RemoteStateConsumers construct that owns this workspace's consumer list. */
  private consumersOwner?: string;

  constructor(scope: Construct, id: string, props: WorkspaceProps) {
    super(scope, id);
    Object.defineProperty(this, WORKSPACE_SYMBOL, { value: true });
    WorkspacesStack.of(this);
    checkWorkspaceProps(this, props);
    this.name = props.name;
    this.globalRemoteState = props.globalRemoteState;
    // "Default" keeps the resource's logical ID the construct's own, e.g. cdkws_workspace.networking.
    this.resource = new WorkspaceResource(this, 'Default', toResourceConfig(props));
    this.id = this.resource.id;
    for (const key of Object.keys(props.tags ?? {}).sort()) this.addTag(key, props.tags![key]);
  }

  /**
   * Adopts an existing workspace instead of creating one: an import directive (the engine's
   * `importFrom`) on the workspace resource and on each tag binding made from `tags` so far
   * (`cdkws_tag_binding` imports as `<workspace_id>/<key>`). The first deploy imports them; once
   * deployed, the call may be removed.
   * @param workspaceId the existing workspace's ID (`ws-…`)
   */
  public importFrom(workspaceId: string): void {
    this.resource.importFrom(workspaceId);
    for (const child of this.node.children) {
      if (child instanceof TagBinding) child.resource.importFrom(`${workspaceId}/${child.key}`);
    }
  }

  /** Adds a key-value tag as a `TagBinding` child construct (id `tag-<key>`). */
  public addTag(key: string, value: string): TagBinding {
    return new TagBinding(this, `tag-${key}`, { workspace: this, key, value });
  }

  /**
   * Adds a Terraform variable as a `Variable` child construct (id `var-<key>`). A sensitive value
   * (`options.sensitive`) must be a token, e.g. a `TerraformVariable`'s value, read from the
   * environment at plan time (`TF_VAR_<name>`): it is sent write-only and kept out of the synth
   * output, the plan and the state.
   */
  public addVariable(key: string, value: string, options: VariableOptions = {}): Variable {
    return new Variable(this, `var-${key}`, { ...options, workspace: this, key, value, category: 'terraform' });
  }

  /** Adds an environment variable of the workspace's runs (id `env-<key>`); sensitive values as for `addVariable`. */
  public addEnvironmentVariable(key: string, value: string, options: VariableOptions = {}): Variable {
    return new Variable(this, `env-${key}`, { ...options, workspace: this, key, value, category: 'env' });
  }

  /** @internal Called by TagBinding: one binding per key and workspace, at most the spec's limit. */
  public _registerTagBindingKey(key: string, path: string): string | undefined {
    const existing = this.tagBindingKeys.get(key);
    if (existing !== undefined) return `key ${JSON.stringify(key)} is already bound to ${this.node.path} by ${existing}`;
    const tooMany = tagBindingCountProblem(this.tagBindingKeys.size + 1);
    if (tooMany !== undefined) return tooMany.replace('{}', this.node.path);
    this.tagBindingKeys.set(key, path);
    return undefined;
  }

  /** @internal Called by RemoteStateConsumers: the list is replaced as a whole, so one owner. */
  public _registerConsumers(path: string): string | undefined {
    if (this.consumersOwner !== undefined) return `the consumers of ${this.node.path} are already managed by ${this.consumersOwner}`;
    this.consumersOwner = path;
    return undefined;
  }
}

/**
 * The props of the table's configurable rows, as the generated binding's config (tokens as given).
 * A row's key is both the prop and the binding's property: the bindings are generated from the
 * provider schema, whose HCL names are the table's (workspace.test.ts checks every row).
 */
function toBindingConfig(table: AttributeTable, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [name, row] of configurableRows(table)) {
    const value = values[name];
    if (value === undefined) continue;
    const nested = row.attributes !== undefined && value !== null && typeof value === 'object' && !isUnresolved(value);
    config[name] = nested ? toBindingConfig(row.attributes, value as Record<string, unknown>) : value;
  }
  return config;
}

/** The props of the table's configurable rows, camelCase as the spec's values (nested objects included). */
function attributeValues(table: AttributeTable, props: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name] of configurableRows(table)) if (props[name] !== undefined) values[name] = props[name];
  return values;
}

function checkWorkspaceProps(scope: Construct, props: WorkspaceProps): void {
  const checker = new PropsChecker(scope);
  const given = attributeValues(WORKSPACE_ATTRIBUTES, props as unknown as Record<string, unknown>);
  for (const [name, row] of configurableRows(WORKSPACE_ATTRIBUTES)) {
    if (row.required && (given[name] === undefined || given[name] === null)) checker.fail(name, `${name} is required`);
  }
  // Values that are tokens are left out: Terraform checks them at plan time.
  const values = literalOnly(given);
  checker.checkTypes(WORKSPACE_ATTRIBUTES, values);
  // Tag names that are tokens are left out one by one, so the literal ones are still checked.
  const tagNames = (props.tagNames ?? []).filter((tag) => !isUnresolved(tag));
  // Create with no facts: the organization's default mode, the edition and the tier are the service's to judge.
  checker.failViolations(WORKSPACE_ATTRIBUTES, checkWorkspace({ ...values, tagNames }, 'create'), { ...values, tagNames });
  const seen = new Set<string>();
  for (const tag of tagNames) {
    if (seen.has(tag)) checker.fail('tagNames', `tag name ${JSON.stringify(tag)} is listed twice`);
    seen.add(tag);
  }
  if (props.tags !== undefined && isUnresolved(props.tags)) {
    checker.fail('tags', 'tags must be a literal map: each key becomes its own TagBinding construct');
  }
  checker.throwIfAny();
}

function toResourceConfig(props: WorkspaceProps): WorkspaceConfig {
  // What the table does not cover: the construct's own props, typed against the binding.
  const own: Partial<WorkspaceConfig> = {
    organization: props.organization,
    sshKeyId: props.sshKeyId,
    tagNames: props.tagNames,
    forceDelete: props.forceDelete,
    lifecycle: props.preventDestroy ? { preventDestroy: true } : undefined,
  };
  return { ...toBindingConfig(WORKSPACE_ATTRIBUTES, props as unknown as Record<string, unknown>), ...own } as WorkspaceConfig;
}
