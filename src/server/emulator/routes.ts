// Emulator controls (architecture "Emulator controls"; decision 15): not part of the service interface.
// Resource counts and state versions are no longer set here: they come from real states (issue 33).
import { EMULATOR_CONTENT_TYPE } from '../../contract';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';

const JSON_TYPE = EMULATOR_CONTENT_TYPE;

async function notifications(ctx: RouteContext): Promise<Reply> {
  const records = await ctx.service.store.changeRequests.listNotifications();
  return {
    status: 200,
    contentType: JSON_TYPE,
    body: {
      data: records.map((r) => ({
        team: r.team,
        'workspace-id': r.workspaceId,
        'change-request-id': r.changeRequestId,
        subject: r.subject,
        'created-at': r.createdAt,
        deliveries: r.deliveries,
      })),
    },
  };
}

export const EMULATOR_HANDLERS = {
  listNotifications: notifications,
} satisfies Partial<EndpointHandlers>;
