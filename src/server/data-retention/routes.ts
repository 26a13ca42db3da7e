// Data retention policies (spec "Data retention policy"; decision 25). The endpoints exist only on
// the self-hosted edition: on the hosted edition they answer 404, like a feature the organization
// lacks (decision 5). Reading needs read access; setting and removing need admin (403 otherwise).
import { createHash } from 'node:crypto';
import { DATA_RETENTION_DELETE_OLDER_TYPE, DATA_RETENTION_DONT_DELETE_TYPE, atLeast, requestedRetentionDays, type RequestBodyOf } from '../../contract';
import type { DirectoryOrganization } from '../bootstrap';
import { forbidden, notFound } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import { newId, now } from '../ids';
import type { ResolvedWorkspace } from '../service';
import type { DataRetentionPolicyRecord } from './store';

interface Policy {
  id: string;
  kind: DataRetentionPolicyRecord['kind'];
  days: number | null;
  target: { id: string; type: 'workspaces' | 'organizations' };
}

async function workspaceFor(ctx: RouteContext): Promise<ResolvedWorkspace> {
  if (ctx.service.edition !== 'self-hosted') {
    throw notFound('data retention policies exist only on the self-hosted edition of the service');
  }
  return ctx.service.workspaceById(ctx.caller, ctx.params.workspace_id);
}

/**
 * The organization default from the bootstrap setting `data-retention-policy`:
 * `{"delete-older-than-n-days": N}` (or `deleteOlderThanNDays`), or `{"type": "dont-delete"}`
 * (the JSON:API type names are accepted too). Anything else means no default.
 */
export function organizationDefault(organization: DirectoryOrganization): Policy | null {
  const raw = organization.settings['data-retention-policy'];
  if (typeof raw !== 'object' || raw === null) return null;
  const setting = raw as Record<string, unknown>;
  const id = `drp-${createHash('sha256').update(`org:${organization.name}`).digest('hex').slice(0, 16)}`;
  const target = { id: organization.name, type: 'organizations' as const };
  const days = setting['delete-older-than-n-days'] ?? setting.deleteOlderThanNDays;
  if (typeof days === 'number' && Number.isInteger(days) && days > 0) return { id, kind: 'delete-older', days, target };
  if (setting.type === 'dont-delete' || setting.type === DATA_RETENTION_DONT_DELETE_TYPE) return { id, kind: 'dont-delete', days: null, target };
  return null;
}

function document(policy: Policy | null): { data: Record<string, unknown> | null } {
  if (!policy) return { data: null };
  const deleteOlder = policy.kind === 'delete-older';
  return {
    data: {
      id: policy.id,
      type: deleteOlder ? DATA_RETENTION_DELETE_OLDER_TYPE : DATA_RETENTION_DONT_DELETE_TYPE,
      attributes: deleteOlder ? { 'delete-older-than-n-days': policy.days } : {},
      relationships: { target: { data: policy.target } },
    },
  };
}

function fromRecord(record: DataRetentionPolicyRecord): Policy {
  return { id: record.id, kind: record.kind, days: record.deleteOlderThanNDays, target: { id: record.workspaceId, type: 'workspaces' } };
}

async function show(ctx: RouteContext): Promise<Reply> {
  const { workspace, organization } = await workspaceFor(ctx);
  const record = await ctx.service.store.dataRetention.get(workspace.id);
  return { status: 200, body: document(record ? fromRecord(record) : organizationDefault(organization)) };
}

function requireAdmin(resolved: ResolvedWorkspace): void {
  if (!atLeast(resolved.level, 'admin')) {
    throw forbidden(`changing the data retention policy of workspace "${resolved.workspace.name}" needs admin access to it`);
  }
}

/** 201 when the workspace had no policy of its own, 200 when one was replaced. */
async function put(ctx: RouteContext<RequestBodyOf<'setDataRetentionPolicy'>>): Promise<Reply> {
  const resolved = await workspaceFor(ctx);
  requireAdmin(resolved);
  const body = await ctx.body();
  const days = requestedRetentionDays(body);
  const existing = await ctx.service.store.dataRetention.get(resolved.workspace.id);
  const at = now();
  const stored = await ctx.service.store.dataRetention.put({
    workspaceId: resolved.workspace.id,
    id: existing?.id ?? newId('drp-'),
    kind: days === null ? 'dont-delete' : 'delete-older',
    deleteOlderThanNDays: days,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  });
  return { status: existing ? 200 : 201, body: document(fromRecord(stored)) };
}

/** Idempotent: removing a policy that is not there is done already (architecture "Writes under faults"). */
async function remove(ctx: RouteContext): Promise<Reply> {
  const resolved = await workspaceFor(ctx);
  requireAdmin(resolved);
  await ctx.service.store.dataRetention.delete(resolved.workspace.id);
  return { status: 204 };
}

export const DATA_RETENTION_HANDLERS = {
  showDataRetentionPolicy: show,
  setDataRetentionPolicy: put,
  deleteDataRetentionPolicy: remove,
} satisfies Partial<EndpointHandlers>;
