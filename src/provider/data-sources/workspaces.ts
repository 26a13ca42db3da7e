// data "cdkws_workspaces": the IDs and names of an organization's workspaces matching the list
// filters of spec "List workspaces" (every page, 100 at a time).
import type { WorkspaceListOptions } from '../../client';
import type { ProviderData } from '../context';
import type { DataSourceImplementation } from '../protocol/types';
import type { ObjectValue, Value } from '../protocol/values';
import { organizationOf, providerData } from './workspace';
import { workspacesDataSourceSchema } from './workspaces-schema';

const strings = (v: Value | undefined): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
const text = (v: Value | undefined): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The client's list options for the data source's filters; unset filters are not sent. */
export function listOptions(config: ObjectValue): Omit<WorkspaceListOptions, 'pageNumber' | 'pageSize'> {
  const options: Omit<WorkspaceListOptions, 'pageNumber' | 'pageSize'> = {};
  const tags = strings(config.tag_names);
  const exclude = strings(config.exclude_tag_names);
  if (text(config.search_name)) options.search = text(config.search_name);
  if (text(config.wildcard_name)) options.wildcardName = text(config.wildcard_name);
  if (tags && tags.length > 0) options.tags = [...tags].sort();
  if (exclude && exclude.length > 0) options.excludeTags = [...exclude].sort();
  if (text(config.project_id)) options.projectId = text(config.project_id);
  const bindings = config.tag_bindings;
  if (bindings && typeof bindings === 'object' && !Array.isArray(bindings)) {
    // An empty value matches the key with any value (filter[tagged][i][key] alone).
    options.tagBindings = Object.entries(bindings)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => (value === '' ? { key } : { key, value }));
  }
  return options;
}

export const workspacesDataSource: DataSourceImplementation<ProviderData> = {
  schema: workspacesDataSourceSchema,

  async read(config, ctx) {
    const { client } = providerData(ctx, 'cdkws_workspaces');
    const organization = organizationOf(config, ctx, 'cdkws_workspaces');
    const ids: Record<string, string> = {};
    for await (const ws of client.workspaces.listAll(organization, listOptions(config))) ids[ws.name] = ws.id;
    const names = Object.keys(ids).sort();
    return { state: { ...config, organization, ids, names } };
  },
};
