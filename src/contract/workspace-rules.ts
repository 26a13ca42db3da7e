// The workspace's rules across attributes (spec "Create a workspace", "Update a workspace"), in
// camelCase values so every layer can call them: the service on every write, the client before the
// network, the provider at validate and plan, the constructs at construction. What a layer does not
// know (the organization's default mode, the edition) it leaves out, and the rules that need it wait
// for the service.
import { engineVersionAtLeast, isExactEngineVersion } from './engine-version';
import { checkValues, WORKSPACE_VALUE_RULES, type RuleViolation } from './rules';
import { declaredFlatTagNameProblem } from './tag';
import type { ExecutionMode, WorkspaceUpdateValues } from './workspace-attributes';

/** Assessments need at least this engine version (spec, create table). */
export const ASSESSMENTS_MIN_ENGINE_VERSION = '0.15.4';

/** What is known of the workspace besides the values sent; unknown members skip their rules. */
export interface WorkspaceFacts {
  /** The mode the workspace has (update) or would get from its organization (create). */
  executionMode?: ExecutionMode;
  /** Whether a repository is attached already (update). */
  hasVcsRepo?: boolean;
  edition?: 'hosted' | 'self-hosted';
  organization?: { name: string; tier: string };
  /** The resolved engine version, when the values give a constraint or none. */
  engineVersion?: string;
}

/** The reasons assessments cannot be enabled; empty when they can (or when the facts are unknown). */
export function assessmentsProblems(facts: {
  edition?: string;
  organization?: { name: string; tier: string };
  engineVersion?: string;
  executionMode?: ExecutionMode;
}): string[] {
  const problems: string[] = [];
  if (facts.edition !== undefined && facts.edition !== 'hosted') problems.push('{assessmentsEnabled} is only available on the hosted edition');
  if (facts.organization && facts.organization.tier !== 'plus') {
    problems.push(`organization "${facts.organization.name}" is on the ${facts.organization.tier} tier; {assessmentsEnabled} needs the plus tier`);
  }
  if (
    facts.engineVersion !== undefined &&
    isExactEngineVersion(facts.engineVersion) &&
    !engineVersionAtLeast(facts.engineVersion, ASSESSMENTS_MIN_ENGINE_VERSION)
  ) {
    problems.push(`{assessmentsEnabled} needs {engineVersion} ${ASSESSMENTS_MIN_ENGINE_VERSION} or later`);
  }
  if (facts.executionMode !== undefined && facts.executionMode !== 'remote') problems.push('{assessmentsEnabled} needs {executionMode} "remote"');
  return problems;
}

/** An agent-mode workspace without a pool (on create from the request; the service also after organization defaults). */
export const AGENT_POOL_REQUIRED: RuleViolation = { path: ['agentPoolId'], message: '{agentPoolId} is required when {executionMode} is "agent"' };

/**
 * The rules across attributes of a create or an update. `values` are those the request gives
 * (camelCase); on update, `facts` describe the stored workspace.
 */
export function checkWorkspaceRules(values: WorkspaceUpdateValues, mode: 'create' | 'update', facts: WorkspaceFacts = {}): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const { executionMode, operations, agentPoolId } = values;
  if (executionMode !== undefined && operations !== undefined) {
    violations.push({ path: ['operations'], message: '{operations} and {executionMode} cannot both be given; use {executionMode} only' });
  }
  // Without executionMode in the request, operations or else the mode the workspace has (or would get) decides.
  const effective = executionMode ?? (operations === undefined ? facts.executionMode : operations ? 'remote' : 'local');
  if (agentPoolId) {
    if (operations === true || (effective !== undefined && effective !== 'agent')) {
      violations.push({ path: ['agentPoolId'], message: '{agentPoolId} can only be given when {executionMode} is "agent"' });
    }
  }
  if (executionMode === 'agent' && !agentPoolId && mode === 'create') {
    violations.push(AGENT_POOL_REQUIRED);
  }
  if (values.settingOverwrites?.executionMode === true && executionMode === undefined && mode === 'create') {
    violations.push({ path: ['executionMode'], message: '{executionMode} must be given when {settingOverwrites.executionMode} is true' });
  }
  const vcs = values.vcsRepo;
  if (vcs) {
    if (vcs.oauthTokenId !== undefined && vcs.vcsappInstallationId !== undefined) {
      violations.push({
        path: ['vcsRepo', 'vcsappInstallationId'],
        message: '{vcsRepo.oauthTokenId} and {vcsRepo.vcsappInstallationId} cannot both be given; choose one',
      });
    }
    const adding = mode === 'create' || facts.hasVcsRepo === false;
    if (adding && vcs.identifier === undefined) {
      violations.push({ path: ['vcsRepo', 'identifier'], message: '{vcsRepo.identifier} is required when a VCS repository is attached' });
    }
    if (adding && vcs.oauthTokenId === undefined && vcs.vcsappInstallationId === undefined) {
      violations.push({ path: ['vcsRepo', 'oauthTokenId'], message: '{vcsRepo.oauthTokenId} is required when a VCS repository is attached' });
    }
  }
  if (values.assessmentsEnabled === true) {
    // A constraint (or "latest") says nothing until resolved: the facts then hold the resolved version.
    const requested = values.engineVersion;
    const engineVersion = requested !== undefined && isExactEngineVersion(requested) ? requested : (facts.engineVersion ?? requested);
    const problems = assessmentsProblems({ ...facts, engineVersion, executionMode: effective });
    if (problems.length > 0) violations.push({ path: ['assessmentsEnabled'], message: problems.join('; ') });
  }
  return violations;
}

/**
 * Every rule a layer without the service can check: single values, flat tag names as written in
 * configuration, and the rules across attributes.
 */
export function checkWorkspace(
  values: WorkspaceUpdateValues & { tagNames?: readonly string[] },
  mode: 'create' | 'update',
  facts: WorkspaceFacts = {},
): RuleViolation[] {
  const violations = checkValues(WORKSPACE_VALUE_RULES, values);
  for (const name of values.tagNames ?? []) {
    const problem = declaredFlatTagNameProblem(name);
    if (problem !== undefined) violations.push({ path: ['tagNames'], message: problem.replace('{}', `{} entry "${name}"`) });
  }
  return [...violations, ...checkWorkspaceRules(values, mode, facts)];
}
