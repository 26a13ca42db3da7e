// `cdkws_workspace`: the schema is loaded with the provider; validation, planning and the hooks
// (which pull in the client, undici and zod) are loaded on first use, so schema-only starts of
// the provider stay cheap.
import type { ProviderData } from '../context';
import type { ResourceImplementation } from '../protocol/types';
import { workspaceSchema } from './workspace-schema';

/* eslint-disable @typescript-eslint/no-require-imports */
const hooks = () => require('./workspace-hooks') as typeof import('./workspace-hooks');
const validation = () => require('./workspace-validate') as typeof import('./workspace-validate');
const planning = () => require('./workspace-plan') as typeof import('./workspace-plan');
/* eslint-enable @typescript-eslint/no-require-imports */

export const workspaceResource: ResourceImplementation<ProviderData> = {
  schema: workspaceSchema,
  validate: (config) => validation().validateWorkspace(config),
  plan: (req, ctx) => planning().planWorkspace(req, ctx.providerData?.organization ?? null),
  apply: (req, ctx) => hooks().applyWorkspace(req, ctx),
  read: (req, ctx) => hooks().readWorkspace(req, ctx),
  importState: (id, ctx) => hooks().importWorkspace(id, ctx),
};
