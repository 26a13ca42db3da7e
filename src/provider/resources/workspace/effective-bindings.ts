// A workspace's effective tag bindings without a request per workspace. They are its own bindings
// plus those of its project whose keys it does not have (spec "Tag bindings"; the service's
// effective list). So one effective list of a workspace V, with V's own keys, tells the project's
// bindings outside those keys: for any workspace W of the project whose own keys include V's, the
// effective bindings are W's own plus V's inherited ones whose keys W does not have. The provider
// learns this once per project and process; a refresh of N workspaces then costs their N own
// lists (shared with their cdkws_tag_binding resources) instead of N own and N effective lists.
import type { EffectiveTagBinding } from '../../../client';
import type { ProviderData } from '../../context';

interface Observation {
  /** The own keys of the workspace the list was read for. */
  ownKeys: ReadonlySet<string>;
  /** Its effective bindings whose keys are not its own: the project's, outside `ownKeys`. */
  inherited: Promise<EffectiveTagBinding[]>;
}

const learned = new WeakMap<ProviderData, Map<string, Observation[]>>();

export interface OwnBinding {
  key: string;
  value: string | null;
}

/** The effective bindings of workspace `workspaceId` of project `projectId` with `own` bindings. */
export async function effectiveBindings(
  pd: ProviderData,
  workspaceId: string,
  projectId: string | undefined,
  own: readonly OwnBinding[],
): Promise<EffectiveTagBinding[]> {
  if (!projectId) return pd.client.tagBindings.listEffective(workspaceId);
  let byProject = learned.get(pd);
  if (!byProject) learned.set(pd, (byProject = new Map<string, Observation[]>()));
  let observations = byProject.get(projectId);
  if (!observations) byProject.set(projectId, (observations = []));
  const ownKeys = new Set(own.map((b) => b.key));
  const fitting = observations.find((o) => [...o.ownKeys].every((key) => ownKeys.has(key)));
  if (fitting) {
    const inherited = await fitting.inherited;
    return [...own.map((b) => ({ id: `${workspaceId}/${b.key}`, key: b.key, value: b.value })), ...inherited.filter((b) => !ownKeys.has(b.key))];
  }
  const list = pd.client.tagBindings.listEffective(workspaceId);
  const observation: Observation = { ownKeys, inherited: list.then((all) => all.filter((b) => !ownKeys.has(b.key))) };
  observations.push(observation);
  // A failed list teaches nothing: the next workspace asks again.
  observation.inherited.catch(() => observations.splice(observations.indexOf(observation), 1));
  return list;
}
