// The constructs of cdk-workspaces: hand-written L2 constructs over the generated L1 bindings.
export { ENGINE, type EngineName } from './engine-binding';
export { WorkspacesStack, type WorkspacesStackProps, type WorkspacesStackBackendFactory } from './stack';
// Every construct over a resource (constructs/<name>.ts), gathered by `npm run generate`.
export * from './resources.generated';
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
