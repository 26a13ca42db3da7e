// Key-value tag bindings (spec "Tag bindings"; decision 7). Neither list is paginated.
import { ENDPOINTS, fromWireAttributes, TAG_BINDING_ATTRIBUTES, type ReadValues } from '../contract';
import { endpointRequest } from './endpoint-request';
import { issueErrors, refuseIfInvalid, tagBindingErrors } from './request-checks';
import type { Transport } from './transport';
import { tagBindingData, type TagBindingOptions } from './workspace-types';

export type TagBindingUpdateOptions = TagBindingOptions[];

type TagBindingValues = ReadValues<typeof TAG_BINDING_ATTRIBUTES>;

/** A key-value tag binding as answered; `value` is null for a key-only binding. */
export interface TagBinding extends TagBindingValues {
  id: string;
  key: string;
  value: string | null;
}

export interface EffectiveTagBinding {
  id: string;
  key: string;
  value: string | null;
  /** Path of the project the binding is inherited from; absent for the workspace's own. */
  inheritedFrom?: string;
}

/** A validated binding resource (its schema requires key and value) as our values. */
function bindingOf(resource: { id: string; attributes: Record<string, unknown> }): { id: string; key: string; value: string | null } & TagBindingValues {
  return { id: resource.id, ...(fromWireAttributes(TAG_BINDING_ATTRIBUTES, resource.attributes) as { key: string; value: string | null } & TagBindingValues) };
}

export class TagBindingsApi {
  constructor(private readonly transport: Transport) {}

  /** The workspace's own bindings. */
  async list(workspaceId: string): Promise<TagBinding[]> {
    const doc = await this.transport.call(
      endpointRequest('listTagBindings', { workspace_id: workspaceId }, { idempotent: true }),
      ENDPOINTS.listTagBindings.answer,
    );
    return doc.data.map(bindingOf);
  }

  /** Own bindings plus those inherited from the project. */
  async listEffective(workspaceId: string): Promise<EffectiveTagBinding[]> {
    const doc = await this.transport.call(
      endpointRequest('listEffectiveTagBindings', { workspace_id: workspaceId }, { idempotent: true }),
      ENDPOINTS.listEffectiveTagBindings.answer,
    );
    return doc.data.map((r) => {
      // The spec puts the project in a relationship, the samples in links (decision 7).
      const rel = (r.relationships as Record<string, { links?: { related?: string } }> | undefined)?.['inherited-from']?.links?.related;
      const inheritedFrom = rel ?? r.links?.['inherited-from'];
      const { id, key, value } = bindingOf(r);
      return { id, key, value, ...(inheritedFrom ? { inheritedFrom } : {}) };
    });
  }

  /** Adds keys or changes values by key; never removes a key (additive PATCH, safe to repeat). */
  async update(workspaceId: string, bindings: TagBindingUpdateOptions): Promise<TagBinding[]> {
    const req = endpointRequest('addTagBindings', { workspace_id: workspaceId }, { body: { data: tagBindingData(bindings) }, idempotent: true });
    const errors = tagBindingErrors(bindings, (i) => `/data/${i}/attributes`, '/data');
    if (errors.length === 0) {
      const parsed = ENDPOINTS.addTagBindings.body.safeParse(req.body);
      if (!parsed.success) errors.push(...issueErrors(parsed.error.issues, (p) => `tagBindings[${String(p[1] ?? '')}].${String(p[p.length - 1])}`));
    }
    refuseIfInvalid(this.transport.summary(req), 'tag bindings', errors);
    const doc = await this.transport.call(req, ENDPOINTS.addTagBindings.answer);
    return doc.data.map(bindingOf);
  }
}
