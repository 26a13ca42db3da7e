// Workspace options and results on our side (camelCase), and their mapping to and from the wire
// (kebab-case; spec "Workspace", "Create a workspace", "Update a workspace").
import type { ExecutionMode, WorkspacePermissions, WorkspaceResource } from '../spec';
import type { ListOptions } from './pagination';

export interface VcsRepoOptions {
  /** `:org/:repo` (or `:org/:project/_git/:repo`). Required when a repository is first attached. */
  identifier?: string;
  /** Required when a repository is first attached, unless `vcsappInstallationId` is given. */
  oauthTokenId?: string;
  /** Update only; not together with `oauthTokenId`. */
  vcsappInstallationId?: string;
  /** @default the repository's default branch */
  branch?: string;
  /** @default false */
  ingressSubmodules?: boolean;
  tagsRegex?: string | null;
}

export interface TagBindingOptions {
  key: string;
  value?: string;
}

interface WorkspaceSettingsOptions {
  description?: string | null;
  /** Required when `executionMode` is "agent"; not allowed otherwise. */
  agentPoolId?: string | null;
  /** @default true */
  allowDestroyPlan?: boolean;
  /** Hosted service only. @default false */
  assessmentsEnabled?: boolean;
  /** @default false */
  autoApply?: boolean;
  /** @default false */
  autoApplyRunTrigger?: boolean;
  /** ISO 8601 timestamp, or null to clear (update). */
  autoDestroyAt?: string | Date | null;
  /** e.g. "14d" or "12h"; null to clear (update). */
  autoDestroyActivityDuration?: string | null;
  /** @default the organization's default execution mode */
  executionMode?: ExecutionMode;
  /** @default true */
  fileTriggersEnabled?: boolean;
  /** @default false */
  globalRemoteState?: boolean;
  /** Deprecated: use `executionMode`. */
  operations?: boolean;
  /** @default false */
  queueAllRuns?: boolean;
  /** @default true */
  speculativeEnabled?: boolean;
  structuredRunOutputEnabled?: boolean;
  /** Exact version or constraint. @default the newest release */
  engineVersion?: string;
  triggerPatterns?: string[];
  triggerPrefixes?: string[];
  workingDirectory?: string | null;
  settingOverwrites?: { executionMode?: boolean; agentPool?: boolean };
  /** @default the organization's default project */
  projectId?: string;
  /** The workspace's own key-value tags (on update: replaces them all; `[]` removes them). */
  tagBindings?: TagBindingOptions[];
}

export interface WorkspaceCreateOptions extends WorkspaceSettingsOptions {
  /** Letters, numbers, `-` and `_`; unique in the organization. Required. */
  name: string;
  vcsRepo?: VcsRepoOptions;
  sourceName?: string;
  sourceUrl?: string;
}

export interface WorkspaceUpdateOptions extends WorkspaceSettingsOptions {
  /** A new name (the workspace's paths change with it). */
  name?: string;
  /** Only the members to change; null removes the repository. */
  vcsRepo?: VcsRepoOptions | null;
}

export type WorkspaceInclude =
  | 'current_configuration_version'
  | 'current_configuration_version.ingress_attributes'
  | 'current_run'
  | 'current_run.configuration_version'
  | 'current_run.configuration_version.ingress_attributes'
  | 'current_run.plan'
  | 'locked_by'
  | 'organization'
  | 'outputs'
  | 'project'
  | 'readme';

export interface WorkspaceReadOptions {
  include?: WorkspaceInclude[];
}

export interface WorkspaceListOptions extends ListOptions, WorkspaceReadOptions {
  /** Case-insensitive substring of the name (`search[name]`). */
  search?: string;
  /** Workspaces carrying every one of these flat tags. */
  tags?: string[];
  /** Workspaces carrying none of these flat tags. */
  excludeTags?: string[];
  /** `*` at either end matches anything (`search[wildcard-name]`). */
  wildcardName?: string;
  sort?: 'name' | '-name' | 'current-run.created-at' | '-current-run.created-at' | 'latest-change-at' | '-latest-change-at';
  projectId?: string;
  currentRunStatus?: string;
  /** Key-value tag filters, combined with AND (`filter[tagged][i][key|value]`). */
  tagBindings?: TagBindingOptions[];
}

export interface WorkspaceLockOptions {
  /** @default "" */
  reason?: string;
}

export interface VcsRepo {
  branch?: string;
  displayIdentifier?: string;
  identifier?: string;
  ingressSubmodules?: boolean;
  oauthTokenId?: string | null;
  repositoryHttpUrl?: string;
  serviceProvider?: string;
  tagsRegex?: string | null;
  webhookUrl?: string;
}

export interface Workspace {
  id: string;
  name: string;
  /** Organization name, from the `organization` relationship. */
  organization?: string;
  description?: string | null;
  isDestroyable?: boolean;
  allowDestroyPlan?: boolean;
  assessmentsEnabled?: boolean;
  lastAssessmentResultAt?: string | null;
  autoApply?: boolean;
  autoApplyRunTrigger?: boolean;
  autoDestroyAt?: string | null;
  autoDestroyStatus?: string | null;
  autoDestroyActivityDuration?: string | null;
  inheritsProjectAutoDestroy?: boolean | null;
  createdAt?: string;
  updatedAt?: string;
  latestChangeAt?: string;
  environment?: string;
  executionMode?: ExecutionMode;
  operations?: boolean;
  fileTriggersEnabled?: boolean;
  globalRemoteState?: boolean;
  locked: boolean;
  lockedReason?: string | null;
  /** The user holding the lock, when a user does. */
  lockedBy?: { id: string; type: string; username?: string } | null;
  oauthClientName?: string | null;
  queueAllRuns?: boolean;
  speculativeEnabled?: boolean;
  structuredRunOutputEnabled?: boolean;
  resourceCount?: number;
  source?: string | null;
  sourceName?: string | null;
  sourceUrl?: string | null;
  tagNames: string[];
  engineVersion?: string;
  triggerPrefixes: string[];
  triggerPatterns: string[];
  vcsRepo: VcsRepo | null;
  vcsRepoIdentifier?: string | null;
  workingDirectory?: string | null;
  settingOverwrites?: { executionMode?: boolean; agentPool?: boolean };
  unarchivedChangeRequestsCount?: number;
  /** The caller's rights on the workspace. */
  permissions?: Partial<WorkspacePermissions>;
  applyDurationAverage?: number | null;
  planDurationAverage?: number | null;
  policyCheckFailures?: number | null;
  runFailures?: number | null;
  runsCount?: number | null;
  projectId?: string;
  agentPoolId?: string | null;
  sshKeyId?: string | null;
  currentRunId?: string | null;
  currentStateVersionId?: string | null;
  /** The validated wire resource, for members this type does not name. */
  raw: WorkspaceResource;
}

const SCALARS: Array<[keyof WorkspaceSettingsOptions | 'name' | 'sourceName' | 'sourceUrl', string]> = [
  ['name', 'name'],
  ['description', 'description'],
  ['agentPoolId', 'agent-pool-id'],
  ['allowDestroyPlan', 'allow-destroy-plan'],
  ['assessmentsEnabled', 'assessments-enabled'],
  ['autoApply', 'auto-apply'],
  ['autoApplyRunTrigger', 'auto-apply-run-trigger'],
  ['autoDestroyActivityDuration', 'auto-destroy-activity-duration'],
  ['executionMode', 'execution-mode'],
  ['fileTriggersEnabled', 'file-triggers-enabled'],
  ['globalRemoteState', 'global-remote-state'],
  ['operations', 'operations'],
  ['queueAllRuns', 'queue-all-runs'],
  ['speculativeEnabled', 'speculative-enabled'],
  ['structuredRunOutputEnabled', 'structured-run-output-enabled'],
  ['engineVersion', 'engine-version'],
  ['triggerPatterns', 'trigger-patterns'],
  ['triggerPrefixes', 'trigger-prefixes'],
  ['workingDirectory', 'working-directory'],
  ['sourceName', 'source-name'],
  ['sourceUrl', 'source-url'],
];

function vcsRepoAttributes(vcs: VcsRepoOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (vcs.identifier !== undefined) out.identifier = vcs.identifier;
  if (vcs.oauthTokenId !== undefined) out['oauth-token-id'] = vcs.oauthTokenId;
  if (vcs.vcsappInstallationId !== undefined) out['vcsapp-installation-id'] = vcs.vcsappInstallationId;
  if (vcs.branch !== undefined) out.branch = vcs.branch;
  if (vcs.ingressSubmodules !== undefined) out['ingress-submodules'] = vcs.ingressSubmodules;
  if (vcs.tagsRegex !== undefined) out['tags-regex'] = vcs.tagsRegex;
  return out;
}

export function tagBindingData(bindings: TagBindingOptions[]): Array<{ type: 'tag-bindings'; attributes: { key: string; value?: string } }> {
  return bindings.map((b) => ({ type: 'tag-bindings', attributes: b.value === undefined ? { key: b.key } : { key: b.key, value: b.value } }));
}

/** The JSON:API body of a create or update; members left undefined are not sent. */
export function workspaceBody(options: WorkspaceCreateOptions | WorkspaceUpdateOptions): { data: Record<string, unknown> } {
  const attributes: Record<string, unknown> = {};
  for (const [ours, wire] of SCALARS) {
    const value = (options as Record<string, unknown>)[ours];
    if (value !== undefined) attributes[wire] = value;
  }
  if (options.autoDestroyAt !== undefined) {
    attributes['auto-destroy-at'] = options.autoDestroyAt instanceof Date ? options.autoDestroyAt.toISOString() : options.autoDestroyAt;
  }
  if (options.vcsRepo !== undefined) attributes['vcs-repo'] = options.vcsRepo === null ? null : vcsRepoAttributes(options.vcsRepo);
  if (options.settingOverwrites !== undefined) {
    const so = options.settingOverwrites;
    attributes['setting-overwrites'] = {
      ...(so.executionMode === undefined ? {} : { 'execution-mode': so.executionMode }),
      ...(so.agentPool === undefined ? {} : { 'agent-pool': so.agentPool }),
    };
  }
  const relationships: Record<string, unknown> = {};
  if (options.projectId !== undefined) relationships.project = { data: { id: options.projectId, type: 'projects' } };
  if (options.tagBindings !== undefined) relationships['tag-bindings'] = { data: tagBindingData(options.tagBindings) };
  const data: Record<string, unknown> = { type: 'workspaces', attributes };
  if (Object.keys(relationships).length > 0) data.relationships = relationships;
  return { data };
}

export function workspaceListQuery(options: WorkspaceListOptions = {}): Record<string, string | number | undefined | readonly string[]> {
  const query: Record<string, string | number | undefined | readonly string[]> = {
    'page[number]': options.pageNumber,
    'page[size]': options.pageSize,
    'search[name]': options.search,
    'search[tags]': options.tags,
    'search[exclude-tags]': options.excludeTags,
    'search[wildcard-name]': options.wildcardName,
    sort: options.sort,
    'filter[project][id]': options.projectId,
    'filter[current-run][status]': options.currentRunStatus,
    include: options.include,
  };
  options.tagBindings?.forEach((binding, i) => {
    query[`filter[tagged][${i}][key]`] = binding.key;
    if (binding.value !== undefined) query[`filter[tagged][${i}][value]`] = binding.value;
  });
  return query;
}

type Relationship = { data?: { id: string; type: string } | Array<{ id: string; type: string }> | null } | undefined;
const relatedId = (rel: Relationship): string | null | undefined => {
  if (!rel || rel.data === undefined) return undefined;
  return Array.isArray(rel.data) ? undefined : rel.data === null ? null : rel.data.id;
};

function toVcsRepo(raw: Record<string, unknown> | null | undefined): VcsRepo | null {
  if (!raw) return null;
  const s = (k: string) => raw[k] as string | undefined;
  return {
    branch: s('branch'),
    displayIdentifier: s('display-identifier'),
    identifier: s('identifier'),
    ingressSubmodules: raw['ingress-submodules'] as boolean | undefined,
    oauthTokenId: raw['oauth-token-id'] as string | null | undefined,
    repositoryHttpUrl: s('repository-http-url'),
    serviceProvider: s('service-provider'),
    tagsRegex: raw['tags-regex'] as string | null | undefined,
    webhookUrl: s('webhook-url'),
  };
}

/** Our view of a validated workspace resource. */
export function toWorkspace(resource: WorkspaceResource): Workspace {
  const a = resource.attributes;
  const rel = (resource.relationships ?? {}) as Record<string, Relationship>;
  const lockedBy = rel['locked-by']?.data;
  const permissions = a.permissions as Partial<WorkspacePermissions> | undefined;
  return {
    id: resource.id,
    name: a.name,
    organization: relatedId(rel.organization) ?? undefined,
    description: a.description,
    isDestroyable: a.actions?.['is-destroyable'],
    allowDestroyPlan: a['allow-destroy-plan'],
    assessmentsEnabled: a['assessments-enabled'],
    lastAssessmentResultAt: a['last-assessment-result-at'],
    autoApply: a['auto-apply'],
    autoApplyRunTrigger: a['auto-apply-run-trigger'],
    autoDestroyAt: a['auto-destroy-at'],
    autoDestroyStatus: a['auto-destroy-status'],
    autoDestroyActivityDuration: a['auto-destroy-activity-duration'],
    inheritsProjectAutoDestroy: a['inherits-project-auto-destroy'],
    createdAt: a['created-at'],
    updatedAt: a['updated-at'],
    latestChangeAt: a['latest-change-at'],
    environment: a.environment,
    executionMode: a['execution-mode'],
    operations: a.operations,
    fileTriggersEnabled: a['file-triggers-enabled'],
    globalRemoteState: a['global-remote-state'],
    locked: a.locked ?? false,
    lockedReason: a['locked-reason'],
    lockedBy: lockedBy === undefined || Array.isArray(lockedBy) ? undefined : lockedBy,
    oauthClientName: a['oauth-client-name'],
    queueAllRuns: a['queue-all-runs'],
    speculativeEnabled: a['speculative-enabled'],
    structuredRunOutputEnabled: a['structured-run-output-enabled'],
    resourceCount: a['resource-count'],
    source: a.source,
    sourceName: a['source-name'],
    sourceUrl: a['source-url'],
    tagNames: a['tag-names'] ?? [],
    engineVersion: a['engine-version'],
    triggerPrefixes: a['trigger-prefixes'] ?? [],
    triggerPatterns: a['trigger-patterns'] ?? [],
    vcsRepo: toVcsRepo(a['vcs-repo'] as Record<string, unknown> | null | undefined),
    vcsRepoIdentifier: a['vcs-repo-identifier'],
    workingDirectory: a['working-directory'],
    settingOverwrites: a['setting-overwrites'] && { executionMode: a['setting-overwrites']['execution-mode'], agentPool: a['setting-overwrites']['agent-pool'] },
    unarchivedChangeRequestsCount: a['unarchived-workspace-change-requests-count'],
    permissions,
    applyDurationAverage: a['apply-duration-average'],
    planDurationAverage: a['plan-duration-average'],
    policyCheckFailures: a['policy-check-failures'],
    runFailures: a['run-failures'],
    runsCount: a['workspace-kpis-runs-count'],
    projectId: relatedId(rel.project) ?? undefined,
    agentPoolId: relatedId(rel['agent-pool']),
    sshKeyId: relatedId(rel['ssh-key']),
    currentRunId: relatedId(rel['current-run']),
    currentStateVersionId: relatedId(rel['current-state-version']),
    raw: resource,
  };
}
