// A variable set: a `cdkws_variable_set`, its variables (`cdkws_variable` with `variable_set_id`) and
// where it applies (`cdkws_workspace_variable_set`, `cdkws_project_variable_set`, one per target, so
// one `applyTo` call covers any number of workspaces and projects).
import { Construct } from 'constructs';
import { variableSetDescriptionProblem, variableSetNameProblem } from '../src/contract';
import { ProjectVariableSet } from './gen/providers/cdkws/project-variable-set';
import { VariableSet as VariableSetResource } from './gen/providers/cdkws/variable-set';
import { WorkspaceVariableSet } from './gen/providers/cdkws/workspace-variable-set';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved, shown } from './validation';
import { Variable, type VariableOptions } from './variable';
import { isWorkspaceConstruct, workspaceIdOf, type WorkspaceReference } from './workspace-reference';

export interface VariableSetProps {
  /** Unique in the organization. */
  readonly name: string;
  /** @default none */
  readonly description?: string;
  /** Applied to every workspace of the organization. @default false */
  readonly global?: boolean;
  /** Its values win over the workspaces' own variables of the same key and category. @default false */
  readonly priority?: boolean;
  /** @default the stack's organization */
  readonly organization?: string;
}

/** A project to apply a set to, by ID (`prj-…`). */
export interface ProjectReference {
  readonly projectId: string;
}

/** What a set applies to: a workspace (construct or ID) or a project. */
export type VariableSetTarget = WorkspaceReference | ProjectReference;

const isProject = (t: VariableSetTarget): t is ProjectReference => typeof t === 'object' && t !== null && 'projectId' in t && !isWorkspaceConstruct(t);
/** A construct ID from a literal ID or a construct path ("/" is not allowed in IDs). */
const idPart = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '-');

/** A variable set of an organization, its variables, and the workspaces and projects it applies to. */
export class VariableSet extends Construct {
  /** The set ID (a token until apply). */
  public readonly id: string;
  public readonly name: string;
  /** The `cdkws_variable_set` resource (escape hatch). */
  public readonly resource: VariableSetResource;
  private readonly targets = new Set<string>();
  private unnamedTargets = 0;

  constructor(scope: Construct, id: string, props: VariableSetProps) {
    super(scope, id);
    const stack = WorkspacesStack.of(this);
    const checker = new PropsChecker(this);
    if (typeof props.name !== 'string') checker.fail('name', 'name is required');
    else if (!isUnresolved(props.name)) {
      const problem = variableSetNameProblem(props.name);
      if (problem) checker.fail('name', `${problem.replace('{}', 'name')} (got ${shown(props.name)})`);
    }
    if (typeof props.description === 'string' && !isUnresolved(props.description)) {
      const problem = variableSetDescriptionProblem(props.description);
      if (problem) checker.fail('description', problem.replace('{}', 'description'));
    }
    checker.throwIfAny();
    this.name = props.name;
    this.resource = new VariableSetResource(this, 'Default', {
      name: props.name,
      organization: props.organization ?? stack.organization,
      ...(props.description !== undefined ? { description: props.description } : {}),
      global: props.global ?? false,
      priority: props.priority ?? false,
    });
    this.id = this.resource.id;
  }

  /** Adds a Terraform variable to the set (child construct `var-<key>`). */
  public addVariable(key: string, value: string, options: VariableOptions = {}): Variable {
    return new Variable(this, `var-${key}`, { ...options, variableSetId: this.id, key, value, category: 'terraform' });
  }

  /** Adds an environment variable to the set (child construct `env-<key>`). */
  public addEnvironmentVariable(key: string, value: string, options: VariableOptions = {}): Variable {
    return new Variable(this, `env-${key}`, { ...options, variableSetId: this.id, key, value, category: 'env' });
  }

  /**
   * Applies the set to workspaces and projects, any number in one call: one attachment resource
   * each, so other attachments of the set (made elsewhere) are left alone. A target given twice is refused.
   */
  public applyTo(...targets: VariableSetTarget[]): void {
    const checker = new PropsChecker(this);
    targets.forEach((target, i) => {
      const project = isProject(target);
      const ref = project ? target.projectId : target;
      const literal = typeof ref === 'string' ? (isUnresolved(ref) ? undefined : ref) : ref.node.path;
      const name = literal !== undefined ? idPart(literal) : `target-${++this.unnamedTargets}`;
      const key = `${project ? 'project' : 'workspace'}:${literal ?? name}`;
      if (this.targets.has(key)) return checker.fail(`applyTo[${i}]`, `${literal} is applied to already`);
      this.targets.add(key);
      if (project) new ProjectVariableSet(this, `to-${name}`, { variableSetId: this.id, projectId: target.projectId });
      else new WorkspaceVariableSet(this, `to-${name}`, { variableSetId: this.id, workspaceId: workspaceIdOf(target) });
    });
    checker.throwIfAny();
  }
}
