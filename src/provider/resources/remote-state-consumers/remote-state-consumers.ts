// cdkws_remote_state_consumers: the exact list of workspaces allowed to read a workspace's state
// (spec "Remote state consumers"; decision 8). It converges with add and remove, which workspace
// admins may use, and never with the replace call, which needs organization-wide permission. A
// workspace with global-remote-state on shares its state with everyone and takes no list: that is
// refused at plan time rather than failing half-way through an apply.
import { NotFoundError, ValidationError, collect, type Workspace } from '../../../client';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError, error, type Diagnostic } from '../../protocol/diagnostics';
import type { ApplyResult, HookContext } from '../../protocol/types';
import { Unknown, type ObjectValue, type Value } from '../../protocol/values';
import { decodeModel, defineResource, type ModelOf, type Values } from '../../resource';
import { remoteStateConsumersNames, remoteStateConsumersSchema, type REMOTE_STATE_CONSUMERS_ATTRIBUTES } from './schema';

type ConsumersModel = ModelOf<typeof REMOTE_STATE_CONSUMERS_ATTRIBUTES>;
const RESOURCE = 'cdkws_remote_state_consumers';

/** The workspace a value is about (Terraform never stores one without it). */
function workspaceOf(model: ConsumersModel): string {
  if (!model.workspaceId) throw new Error('Provider bug: a cdkws_remote_state_consumers value without workspace_id.');
  return model.workspaceId;
}

/** The known strings of a set value (unknown elements are skipped). */
export function stringsOf(v: Value | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** What add and remove must send to turn `current` into `desired`. */
export function consumerChanges(current: readonly string[], desired: readonly string[]): { add: string[]; remove: string[] } {
  const have = new Set(current);
  const want = new Set(desired);
  return { add: [...want].filter((id) => !have.has(id)).sort(), remove: [...have].filter((id) => !want.has(id)).sort() };
}

export function globalStateRefusal(workspace: Workspace): Diagnostic {
  return error(
    'Workspace shares its state with the whole organization',
    `workspace "${workspace.name}" (${workspace.id}) has global_remote_state = true, so every workspace of the organization may already read its state and the service refuses a consumer list; set global_remote_state = false on the workspace, or remove this cdkws_remote_state_consumers resource`,
    ['workspace_id'],
  );
}

/** Checks that need the service: the workspace exists and takes a consumer list. */
export async function checkWorkspace(data: ProviderData, workspaceId: string, consumerIds: readonly string[]): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  if (consumerIds.includes(workspaceId)) {
    out.push(error('A workspace cannot consume its own state', `remove ${workspaceId} (the workspace itself) from consumer_ids`, ['consumer_ids']));
  }
  const workspace = await data.workspaces.read(workspaceId);
  if (workspace === null)
    out.push(error('Workspace not found', `workspace ${workspaceId} does not exist or the token cannot see it; check workspace_id`, ['workspace_id']));
  else if (workspace.globalRemoteState) out.push(globalStateRefusal(workspace));
  return out;
}

async function currentConsumers(data: ProviderData, workspaceId: string): Promise<string[]> {
  // Every page: a workspace may have more consumers than one page holds.
  const all = await collect(data.client.remoteStateConsumers.listAll(workspaceId));
  return all.map((w) => w.id).sort();
}

function explain(err: unknown, workspaceId: string): unknown {
  if (err instanceof NotFoundError) {
    return new DiagnosticError(
      'Workspace or consumer not found',
      `the service answered 404 for ${workspaceId}'s consumers: the workspace or one of consumer_ids does not exist, or the token lacks admin access (${err.detail ?? err.message})`,
      ['consumer_ids'],
    );
  }
  if (err instanceof ValidationError) {
    return new DiagnosticError(
      'The service refused the consumer list',
      `${err.detail ?? err.message}; check consumer_ids and the workspace's global_remote_state`,
      ['consumer_ids'],
    );
  }
  return err;
}

async function converge(data: ProviderData, workspaceId: string, desired: string[]): Promise<void> {
  const workspace = await data.workspaces.read(workspaceId);
  if (workspace === null)
    throw new DiagnosticError('Workspace not found', `workspace ${workspaceId} does not exist or the token cannot see it; check workspace_id`, [
      'workspace_id',
    ]);
  if (workspace.globalRemoteState) {
    const d = globalStateRefusal(workspace);
    throw new DiagnosticError(d.summary, d.detail, d.path);
  }
  try {
    const { add, remove } = consumerChanges(await currentConsumers(data, workspaceId), desired);
    if (add.length > 0) await data.client.remoteStateConsumers.add(workspaceId, add);
    if (remove.length > 0) await data.client.remoteStateConsumers.remove(workspaceId, remove);
  } catch (err) {
    throw explain(err, workspaceId);
  }
}

const stateOf = (workspaceId: string, consumerIds: string[]): ObjectValue => ({
  id: workspaceId,
  workspace_id: workspaceId,
  consumer_ids: [...consumerIds].sort(),
});

/** Create and update alike: converge on the planned list. */
async function write({ planned }: { planned: Values<ConsumersModel> }, ctx: HookContext<ProviderData>): Promise<ApplyResult> {
  const data = configured(ctx, RESOURCE);
  const workspaceId = workspaceOf(planned.model);
  const desired = planned.model.consumerIds ?? [];
  await converge(data, workspaceId, desired);
  return { state: stateOf(workspaceId, desired) };
}

export const remoteStateConsumersResource = defineResource<ConsumersModel, ProviderData>({
  schema: remoteStateConsumersSchema,
  names: remoteStateConsumersNames,

  validate({ model }) {
    const id = model.workspaceId;
    if (typeof id === 'string' && (model.consumerIds ?? []).includes(id)) {
      return [error('A workspace cannot consume its own state', `remove ${id} (the workspace itself) from consumer_ids`, ['consumer_ids'])];
    }
  },

  async plan({ planned }, ctx) {
    // Known elements only: one consumer known after apply does not hide the others.
    const consumers = planned.consumer_ids === Unknown ? [] : stringsOf(planned.consumer_ids);
    const { workspaceId } = decodeModel<ConsumersModel>(remoteStateConsumersSchema, remoteStateConsumersNames, planned);
    // A workspace created in the same apply has no ID yet: the service checks it at apply.
    if (typeof workspaceId !== 'string' || !ctx.providerData) return;
    const diagnostics = await checkWorkspace(ctx.providerData, workspaceId, consumers);
    if (diagnostics.length > 0) return { diagnostics };
  },

  create: write,
  update: write,

  async delete({ prior }, ctx) {
    const data = configured(ctx, RESOURCE);
    const workspaceId = workspaceOf(prior.model);
    const workspace = await data.workspaces.read(workspaceId);
    // Gone, or sharing with everyone (no list to empty): nothing left to remove.
    if (workspace === null || workspace.globalRemoteState) return { state: null };
    try {
      const current = await currentConsumers(data, workspaceId);
      if (current.length > 0) await data.client.remoteStateConsumers.remove(workspaceId, current);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw explain(err, workspaceId);
    }
    return { state: null };
  },

  async read({ state }, ctx) {
    const data = configured(ctx, RESOURCE);
    const workspaceId = workspaceOf(state.model);
    const workspace = await data.workspaces.read(workspaceId);
    if (workspace === null) return { state: null };
    // The list would be every workspace of the organization: keep the state, the plan explains.
    if (workspace.globalRemoteState) return { state: state.value };
    try {
      return { state: stateOf(workspaceId, await currentConsumers(data, workspaceId)) };
    } catch (err) {
      if (err instanceof NotFoundError) return { state: null };
      throw err;
    }
  },

  importState(id) {
    if (!/^ws-/.test(id))
      throw new DiagnosticError('Invalid cdkws_remote_state_consumers import ID', `expected a workspace ID such as "ws-abc123", got ${JSON.stringify(id)}`);
    return { state: { id, workspace_id: id, consumer_ids: [] } };
  },
});
