// Emulator controls (architecture "Emulator controls"; decision 15): not part of the service interface.
import { z } from 'zod';
import { notFound, validationError } from '../errors';
import type { Reply, RouteContext, Router } from '../http/router';
import { newId, now } from '../ids';

const JSON_TYPE = 'application/json';
const resourcesSchema = z.object({ count: z.number().int().min(0).max(1_000_000_000) });
const stateVersionSchema = z.object({ finalized: z.boolean().default(false) });

async function parse<T>(ctx: RouteContext, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse((await ctx.body()) ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues, '');
  return parsed.data;
}

async function setResources(ctx: RouteContext): Promise<Reply> {
  const { count } = await parse(ctx, resourcesSchema);
  if (!(await ctx.service.store.setResourceCount(ctx.params.workspace_id, count, now())))
    throw notFound(`workspace "${ctx.params.workspace_id}" was not found`);
  return { status: 200, contentType: JSON_TYPE, body: { id: ctx.params.workspace_id, 'resource-count': count } };
}

async function addStateVersion(ctx: RouteContext): Promise<Reply> {
  const { finalized } = await parse(ctx, stateVersionSchema);
  if (!(await ctx.service.store.getWorkspace(ctx.params.workspace_id))) throw notFound(`workspace "${ctx.params.workspace_id}" was not found`);
  const id = newId('sv-');
  await ctx.service.store.addStateVersion(ctx.params.workspace_id, id, finalized, now());
  return { status: 201, contentType: JSON_TYPE, body: { id, finalized } };
}

async function finalize(ctx: RouteContext): Promise<Reply> {
  if (!(await ctx.service.store.finalizeStateVersion(ctx.params.state_version_id)))
    throw notFound(`state version "${ctx.params.state_version_id}" was not found`);
  return { status: 200, contentType: JSON_TYPE, body: { id: ctx.params.state_version_id, finalized: true } };
}

async function notifications(ctx: RouteContext): Promise<Reply> {
  const records = await ctx.service.store.listNotifications();
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

export function addEmulatorRoutes(router: Router): void {
  router
    .add('POST', '/_emulator/workspaces/:workspace_id/resources', setResources, { auth: 'emulator' })
    .add('POST', '/_emulator/workspaces/:workspace_id/intermediate-state-versions', addStateVersion, { auth: 'emulator' })
    .add('POST', '/_emulator/state-versions/:state_version_id/finalize', finalize, { auth: 'emulator' })
    .add('GET', '/_emulator/notifications', notifications, { auth: 'emulator' });
}
