// data "cdkws_workspace": one workspace by organization and name (architecture "Names"), with its
// settings (the same mapping as the resource's state), flat tags and key-value tag bindings (own and
// effective).
import { NotFoundError, type Client, type Workspace } from '../../../client';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError } from '../../protocol/diagnostics';
import type { DataSourceImplementation, HookContext } from '../../protocol/types';
import type { TfType } from '../../protocol/schema';
import type { ObjectValue, Value } from '../../protocol/values';
import { answeredValues, bindingMap } from '../../resources/workspace/mapping';
import { workspaceDataSourceSchema } from './schema';

/** The organization a data source reads: its own, else the provider's; an error names the fix. */
export function organizationOf(config: { organization?: unknown }, ctx: HookContext<ProviderData>, what: string): string {
  if (typeof config.organization === 'string') return config.organization;
  if (ctx.providerData?.organization) return ctx.providerData.organization;
  throw new DiagnosticError('No organization', `set organization on data.${what} or in the provider block`, ['organization']);
}

/** A value cut to its type: objects keep the members the type has. */
function fit(type: TfType, v: Value): Value {
  if (!Array.isArray(type) || type[0] !== 'object' || v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const members = type[1] as Record<string, TfType>;
  return Object.fromEntries(Object.keys(members).map((k) => [k, fit(members[k], (v as Record<string, Value>)[k] ?? null)]));
}

/** The data source's values: those of its schema, from the workspace's answer. */
function reported(values: ObjectValue): ObjectValue {
  return Object.fromEntries(Object.entries(workspaceDataSourceSchema.attributes ?? {}).map(([name, a]) => [name, fit(a.type, values[name] ?? null)]));
}

/**
 * The workspace a data source names by `attribute` (its name) in `organization`; a workspace the
 * token cannot see is a diagnostic on that attribute.
 */
export async function readWorkspaceByName(client: Client, organization: string, config: ObjectValue, attribute: string): Promise<Workspace> {
  const value = config[attribute];
  const name = typeof value === 'string' ? value : '';
  try {
    return await client.workspaces.read(organization, name);
  } catch (err) {
    if (err instanceof NotFoundError) {
      throw new DiagnosticError(
        'Workspace not found',
        `no workspace "${name}" in organization "${organization}" is visible to the token; check ${attribute} and organization`,
        [attribute],
      );
    }
    throw err;
  }
}

export const workspaceDataSource: DataSourceImplementation<ProviderData> = {
  schema: workspaceDataSourceSchema,
  async read(config, ctx) {
    const { client } = configured(ctx, 'data.cdkws_workspace');
    const organization = organizationOf(config, ctx, 'cdkws_workspace');
    const ws = await readWorkspaceByName(client, organization, config, 'name');
    const [own, effective] = await Promise.all([client.tagBindings.list(ws.id), client.tagBindings.listEffective(ws.id)]);
    return {
      state: reported({
        ...answeredValues(ws),
        id: ws.id,
        name: ws.name,
        organization,
        ssh_key_id: ws.sshKeyId ?? null,
        tags: bindingMap(own),
        effective_tags: bindingMap(effective),
      }),
    };
  },
};
