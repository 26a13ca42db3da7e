// The workspace's attributes, one row each (spec "Workspace", "Create a workspace", "Update a
// workspace"). Every layer derives from this table: wire schemas, the service's settings and
// documents, the client's options and results, the provider's schemas and state, the constructs'
// props and docs/resources. Adding an attribute is one row here (plus a rule where it has one).
// Plain data: loaded by the provider at start-up.
import { CREATE_AND_UPDATE, type AttributeTable, type CreateValues, type ReadValues, type UpdateValues } from './attribute-table';

export const EXECUTION_MODES = ['remote', 'local', 'agent'] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

/**
 * The settings the service settles together: a change to one may change the others (an agent pool
 * follows the execution mode; an overwrite turned off takes the organization's setting).
 */
const EXECUTION_SETTINGS = ['executionMode', 'agentPoolId', 'settingOverwrites'] as const;

/** The members of `vcs-repo`. */
export const VCS_REPO_ATTRIBUTES = {
  identifier: {
    wire: 'identifier',
    snake: 'identifier',
    kind: 'string',
    required: true,
    create: true,
    update: true,
    description: '":org/:repo", or ":org/:project/_git/:repo" for the alternative provider.',
  },
  // Answered null for a repository reached through an app installation.
  oauthTokenId: {
    wire: 'oauth-token-id',
    snake: 'oauth_token_id',
    kind: 'string',
    answeredNull: true,
    create: true,
    update: true,
    description: 'VCS OAuth token (ot-…); give this or vcsappInstallationId, not both.',
  },
  vcsappInstallationId: {
    wire: 'vcsapp-installation-id',
    hosted: 'github-app-installation-id',
    snake: 'vcsapp_installation_id',
    kind: 'string',
    create: true,
    update: true,
    description: 'VCS app installation; give this or oauthTokenId, not both.',
  },
  branch: {
    wire: 'branch',
    snake: 'branch',
    kind: 'string',
    default: '',
    create: true,
    update: true,
    description: 'Branch to track; empty means the repository default branch.',
  },
  ingressSubmodules: {
    wire: 'ingress-submodules',
    snake: 'ingress_submodules',
    kind: 'boolean',
    default: false,
    create: true,
    update: true,
    description: 'Whether submodules are fetched.',
  },
  tagsRegex: {
    wire: 'tags-regex',
    snake: 'tags_regex',
    kind: 'string',
    nullable: true,
    default: null,
    create: true,
    update: true,
    description: 'Runs start for Git tags matching this regular expression.',
  },
  // Answered only.
  displayIdentifier: { wire: 'display-identifier', kind: 'string', description: 'The identifier as shown in the UI.' },
  repositoryHttpUrl: { wire: 'repository-http-url', kind: 'string', description: "The repository's web address." },
  serviceProvider: { wire: 'service-provider', kind: 'string', description: 'The VCS provider, e.g. "github".' },
  webhookUrl: { wire: 'webhook-url', kind: 'string', description: 'Where the VCS provider sends events.' },
} as const satisfies AttributeTable;

/** The members of `setting-overwrites`. */
export const SETTING_OVERWRITES_ATTRIBUTES = {
  executionMode: {
    wire: 'execution-mode',
    snake: 'execution_mode',
    kind: 'boolean',
    create: true,
    update: true,
    plan: { derivedFrom: EXECUTION_SETTINGS },
    description: 'The workspace sets executionMode itself (true) or follows the organization default (false).',
  },
  agentPool: {
    wire: 'agent-pool',
    snake: 'agent_pool',
    kind: 'boolean',
    create: true,
    update: true,
    plan: { derivedFrom: EXECUTION_SETTINGS },
    description: 'The workspace sets its agent pool itself (true) or follows the organization default (false).',
  },
} as const satisfies AttributeTable;

export const WORKSPACE_ATTRIBUTES = {
  name: {
    wire: 'name',
    snake: 'name',
    kind: 'string',
    required: true,
    ...CREATE_AND_UPDATE,
    description: 'Letters, numbers, "-" and "_", at most 90 characters; unique in the organization.',
  },
  description: { wire: 'description', snake: 'description', kind: 'string', nullable: true, default: null, ...CREATE_AND_UPDATE, description: 'Free text.' },
  executionMode: {
    wire: 'execution-mode',
    snake: 'execution_mode',
    kind: 'enum',
    values: EXECUTION_MODES,
    defaultText: "the organization's default execution mode",
    ...CREATE_AND_UPDATE,
    plan: { derivedFrom: ['agentPoolId', 'settingOverwrites'] },
    description: '"remote", "local" (state only) or "agent".',
  },
  agentPoolId: {
    wire: 'agent-pool-id',
    snake: 'agent_pool_id',
    kind: 'string',
    nullable: true,
    readRelationship: 'agent-pool',
    ...CREATE_AND_UPDATE,
    plan: { derivedFrom: ['executionMode', 'settingOverwrites'] },
    description: 'Agent pool (apool-…); required when executionMode is "agent", refused otherwise.',
  },
  operations: {
    wire: 'operations',
    kind: 'boolean',
    ...CREATE_AND_UPDATE,
    deprecated: 'executionMode',
    description: 'Deprecated: true is executionMode "remote", false is "local".',
  },
  allowDestroyPlan: {
    wire: 'allow-destroy-plan',
    snake: 'allow_destroy_plan',
    kind: 'boolean',
    default: true,
    ...CREATE_AND_UPDATE,
    description: 'Whether destroy plans can be queued.',
  },
  assessmentsEnabled: {
    wire: 'assessments-enabled',
    snake: 'assessments_enabled',
    kind: 'boolean',
    default: false,
    defaultText: 'false, or true where the organization enforces assessments',
    ...CREATE_AND_UPDATE,
    // Turned off by the service when the execution mode or the engine no longer allows them.
    plan: { derivedFrom: [...EXECUTION_SETTINGS, 'engineVersion'], knownChangesOnly: ['engineVersion'] },
    description: 'Health assessments: hosted service, plus tier, remote execution, engine 0.15.4 or later.',
  },
  autoApply: {
    wire: 'auto-apply',
    snake: 'auto_apply',
    kind: 'boolean',
    default: false,
    ...CREATE_AND_UPDATE,
    description: 'Apply runs started by VCS, UI or CLI without confirmation.',
  },
  autoApplyRunTrigger: {
    wire: 'auto-apply-run-trigger',
    snake: 'auto_apply_run_trigger',
    kind: 'boolean',
    default: false,
    ...CREATE_AND_UPDATE,
    description: 'Apply runs started by run triggers without confirmation.',
  },
  autoDestroyAt: {
    wire: 'auto-destroy-at',
    snake: 'auto_destroy_at',
    kind: 'timestamp',
    nullable: true,
    default: null,
    ...CREATE_AND_UPDATE,
    description: 'ISO 8601 timestamp of a scheduled destroy run.',
  },
  autoDestroyActivityDuration: {
    wire: 'auto-destroy-activity-duration',
    snake: 'auto_destroy_activity_duration',
    kind: 'string',
    nullable: true,
    default: null,
    ...CREATE_AND_UPDATE,
    description: 'Inactivity before a destroy run: 1 to 4 digits then "d" or "h", e.g. "14d".',
  },
  engineVersion: {
    wire: 'engine-version',
    hosted: 'terraform-version',
    snake: 'engine_version',
    kind: 'string',
    defaultText: 'the latest release',
    ...CREATE_AND_UPDATE,
    description: 'Exact version, or a constraint that selects the newest matching release.',
  },
  fileTriggersEnabled: {
    wire: 'file-triggers-enabled',
    snake: 'file_triggers_enabled',
    kind: 'boolean',
    default: true,
    ...CREATE_AND_UPDATE,
    description: 'Start VCS runs only for changes under the trigger prefixes or patterns.',
  },
  globalRemoteState: {
    wire: 'global-remote-state',
    snake: 'global_remote_state',
    kind: 'boolean',
    default: false,
    defaultText: "false, or on a self-hosted service the organization's global remote state default",
    ...CREATE_AND_UPDATE,
    description: "Every workspace of the organization may read this workspace's state.",
  },
  queueAllRuns: {
    wire: 'queue-all-runs',
    snake: 'queue_all_runs',
    kind: 'boolean',
    default: false,
    ...CREATE_AND_UPDATE,
    description: 'Queue VCS runs before the first manual run.',
  },
  speculativeEnabled: {
    wire: 'speculative-enabled',
    snake: 'speculative_enabled',
    kind: 'boolean',
    default: true,
    ...CREATE_AND_UPDATE,
    description: 'Automatic speculative plans for pull requests.',
  },
  structuredRunOutputEnabled: {
    wire: 'structured-run-output-enabled',
    snake: 'structured_run_output_enabled',
    kind: 'boolean',
    default: true,
    ...CREATE_AND_UPDATE,
    description: 'Structured run output in the UI.',
  },
  sourceName: {
    wire: 'source-name',
    snake: 'source_name',
    kind: 'string',
    nullable: true,
    default: null,
    create: true,
    description: 'Name of the tool that created the workspace (create only).',
  },
  sourceUrl: {
    wire: 'source-url',
    snake: 'source_url',
    kind: 'string',
    nullable: true,
    default: null,
    create: true,
    description: 'URL of the tool that created the workspace (create only).',
  },
  triggerPatterns: {
    wire: 'trigger-patterns',
    snake: 'trigger_patterns',
    kind: 'strings',
    default: [],
    ...CREATE_AND_UPDATE,
    description: 'Glob patterns whose changes start runs.',
  },
  triggerPrefixes: {
    wire: 'trigger-prefixes',
    snake: 'trigger_prefixes',
    kind: 'strings',
    default: [],
    ...CREATE_AND_UPDATE,
    description: 'Paths whose changes start runs, besides the working directory.',
  },
  workingDirectory: {
    wire: 'working-directory',
    snake: 'working_directory',
    kind: 'string',
    nullable: true,
    default: null,
    ...CREATE_AND_UPDATE,
    description: 'Relative path the engine runs in; the repository root when unset.',
  },
  vcsRepo: {
    wire: 'vcs-repo',
    snake: 'vcs_repo',
    kind: 'object',
    attributes: VCS_REPO_ATTRIBUTES,
    nullable: true,
    default: null,
    ...CREATE_AND_UPDATE,
    description: 'The VCS repository the workspace follows; null detaches it.',
  },
  settingOverwrites: {
    wire: 'setting-overwrites',
    snake: 'setting_overwrites',
    kind: 'object',
    attributes: SETTING_OVERWRITES_ATTRIBUTES,
    ...CREATE_AND_UPDATE,
    description: 'Which settings the workspace sets itself instead of following the organization default.',
  },
  projectId: {
    wire: 'project',
    snake: 'project_id',
    kind: 'string',
    defaultText: "the organization's default project",
    writeRelationship: { name: 'project', type: 'projects' },
    readRelationship: 'project',
    ...CREATE_AND_UPDATE,
    description: 'Project (prj-…) the workspace belongs to.',
  },
  // Answered only: observations of the service.
  tagNames: { wire: 'tag-names', snake: 'tag_names', kind: 'strings', description: 'Flat tags, stored lowercased.' },
  locked: { wire: 'locked', snake: 'locked', kind: 'boolean', description: 'Whether the workspace is locked.' },
  lockedReason: { wire: 'locked-reason', kind: 'string', nullable: true, description: 'Why the workspace was locked.' },
  resourceCount: { wire: 'resource-count', snake: 'resource_count', kind: 'number', description: 'Resources the workspace manages.' },
  environment: { wire: 'environment', kind: 'string', description: 'Always "default".' },
  source: { wire: 'source', kind: 'string', nullable: true, description: 'What created the workspace, e.g. "tfe-api".' },
  createdAt: { wire: 'created-at', kind: 'timestamp', description: 'When the workspace was created.' },
  updatedAt: { wire: 'updated-at', kind: 'timestamp', description: 'When the workspace was last changed.' },
  latestChangeAt: { wire: 'latest-change-at', kind: 'timestamp', description: 'When the workspace or its state last changed.' },
  vcsRepoIdentifier: { wire: 'vcs-repo-identifier', kind: 'string', nullable: true, description: "The repository's identifier, or null." },
  oauthClientName: { wire: 'oauth-client-name', kind: 'string', nullable: true, description: 'The OAuth client of the repository, or null.' },
  autoDestroyStatus: { wire: 'auto-destroy-status', kind: 'string', nullable: true, description: 'State of the scheduled destroy run.' },
  inheritsProjectAutoDestroy: {
    wire: 'inherits-project-auto-destroy',
    kind: 'boolean',
    nullable: true,
    description: "Whether the project's auto-destroy setting applies.",
  },
  lastAssessmentResultAt: { wire: 'last-assessment-result-at', kind: 'timestamp', nullable: true, description: 'When the last health assessment finished.' },
  unarchivedChangeRequestsCount: {
    wire: 'unarchived-workspace-change-requests-count',
    kind: 'number',
    description: 'Open change requests (single-workspace answers only).',
  },
  applyDurationAverage: { wire: 'apply-duration-average', kind: 'number', nullable: true, description: 'Average apply time (ms).' },
  planDurationAverage: { wire: 'plan-duration-average', kind: 'number', nullable: true, description: 'Average plan time (ms).' },
  policyCheckFailures: { wire: 'policy-check-failures', kind: 'number', nullable: true, description: 'Runs that failed a policy check.' },
  runFailures: { wire: 'run-failures', kind: 'number', nullable: true, description: 'Runs that failed.' },
  runsCount: { wire: 'workspace-kpis-runs-count', kind: 'number', nullable: true, description: 'Runs counted for the averages.' },
} as const satisfies AttributeTable;

export type WorkspaceAttributeName = keyof typeof WORKSPACE_ATTRIBUTES;
/** What a create may set, in camelCase. */
export type WorkspaceCreateValues = CreateValues<typeof WORKSPACE_ATTRIBUTES>;
/** What an update may set, in camelCase. */
export type WorkspaceUpdateValues = UpdateValues<typeof WORKSPACE_ATTRIBUTES>;
/** What a workspace document carries, in camelCase. */
export type WorkspaceReadValues = ReadValues<typeof WORKSPACE_ATTRIBUTES>;
export type VcsRepoValues = UpdateValues<typeof VCS_REPO_ATTRIBUTES>;
