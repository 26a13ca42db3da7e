// The package root: the CDK constructs and the API client (architecture "Constructs (public API)").
export { WorkspacesStack, Workspace, TagBinding, RemoteStateConsumers, ChangeRequest, Organization, OrganizationLookup, WorkspaceOutputs } from '../constructs';
export type {
  WorkspacesStackProps,
  WorkspacesStackBackendFactory,
  WorkspaceProps,
  WorkspaceReference,
  WorkspaceAttributeProps,
  IWorkspace,
  WorkspaceVcsRepo,
  WorkspaceSettingOverwrites,
  TagBindingProps,
  OrganizationProps,
  RemoteStateConsumersProps,
  WorkspaceOutputsProps,
  ChangeRequestProps,
  ChangeRequestQuery,
  ChangeRequestQueryCondition,
} from '../constructs';
export { ConstructValidationError, cdkws } from '../constructs';
export { Policy, PolicyRules } from '../constructs';
export type { PolicyProps, PolicyRule, PolicyRuleOptions, PolicyViolation, PolicyContext, PolicySeverity } from '../constructs';
export * from './client';
