// The variables a run of a workspace gets (`all-vars`): its own and those of the sets reaching it,
// one per category and key. Precedence, highest first, as the hosted service documents it:
// priority sets (applied by workspace, then through the project, then global), the workspace's own
// variables, then the other sets (by workspace, through the project, global). Between two sets at
// the same rank, the one whose name sorts first wins.
import type { VariableSetRecord } from '../variable-sets/store';
import type { VariableRecord } from './rows';

export interface EffectiveVariable {
  record: VariableRecord;
  owner: 'workspace' | 'varset';
}

/** How a set reaches the workspace: 2 by name, 1 through its project, 0 as global. */
function reach(set: VariableSetRecord, workspaceId: string, projectId: string): number {
  if (set.workspaceIds.includes(workspaceId)) return 2;
  if (set.projectIds.includes(projectId)) return 1;
  return 0;
}

export function effectiveVariables(
  workspace: { id: string; projectId: string },
  own: readonly VariableRecord[],
  sets: readonly VariableSetRecord[],
  setVariables: readonly VariableRecord[],
): EffectiveVariable[] {
  const setById = new Map(sets.map((s) => [s.id, s]));
  const winners = new Map<string, { rank: number; name: string; variable: EffectiveVariable }>();
  const offer = (variable: EffectiveVariable, rank: number, name: string) => {
    const slot = `${variable.record.category}\u0000${variable.record.key}`;
    const held = winners.get(slot);
    if (!held || rank > held.rank || (rank === held.rank && name < held.name)) winners.set(slot, { rank, name, variable });
  };
  for (const record of own) offer({ record, owner: 'workspace' }, 10, '');
  for (const record of setVariables) {
    const set = setById.get(record.ownerId);
    if (!set) continue;
    const scope = reach(set, workspace.id, workspace.projectId);
    offer({ record, owner: 'varset' }, set.priority ? 20 + scope : scope, set.name);
  }
  return [...winners.values()].map((w) => w.variable);
}
