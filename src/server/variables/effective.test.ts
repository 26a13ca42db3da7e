import type { VariableSetRecord } from '../variable-sets/store';
import { effectiveVariables } from './effective';
import type { VariableRecord } from './rows';

const T = '2030-01-01T00:00:00.000Z';
const ws = { id: 'ws-1', projectId: 'prj-1' };

function variable(ownerId: string, key: string, value: string, category: 'terraform' | 'env' = 'terraform'): VariableRecord {
  return {
    id: `var-${ownerId}-${key}`,
    ownerId,
    key,
    value,
    description: null,
    category,
    hcl: false,
    sensitive: false,
    versionId: 'v',
    createdAt: T,
    updatedAt: T,
  };
}

function set(id: string, name: string, reach: { global?: boolean; workspace?: boolean; project?: boolean; priority?: boolean }): VariableSetRecord {
  return {
    id,
    organization: 'acme',
    name,
    description: null,
    global: reach.global ?? false,
    priority: reach.priority ?? false,
    createdAt: T,
    updatedAt: T,
    workspaceIds: reach.workspace ? [ws.id] : [],
    projectIds: reach.project ? [ws.projectId] : [],
    variableIds: [],
  };
}

const winners = (own: VariableRecord[], sets: VariableSetRecord[], setVariables: VariableRecord[]) =>
  Object.fromEntries(effectiveVariables(ws, own, sets, setVariables).map((v) => [`${v.record.category}:${v.record.key}`, v.record.value]));

describe('effective variables', () => {
  it('ranks priority sets over the workspace, the workspace over other sets, and narrower sets over wider ones', () => {
    const sets = [set('g', 'global', { global: true }), set('p', 'project', { project: true }), set('w', 'named', { workspace: true })];
    const priority = [set('pg', 'p-global', { global: true, priority: true }), set('pw', 'p-named', { workspace: true, priority: true })];
    expect(
      winners(
        [variable('ws-1', 'own', 'workspace'), variable('ws-1', 'forced', 'workspace')],
        [...sets, ...priority],
        [
          variable('g', 'layer', 'global'),
          variable('p', 'layer', 'project'),
          variable('g', 'wide', 'global'),
          variable('p', 'wide', 'project'),
          variable('w', 'own', 'named'),
          variable('pg', 'forced', 'p-global'),
          variable('pw', 'forced', 'p-named'),
          variable('g', 'own', 'env-global', 'env'),
        ],
      ),
    ).toEqual({
      'terraform:own': 'workspace',
      'terraform:forced': 'p-named',
      'terraform:layer': 'project',
      'terraform:wide': 'project',
      'env:own': 'env-global',
    });
  });

  it('between two sets of one rank takes the one whose name sorts first, whatever the order they come in', () => {
    const sets = [set('b', 'beta', { global: true }), set('a', 'alpha', { global: true })];
    const vars = [variable('b', 'k', 'from beta'), variable('a', 'k', 'from alpha')];
    expect(winners([], sets, vars)).toEqual({ 'terraform:k': 'from alpha' });
    expect(winners([], sets, [...vars].reverse())).toEqual({ 'terraform:k': 'from alpha' });
  });
});
