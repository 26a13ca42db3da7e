// Flat workspace tags (spec "Flat tags"; decision 9: names are stored lowercased).
import { flatTagListDocumentSchema, flatTagsBodySchema, type FlatTagResource } from '../spec';
import { ValidationError } from './errors';
import { paginate, pageQuery, toPagination, type ListOptions, type Page } from './pagination';
import type { Transport, TransportRequest } from './transport';

export interface Tag {
  id: string;
  name: string;
  createdAt?: string;
  /** How many workspaces carry the tag. */
  instanceCount?: number;
  raw: FlatTagResource;
}

/** A tag to add or remove: by name (plain strings are names) or by ID. */
export type TagRef = string | { name: string } | { id: string };

export type TagListOptions = ListOptions;

const path = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/relationships/tags`;

export function toTag(resource: FlatTagResource): Tag {
  const a = resource.attributes;
  return { id: resource.id, name: a.name, createdAt: a['created-at'], instanceCount: a['instance-count'], raw: resource };
}

export class TagsApi {
  constructor(private readonly transport: Transport) {}

  async list(workspaceId: string, options: TagListOptions = {}): Promise<Page<Tag>> {
    const doc = await this.transport.call({ method: 'GET', path: path(workspaceId), query: pageQuery(options), idempotent: true }, flatTagListDocumentSchema);
    return { items: doc.data.map(toTag), pagination: toPagination(doc.meta) };
  }

  listAll(workspaceId: string): AsyncGenerator<Tag, void, undefined> {
    return paginate((page) => this.list(workspaceId, page));
  }

  /** Adds tags; adding one the workspace has is a no-op, so this is safe to repeat. */
  async add(workspaceId: string, tags: TagRef[]): Promise<void> {
    await this.transport.request(this.request('POST', workspaceId, tags));
  }

  /** Removes tags; a name the organization does not know is ignored. */
  async remove(workspaceId: string, tags: TagRef[]): Promise<void> {
    await this.transport.request(this.request('DELETE', workspaceId, tags));
  }

  private request(method: 'POST' | 'DELETE', workspaceId: string, tags: TagRef[]): TransportRequest {
    const data = tags.map((t) => (typeof t === 'string' ? { type: 'tags', attributes: { name: t } } : 'id' in t ? { type: 'tags', id: t.id } : { type: 'tags', attributes: { name: t.name } }));
    const req: TransportRequest = { method, path: path(workspaceId), body: { data }, idempotent: true };
    const parsed = flatTagsBodySchema.safeParse(req.body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ status: '422', title: 'invalid attribute', detail: `tags.${i.path.slice(1).join('.')}: ${i.message}`, source: { pointer: `/${i.path.join('/')}` } }));
      throw new ValidationError({ status: 0, errors, request: this.transport.summary(req), message: `invalid tags: ${errors.map((e) => e.detail).join('; ')}` });
    }
    return req;
  }
}
