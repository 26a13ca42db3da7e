// The Workspace construct: one `cdkws_workspace`, plus one `cdkws_tag_binding` per key of `tags`
// (architecture "Constructs (public API)"; spec "Create a workspace").
import { Construct } from 'constructs';
import {
  ASSESSMENTS_MIN_ENGINE_VERSION,
  checkWorkspaceRules,
  renderViolation,
  workspaceValuesFromWire,
  WORKSPACE_ATTRIBUTES,
  engineVersionAtLeast,
  flatTagNameSchema,
  isExactEngineVersion,
  workspaceUpdateAttributesSchema,
  type ExecutionMode,
  type WorkspaceUpdateAttributes,
} from '../src/spec';
import { Workspace as WorkspaceResource, type WorkspaceConfig } from './gen/providers/cdkws/workspace';
import { TagBinding } from './tag-binding';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved, kebab, literalOnly, propName } from './validation';

/** The VCS repository a workspace is linked to (spec `vcs-repo`). */
export interface WorkspaceVcsRepo {
  /** `:org/:repo`, or `:org/:project/_git/:repo` for the alternative provider. */
  readonly identifier: string;
  /**
   * VCS OAuth token ID (`ot-…`). Give this or `vcsappInstallationId`, not both.
   * @default none
   */
  readonly oauthTokenId?: string;
  /**
   * VCS app installation ID. Give this or `oauthTokenId`, not both.
   * @default none
   */
  readonly vcsappInstallationId?: string;
  /**
   * Branch to track; empty means the repository's default branch.
   * @default the repository's default branch
   */
  readonly branch?: string;
  /**
   * Whether submodules are fetched.
   * @default false
   */
  readonly ingressSubmodules?: boolean;
  /**
   * Runs start on VCS events carrying a Git tag that matches this regular expression.
   * @default none
   */
  readonly tagsRegex?: string;
}

/** Which settings the workspace sets itself instead of taking the organization's default. */
export interface WorkspaceSettingOverwrites {
  /** @default true */
  readonly executionMode?: boolean;
  /** @default true */
  readonly agentPool?: boolean;
}

/** Props of a Workspace: the spec's create/update attributes in camelCase, plus construct options. */
export interface WorkspaceProps {
  /** Unique in the organization: letters, numbers, `-` and `_`, at most 90 characters. */
  readonly name: string;
  /** @default the stack's organization */
  readonly organization?: string;
  /** @default the organization's default project */
  readonly projectId?: string;
  /** @default none */
  readonly description?: string;
  /** `remote`, `local` (state only) or `agent`. @default the organization's default */
  readonly executionMode?: ExecutionMode;
  /** Agent pool (`apool-…`); required when `executionMode` is `agent`, refused otherwise. @default none */
  readonly agentPoolId?: string;
  /** @default true */
  readonly allowDestroyPlan?: boolean;
  /** Health assessments: plus tier, remote execution, engine 0.15.4 or later. @default false */
  readonly assessmentsEnabled?: boolean;
  /** @default false */
  readonly autoApply?: boolean;
  /** @default false */
  readonly autoApplyRunTrigger?: boolean;
  /** ISO 8601 timestamp of a scheduled destroy run. @default none */
  readonly autoDestroyAt?: string;
  /** Inactivity before a destroy run: 1 to 4 digits then `d` or `h`, e.g. `14d`. @default none */
  readonly autoDestroyActivityDuration?: string;
  /** Exact version or constraint (a constraint selects the newest matching release). @default the latest release */
  readonly engineVersion?: string;
  /** @default true */
  readonly fileTriggersEnabled?: boolean;
  /** Every workspace of the organization may read this workspace's state. @default false */
  readonly globalRemoteState?: boolean;
  /** @default false */
  readonly queueAllRuns?: boolean;
  /** @default true */
  readonly speculativeEnabled?: boolean;
  /** @default true */
  readonly structuredRunOutputEnabled?: boolean;
  /** @default none */
  readonly sourceName?: string;
  /** @default none */
  readonly sourceUrl?: string;
  /** Glob patterns that start runs. @default [] */
  readonly triggerPatterns?: string[];
  /** Paths that start runs, besides the working directory. @default [] */
  readonly triggerPrefixes?: string[];
  /** Relative path Terraform runs in. @default the repository root */
  readonly workingDirectory?: string;
  /** SSH key (`sshkey-…`) for private modules (spec "Assign or unassign an SSH key"). @default none */
  readonly sshKeyId?: string;
  /** @default no VCS repository */
  readonly vcsRepo?: WorkspaceVcsRepo;
  /** @default none (both settings set by the workspace when given) */
  readonly settingOverwrites?: WorkspaceSettingOverwrites;
  /** Flat (legacy) tag names: letters, numbers, `:`, `-`, `_`. @default none */
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

/** A workspace construct, or a workspace ID (`ws-…`, or a token such as another resource's `id`). */
export type WorkspaceReference = Workspace | string;

/** The ID token of a workspace reference. */
export function workspaceIdOf(ref: WorkspaceReference): string {
  return typeof ref === 'string' ? ref : ref.id;
}

/** A workspace of the service, managed by the `cdkws_workspace` resource. */
export class Workspace extends Construct {
  /** True for Workspace constructs, also across copies of this package. */
  public static isWorkspace(x: unknown): x is Workspace {
    return typeof x === 'object' && x !== null && (x as { [WORKSPACE_SYMBOL]?: true })[WORKSPACE_SYMBOL] === true;
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
  private readonly tagKeys = new Map<string, string>();
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

  /** @internal Called by TagBinding: one binding per key and workspace, at most the spec's limit. */
  public _registerTagKey(key: string, path: string, limit: number): string | undefined {
    const existing = this.tagKeys.get(key);
    if (existing !== undefined) return `key ${JSON.stringify(key)} is already bound to ${this.node.path} by ${existing}`;
    if (this.tagKeys.size >= limit) return `${this.node.path} would have more than ${limit} direct tag bindings`;
    this.tagKeys.set(key, path);
    return undefined;
  }

  /** @internal Called by RemoteStateConsumers: the list is replaced as a whole, so one owner. */
  public _registerConsumers(path: string): string | undefined {
    if (this.consumersOwner !== undefined) return `the consumers of ${this.node.path} are already managed by ${this.consumersOwner}`;
    this.consumersOwner = path;
    return undefined;
  }
}

const WORKSPACE_SYMBOL = Symbol.for('cdk-workspaces.Workspace');

const SPEC_ATTRIBUTES = [
  'name', 'description', 'executionMode', 'agentPoolId', 'allowDestroyPlan', 'assessmentsEnabled', 'autoApply',
  'autoApplyRunTrigger', 'autoDestroyAt', 'autoDestroyActivityDuration', 'engineVersion', 'fileTriggersEnabled',
  'globalRemoteState', 'queueAllRuns', 'speculativeEnabled', 'structuredRunOutputEnabled', 'sourceName', 'sourceUrl',
  'triggerPatterns', 'triggerPrefixes', 'workingDirectory', 'vcsRepo', 'settingOverwrites',
] as const;

/** The props as the spec's create attributes (kebab-case), literals only. */
function toSpecAttributes(props: WorkspaceProps): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const key of SPEC_ATTRIBUTES) {
    const value = props[key];
    if (value === undefined) continue;
    attributes[kebab(key)] =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [kebab(k), v]))
        : value;
  }
  return literalOnly(attributes);
}

function checkWorkspaceProps(scope: Construct, props: WorkspaceProps): void {
  const checker = new PropsChecker(scope);
  const attributes = toSpecAttributes(props);
  if (props.name === undefined || props.name === null) checker.fail('name', 'name is required');
  // The update schema has every attribute optional, so a name given as a token is not "missing".
  checker.checkObject(workspaceUpdateAttributesSchema, attributes);
  // The organization's default execution mode is unknown here: give agent-pool-id the benefit of the doubt.
  const assumedMode: ExecutionMode = props.executionMode ?? 'agent';
  for (const violation of checkWorkspaceRules(workspaceValuesFromWire(attributes as WorkspaceUpdateAttributes), 'create', { executionMode: assumedMode })) {
    checker.fail(violation.path.join('.'), renderViolation(WORKSPACE_ATTRIBUTES, violation, 'camel').detail);
  }
  if (attributes['assessments-enabled'] === true) {
    const mode = attributes['execution-mode'];
    if (mode !== undefined && mode !== 'remote') checker.fail('assessmentsEnabled', `assessments need execution-mode "remote" (got ${JSON.stringify(mode)})`);
    const engine = attributes['engine-version'];
    if (typeof engine === 'string' && isExactEngineVersion(engine) && !engineVersionAtLeast(engine.replace(/^v/, ''), ASSESSMENTS_MIN_ENGINE_VERSION)) {
      checker.fail('assessmentsEnabled', `assessments need engine-version ${ASSESSMENTS_MIN_ENGINE_VERSION} or later (got ${JSON.stringify(engine)})`);
    }
  }
  (props.tagNames ?? []).forEach((tag, i) => checker.check(`tagNames[${i}]`, flatTagNameSchema, tag));
  if (props.tagNames && !isUnresolved(props.tagNames)) {
    const seen = new Set<string>();
    for (const tag of props.tagNames) {
      // Names are stored lowercased, so "Prod" and "prod" are one tag.
      if (seen.has(tag.toLowerCase())) checker.fail('tagNames', `tag name ${JSON.stringify(tag)} is listed twice`);
      seen.add(tag.toLowerCase());
    }
  }
  if (props.tags !== undefined && isUnresolved(props.tags)) {
    checker.fail('tags', 'tags must be a literal map: each key becomes its own TagBinding construct');
  }
  checker.throwIfAny();
}

function toResourceConfig(props: WorkspaceProps): WorkspaceConfig {
  const vcs = props.vcsRepo;
  return {
    name: props.name,
    organization: props.organization,
    projectId: props.projectId,
    description: props.description,
    executionMode: props.executionMode,
    agentPoolId: props.agentPoolId,
    allowDestroyPlan: props.allowDestroyPlan,
    assessmentsEnabled: props.assessmentsEnabled,
    autoApply: props.autoApply,
    autoApplyRunTrigger: props.autoApplyRunTrigger,
    autoDestroyAt: props.autoDestroyAt,
    autoDestroyActivityDuration: props.autoDestroyActivityDuration,
    engineVersion: props.engineVersion,
    fileTriggersEnabled: props.fileTriggersEnabled,
    globalRemoteState: props.globalRemoteState,
    queueAllRuns: props.queueAllRuns,
    speculativeEnabled: props.speculativeEnabled,
    structuredRunOutputEnabled: props.structuredRunOutputEnabled,
    sourceName: props.sourceName,
    sourceUrl: props.sourceUrl,
    triggerPatterns: props.triggerPatterns,
    triggerPrefixes: props.triggerPrefixes,
    workingDirectory: props.workingDirectory,
    sshKeyId: props.sshKeyId,
    tagNames: props.tagNames,
    forceDelete: props.forceDelete,
    vcsRepo: vcs && {
      identifier: vcs.identifier,
      oauthTokenId: vcs.oauthTokenId,
      vcsappInstallationId: vcs.vcsappInstallationId,
      branch: vcs.branch,
      ingressSubmodules: vcs.ingressSubmodules,
      tagsRegex: vcs.tagsRegex,
    },
    settingOverwrites: props.settingOverwrites && { executionMode: props.settingOverwrites.executionMode, agentPool: props.settingOverwrites.agentPool },
    lifecycle: props.preventDestroy ? { preventDestroy: true } : undefined,
  };
}
