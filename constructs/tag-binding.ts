// One key-value tag of a workspace: a `cdkws_tag_binding` (spec "Tag bindings", "Limits").
import { Construct } from 'constructs';
import { tagBindingKeyProblem, tagBindingValueProblem } from '../src/contract';
import { TagBinding as TagBindingResource } from './gen/providers/cdkws/tag-binding';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved, shown } from './validation';
import { isWorkspaceConstruct, workspaceIdOf, type WorkspaceReference } from './workspace-reference';

export interface TagBindingProps {
  /** The workspace: a `Workspace` construct or a workspace ID. */
  readonly workspace: WorkspaceReference;
  /** At most 128 characters: letters, numbers and `_ . = + - @ :`; not starting with `hc:` or `hcp:`. */
  readonly key: string;
  /** At most 256 characters: letters, numbers and `_ . = + - @ :`. @default "" */
  readonly value?: string;
}

/**
 * A key-value tag binding of one workspace. Bindings of the same workspace for different keys
 * coexist (with each other and with `Workspace.tags`); two bindings for one key are refused.
 */
export class TagBinding extends Construct {
  /** The binding's ID (a token until apply). */
  public readonly id: string;
  public readonly key: string;
  public readonly value: string;
  /** The `cdkws_tag_binding` resource (escape hatch). */
  public readonly resource: TagBindingResource;

  constructor(scope: Construct, id: string, props: TagBindingProps) {
    super(scope, id);
    WorkspacesStack.of(this);
    const checker = new PropsChecker(this);
    if (props.workspace === undefined || props.workspace === '') checker.fail('workspace', 'workspace is required: a Workspace construct or a workspace ID');
    for (const [prop, rule, value] of [
      ['key', tagBindingKeyProblem, props.key],
      ['value', tagBindingValueProblem, props.value],
    ] as const) {
      // Tokens are Terraform's to check at plan time.
      if (typeof value !== 'string' || isUnresolved(value)) continue;
      const problem = rule(value);
      if (problem !== undefined) checker.fail(prop, `${problem.replace('{}', prop)} (got ${shown(value)})`);
    }
    if (props.key === undefined) checker.fail('key', 'key is required');
    if (isWorkspaceConstruct(props.workspace) && !isUnresolved(props.key)) {
      const problem = props.workspace._registerTagBindingKey(props.key, this.node.path);
      if (problem) checker.fail('key', problem);
    }
    checker.throwIfAny();
    this.key = props.key;
    this.value = props.value ?? '';
    this.resource = new TagBindingResource(this, 'Default', {
      workspaceId: workspaceIdOf(props.workspace),
      key: props.key,
      value: this.value,
    });
    this.id = this.resource.id;
  }
}
