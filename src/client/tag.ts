// Flat workspace tags (spec "Flat tags"; decision 9: names are stored lowercased).
import { ENDPOINTS, pathOf, type FlatTagResource } from '../contract';
import { endpointRequest } from './endpoint-request';
import { ChildListApi, type ListOptions } from './pagination';
import { flatTagNameErrors, issueErrors, refuseIfInvalid } from './request-checks';
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

const listPath = (workspaceId: string) => pathOf('listWorkspaceTags', { workspace_id: workspaceId });

export function toTag(resource: FlatTagResource): Tag {
  const a = resource.attributes;
  return { id: resource.id, name: a.name, createdAt: a['created-at'], instanceCount: a['instance-count'], raw: resource };
}

/** A workspace's flat tags: `list` and `listAll` take the workspace ID. */
export class TagsApi extends ChildListApi<FlatTagResource, Tag> {
  constructor(transport: Transport) {
    super(transport, listPath, ENDPOINTS.listWorkspaceTags.answer, toTag);
  }

  /** Adds tags; adding one the workspace has is a no-op, so this is safe to repeat. */
  async add(workspaceId: string, tags: TagRef[]): Promise<void> {
    await this.transport.request(this.request('addWorkspaceTags', workspaceId, tags));
  }

  /** Removes tags; a name the organization does not know is ignored. */
  async remove(workspaceId: string, tags: TagRef[]): Promise<void> {
    await this.transport.request(this.request('removeWorkspaceTags', workspaceId, tags));
  }

  private request(endpoint: 'addWorkspaceTags' | 'removeWorkspaceTags', workspaceId: string, tags: TagRef[]): TransportRequest {
    const data = tags.map((t) =>
      typeof t === 'string'
        ? { type: 'tags', attributes: { name: t } }
        : 'id' in t
          ? { type: 'tags', id: t.id }
          : { type: 'tags', attributes: { name: t.name } },
    );
    const req = endpointRequest(endpoint, { workspace_id: workspaceId }, { body: { data }, idempotent: true });
    const errors = flatTagNameErrors(
      data.map((entry) => entry.attributes?.name),
      (i) => `/data/${i}/attributes/name`,
    );
    if (errors.length === 0) {
      // Shapes (an entry that is neither a name nor an ID, too many entries).
      const parsed = ENDPOINTS[endpoint].body.safeParse(req.body);
      if (!parsed.success)
        errors.push(
          ...issueErrors(parsed.error.issues, (p) =>
            p.length > 1
              ? `tags[${String(p[1])}]${p
                  .slice(2)
                  .map((m) => `.${String(m)}`)
                  .join('')}`
              : 'tags',
          ),
        );
    }
    refuseIfInvalid(this.transport.summary(req), 'tags', errors);
    return req;
  }
}
