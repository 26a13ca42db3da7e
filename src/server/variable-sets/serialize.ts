// The `varsets` document. A set's projects are answered only while the directory still has them.
import { VARIABLE_SET_TYPE, VARIABLE_TYPE, rootPathOf } from '../../contract';
import type { VariableSetRecord } from './store';

export function variableSetResource(record: VariableSetRecord, projectIds: readonly string[]): Record<string, unknown> {
  const organization = { data: { id: record.organization, type: 'organizations' } };
  return {
    id: record.id,
    type: VARIABLE_SET_TYPE,
    attributes: {
      name: record.name,
      description: record.description,
      global: record.global,
      priority: record.priority,
      'updated-at': record.updatedAt,
      'var-count': record.variableIds.length,
      'workspace-count': record.workspaceIds.length,
      'project-count': projectIds.length,
    },
    relationships: {
      organization,
      parent: organization,
      workspaces: { data: record.workspaceIds.map((id) => ({ id, type: 'workspaces' })) },
      projects: { data: projectIds.map((id) => ({ id, type: 'projects' })) },
      vars: { data: record.variableIds.map((id) => ({ id, type: VARIABLE_TYPE })) },
    },
    links: { self: rootPathOf('showVariableSet', { variable_set_id: record.id }) },
  };
}
