// The workspaces allowed to read one workspace's state: `cdkws_remote_state_consumers`
// (spec "Remote state consumers").
import { Construct } from 'constructs';
import { remoteStateConsumersBodySchema } from '../src/contract';
import { RemoteStateConsumers as RemoteStateConsumersResource } from './gen/providers/cdkws/remote-state-consumers';
import { WorkspacesStack } from './stack';
import { PropsChecker, isUnresolved, shown } from './validation';
import { isWorkspaceConstruct, workspaceIdOf, type WorkspaceReference } from './workspace-reference';

export interface RemoteStateConsumersProps {
  /** The workspace whose state is shared: a `Workspace` construct or a workspace ID. */
  readonly workspace: WorkspaceReference;
  /**
   * Exactly the workspaces that may read its state (the list is replaced as a whole).
   * An empty list removes every consumer.
   */
  readonly consumers: WorkspaceReference[];
}

/**
 * The complete remote state consumer list of one workspace. The workspace must not share its
 * state with the whole organization (`globalRemoteState`), and one construct owns each list.
 */
export class RemoteStateConsumers extends Construct {
  /** The `cdkws_remote_state_consumers` resource (escape hatch). */
  public readonly resource: RemoteStateConsumersResource;

  constructor(scope: Construct, id: string, props: RemoteStateConsumersProps) {
    super(scope, id);
    WorkspacesStack.of(this);
    const checker = new PropsChecker(this);
    const { workspace, consumers } = props;
    if (workspace === undefined || workspace === '') checker.fail('workspace', 'workspace is required: a Workspace construct or a workspace ID');
    if (!Array.isArray(consumers)) {
      checker.fail('consumers', 'consumers must be a list of Workspace constructs or workspace IDs');
    } else {
      // The replace request's own schema: its size limit and the shape of literal IDs.
      const placeholder = 'ws-from-a-construct';
      const body = { data: consumers.map((c) => ({ type: 'workspaces', id: typeof c === 'string' && !isUnresolved(c) ? c : placeholder })) };
      const parsed = remoteStateConsumersBodySchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const index = issue.path.length >= 2 ? Number(issue.path[1]) : undefined;
        if (index === undefined) checker.fail('consumers', `${issue.message} (got ${consumers.length})`);
        else checker.fail(`consumers[${index}]`, `${issue.message} (got ${shown(consumers[index])})`);
      }
      const seen = new Set<string>();
      consumers.forEach((consumer, i) => {
        if (consumer === workspace || (typeof consumer === 'string' && typeof workspace === 'string' && consumer === workspace)) {
          checker.fail(`consumers[${i}]`, 'a workspace cannot be its own consumer');
        }
        const key = isWorkspaceConstruct(consumer) ? consumer.node.path : consumer;
        if (!isUnresolved(key) && seen.has(key)) checker.fail(`consumers[${i}]`, `${key} is listed twice`);
        seen.add(key);
      });
    }
    if (isWorkspaceConstruct(workspace)) {
      if (workspace.globalRemoteState === true) {
        checker.fail(
          'workspace',
          `${workspace.node.path} has globalRemoteState: true, so every workspace already reads its state; consumers apply only while it is false`,
        );
      }
      const problem = workspace._registerConsumers(this.node.path);
      if (problem) checker.fail('workspace', problem);
    }
    checker.throwIfAny();
    this.resource = new RemoteStateConsumersResource(this, 'Default', {
      workspaceId: workspaceIdOf(workspace),
      consumerIds: consumers.map(workspaceIdOf),
    });
  }

  /**
   * Adopts the workspace's existing consumer list: an import directive (the engine's `importFrom`)
   * on the resource, which imports by the ID of the workspace whose state is shared.
   * @param workspaceId the shared workspace's ID (`ws-…`)
   */
  public importFrom(workspaceId: string): void {
    this.resource.importFrom(workspaceId);
  }
}
