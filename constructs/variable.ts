// A variable of a workspace or of a variable set: a `cdkws_variable`. A sensitive value goes through
// the write-only `value_wo`, so it is in neither the plan nor the state; it must also stay out of
// the synth output, so it must come from outside the code (a TerraformVariable, say), never a literal.
import { Construct } from 'constructs';
import { TerraformVariable } from './engine';
import { variableDescriptionProblem, variableKeyProblem, variableViolations } from '../src/contract';
import { Variable as VariableResource } from './gen/providers/cdkws/variable';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved, shown } from './validation';
import { workspaceIdOf, type WorkspaceReference } from './workspace-reference';

/** `terraform`: an input variable of the configuration; `env`: an environment variable of the run. */
export type VariableCategory = 'terraform' | 'env';

/** What a variable is besides its key and value. */
export interface VariableOptions {
  /** What the variable is for, at most 512 characters. @default none */
  readonly description?: string;
  /** Parse the value as HCL (Terraform variables only). @default false */
  readonly hcl?: boolean;
  /**
   * The value is a secret: sent write-only (in neither the plan nor the state, and never answered
   * by the service). It must be a token, such as a `TerraformVariable`'s value, since a literal
   * would be written into the synth output.
   * @default false
   */
  readonly sensitive?: boolean;
  /**
   * For a sensitive value: change it (any number) to send the value again, for a new secret.
   * Terraform cannot see a write-only value change by itself.
   * @default 1
   */
  readonly valueVersion?: number;
}

/** What the variable belongs to: exactly one of `workspace` and `variableSet`. */
export interface VariableProps extends VariableOptions {
  /** The workspace: a `Workspace` construct or a workspace ID. */
  readonly workspace?: WorkspaceReference;
  /** The variable set: a `VariableSet` construct's `id` or a set ID (`varset-…`). */
  readonly variableSetId?: string;
  readonly key: string;
  readonly value: string;
  /** @default "terraform" */
  readonly category?: VariableCategory;
}

/**
 * A secret read from the environment at plan time: a sensitive Terraform input variable named
 * `name`, set with `TF_VAR_<name>`. Only the reference is synthesized, never the value. It may stay
 * unset while nothing asks to send the secret (a first deploy or a new `valueVersion`): then the
 * provider refuses the plan rather than send an empty value.
 * @returns the variable's value (a token) for a sensitive `Variable`
 */
export function environmentSecret(scope: Construct, name: string): string {
  const variable = new TerraformVariable(scope, name, {
    type: 'string',
    sensitive: true,
    nullable: true,
    description: `Set with TF_VAR_${name}; read at plan time, never written to synth output, plan or state.`,
  });
  // The Terraform name is what the environment variable names: not the path-derived logical ID.
  variable.overrideLogicalId(name);
  // Unset is allowed (null): given as an override, since the engine cannot synthesize a null default.
  variable.addOverride('default', null);
  return variable.stringValue;
}

/** A Terraform or environment variable of one workspace or variable set. */
export class Variable extends Construct {
  /** The variable ID (a token until apply). */
  public readonly id: string;
  public readonly key: string;
  public readonly category: VariableCategory;
  public readonly sensitive: boolean;
  /** The `cdkws_variable` resource (escape hatch). */
  public readonly resource: VariableResource;

  constructor(scope: Construct, id: string, props: VariableProps) {
    super(scope, id);
    WorkspacesStack.of(this);
    const checker = new PropsChecker(this);
    const category = props.category ?? 'terraform';
    const sensitive = props.sensitive ?? false;
    const owners = [props.workspace, props.variableSetId].filter((o) => o !== undefined && o !== '').length;
    if (owners !== 1) checker.fail('workspace', 'give exactly one of workspace and variableSetId');
    if (props.key === undefined) checker.fail('key', 'key is required');
    else if (!isUnresolved(props.key)) {
      const problem = variableKeyProblem(props.key);
      if (problem) checker.fail('key', `${problem.replace('{}', 'key')} (got ${shown(props.key)})`);
    }
    if (typeof props.description === 'string' && !isUnresolved(props.description)) {
      const problem = variableDescriptionProblem(props.description);
      if (problem) checker.fail('description', problem.replace('{}', 'description'));
    }
    if (category !== 'terraform' && category !== 'env') checker.fail('category', `category must be "terraform" or "env" (got ${shown(category)})`);
    for (const v of variableViolations({ category, hcl: props.hcl ?? false, sensitive })) checker.fail(v.member, v.detail);
    if (typeof props.value !== 'string') checker.fail('value', 'value is required');
    // Never shown: the value may be a secret.
    else if (sensitive && !isUnresolved(props.value)) {
      checker.fail('value', 'a sensitive value must come from outside the code (e.g. a TerraformVariable): a literal would be written into the synth output');
    }
    checker.throwIfAny();
    this.key = props.key;
    this.category = category;
    this.sensitive = sensitive;
    this.resource = new VariableResource(this, 'Default', {
      ...(props.workspace !== undefined ? { workspaceId: workspaceIdOf(props.workspace) } : { variableSetId: props.variableSetId }),
      key: props.key,
      category,
      ...(sensitive ? { valueWo: props.value, valueWoVersion: props.valueVersion ?? 1 } : { value: props.value }),
      ...(props.description !== undefined ? { description: props.description } : {}),
      hcl: props.hcl ?? false,
      sensitive,
    });
    this.id = this.resource.id;
  }

  /**
   * Adopts an existing variable instead of creating one (an import directive).
   * @param importId `<workspace_id>/<variable_id>` or `<variable_set_id>/<variable_id>`
   */
  public importFrom(importId: string): void {
    this.resource.importFrom(importId);
  }
}
