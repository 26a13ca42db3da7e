// One variable set applied to one workspace or project: the hooks of cdkws_workspace_variable_set and
// cdkws_project_variable_set, which differ only in the target. Apply and remove name the one
// target, so other resources applying the same set to other targets are never undone.
import { NotFoundError } from '../../../client';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError } from '../../protocol/diagnostics';
import type { ResourceImplementation } from '../../protocol/types';
import type { ObjectValue } from '../../protocol/values';
import { defineResource, type ModelNames } from '../../resource';
import type { Schema } from '../../protocol/schema';

interface Target {
  /** The resource type, for messages. */
  resource: string;
  /** The HCL attribute naming the target. */
  attribute: 'workspace_id' | 'project_id';
  prefix: string;
}

type ApplicationModel = { id: string | null | undefined; variableSetId: string | null | undefined } & Record<string, string | null | undefined>;

export function applicationResource(target: Target, schema: Schema, names: ModelNames): ResourceImplementation<ProviderData> {
  const targetModel = names[target.attribute].name;
  const stateOf = (setId: string, targetId: string): ObjectValue => ({ id: `${setId}/${targetId}`, variable_set_id: setId, [target.attribute]: targetId });
  const ids = (m: ApplicationModel) => ({ setId: m.variableSetId!, targetId: m[targetModel]! });
  const apply = (data: ProviderData, setId: string, targetIds: string[]) =>
    target.attribute === 'workspace_id'
      ? data.client.variableSets.applyToWorkspaces(setId, targetIds)
      : data.client.variableSets.applyToProjects(setId, targetIds);
  const remove = (data: ProviderData, setId: string, targetIds: string[]) =>
    target.attribute === 'workspace_id'
      ? data.client.variableSets.removeFromWorkspaces(setId, targetIds)
      : data.client.variableSets.removeFromProjects(setId, targetIds);
  /** Whether the set is applied to the target by name; null when the set is gone. */
  const applied = async (data: ProviderData, setId: string, targetId: string): Promise<boolean | null> => {
    try {
      const set = await data.client.variableSets.read(setId);
      return (target.attribute === 'workspace_id' ? set.workspaceIds : set.projectIds).includes(targetId);
    } catch (err) {
      if (err instanceof NotFoundError) return null;
      throw err;
    }
  };

  return defineResource<ApplicationModel, ProviderData>({
    schema,
    names,
    async create({ planned }, ctx) {
      const data = configured(ctx, target.resource);
      const { setId, targetId } = ids(planned.model);
      try {
        await apply(data, setId, [targetId]);
      } catch (err) {
        if (err instanceof NotFoundError) {
          throw new DiagnosticError('Not found', `variable set ${setId} or ${target.attribute} ${targetId} does not exist or the token cannot see it`);
        }
        throw err;
      }
      return { state: stateOf(setId, targetId) };
    },
    update({ planned }) {
      // Every attribute replaces: an update changes nothing remote.
      const { setId, targetId } = ids(planned.model);
      return { state: stateOf(setId, targetId) };
    },
    async delete({ prior }, ctx) {
      const data = configured(ctx, target.resource);
      const { setId, targetId } = ids(prior.model);
      try {
        await remove(data, setId, [targetId]);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
      return { state: null };
    },
    async read({ state }, ctx) {
      const data = configured(ctx, target.resource);
      const { setId, targetId } = ids(state.model);
      return { state: (await applied(data, setId, targetId)) ? stateOf(setId, targetId) : null };
    },
    async importState(id, ctx) {
      const data = configured(ctx, target.resource);
      const [setId, targetId, ...rest] = id.split('/');
      if (!setId?.startsWith('varset-') || !targetId?.startsWith(target.prefix) || rest.length > 0) {
        throw new DiagnosticError(
          `Invalid ${target.resource} import ID`,
          `expected "<variable_set_id>/<${target.attribute}>", e.g. "varset-abc/${target.prefix}def", got ${JSON.stringify(id)}`,
        );
      }
      if (!(await applied(data, setId, targetId))) {
        throw new DiagnosticError('Cannot import', `variable set ${setId} is not applied to ${targetId}`);
      }
      return { state: stateOf(setId, targetId) };
    },
  });
}
