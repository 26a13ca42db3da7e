// The constructs of cdk-workspaces: hand-written L2 constructs over the generated L1 bindings.
export { ENGINE, type EngineName } from './engine-binding';
export { WorkspacesStack, type WorkspacesStackProps, type WorkspacesStackBackendFactory } from './stack';
export {
  Workspace,
  workspaceIdOf,
  type WorkspaceProps,
  type WorkspaceReference,
  type WorkspaceVcsRepo,
  type WorkspaceSettingOverwrites,
  type WorkspaceAttributeProps,
  type IWorkspace,
} from './workspace';
export { WorkspaceOutputs, type WorkspaceOutputsProps } from './workspace-outputs';
export { TagBinding, type TagBindingProps } from './tag-binding';
export { RemoteStateConsumers, type RemoteStateConsumersProps } from './remote-state-consumers';
export { Organization, OrganizationLookup, type OrganizationProps } from './organization';
export { ChangeRequest, type ChangeRequestProps, type ChangeRequestQuery, type ChangeRequestQueryCondition } from './change-request';
export { ConstructValidationError, type PropProblem } from './validation';
export {
  Policy,
  PolicyRules,
  type PolicyProps,
  type PolicyRule,
  type PolicyRuleOptions,
  type PolicyViolation,
  type PolicyContext,
  type PolicySeverity,
} from './policy';
/** The generated L1 bindings (one class per resource and data source of the provider). */
export * as cdkws from './gen/providers/cdkws';
