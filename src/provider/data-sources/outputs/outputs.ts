// data "cdkws_outputs": the outputs of a workspace's current state. Sensitive values are read one by
// one, by output ID, and only ever land in `values`, which the schema marks sensitive.
import type { StateVersionOutput } from '../../../client';
import { configured, type ProviderData } from '../../context';
import type { DataSourceImplementation } from '../../protocol/types';
import type { ObjectValue, Value } from '../../protocol/values';
import { organizationOf, readWorkspaceByName } from '../workspace/workspace';
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
    const ws = await readWorkspaceByName(client, organization, config, 'workspace');
    const outputs = await client.stateVersions.currentOutputs(ws.id, { withSensitiveValues: true });
    return { state: { id: ws.id, organization, workspace: ws.name, ...outputValues(outputs) } };
  },
};
