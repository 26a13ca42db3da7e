// data "cdkws_workspaces": the IDs and names of an organization's workspaces matching the list
// filters of spec "List workspaces" (every page, 100 at a time).
import type { WorkspaceListOptions } from '../../../client';
import { configured, type ProviderData } from '../../context';
import type { DataSourceImplementation } from '../../protocol/types';
import type { ObjectValue } from '../../protocol/values';
import { decodeModel, type ModelOf } from '../../resource';
import { organizationOf } from '../workspace/workspace';
import { workspacesDataSourceNames, workspacesDataSourceSchema, type WORKSPACES_FILTERS } from './schema';

type Filters = ModelOf<typeof WORKSPACES_FILTERS>;

const text = (v: string | null | undefined): string | undefined => (v ? v : undefined);
const sorted = (v: string[] | null | undefined): string[] | undefined => (v && v.length > 0 ? [...v].sort() : undefined);

/** The client's list options for the data source's filters; unset filters are not sent. */
export function listOptions(config: ObjectValue): Omit<WorkspaceListOptions, 'pageNumber' | 'pageSize'> {
  const filters = decodeModel<Filters>(workspacesDataSourceSchema, workspacesDataSourceNames, config);
  const options: Omit<WorkspaceListOptions, 'pageNumber' | 'pageSize'> = {};
  const search = text(filters.searchName);
  const wildcardName = text(filters.wildcardName);
  const flatTags = sorted(filters.tagNames);
  const excludedFlatTags = sorted(filters.excludeTagNames);
  const projectId = text(filters.projectId);
  if (search) options.search = search;
  if (wildcardName) options.wildcardName = wildcardName;
  if (flatTags) options.tags = flatTags;
  if (excludedFlatTags) options.excludeTags = excludedFlatTags;
  if (projectId) options.projectId = projectId;
  if (filters.tagBindings) {
    // An empty value matches the key with any value (filter[tagged][i][key] alone).
    options.tagBindings = Object.entries(filters.tagBindings)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => (value === '' ? { key } : { key, value }));
  }
  return options;
}

export const workspacesDataSource: DataSourceImplementation<ProviderData> = {
  schema: workspacesDataSourceSchema,
  async read(config, ctx) {
    const { client } = configured(ctx, 'data.cdkws_workspaces');
    const organization = organizationOf(config, ctx, 'cdkws_workspaces');
    const ids: Record<string, string> = {};
    for await (const ws of client.workspaces.listAll(organization, listOptions(config))) ids[ws.name] = ws.id;
    const names = Object.keys(ids).sort();
    return { state: { ...config, organization, ids, names } };
  },
};
