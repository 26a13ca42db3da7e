// Data retention policies, self-hosted edition only (spec "Data retention policy"; decision 25;
// wire shapes from the ws-data-retention-policy-*.json samples).
import { DATA_RETENTION_DELETE_OLDER_TYPE, DATA_RETENTION_DONT_DELETE_TYPE, ENDPOINTS } from '../contract';
import { endpointRequest } from './endpoint-request';
import { ResponseValidationError, ValidationError } from './errors';
import type { Transport } from './transport';

export type DataRetentionPolicySetOptions = { kind: 'delete-older'; deleteOlderThanNDays: number } | { kind: 'dont-delete' };

export interface DataRetentionPolicy {
  id: string;
  kind: 'delete-older' | 'dont-delete';
  deleteOlderThanNDays?: number;
  /** What the policy is set on: the workspace, or the organization for its default. */
  target?: { id: string; type: string };
}

const of = (workspaceId: string) => ({ workspace_id: workspaceId });

export class DataRetentionPoliciesApi {
  constructor(private readonly transport: Transport) {}

  /** The workspace's policy, else the organization default, else null. */
  async read(workspaceId: string): Promise<DataRetentionPolicy | null> {
    const doc = await this.transport.call(
      endpointRequest('showDataRetentionPolicy', of(workspaceId), { idempotent: true }),
      ENDPOINTS.showDataRetentionPolicy.answer,
    );
    return toPolicy(doc.data);
  }

  /** Creates or replaces the workspace's policy (safe to repeat). */
  async set(workspaceId: string, options: DataRetentionPolicySetOptions): Promise<DataRetentionPolicy> {
    // The documented request spells the attribute in camelCase, unlike every answer.
    const body =
      options.kind === 'delete-older'
        ? { data: { type: DATA_RETENTION_DELETE_OLDER_TYPE, attributes: { deleteOlderThanNDays: options.deleteOlderThanNDays } } }
        : { data: { type: DATA_RETENTION_DONT_DELETE_TYPE, attributes: {} } };
    const req = endpointRequest('setDataRetentionPolicy', of(workspaceId), { body, idempotent: true });
    const parsed = ENDPOINTS.setDataRetentionPolicy.body.safeParse(body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({
        status: '422',
        title: 'invalid attribute',
        detail: `${i.path.slice(2).join('.') || 'policy'}: ${i.message}`,
        source: { pointer: `/${i.path.join('/')}` },
      }));
      throw new ValidationError({
        status: 0,
        errors,
        request: this.transport.summary(req),
        message: `invalid data retention policy: ${errors.map((e) => e.detail).join('; ')}`,
      });
    }
    const response = await this.transport.request(req);
    // The documents give 204 for this call: then the policy is read back.
    if (response.body === undefined) {
      const policy = await this.read(workspaceId);
      if (policy) return policy;
    }
    const policy = toPolicy(this.transport.parse(req, response, ENDPOINTS.setDataRetentionPolicy.answer).data);
    if (!policy)
      throw new ResponseValidationError({
        status: response.status,
        request: this.transport.summary(req),
        message: 'the service answered the policy update without a policy',
      });
    return policy;
  }

  /** Removes the workspace's own policy (the organization default applies again). */
  async delete(workspaceId: string): Promise<void> {
    await this.transport.request(endpointRequest('deleteDataRetentionPolicy', of(workspaceId), { idempotent: true }));
  }
}

function toPolicy(
  resource: {
    id: string;
    type: string;
    attributes: { 'delete-older-than-n-days'?: number };
    relationships?: { target: { data: { id: string; type: string } } };
  } | null,
): DataRetentionPolicy | null {
  if (!resource) return null;
  const kind = resource.type === DATA_RETENTION_DELETE_OLDER_TYPE ? 'delete-older' : 'dont-delete';
  const days = resource.attributes['delete-older-than-n-days'];
  return {
    id: resource.id,
    kind,
    ...(days === undefined ? {} : { deleteOlderThanNDays: days }),
    ...(resource.relationships ? { target: { id: resource.relationships.target.data.id, type: resource.relationships.target.data.type } } : {}),
  };
}
