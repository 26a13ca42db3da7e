// Turning create/update attributes into stored settings: the spec's defaults, organization
// defaults behind `setting-overwrites`, and the spec's rules with the facts only the service has
// (edition, the organization's tier and defaults, the resolved engine version).
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_ENGINE_RELEASES,
  AGENT_POOL_REQUIRED,
  VCS_REPO_ATTRIBUTES,
  WORKSPACE_ATTRIBUTES,
  assessmentsProblems,
  checkWorkspaceRules,
  isSettable,
  renderViolation,
  resolveEngineVersion,
  toDocumentWireNames,
  wireDefaultsOf,
  workspaceValuesFromWire,
  ERRORS,
  type AttributeRow,
  type AttributeTable,
  type ExecutionMode,
  type RuleViolation,
  type WorkspaceAttributeName,
  type WorkspaceCreateAttributes,
  type WorkspaceFacts,
  type WorkspaceUpdateAttributes,
  type WorkspaceUpdateValues,
  type WireDialect,
} from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { ServiceError } from '../errors';
import type { WorkspaceSettings } from './records';

export interface SettingsContext {
  organization: DirectoryOrganization;
  edition: 'hosted' | 'self-hosted';
  engineReleases: string[] | null;
  /** The wire names the service accepts (`cdkws serve --dialect`); `both` when unset. */
  dialect?: WireDialect;
}

type Mode = 'create' | 'update';
type Attributes = WorkspaceCreateAttributes | WorkspaceUpdateAttributes;

/** A broken rule as the service answers it: the member's pointer and the detail in wire names. */
interface Violation {
  pointer: string;
  detail: string;
}

const at = (name: string) => `/data/attributes/${name}`;
/** A spec rule's violation in the names the service speaks: the hosted service's in the hosted dialect. */
const fromSpec = (v: RuleViolation, dialect: WireDialect = 'both'): Violation =>
  renderViolation(WORKSPACE_ATTRIBUTES, v, dialect === 'hosted' ? 'hosted' : 'wire');

function rejectViolations(violations: Violation[]): void {
  if (violations.length === 0) return;
  throw ServiceError.many(
    ERRORS.invalidAttribute,
    violations.map((v) => ({ detail: v.detail, source: { pointer: v.pointer } })),
  );
}

/**
 * Settable attributes are stored exactly as sent (decision 23), except: objects, which are merged;
 * a deprecated attribute, stored as the one that supersedes it; values held as relationships,
 * resolved against organization defaults; and those below, which the service decides.
 */
function storedAsSent(row: AttributeRow): boolean {
  return Boolean(row.create || row.update) && row.kind !== 'object' && !row.deprecated && !row.readRelationship && !row.writeRelationship;
}
/** The name is the record's own; the mode follows organization defaults; the version is resolved; assessments depend on the facts. */
const DECIDED: ReadonlySet<WorkspaceAttributeName> = new Set<WorkspaceAttributeName>(['name', 'executionMode', 'engineVersion', 'assessmentsEnabled']);

function rowsCopiedAsSent(table: AttributeTable, decided: ReadonlySet<string>): AttributeRow[] {
  return Object.entries(table)
    .filter(([name, row]) => storedAsSent(row) && !decided.has(name))
    .map(([, row]) => row);
}
const WORKSPACE_COPIED = rowsCopiedAsSent(WORKSPACE_ATTRIBUTES, DECIDED);
/** Every settable member of `vcs-repo` is copied; the token and the app installation then exclude each other. */
const VCS_REPO_COPIED = rowsCopiedAsSent(VCS_REPO_ATTRIBUTES, new Set());
const { oauthTokenId: OAUTH_TOKEN, vcsappInstallationId: APP_INSTALLATION } = VCS_REPO_ATTRIBUTES;

function copyAsSent(rows: readonly AttributeRow[], from: Readonly<Record<string, unknown>>, to: Record<string, unknown>, mode: Mode): void {
  for (const row of rows) if (isSettable(row, mode) && from[row.wire] !== undefined) to[row.wire] = from[row.wire];
}

function organizationDefaultMode(organization: DirectoryOrganization): ExecutionMode {
  return organization.settings['default-execution-mode'] ?? 'remote';
}

/** A new workspace's settings before the request: the spec's defaults and the organization's. */
function newWorkspaceSettings(ctx: SettingsContext): WorkspaceSettings {
  return {
    ...wireDefaultsOf(WORKSPACE_ATTRIBUTES),
    'global-remote-state': ctx.edition === 'self-hosted' ? (ctx.organization.settings['global-remote-state-default'] ?? false) : false,
    source: 'tfe-api',
  };
}

/** Execution mode and agent pool, with the organization defaults behind setting-overwrites. */
function applyExecutionMode(
  previous: WorkspaceSettings | null,
  next: WorkspaceSettings,
  values: WorkspaceUpdateValues,
  organization: DirectoryOrganization,
  violations: Violation[],
): ExecutionMode {
  const overwrites = { ...((previous?.['setting-overwrites'] as Record<string, boolean> | undefined) ?? { 'execution-mode': false, 'agent-pool': false }) };
  const modeGiven = values.executionMode ?? (values.operations === undefined ? undefined : values.operations ? 'remote' : 'local');
  let executionMode = (previous?.['execution-mode'] as ExecutionMode | undefined) ?? organizationDefaultMode(organization);
  if (modeGiven !== undefined) {
    executionMode = modeGiven;
    overwrites['execution-mode'] = true;
    overwrites['agent-pool'] = true;
  }
  if (values.agentPoolId) overwrites['agent-pool'] = true;
  if (values.settingOverwrites?.executionMode !== undefined) overwrites['execution-mode'] = values.settingOverwrites.executionMode;
  if (values.settingOverwrites?.agentPool !== undefined) overwrites['agent-pool'] = values.settingOverwrites.agentPool;
  if (!overwrites['execution-mode']) executionMode = organizationDefaultMode(organization);
  let agentPoolId = (previous?.['agent-pool-id'] as string | null | undefined) ?? null;
  if (values.agentPoolId !== undefined) agentPoolId = values.agentPoolId;
  if (!overwrites['agent-pool'] && executionMode === 'agent') agentPoolId = organization.settings['default-agent-pool-id'] ?? null;
  if (executionMode !== 'agent') agentPoolId = null;
  if (executionMode === 'agent' && !agentPoolId) violations.push(fromSpec(AGENT_POOL_REQUIRED));
  if (agentPoolId && !organization.agentPools.some((p) => p.id === agentPoolId)) {
    violations.push({ pointer: at('agent-pool-id'), detail: `agent pool "${agentPoolId}" was not found in organization "${organization.name}"` });
  }
  next['execution-mode'] = executionMode;
  next['agent-pool-id'] = agentPoolId;
  next['setting-overwrites'] = { 'execution-mode': overwrites['execution-mode'], 'agent-pool': overwrites['agent-pool'] };
  return executionMode;
}

/** The engine version (decision 18): a constraint selects the newest known release it allows. */
function applyEngineVersion(
  previous: WorkspaceSettings | null,
  next: WorkspaceSettings,
  attributes: Attributes,
  ctx: SettingsContext,
  violations: Violation[],
  /** The name the request gave the version under. */
  name: string,
): string | undefined {
  const requested = attributes['engine-version'];
  if (requested === undefined && previous) return previous['engine-version'] as string | undefined;
  const resolved = resolveEngineVersion(requested, ctx.engineReleases ?? DEFAULT_ENGINE_RELEASES);
  if (resolved === undefined) {
    violations.push({ pointer: at(name), detail: `${name} "${requested}" is neither a version (X.Y.Z) nor a constraint matching a known release` });
    return undefined;
  }
  next['engine-version'] = resolved;
  return resolved;
}

/** The VCS repository: null removes it, an object adds it or changes only the members sent. */
function applyVcsRepo(
  previous: WorkspaceSettings | null,
  next: WorkspaceSettings,
  attributes: Attributes,
  mode: Mode,
  organization: DirectoryOrganization,
  violations: Violation[],
): void {
  const vcs = attributes['vcs-repo'];
  if (vcs === undefined || vcs === null) {
    if (vcs === null) next['vcs-repo'] = null;
    return;
  }
  const current = (previous?.['vcs-repo'] as Record<string, unknown> | null | undefined) ?? null;
  const merged: Record<string, unknown> = current ? { ...current } : { ...wireDefaultsOf(VCS_REPO_ATTRIBUTES), 'webhook-id': randomUUID() };
  copyAsSent(VCS_REPO_COPIED, vcs, merged, mode);
  if (vcs[OAUTH_TOKEN.wire] !== undefined) delete merged[APP_INSTALLATION.wire];
  if (vcs[APP_INSTALLATION.wire] !== undefined) delete merged[OAUTH_TOKEN.wire];
  const tokenId = vcs[OAUTH_TOKEN.wire];
  if (tokenId !== undefined && !organization.oauthTokens.some((t) => t.id === tokenId)) {
    violations.push({ pointer: at(`vcs-repo/${OAUTH_TOKEN.wire}`), detail: `OAuth token "${tokenId}" was not found in organization "${organization.name}"` });
  }
  next['vcs-repo'] = merged;
}

/**
 * The settings after applying `attributes` to `previous` (null on create). Throws ServiceError 422
 * for every broken rule at once: first the spec's rules, then what only the stored data can show.
 */
export function applyWorkspaceAttributes(previous: WorkspaceSettings | null, sent: Attributes, ctx: SettingsContext): WorkspaceSettings {
  const { organization } = ctx;
  // From here on only the document's names: the hosted service's are read as them (attribute-table `hosted`).
  const { attributes: named, conflicts } = toDocumentWireNames(WORKSPACE_ATTRIBUTES, sent, ctx.dialect ?? 'both');
  const attributes = named as Attributes;
  const { engineVersion } = WORKSPACE_ATTRIBUTES;
  const engineVersionName = ctx.dialect === 'hosted' || sent[engineVersion.wire] === undefined ? engineVersion.hosted : engineVersion.wire;
  const mode: Mode = previous ? 'update' : 'create';
  const values = workspaceValuesFromWire(attributes);
  const next = previous ? structuredClone(previous) : newWorkspaceSettings(ctx);
  copyAsSent(WORKSPACE_COPIED, attributes, next, mode);

  const violations: Violation[] = [];
  const executionMode = applyExecutionMode(previous, next, values, organization, violations);
  const resolvedVersion = applyEngineVersion(previous, next, attributes, ctx, violations, engineVersionName);
  applyVcsRepo(previous, next, attributes, mode, organization, violations);

  const facts: WorkspaceFacts = {
    executionMode,
    hasVcsRepo: Boolean(previous?.['vcs-repo']),
    edition: ctx.edition,
    organization: { name: organization.name, tier: organization.tier },
    engineVersion: resolvedVersion,
  };
  const ruled = checkWorkspaceRules(values, mode, facts).map((v) => fromSpec(v, ctx.dialect));
  ruled.unshift(...conflicts.map((c) => ({ pointer: at(c.hostedPath.join('/')), detail: c.detail })));
  rejectViolations(ruled);
  rejectViolations(violations);

  // Assessments asked for are checked above. Kept ones, and on create in an organization that
  // enforces them the default, stay on only while the facts allow: silently, as the hosted service does.
  const wanted = values.assessmentsEnabled ?? (previous ? previous['assessments-enabled'] === true : organization.settings['assessments-enforced'] === true);
  next['assessments-enabled'] = wanted && assessmentsProblems(facts).length === 0;
  return next;
}
