// Every data source of the provider, by Terraform type name (architecture "Names"). As with resources,
// the hooks load on first use so the provider's start-up loads no client code.
import type { ProviderData } from '../context';
import type { DataSourceImplementation } from '../protocol/types';
import type { Schema } from '../protocol/schema';
import { organizationDataSourceSchema } from './organization-schema';
import { workspaceDataSourceSchema } from './workspace-schema';
import { workspacesDataSourceSchema } from './workspaces-schema';

type DataSource = DataSourceImplementation<ProviderData>;

function lazyDataSource(schema: Schema, load: () => DataSource): DataSource {
  return {
    schema,
    validate: (config, ctx) => load().validate?.(config, ctx),
    read: (config, ctx) => load().read(config, ctx),
  };
}

/* eslint-disable @typescript-eslint/no-require-imports */
export const dataSources: Record<string, DataSource> = {
  cdkws_organization: lazyDataSource(organizationDataSourceSchema, () => (require('./organization') as typeof import('./organization')).organizationDataSource),
  cdkws_workspace: lazyDataSource(workspaceDataSourceSchema, () => (require('./workspace') as typeof import('./workspace')).workspaceDataSource),
  cdkws_workspaces: lazyDataSource(workspacesDataSourceSchema, () => (require('./workspaces') as typeof import('./workspaces')).workspacesDataSource),
};
/* eslint-enable @typescript-eslint/no-require-imports */
