// `cdkws_workspace`: the schema is loaded with the provider; validation, planning and the hooks
// (which pull in the client, undici and zod) are loaded on first use, so schema-only starts of
// the provider stay cheap.
import type { ProviderData } from '../context';
import { defineResource } from '../resource';
import { workspaceNames, workspaceSchema, type WorkspaceModel } from './workspace-schema';

/* eslint-disable @typescript-eslint/no-require-imports */
const hooks = () => require('./workspace-hooks') as typeof import('./workspace-hooks');
const validation = () => require('./workspace-validate') as typeof import('./workspace-validate');
const planning = () => require('./workspace-plan') as typeof import('./workspace-plan');
/* eslint-enable @typescript-eslint/no-require-imports */

export const workspaceResource = defineResource<WorkspaceModel, ProviderData>({
  schema: workspaceSchema,
  names: workspaceNames,
  validate: (config) => validation().validateWorkspace(config.value),
  plan: (req, ctx) => planning().planWorkspace(req, ctx.providerData?.organization ?? null),
  create: (req, ctx) => hooks().createWorkspace(req, ctx),
  read: (req, ctx) => hooks().readWorkspace(req, ctx),
  update: (req, ctx) => hooks().updateWorkspace(req, ctx),
  delete: (req, ctx) => hooks().deleteWorkspace(req, ctx),
  importState: (id, ctx) => hooks().importWorkspace(id, ctx),
});
