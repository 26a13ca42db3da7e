// Remote state consumers (spec "Remote state consumers"; decision 8).
import { z } from 'zod';
import { WORKSPACE_TYPE, workspaceListDocumentSchema } from './workspace';

export const consumerIdentifierSchema = z.looseObject({
  type: z.literal(WORKSPACE_TYPE, 'type must be "workspaces"'),
  id: z.string().min(1, 'id must be a workspace ID').max(100, 'id must be a workspace ID'),
});

/** The body of PATCH (replace), POST (add) and DELETE (remove). */
export const remoteStateConsumersBodySchema = z.looseObject({
  data: z.array(consumerIdentifierSchema).max(1000, 'at most 1000 consumers per request'),
});
export type RemoteStateConsumersBody = z.infer<typeof remoteStateConsumersBodySchema>;

/** GET: a paginated list of workspace documents. */
export const remoteStateConsumerListDocumentSchema = workspaceListDocumentSchema;
