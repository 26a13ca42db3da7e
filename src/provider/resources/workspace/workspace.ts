// `cdkws_workspace`: the hooks over the table-driven model, plus its validation and planning
// (checks.ts). Loaded on the first hook call (resources/index.ts), not at provider start:
// the hooks pull in the client.
import type { ProviderData } from '../../context';
import type { ResourceImplementation } from '../../protocol/types';
import { defineResource } from '../../resource';
import { workspaceChecks } from './checks';
import { createWorkspace, deleteWorkspace, importWorkspace, readWorkspace, updateWorkspace } from './hooks';
import { workspaceNames, workspaceSchema, type WorkspaceModel } from './schema';

export const workspaceResource: ResourceImplementation<ProviderData> = {
  ...defineResource<WorkspaceModel, ProviderData>({
    schema: workspaceSchema,
    names: workspaceNames,
    create: createWorkspace,
    read: readWorkspace,
    update: updateWorkspace,
    delete: deleteWorkspace,
    importState: importWorkspace,
  }),
  ...workspaceChecks,
};
