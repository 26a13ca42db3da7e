// Turning create/update attributes into stored settings: the spec's defaults, organization
// defaults behind `setting-overwrites`, and the rules that need the organization's data.
import { randomUUID } from 'node:crypto';
import {
  ASSESSMENTS_MIN_ENGINE_VERSION,
  ENGINE_VERSION_WIRE_ALIAS,
  WORKSPACE_DEFAULTS,
  checkWorkspaceRules,
  engineVersionAliasConflict,
  renderViolation,
  workspaceValuesFromWire,
  WORKSPACE_ATTRIBUTES,
  engineVersionAtLeast,
  resolveEngineVersion,
  requestedEngineVersion,
  DEFAULT_ENGINE_RELEASES,
  type ExecutionMode,
  type RuleViolation,
  type WorkspaceCreateAttributes,
  type WorkspaceUpdateAttributes,
} from '../../spec';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError } from '../errors';
import type { WorkspaceSettings } from '../storage/types';

export interface SettingsContext {
  organization: DirectoryOrganization;
  edition: 'hosted' | 'self-hosted';
  engineReleases: string[] | null;
}

const at = (name: string) => `/data/attributes/${name}`;

/** A broken rule as the service answers it: the member's pointer and the detail in wire names. */
interface Violation {
  pointer: string;
  detail: string;
}

const fromSpec = (v: RuleViolation): Violation => renderViolation(WORKSPACE_ATTRIBUTES, v, 'wire');

export function rejectViolations(violations: Violation[]): void {
  if (violations.length === 0) return;
  throw ServiceError.many(422, violations.map((v) => ({ status: '422', title: 'invalid attribute', detail: v.detail, source: { pointer: v.pointer } })));
}

function organizationDefaultMode(organization: DirectoryOrganization): ExecutionMode {
  return organization.settings['default-execution-mode'] ?? 'remote';
}

/** Attributes copied as sent (decision 23: strings are stored exactly as sent). */
const PLAIN_KEYS = [
  'allow-destroy-plan',
  'auto-apply',
  'auto-apply-run-trigger',
  'auto-destroy-at',
  'auto-destroy-activity-duration',
  'description',
  'file-triggers-enabled',
  'global-remote-state',
  'queue-all-runs',
  'speculative-enabled',
  'structured-run-output-enabled',
  'trigger-patterns',
  'trigger-prefixes',
  'working-directory',
] as const;

/**
 * The settings after applying `attributes` to `previous` (null on create). Throws ServiceError 422
 * for every broken rule at once.
 */
export function applyWorkspaceAttributes(
  previous: WorkspaceSettings | null,
  attributes: WorkspaceCreateAttributes | WorkspaceUpdateAttributes,
  ctx: SettingsContext,
): WorkspaceSettings {
  const { organization } = ctx;
  const mode = previous ? 'update' : 'create';
  const previousMode = (previous?.['execution-mode'] as ExecutionMode | undefined) ?? organizationDefaultMode(organization);
  const { assessmentsEnabled: _checkedBelow, ...ruled } = workspaceValuesFromWire(attributes);
  const violations = checkWorkspaceRules(ruled, mode, { executionMode: previousMode, hasVcsRepo: Boolean(previous?.['vcs-repo']) }).map(fromSpec);
  const aliasConflict = engineVersionAliasConflict(attributes);
  if (aliasConflict) violations.unshift({ pointer: at(ENGINE_VERSION_WIRE_ALIAS), detail: aliasConflict });
  rejectViolations(violations);

  const next: WorkspaceSettings = previous
    ? structuredClone(previous)
    : {
        ...structuredClone(WORKSPACE_DEFAULTS),
        'global-remote-state': ctx.edition === 'self-hosted' ? (organization.settings['global-remote-state-default'] ?? false) : false,
        source: 'tfe-api',
      };
  for (const key of PLAIN_KEYS) if (attributes[key] !== undefined) next[key] = attributes[key];
  if (!previous) {
    const create = attributes as WorkspaceCreateAttributes;
    if (create['source-name'] !== undefined) next['source-name'] = create['source-name'];
    if (create['source-url'] !== undefined) next['source-url'] = create['source-url'];
  }

  // Execution mode and agent pool, with the organization defaults behind setting-overwrites.
  const overwrites = { ...((previous?.['setting-overwrites'] as Record<string, boolean> | undefined) ?? { 'execution-mode': false, 'agent-pool': false }) };
  const modeGiven = attributes['execution-mode'] ?? (attributes.operations === undefined ? undefined : attributes.operations ? 'remote' : 'local');
  const requested = attributes['setting-overwrites'] ?? {};
  let executionMode = previousMode;
  if (modeGiven !== undefined) {
    executionMode = modeGiven;
    overwrites['execution-mode'] = true;
    overwrites['agent-pool'] = true;
  }
  if (attributes['agent-pool-id']) overwrites['agent-pool'] = true;
  if (requested['execution-mode'] !== undefined) overwrites['execution-mode'] = requested['execution-mode'];
  if (requested['agent-pool'] !== undefined) overwrites['agent-pool'] = requested['agent-pool'];
  if (!overwrites['execution-mode']) executionMode = organizationDefaultMode(organization);
  let agentPoolId = (previous?.['agent-pool-id'] as string | null | undefined) ?? null;
  if (attributes['agent-pool-id'] !== undefined) agentPoolId = attributes['agent-pool-id'];
  if (!overwrites['agent-pool'] && executionMode === 'agent') agentPoolId = organization.settings['default-agent-pool-id'] ?? null;
  if (executionMode !== 'agent') agentPoolId = null;
  if (executionMode === 'agent' && !agentPoolId) {
    violations.push({ pointer: at('agent-pool-id'), detail: 'agent-pool-id is required when execution-mode is "agent"' });
  }
  if (agentPoolId && !organization.agentPools.some((p) => p.id === agentPoolId)) {
    violations.push({ pointer: at('agent-pool-id'), detail: `agent pool "${agentPoolId}" was not found in organization "${organization.name}"` });
  }
  next['execution-mode'] = executionMode;
  next['agent-pool-id'] = agentPoolId;
  next['setting-overwrites'] = { 'execution-mode': overwrites['execution-mode'], 'agent-pool': overwrites['agent-pool'] };

  // Engine version (decision 18).
  const engineVersion = requestedEngineVersion(attributes);
  if (engineVersion !== undefined || !previous) {
    const releases = ctx.engineReleases ?? DEFAULT_ENGINE_RELEASES;
    const resolved = resolveEngineVersion(engineVersion, releases);
    if (resolved === undefined) {
      const name = attributes['engine-version'] !== undefined ? 'engine-version' : ENGINE_VERSION_WIRE_ALIAS;
      violations.push({ pointer: at(name), detail: `${name} "${engineVersion}" is neither a version (X.Y.Z) nor a constraint matching a known release` });
    } else {
      next['engine-version'] = resolved;
    }
  }

  // VCS repository: null removes, an object adds or changes only the keys sent.
  const vcs = attributes['vcs-repo'];
  if (vcs === null) {
    next['vcs-repo'] = null;
  } else if (vcs !== undefined) {
    const current = (previous?.['vcs-repo'] as Record<string, unknown> | null | undefined) ?? null;
    const merged: Record<string, unknown> = current ? { ...current } : { branch: '', 'ingress-submodules': false, 'tags-regex': null, 'webhook-id': randomUUID() };
    for (const key of ['identifier', 'branch', 'ingress-submodules', 'tags-regex'] as const) if (vcs[key] !== undefined) merged[key] = vcs[key];
    if (vcs['oauth-token-id'] !== undefined) {
      merged['oauth-token-id'] = vcs['oauth-token-id'];
      delete merged['vcsapp-installation-id'];
      if (!organization.oauthTokens.some((t) => t.id === vcs['oauth-token-id'])) {
        violations.push({ pointer: at('vcs-repo/oauth-token-id'), detail: `OAuth token "${vcs['oauth-token-id']}" was not found in organization "${organization.name}"` });
      }
    }
    if (vcs['vcsapp-installation-id'] !== undefined) {
      merged['vcsapp-installation-id'] = vcs['vcsapp-installation-id'];
      delete merged['oauth-token-id'];
    }
    next['vcs-repo'] = merged;
  } else if (!previous) {
    next['vcs-repo'] = null;
  }

  // Assessments: hosted edition, plus tier, engine >= 0.15.4, remote execution (spec create table).
  const enforced = organization.settings['assessments-enforced'] === true;
  if (attributes['assessments-enabled'] !== undefined) next['assessments-enabled'] = attributes['assessments-enabled'];
  if (next['assessments-enabled'] === true || (enforced && attributes['assessments-enabled'] === undefined && !previous)) {
    const problems: string[] = [];
    if (ctx.edition !== 'hosted') problems.push('assessments are only available on the hosted edition');
    if (organization.tier !== 'plus') problems.push(`organization "${organization.name}" is on the ${organization.tier} tier; assessments need the plus tier`);
    if (!engineVersionAtLeast(String(next['engine-version']), ASSESSMENTS_MIN_ENGINE_VERSION)) problems.push(`assessments need engine-version ${ASSESSMENTS_MIN_ENGINE_VERSION} or later`);
    if (executionMode !== 'remote') problems.push('assessments need execution-mode "remote"');
    if (attributes['assessments-enabled'] === true && problems.length > 0) {
      violations.push({ pointer: at('assessments-enabled'), detail: problems.join('; ') });
    }
    next['assessments-enabled'] = problems.length === 0;
  }
  if (next['assessments-enabled'] === undefined) next['assessments-enabled'] = false;

  rejectViolations(violations);
  return next;
}
