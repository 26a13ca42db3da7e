// Change requests for workspaces, by ID or by an explorer query: `cdkws_change_request`
// (spec "Create change requests (explorer bulk action)").
import { Construct } from 'constructs';
import {
  BULK_ACTION_MAX_TARGETS,
  changeRequestMessageSchema,
  changeRequestSubjectSchema,
  explorerQuerySchema,
  type ExplorerOperator,
  type ExplorerQueryField,
} from '../src/contract';
import { ChangeRequest as ChangeRequestResource } from './gen/providers/cdkws/change-request';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved } from './validation';
import { workspaceIdOf, type WorkspaceReference } from './workspace-reference';

/** One condition of an explorer query, e.g. `{ field: 'tag_names', operator: 'is', value: ['prod'] }`. */
export interface ChangeRequestQueryCondition {
  readonly field: ExplorerQueryField;
  readonly operator: ExplorerOperator;
  /** Any of these values matches; not given for `is_empty` and `is_not_empty`. @default none */
  readonly value?: string[];
}

/** An explorer query over the organization's workspaces: every condition must hold. */
export interface ChangeRequestQuery {
  readonly filter: ChangeRequestQueryCondition[];
}

export interface ChangeRequestProps {
  /** The workspaces to create a change request for. Give this or `query`, not both. @default none */
  readonly workspaces?: WorkspaceReference[];
  /** The workspaces matching this explorer query when it is applied. Give this or `workspaces`. @default none */
  readonly query?: ChangeRequestQuery;
  /** The subject line, at most 255 characters. */
  readonly subject: string;
  /** The message, in Markdown. */
  readonly message: string;
  /** @default the stack's organization */
  readonly organization?: string;
}

/** Creates one change request per targeted workspace (plus tier). */
export class ChangeRequest extends Construct {
  /** The `cdkws_change_request` resource (escape hatch). */
  public readonly resource: ChangeRequestResource;

  constructor(scope: Construct, id: string, props: ChangeRequestProps) {
    super(scope, id);
    WorkspacesStack.of(this);
    const checker = new PropsChecker(this);
    const { workspaces, query } = props;
    if ((workspaces === undefined) === (query === undefined)) {
      checker.fail('workspaces', 'give exactly one of workspaces and query');
    }
    if (workspaces !== undefined) {
      if (!Array.isArray(workspaces) || workspaces.length === 0) checker.fail('workspaces', 'workspaces must list at least one workspace');
      else if (workspaces.length > BULK_ACTION_MAX_TARGETS)
        checker.fail('workspaces', `workspaces may list at most ${BULK_ACTION_MAX_TARGETS} workspaces (got ${workspaces.length})`);
    }
    if (query !== undefined && !isUnresolved(query)) checker.checkObject(explorerQuerySchema, query as unknown as Record<string, unknown>, 'query.');
    if (props.subject === undefined) checker.fail('subject', 'subject is required');
    checker.check('subject', changeRequestSubjectSchema, props.subject);
    if (props.message === undefined) checker.fail('message', 'message is required');
    checker.check('message', changeRequestMessageSchema, props.message);
    checker.throwIfAny();
    this.resource = new ChangeRequestResource(this, 'Default', {
      workspaceIds: workspaces?.map(workspaceIdOf),
      query: query && JSON.stringify({ filter: query.filter }),
      subject: props.subject,
      message: props.message,
      organization: props.organization,
    });
  }
}
