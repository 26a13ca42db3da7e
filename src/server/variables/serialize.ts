// The `vars` document of a variable, a workspace's or a set's. A sensitive value is answered as
// null whatever the record holds (records never hold one: rows.ts).
import { VARIABLE_TYPE, VARIABLE_SET_TYPE, rootPathOf } from '../../contract';
import type { VariableRecord } from './rows';

export type VariableOwner = 'workspace' | 'varset';

export function variableResource(record: VariableRecord, owner: VariableOwner): Record<string, unknown> {
  const attributes = {
    key: record.key,
    value: record.sensitive ? null : record.value,
    description: record.description,
    category: record.category,
    hcl: record.hcl,
    sensitive: record.sensitive,
    'version-id': record.versionId,
  };
  if (owner === 'workspace') {
    return {
      id: record.id,
      type: VARIABLE_TYPE,
      attributes,
      relationships: {
        configurable: {
          data: { id: record.ownerId, type: 'workspaces' },
          links: { related: rootPathOf('showWorkspace', { workspace_id: record.ownerId }) },
        },
      },
      links: { self: rootPathOf('showVariable', { workspace_id: record.ownerId, variable_id: record.id }) },
    };
  }
  return {
    id: record.id,
    type: VARIABLE_TYPE,
    attributes,
    relationships: {
      varset: {
        data: { id: record.ownerId, type: VARIABLE_SET_TYPE },
        links: { related: rootPathOf('showVariableSet', { variable_set_id: record.ownerId }) },
      },
    },
    links: { self: rootPathOf('showVariableSetVariable', { variable_set_id: record.ownerId, variable_id: record.id }) },
  };
}
