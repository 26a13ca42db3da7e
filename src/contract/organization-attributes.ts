// The organization's and its entitlement set's attributes, one table each, as the hosted service
// has them (go-tfe's `organization.go`), and the rules on their values. Plain data: loaded by the
// provider at start-up; the wire schemas are in organization.ts.
import { CREATE_AND_UPDATE, type AttributeTable, type CreateValues, type ReadValues, type UpdateValues } from './attribute-table';
import type { ValueRule } from './rules';
import { EXECUTION_MODES } from './workspace-attributes';

/** Letters, numbers, "-" and "_" (the hosted service's organization names; also a URL path segment). */
export const ORGANIZATION_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ORGANIZATION_NAME_MAX = 100;

/** The rule on an organization name; `{}` is where the layer's name for it goes. */
export const organizationNameRule: ValueRule = (value) => {
  if (value.length === 0) return '{} is required';
  if (value.length > ORGANIZATION_NAME_MAX) return `{} must be at most ${ORGANIZATION_NAME_MAX} characters`;
  if (!ORGANIZATION_NAME_PATTERN.test(value)) return '{} may contain only letters, numbers, "-" and "_"';
  return undefined;
};

/** The rule on the administrators' email address: one "@" with text on either side, no spaces. */
export const organizationEmailRule: ValueRule = (value) => {
  if (value.length === 0) return '{} is required';
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) return '{} must be an email address, e.g. "platform@example.com"';
  return undefined;
};

/** What `remaining-testable-count` answers: the service sets no limit, and a count no client runs out of says so. */
export const REMAINING_TESTABLE_COUNT = 1000;

export const COLLABORATOR_AUTH_POLICIES = ['password', 'two_factor_mandatory'] as const;

export const ORGANIZATION_ATTRIBUTES = {
  name: {
    wire: 'name',
    snake: 'name',
    kind: 'string',
    required: true,
    ...CREATE_AND_UPDATE,
    description: 'Letters, numbers, "-" and "_"; unique on the service. Renaming changes every path of the organization.',
  },
  email: {
    wire: 'email',
    snake: 'email',
    kind: 'string',
    required: true,
    ...CREATE_AND_UPDATE,
    // Organizations from a bootstrap file without an `email` answer null.
    answeredNull: true,
    description: "The organization administrators' email address.",
  },
  sessionRemember: {
    wire: 'session-remember',
    kind: 'number',
    nullable: true,
    ...CREATE_AND_UPDATE,
    description: 'Minutes a session lasts at most.',
  },
  sessionTimeout: {
    wire: 'session-timeout',
    kind: 'number',
    nullable: true,
    ...CREATE_AND_UPDATE,
    description: 'Minutes of inactivity after which a session ends.',
  },
  collaboratorAuthPolicy: {
    wire: 'collaborator-auth-policy',
    kind: 'enum',
    values: COLLABORATOR_AUTH_POLICIES,
    default: 'password',
    ...CREATE_AND_UPDATE,
    description: 'Whether members need two-factor authentication ("two_factor_mandatory") or not ("password").',
  },
  costEstimationEnabled: {
    wire: 'cost-estimation-enabled',
    kind: 'boolean',
    default: false,
    ...CREATE_AND_UPDATE,
    description: 'Whether runs estimate costs.',
  },
  ownersTeamSamlRoleId: {
    wire: 'owners-team-saml-role-id',
    kind: 'string',
    nullable: true,
    ...CREATE_AND_UPDATE,
    description: 'The SAML role of the owners team.',
  },
  // Settings go-tfe sends and reads back (organization.go); kept in the directory's settings.
  defaultExecutionMode: {
    wire: 'default-execution-mode',
    kind: 'enum',
    values: EXECUTION_MODES,
    default: 'remote',
    ...CREATE_AND_UPDATE,
    description: 'The execution mode of new workspaces that name none ("agent" needs the default agent pool relationship).',
  },
  allowForceDeleteWorkspaces: {
    wire: 'allow-force-delete-workspaces',
    kind: 'boolean',
    default: false,
    ...CREATE_AND_UPDATE,
    description: 'Whether workspace administrators may delete a workspace that still manages resources.',
  },
  assessmentsEnforced: {
    wire: 'assessments-enforced',
    kind: 'boolean',
    default: false,
    ...CREATE_AND_UPDATE,
    description: 'Whether health assessments run in every workspace, whatever its own setting.',
  },
  aggregatedCommitStatusEnabled: {
    wire: 'aggregated-commit-status-enabled',
    kind: 'boolean',
    default: false,
    ...CREATE_AND_UPDATE,
    description: 'Whether VCS commit statuses are reported as one per commit.',
  },
  speculativePlanManagementEnabled: {
    wire: 'speculative-plan-management-enabled',
    kind: 'boolean',
    default: true,
    ...CREATE_AND_UPDATE,
    description: 'Whether a newer commit cancels the unfinished speculative plans of an earlier one.',
  },
  sendPassingStatusesForUntriggeredSpeculativePlans: {
    wire: 'send-passing-statuses-for-untriggered-speculative-plans',
    kind: 'boolean',
    default: false,
    ...CREATE_AND_UPDATE,
    description: 'Whether workspaces a commit does not trigger report a passing status.',
  },
  userTokensEnabled: {
    wire: 'user-tokens-enabled',
    kind: 'boolean',
    default: true,
    ...CREATE_AND_UPDATE,
    description: "Whether members' user tokens may call the organization's endpoints.",
  },
  // Answered only.
  remainingTestableCount: {
    wire: 'remaining-testable-count',
    kind: 'number',
    description: `How many module test runs the plan still allows: the service limits none (it runs none), so always ${REMAINING_TESTABLE_COUNT}.`,
  },
  createdAt: { wire: 'created-at', kind: 'timestamp', description: 'When the organization was created.' },
  externalId: { wire: 'external-id', kind: 'string', description: 'The organization ID (org-…); the name identifies it in paths.' },
  samlEnabled: { wire: 'saml-enabled', kind: 'boolean', description: 'Whether SAML single sign-on is on.' },
  twoFactorConformant: { wire: 'two-factor-conformant', kind: 'boolean', description: 'Whether every member has two-factor authentication.' },
  trialExpiresAt: { wire: 'trial-expires-at', kind: 'timestamp', nullable: true, description: 'When a trial ends, or null.' },
  enterprisePlan: { wire: 'enterprise-plan', kind: 'string', nullable: true, description: 'The plan of a self-hosted installation, or null.' },
} as const satisfies AttributeTable;

/** What the organization's plan lets it use, one boolean each (all answered only). */
export const ENTITLEMENT_SET_ATTRIBUTES = {
  agents: { wire: 'agents', snake: 'agents', kind: 'boolean', description: 'Agent pools.' },
  auditLogging: { wire: 'audit-logging', snake: 'audit_logging', kind: 'boolean', description: 'Audit trails.' },
  costEstimation: { wire: 'cost-estimation', snake: 'cost_estimation', kind: 'boolean', description: 'Cost estimation.' },
  operations: { wire: 'operations', snake: 'operations', kind: 'boolean', description: 'Remote operations (plans and applies on the service).' },
  privateModuleRegistry: { wire: 'private-module-registry', snake: 'private_module_registry', kind: 'boolean', description: 'The private module registry.' },
  sentinel: { wire: 'sentinel', snake: 'sentinel', kind: 'boolean', description: 'Policy checks.' },
  sso: { wire: 'sso', snake: 'sso', kind: 'boolean', description: 'Single sign-on.' },
  stateStorage: { wire: 'state-storage', snake: 'state_storage', kind: 'boolean', description: 'State storage.' },
  teams: { wire: 'teams', snake: 'teams', kind: 'boolean', description: 'Teams beyond the owners team.' },
  vcsIntegrations: { wire: 'vcs-integrations', snake: 'vcs_integrations', kind: 'boolean', description: 'VCS connections.' },
} as const satisfies AttributeTable;

type OrganizationTable = typeof ORGANIZATION_ATTRIBUTES;
export type OrganizationCreateValues = CreateValues<OrganizationTable>;
export type OrganizationUpdateValues = UpdateValues<OrganizationTable>;
export type OrganizationReadValues = ReadValues<OrganizationTable>;
export type EntitlementSetValues = ReadValues<typeof ENTITLEMENT_SET_ATTRIBUTES>;

/** Entitlements answered besides the table's, always true: the service limits none of them (no provider attribute). */
export const ENTITLEMENTS_ANSWERED_ALSO = ['run-tasks'] as const;

/** The value rules of the table, by camelCase name. */
export const ORGANIZATION_VALUE_RULES: Readonly<Record<string, ValueRule>> = { name: organizationNameRule, email: organizationEmailRule };
