// data "cdkws_outputs": the outputs of a workspace's current state. Sensitive values are read one by
// one, by output ID, and only ever land in `values`, which the schema marks sensitive.
import { NotFoundError, type StateVersionOutput, type Workspace } from '../../../client';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError } from '../../protocol/diagnostics';
import type { DataSourceImplementation } from '../../protocol/types';
import type { ObjectValue, Value } from '../../protocol/values';
import { organizationOf } from '../workspace/workspace';
import { outputsDataSourceSchema } from './schema';

/** `values` (every output) and `nonsensitive_values` (the others) from the outputs' answers. */
export function outputValues(outputs: readonly StateVersionOutput[]): { values: ObjectValue; nonsensitive_values: ObjectValue } {
  const values: ObjectValue = {};
  const nonsensitive: ObjectValue = {};
  for (const output of [...outputs].sort((a, b) => a.name.localeCompare(b.name))) {
    const value = (output.value ?? null) as Value;
    values[output.name] = value;
    if (!output.sensitive) nonsensitive[output.name] = value;
  }
  return { values, nonsensitive_values: nonsensitive };
}

export const outputsDataSource: DataSourceImplementation<ProviderData> = {
  schema: outputsDataSourceSchema,
  async read(config, ctx) {
    const { client } = configured(ctx, 'data.cdkws_outputs');
    const organization = organizationOf(config, ctx, 'cdkws_outputs');
    const name = typeof config.workspace === 'string' ? config.workspace : '';
    let ws: Workspace;
    try {
      ws = await client.workspaces.read(organization, name);
    } catch (err) {
      if (err instanceof NotFoundError) {
        throw new DiagnosticError(
          'Workspace not found',
          `no workspace "${name}" in organization "${organization}" is visible to the token; check workspace and organization`,
          ['workspace'],
        );
      }
      throw err;
    }
    const outputs = await client.stateVersions.currentOutputs(ws.id, { withSensitiveValues: true });
    return { state: { id: ws.id, organization, workspace: ws.name, ...outputValues(outputs) } };
  },
};
