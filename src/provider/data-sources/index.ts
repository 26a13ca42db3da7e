// Every data source of the provider, by Terraform type name (design "Names").
import type { ProviderData } from '../context';
import type { DataSourceImplementation } from '../protocol/types';
import { workspaceDataSource } from './workspace';
import { workspacesDataSource } from './workspaces';

export const dataSources: Record<string, DataSourceImplementation<ProviderData>> = {
  cdkws_workspace: workspaceDataSource,
  cdkws_workspaces: workspacesDataSource,
};
