// data "cdkws_variable_set": one variable set by name (the list's name filter matches parts of
// names, so the exact name is picked from what it answers).
import { configured, type ProviderData } from '../../context';
import { DiagnosticError } from '../../protocol/diagnostics';
import type { DataSourceImplementation } from '../../protocol/types';
import { organizationOf } from '../workspace/workspace';
import { variableSetDataSourceSchema } from './schema';

export const variableSetDataSource: DataSourceImplementation<ProviderData> = {
  schema: variableSetDataSourceSchema,
  async read(config, ctx) {
    const { client } = configured(ctx, 'data.cdkws_variable_set');
    const organization = organizationOf(config, ctx, 'cdkws_variable_set');
    const name = config.name as string;
    let found;
    for await (const set of client.variableSets.listAll(organization, { query: name })) {
      if (set.name === name) found = set;
    }
    if (!found) throw new DiagnosticError('Variable set not found', `organization ${organization} has no variable set named ${JSON.stringify(name)}`, ['name']);
    const set = await client.variableSets.read(found.id);
    return {
      state: {
        id: set.id,
        name: set.name,
        organization,
        description: set.description,
        global: set.global,
        priority: set.priority,
        workspace_ids: [...set.workspaceIds].sort(),
        project_ids: [...set.projectIds].sort(),
        variable_ids: [...set.variableIds].sort(),
      },
    };
  },
};
