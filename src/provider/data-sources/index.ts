// Every data source of the provider, by Terraform type name (architecture "Names"). As with
// resources, the hooks load on first use (lazy.ts), so the provider's start-up loads no client code.
import type { ProviderData } from '../context';
import { lazyImplementation } from '../lazy';
import type { DataSourceImplementation } from '../protocol/types';
import { organizationDataSourceSchema } from './organization/schema';
import { outputsDataSourceSchema } from './outputs/schema';
import { workspaceDataSourceSchema } from './workspace/schema';
import { workspacesDataSourceSchema } from './workspaces/schema';

type DataSource = DataSourceImplementation<ProviderData>;

/* eslint-disable @typescript-eslint/no-require-imports */
export const dataSources: Record<string, DataSource> = {
  cdkws_organization: lazyImplementation(
    organizationDataSourceSchema,
    ['read'],
    () => (require('./organization/organization') as typeof import('./organization/organization')).organizationDataSource,
  ),
  cdkws_outputs: lazyImplementation(
    outputsDataSourceSchema,
    ['read'],
    () => (require('./outputs/outputs') as typeof import('./outputs/outputs')).outputsDataSource,
  ),
  cdkws_workspace: lazyImplementation(
    workspaceDataSourceSchema,
    ['read'],
    () => (require('./workspace/workspace') as typeof import('./workspace/workspace')).workspaceDataSource,
  ),
  cdkws_workspaces: lazyImplementation(
    workspacesDataSourceSchema,
    ['read'],
    () => (require('./workspaces/workspaces') as typeof import('./workspaces/workspaces')).workspacesDataSource,
  ),
};
/* eslint-enable @typescript-eslint/no-require-imports */
