// The workspace: wire schemas, defaults and the rules of the spec that need no service
// (spec "Workspace", "Create a workspace", "Update a workspace"; decisions 16, 23).
import { z } from 'zod';
import { relationshipSchema, paginationSchema, paginationLinksSchema } from './jsonapi';
import { PERMISSION_KEYS } from './permissions';
import { tagBindingInputSchema } from './tag-binding';

export const WORKSPACE_TYPE = 'workspaces';
export const WORKSPACE_NAME_MAX_LENGTH = 90;
export const WORKSPACE_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const EXECUTION_MODES = ['remote', 'local', 'agent'] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];
/** A number greater than 0 with at most four digits, then `d` or `h`. */
export const AUTO_DESTROY_ACTIVITY_DURATION_PATTERN = /^(\d{1,4})([dh])$/;
/** `:org/:repo`, or `:org/:project/_git/:repo` for the alternative provider. */
export const VCS_IDENTIFIER_PATTERN = /^[^/\s]+\/[^/\s]+$|^[^/\s]+\/[^/\s]+\/_git\/[^/\s]+$/;
/**
 * The hosted service's wire name for `engine-version`: accepted on create and update (real clients
 * send it) and answered beside it in workspace documents.
 */
export const ENGINE_VERSION_WIRE_ALIAS = 'terraform-version';
/** Assessments need at least this engine version (spec, create table). */
export const ASSESSMENTS_MIN_ENGINE_VERSION = '0.15.4';

export const workspaceNameSchema = z
  .string()
  .min(1, 'name is required')
  .max(WORKSPACE_NAME_MAX_LENGTH, `name must be at most ${WORKSPACE_NAME_MAX_LENGTH} characters`)
  .regex(WORKSPACE_NAME_PATTERN, 'name may contain only letters, numbers, "-" and "_"');

export const autoDestroyActivityDurationSchema = z
  .string()
  .refine((value) => {
    const match = AUTO_DESTROY_ACTIVITY_DURATION_PATTERN.exec(value);
    return match !== null && Number(match[1]) > 0;
  }, 'auto-destroy-activity-duration must be a number greater than 0 with at most four digits followed by "d" or "h", e.g. "14d"');

const timestampSchema = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 timestamp');

export const vcsRepoInputSchema = z.looseObject({
  identifier: z.string().regex(VCS_IDENTIFIER_PATTERN, 'identifier must have the form ":org/:repo"').optional(),
  'oauth-token-id': z.string().min(1).optional(),
  'vcsapp-installation-id': z.string().min(1).optional(),
  branch: z.string().optional(),
  'ingress-submodules': z.boolean().optional(),
  'tags-regex': z.string().nullable().optional(),
});
export type VcsRepoInput = z.infer<typeof vcsRepoInputSchema>;

export const settingOverwritesSchema = z.looseObject({
  'execution-mode': z.boolean().optional(),
  'agent-pool': z.boolean().optional(),
});

/** Attributes accepted on update (and, with `name` required, on create). */
const writableAttributes = {
  name: workspaceNameSchema,
  'agent-pool-id': z.string().min(1).nullable(),
  'allow-destroy-plan': z.boolean(),
  'assessments-enabled': z.boolean(),
  'auto-apply': z.boolean(),
  'auto-apply-run-trigger': z.boolean(),
  'auto-destroy-at': timestampSchema.nullable(),
  'auto-destroy-activity-duration': autoDestroyActivityDurationSchema.nullable(),
  description: z.string().nullable(),
  'execution-mode': z.enum(EXECUTION_MODES),
  'file-triggers-enabled': z.boolean(),
  'global-remote-state': z.boolean(),
  operations: z.boolean(),
  'queue-all-runs': z.boolean(),
  'speculative-enabled': z.boolean(),
  'structured-run-output-enabled': z.boolean(),
  'engine-version': z.string().min(1),
  'trigger-patterns': z.array(z.string()),
  'trigger-prefixes': z.array(z.string()),
  'vcs-repo': vcsRepoInputSchema.nullable(),
  'working-directory': z.string().nullable(),
  'setting-overwrites': settingOverwritesSchema,
};

const optionalWritable = Object.fromEntries(Object.entries(writableAttributes).map(([k, s]) => [k, s.optional()])) as {
  [K in keyof typeof writableAttributes]: z.ZodOptional<(typeof writableAttributes)[K]>;
};

const engineVersionAlias = { [ENGINE_VERSION_WIRE_ALIAS]: writableAttributes['engine-version'].optional() } as { 'terraform-version': z.ZodOptional<z.ZodString> };

export const workspaceUpdateAttributesSchema = z.looseObject({ ...optionalWritable, ...engineVersionAlias });
export const workspaceCreateAttributesSchema = z.looseObject({
  ...optionalWritable,
  ...engineVersionAlias,
  name: workspaceNameSchema,
  'source-name': z.string().optional(),
  'source-url': z.string().optional(),
});
export type WorkspaceUpdateAttributes = z.infer<typeof workspaceUpdateAttributesSchema>;
export type WorkspaceCreateAttributes = z.infer<typeof workspaceCreateAttributesSchema>;

const projectRelationshipSchema = z.looseObject({
  data: z.looseObject({ id: z.string(), type: z.string().optional() }).nullable(),
});

const workspaceRelationshipsInputSchema = z.looseObject({
  project: projectRelationshipSchema.optional(),
  'tag-bindings': z.looseObject({ data: z.array(tagBindingInputSchema) }).optional(),
});

export const workspaceCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
    attributes: workspaceCreateAttributesSchema,
    relationships: workspaceRelationshipsInputSchema.optional(),
  }),
});
export type WorkspaceCreateBody = z.infer<typeof workspaceCreateBodySchema>;

export const workspaceUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
    attributes: workspaceUpdateAttributesSchema.optional(),
    relationships: workspaceRelationshipsInputSchema.optional(),
  }),
});
export type WorkspaceUpdateBody = z.infer<typeof workspaceUpdateBodySchema>;

export const workspaceLockBodySchema = z.looseObject({ reason: z.string().optional() });

export const sshKeyAssignBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
    attributes: z.looseObject({ id: z.string().min(1).nullable() }),
  }),
});

/** The engine version a create or update asks for, under either of its wire names. */
export function requestedEngineVersion(attributes: WorkspaceUpdateAttributes): string | undefined {
  return attributes['engine-version'] ?? attributes[ENGINE_VERSION_WIRE_ALIAS];
}

/** One broken rule: where it is (a JSON pointer) and what to do. */
export interface RuleViolation {
  pointer: string;
  detail: string;
}

/**
 * The create/update rules that need no service. `attributes` are those sent in the request;
 * on update, `current` gives the stored values the request leaves alone.
 */
export function checkWorkspaceRules(
  attributes: WorkspaceUpdateAttributes,
  mode: 'create' | 'update',
  /** On create: the organization's default mode and no repository. */
  current: { executionMode: ExecutionMode; hasVcsRepo: boolean },
): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const at = (name: string) => `/data/attributes/${name}`;
  const alias = attributes[ENGINE_VERSION_WIRE_ALIAS];
  if (alias !== undefined && attributes['engine-version'] !== undefined && alias !== attributes['engine-version']) {
    violations.push({
      pointer: at(ENGINE_VERSION_WIRE_ALIAS),
      detail: `engine-version "${attributes['engine-version']}" and ${ENGINE_VERSION_WIRE_ALIAS} "${alias}" name the same setting with different values; give one of them`,
    });
  }
  const executionMode = attributes['execution-mode'];
  if (executionMode !== undefined && attributes.operations !== undefined) {
    violations.push({ pointer: at('operations'), detail: 'operations and execution-mode cannot both be given; use execution-mode only' });
  }
  const poolId = attributes['agent-pool-id'];
  if (poolId) {
    // Without execution-mode in the request, the mode the workspace has (or would get) decides.
    const agentMode = executionMode !== undefined ? executionMode === 'agent' : attributes.operations === undefined && current?.executionMode === 'agent';
    if (attributes.operations === true || !agentMode) {
      violations.push({ pointer: at('agent-pool-id'), detail: 'agent-pool-id can only be given when execution-mode is "agent"' });
    }
  }
  if (executionMode === 'agent' && !poolId && mode === 'create') {
    violations.push({ pointer: at('agent-pool-id'), detail: 'agent-pool-id is required when execution-mode is "agent"' });
  }
  if (attributes['setting-overwrites']?.['execution-mode'] === true && executionMode === undefined && mode === 'create') {
    violations.push({ pointer: at('execution-mode'), detail: 'execution-mode must be given when setting-overwrites.execution-mode is true' });
  }
  const vcs = attributes['vcs-repo'];
  if (vcs) {
    if (vcs['oauth-token-id'] !== undefined && vcs['vcsapp-installation-id'] !== undefined) {
      violations.push({ pointer: at('vcs-repo/vcsapp-installation-id'), detail: 'oauth-token-id and vcsapp-installation-id cannot both be given; choose one' });
    }
    const adding = mode === 'create' || !current.hasVcsRepo;
    if (adding && vcs.identifier === undefined) {
      violations.push({ pointer: at('vcs-repo/identifier'), detail: 'vcs-repo.identifier is required when a VCS repository is attached' });
    }
    if (adding && vcs['oauth-token-id'] === undefined && vcs['vcsapp-installation-id'] === undefined) {
      violations.push({ pointer: at('vcs-repo/oauth-token-id'), detail: 'vcs-repo.oauth-token-id is required when a VCS repository is attached' });
    }
  }
  return violations;
}

// ---- Response document --------------------------------------------------------------------

const nullableNumber = z.number().nullable();

export const workspaceAttributesSchema = z.looseObject({
  name: z.string(),
  description: z.string().nullable().optional(),
  actions: z.looseObject({ 'is-destroyable': z.boolean() }).optional(),
  'allow-destroy-plan': z.boolean().optional(),
  'assessments-enabled': z.boolean().optional(),
  'last-assessment-result-at': z.string().nullable().optional(),
  'auto-apply': z.boolean().optional(),
  'auto-apply-run-trigger': z.boolean().optional(),
  'auto-destroy-at': z.string().nullable().optional(),
  'auto-destroy-status': z.string().nullable().optional(),
  'auto-destroy-activity-duration': z.string().nullable().optional(),
  'inherits-project-auto-destroy': z.boolean().nullable().optional(),
  'created-at': z.string().optional(),
  'updated-at': z.string().optional(),
  'latest-change-at': z.string().optional(),
  environment: z.string().optional(),
  'execution-mode': z.enum(EXECUTION_MODES).optional(),
  operations: z.boolean().optional(),
  'file-triggers-enabled': z.boolean().optional(),
  'global-remote-state': z.boolean().optional(),
  locked: z.boolean().optional(),
  'locked-reason': z.string().nullable().optional(),
  'oauth-client-name': z.string().nullable().optional(),
  'queue-all-runs': z.boolean().optional(),
  'speculative-enabled': z.boolean().optional(),
  'structured-run-output-enabled': z.boolean().optional(),
  'resource-count': z.number().optional(),
  source: z.string().nullable().optional(),
  'source-name': z.string().nullable().optional(),
  'source-url': z.string().nullable().optional(),
  'tag-names': z.array(z.string()).optional(),
  'engine-version': z.string().optional(),
  [ENGINE_VERSION_WIRE_ALIAS]: z.string().optional(),
  'trigger-prefixes': z.array(z.string()).optional(),
  'trigger-patterns': z.array(z.string()).optional(),
  'vcs-repo': z.looseObject({}).nullable().optional(),
  'vcs-repo-identifier': z.string().nullable().optional(),
  'working-directory': z.string().nullable().optional(),
  'setting-overwrites': z.looseObject({ 'execution-mode': z.boolean().optional(), 'agent-pool': z.boolean().optional() }).optional(),
  'unarchived-workspace-change-requests-count': z.number().optional(),
  permissions: z.looseObject(Object.fromEntries(PERMISSION_KEYS.map((k) => [k, z.boolean().optional()]))).optional(),
  'apply-duration-average': nullableNumber.optional(),
  'plan-duration-average': nullableNumber.optional(),
  'policy-check-failures': nullableNumber.optional(),
  'run-failures': nullableNumber.optional(),
  'workspace-kpis-runs-count': nullableNumber.optional(),
});
export type WorkspaceAttributes = z.infer<typeof workspaceAttributesSchema>;

export const workspaceResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(WORKSPACE_TYPE),
  attributes: workspaceAttributesSchema,
  relationships: z.record(z.string(), relationshipSchema).optional(),
  links: z.record(z.string(), z.string()).optional(),
});
export type WorkspaceResource = z.infer<typeof workspaceResourceSchema>;

export const workspaceDocumentSchema = z.looseObject({
  data: workspaceResourceSchema,
  included: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
});

export const workspaceListDocumentSchema = z.looseObject({
  data: z.array(workspaceResourceSchema),
  included: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});

/** Values of a new workspace for attributes the request leaves out (spec create table). */
export const WORKSPACE_DEFAULTS = {
  'allow-destroy-plan': true,
  'assessments-enabled': false,
  'auto-apply': false,
  'auto-apply-run-trigger': false,
  'file-triggers-enabled': true,
  'global-remote-state': false,
  'queue-all-runs': false,
  'speculative-enabled': true,
  'structured-run-output-enabled': true,
  'trigger-patterns': [] as string[],
  'trigger-prefixes': [] as string[],
} as const;

/** Allowed `include` values on GET endpoints returning workspaces. */
export const WORKSPACE_INCLUDES = [
  'current_configuration_version',
  'current_configuration_version.ingress_attributes',
  'current_run',
  'current_run.configuration_version',
  'current_run.configuration_version.ingress_attributes',
  'current_run.plan',
  'locked_by',
  'organization',
  'outputs',
  'project',
  'readme',
] as const;

export const WORKSPACE_SORT_FIELDS = ['name', 'current-run.created-at', 'latest-change-at'] as const;
