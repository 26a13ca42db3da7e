// The package root: the CDK constructs and the API client (architecture "Constructs (public API)").
export { WorkspacesStack } from '../constructs';
export type { WorkspacesStackProps, WorkspacesStackBackendFactory } from '../constructs';
// BEGIN generated: every construct over a resource (npm run generate)
export { ChangeRequest, type ChangeRequestQueryCondition, type ChangeRequestQuery, type ChangeRequestProps } from '../constructs';
export { Organization, OrganizationLookup, type OrganizationProps } from '../constructs';
export { RemoteStateConsumers, type RemoteStateConsumersProps } from '../constructs';
export { TagBinding, type TagBindingProps } from '../constructs';
export { VariableSet, type VariableSetProps, type ProjectReference, type VariableSetTarget } from '../constructs';
export { environmentSecret, Variable, type VariableCategory, type VariableOptions, type VariableProps } from '../constructs';
export { WorkspaceOutputs, type WorkspaceOutputsProps } from '../constructs';
export {
  workspaceIdOf,
  Workspace,
  type WorkspaceAttributeProps,
  type WorkspaceSettingOverwrites,
  type WorkspaceVcsRepo,
  type IWorkspace,
  type WorkspaceReference,
  type WorkspaceProps,
} from '../constructs';
// END generated
export { ConstructValidationError, cdkws } from '../constructs';
export { Policy, PolicyRules } from '../constructs';
export type { PolicyProps, PolicyRule, PolicyRuleOptions, PolicyViolation, PolicyContext, PolicySeverity } from '../constructs';
export * from './client';
