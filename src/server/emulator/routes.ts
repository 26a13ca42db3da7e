// Emulator controls (architecture "Emulator controls"; decision 15): not part of the service interface.
import { EMULATOR_CONTENT_TYPE, type RequestBodyOf } from '../../contract';
import { notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';

const JSON_TYPE = EMULATOR_CONTENT_TYPE;

async function setResources(ctx: RouteContext<RequestBodyOf<'setResourceCount'>>): Promise<Reply> {
  const { count } = await ctx.body();
  if (!(await ctx.service.store.workspaces.setResourceCount(ctx.params.workspace_id, count, now())))
    throw notFound(`workspace "${ctx.params.workspace_id}" was not found`);
  return { status: 200, contentType: JSON_TYPE, body: { id: ctx.params.workspace_id, 'resource-count': count } };
}

async function addStateVersion(ctx: RouteContext<RequestBodyOf<'addIntermediateStateVersion'>>): Promise<Reply> {
  const { finalized } = await ctx.body();
  if (!(await ctx.service.store.workspaces.get(ctx.params.workspace_id))) throw notFound(`workspace "${ctx.params.workspace_id}" was not found`);
  const id = newId('sv-');
  await ctx.service.store.locks.addStateVersion(ctx.params.workspace_id, id, finalized, now());
  return { status: 201, contentType: JSON_TYPE, body: { id, finalized } };
}

async function finalize(ctx: RouteContext): Promise<Reply> {
  if (!(await ctx.service.store.locks.finalizeStateVersion(ctx.params.state_version_id)))
    throw notFound(`state version "${ctx.params.state_version_id}" was not found`);
  return { status: 200, contentType: JSON_TYPE, body: { id: ctx.params.state_version_id, finalized: true } };
}

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
  setResourceCount: setResources,
  addIntermediateStateVersion: addStateVersion,
  finalizeStateVersion: finalize,
  listNotifications: notifications,
} satisfies Partial<EndpointHandlers>;
