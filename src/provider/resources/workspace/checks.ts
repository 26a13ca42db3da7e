// Validation and planning of `cdkws_workspace`, apart from its hooks: Terraform validates in a
// provider process of its own, which then never loads the client (resources/index.ts).
import type { ProviderData } from '../../context';
import type { ResourceImplementation } from '../../protocol/types';
import { planWorkspace } from './plan';
import { workspaceSchema } from './schema';
import { validateWorkspace } from './validate';

export const workspaceChecks: Pick<ResourceImplementation<ProviderData>, 'schema' | 'validate' | 'plan'> = {
  schema: workspaceSchema,
  validate: (config) => validateWorkspace(config),
  plan: (req, ctx) => planWorkspace(req, ctx.providerData?.organization ?? null),
};
