// Key-value tag bindings (spec "Tag bindings"; decision 7). Neither list is paginated.
import { effectiveTagBindingListDocumentSchema, tagBindingListDocumentSchema, tagBindingsBodySchema } from '../spec';
import { ValidationError } from './errors';
import type { Transport, TransportRequest } from './transport';
import { tagBindingData, type TagBindingOptions } from './workspace-types';

export type TagBindingUpdateOptions = TagBindingOptions[];

export interface TagBinding {
  id: string;
  key: string;
  value: string | null;
  createdAt?: string;
}

export interface EffectiveTagBinding {
  id: string;
  key: string;
  value: string | null;
  /** Path of the project the binding is inherited from; absent for the workspace's own. */
  inheritedFrom?: string;
}

const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;

export class TagBindingsApi {
  constructor(private readonly transport: Transport) {}

  /** The workspace's own bindings. */
  async list(workspaceId: string): Promise<TagBinding[]> {
    const doc = await this.transport.call({ method: 'GET', path: `${base(workspaceId)}/tag-bindings`, idempotent: true }, tagBindingListDocumentSchema);
    return doc.data.map((r) => ({ id: r.id, key: r.attributes.key, value: r.attributes.value, ...(r.attributes['created-at'] ? { createdAt: r.attributes['created-at'] } : {}) }));
  }

  /** Own bindings plus those inherited from the project. */
  async listEffective(workspaceId: string): Promise<EffectiveTagBinding[]> {
    const doc = await this.transport.call({ method: 'GET', path: `${base(workspaceId)}/effective-tag-bindings`, idempotent: true }, effectiveTagBindingListDocumentSchema);
    return doc.data.map((r) => {
      // The spec puts the project in a relationship, the samples in links (decision 7).
      const rel = (r.relationships as Record<string, { links?: { related?: string } }> | undefined)?.['inherited-from']?.links?.related;
      const inheritedFrom = rel ?? r.links?.['inherited-from'];
      return { id: r.id, key: r.attributes.key, value: r.attributes.value, ...(inheritedFrom ? { inheritedFrom } : {}) };
    });
  }

  /** Adds keys or changes values by key; never removes a key (additive PATCH, safe to repeat). */
  async update(workspaceId: string, bindings: TagBindingUpdateOptions): Promise<TagBinding[]> {
    const req: TransportRequest = { method: 'PATCH', path: `${base(workspaceId)}/tag-bindings`, body: { data: tagBindingData(bindings) }, idempotent: true };
    const parsed = tagBindingsBodySchema.safeParse(req.body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ status: '422', title: 'invalid attribute', detail: `tag binding ${String(i.path[1] ?? '')} ${String(i.path[i.path.length - 1])}: ${i.message}`, source: { pointer: `/${i.path.join('/')}` } }));
      throw new ValidationError({ status: 0, errors, request: this.transport.summary(req), message: `invalid tag bindings: ${errors.map((e) => e.detail).join('; ')}` });
    }
    const doc = await this.transport.call(req, tagBindingListDocumentSchema);
    return doc.data.map((r) => ({ id: r.id, key: r.attributes.key, value: r.attributes.value }));
  }
}
