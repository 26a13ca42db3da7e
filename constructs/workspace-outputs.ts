// The outputs of another workspace's current state (data `cdkws_outputs`), so one stack reads what
// another published: `new WorkspaceOutputs(this, 'net', { workspace: 'network' }).get('vpc_id')`.
import { Construct } from 'constructs';
import { WORKSPACE_VALUE_RULES } from '../src/contract';
import { Token, type IResolvable } from './engine';
import { DataCdkwsOutputs } from './gen/providers/cdkws/data-cdkws-outputs';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved, shown } from './validation';
import type { IWorkspace } from './workspace-reference';

export interface WorkspaceOutputsProps {
  /** The workspace whose outputs are read: its name, or a `Workspace` construct (its name is used). */
  readonly workspace: string | IWorkspace;
  /** @default the stack's organization */
  readonly organization?: string;
}

/**
 * Reads the outputs of a workspace's current state. `get` reads any output, sensitive ones too, and
 * Terraform treats the result as sensitive (a `TerraformOutput` of it needs `sensitive: true`);
 * `getNonSensitive` reads only outputs that are not sensitive, and the result is not redacted.
 * Both are tokens that resolve at plan time; a name the state does not have fails the plan.
 */
export class WorkspaceOutputs extends Construct {
  /** The workspace's name, as given. */
  public readonly workspaceName: string;
  /** The `cdkws_outputs` data source (escape hatch). */
  public readonly dataSource: DataCdkwsOutputs;

  constructor(scope: Construct, id: string, props: WorkspaceOutputsProps) {
    super(scope, id);
    WorkspacesStack.of(this);
    const checker = new PropsChecker(this);
    const name = typeof props.workspace === 'string' ? props.workspace : props.workspace?.name;
    if (name === undefined || name === '') checker.fail('workspace', 'workspace is required: a workspace name or a Workspace construct');
    else if (typeof name === 'string' && !isUnresolved(name)) {
      const problem = WORKSPACE_VALUE_RULES.name(name);
      if (problem !== undefined) checker.fail('workspace', `${problem.replace('{}', 'workspace')} (got ${shown(name)})`);
    }
    checker.throwIfAny();
    this.workspaceName = name;
    this.dataSource = new DataCdkwsOutputs(this, 'Default', { workspace: this.workspaceName, organization: props.organization });
  }

  /** One output by name, sensitive or not (the value is sensitive to Terraform). */
  public get(name: string): IResolvable {
    return this.dataSource.values.lookup(name) as IResolvable;
  }

  /** One output by name, as a string token (for string props). */
  public getString(name: string): string {
    return Token.asString(this.get(name));
  }

  /** One output that is not sensitive, by name; the plan fails for a sensitive or missing one. */
  public getNonSensitive(name: string): IResolvable {
    return this.dataSource.nonsensitiveValues.lookup(name) as IResolvable;
  }

  /** One output that is not sensitive, as a string token (for string props). */
  public getNonSensitiveString(name: string): string {
    return Token.asString(this.getNonSensitive(name));
  }
}
