// Agent pools (go-tfe's `agent_pool.go`; `/organizations/:name/agent-pools`, `/agent-pools/:id`):
// named pools an organization's agent-mode workspaces run on. The service runs no agents: a pool
// is a name workspaces and the organization's default refer to, with the workspaces and projects
// it is limited to. Also the admin plan documents go-tfe's paid-plan tests set up first.
import { z } from 'zod';
import { paginationLinksSchema, paginationSchema } from './jsonapi';

export const AGENT_POOL_TYPE = 'agent-pools';
export const AGENT_POOL_NAME_MAX_LENGTH = 100;

const agentPoolNameSchema = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(AGENT_POOL_NAME_MAX_LENGTH, `name must be at most ${AGENT_POOL_NAME_MAX_LENGTH} characters`);

const reference = (type: string) => z.looseObject({ id: z.string().min(1), type: z.literal(type, `type must be "${type}"`) });
const referenceList = (type: string) => z.looseObject({ data: z.array(reference(type)).max(1000) });

/** The relationships create and update take: the workspaces and projects a pool is limited to, or kept from. */
const agentPoolRelationshipsSchema = z
  .looseObject({
    'allowed-workspaces': referenceList('workspaces').optional(),
    'allowed-projects': referenceList('projects').optional(),
    'excluded-workspaces': referenceList('workspaces').optional(),
  })
  .optional();

export const agentPoolCreateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(AGENT_POOL_TYPE, `type must be "${AGENT_POOL_TYPE}"`),
    attributes: z.looseObject({ name: agentPoolNameSchema, 'organization-scoped': z.boolean().optional() }),
    relationships: agentPoolRelationshipsSchema,
  }),
});
export type AgentPoolCreateBody = z.infer<typeof agentPoolCreateBodySchema>;

export const agentPoolUpdateBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.literal(AGENT_POOL_TYPE, `type must be "${AGENT_POOL_TYPE}"`),
    attributes: z.looseObject({ name: agentPoolNameSchema.optional(), 'organization-scoped': z.boolean().optional() }).optional(),
    relationships: agentPoolRelationshipsSchema,
  }),
});
export type AgentPoolUpdateBody = z.infer<typeof agentPoolUpdateBodySchema>;

export const agentPoolResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(AGENT_POOL_TYPE),
  attributes: z.looseObject({
    name: z.string(),
    'agent-count': z.number().int(),
    'organization-scoped': z.boolean(),
    'created-at': z.string(),
  }),
  relationships: z.looseObject({}).optional(),
});

export const agentPoolDocumentSchema = z.looseObject({ data: agentPoolResourceSchema });
export const agentPoolListDocumentSchema = z.looseObject({
  data: z.array(agentPoolResourceSchema),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});

// ---- Admin plan endpoints ---------------------------------------------------------------------

export const FEATURE_SET_TYPE = 'feature-sets';
export const SUBSCRIPTION_TYPE = 'subscriptions';

export const featureSetResourceSchema = z.looseObject({
  id: z.string(),
  type: z.literal(FEATURE_SET_TYPE),
  attributes: z.looseObject({ name: z.string() }),
});
export const featureSetListDocumentSchema = z.looseObject({
  data: z.array(featureSetResourceSchema),
  links: paginationLinksSchema.optional(),
  meta: z.looseObject({ pagination: paginationSchema }).optional(),
});

/** go-tfe sends type `subscription` (singular); the plan it names is a feature set. */
export const subscriptionBodySchema = z.looseObject({
  data: z.looseObject({
    type: z.enum(['subscription', SUBSCRIPTION_TYPE], 'type must be "subscriptions"'),
    attributes: z.looseObject({}).optional(),
    relationships: z.looseObject({ 'feature-set': z.looseObject({ data: reference(FEATURE_SET_TYPE) }) }),
  }),
});
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

export const subscriptionDocumentSchema = z.looseObject({
  data: z.looseObject({
    id: z.string(),
    type: z.literal(SUBSCRIPTION_TYPE),
    attributes: z.looseObject({}),
    relationships: z.looseObject({}).optional(),
  }),
});
