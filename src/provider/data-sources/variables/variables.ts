// data "cdkws_variables": a workspace's own variables. The service answers a sensitive value as null,
// so no secret can reach this data source's state.
import { NotFoundError, type Variable } from '../../../client';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError } from '../../protocol/diagnostics';
import type { DataSourceImplementation } from '../../protocol/types';
import type { ObjectValue } from '../../protocol/values';
import { variablesDataSourceSchema } from './schema';

const objectOf = (v: Variable): ObjectValue => ({
  id: v.id,
  key: v.key,
  value: v.sensitive ? null : v.value,
  description: v.description,
  category: v.category,
  hcl: v.hcl,
  sensitive: v.sensitive,
});

export const variablesDataSource: DataSourceImplementation<ProviderData> = {
  schema: variablesDataSourceSchema,
  async read(config, ctx) {
    const { client } = configured(ctx, 'data.cdkws_variables');
    const workspaceId = config.workspace_id as string;
    const all: Variable[] = [];
    try {
      for await (const v of client.variables.listAll(workspaceId)) all.push(v);
    } catch (err) {
      if (err instanceof NotFoundError)
        throw new DiagnosticError('Workspace not found', `workspace ${workspaceId} does not exist or the token cannot see it`, ['workspace_id']);
      throw err;
    }
    all.sort((a, b) => a.category.localeCompare(b.category) || a.key.localeCompare(b.key));
    const variables = all.map(objectOf);
    return {
      state: {
        id: workspaceId,
        workspace_id: workspaceId,
        variables,
        terraform: variables.filter((v) => v.category === 'terraform'),
        env: variables.filter((v) => v.category === 'env'),
      },
    };
  },
};
