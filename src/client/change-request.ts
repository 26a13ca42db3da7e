// Workspace change requests (spec "List/Show/Archive a change request"; decisions 1–3).
import { changeRequestDocumentSchema, changeRequestListDocumentSchema, type ChangeRequestResource } from '../spec';
import { ValidationError } from './errors';
import { paginate, pageQuery, toPagination, type ListOptions, type Page } from './pagination';
import type { Transport } from './transport';

export interface ChangeRequestListOptions extends ListOptions {
  /** true: only archived; false: only unarchived. @default both */
  archived?: boolean;
}

export interface ChangeRequest {
  id: string;
  subject: string;
  /** Markdown. */
  message: string;
  archived: boolean;
  archivedBy: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  workspaceId: string;
  raw: ChangeRequestResource;
}

export function toChangeRequest(resource: ChangeRequestResource): ChangeRequest {
  const a = resource.attributes;
  return {
    id: resource.id,
    subject: a.subject,
    message: a.message,
    archived: a['archived-at'] !== null,
    archivedBy: a['archived-by'],
    archivedAt: a['archived-at'],
    createdAt: a['created-at'],
    updatedAt: a['updated-at'],
    workspaceId: resource.relationships.workspace.data.id,
    raw: resource,
  };
}

const e = encodeURIComponent;

export class ChangeRequestsApi {
  constructor(private readonly transport: Transport) {}

  /** `workspace` is a workspace ID, or a name that exactly one visible workspace has. */
  async list(workspace: string, options: ChangeRequestListOptions = {}): Promise<Page<ChangeRequest>> {
    const query = { ...pageQuery(options), archive: options.archived === undefined ? undefined : String(options.archived) };
    const doc = await this.transport.call({ method: 'GET', path: `/workspaces/${e(workspace)}/change-requests`, query, idempotent: true }, changeRequestListDocumentSchema);
    return { items: doc.data.map(toChangeRequest), pagination: toPagination(doc.meta) };
  }

  listAll(workspace: string, options: Omit<ChangeRequestListOptions, 'pageNumber' | 'pageSize'> = {}): AsyncGenerator<ChangeRequest, void, undefined> {
    return paginate((page) => this.list(workspace, { ...options, ...page }));
  }

  async read(id: string): Promise<ChangeRequest> {
    const doc = await this.transport.call({ method: 'GET', path: `/change-requests/${e(id)}`, idempotent: true }, changeRequestDocumentSchema);
    return toChangeRequest(doc.data);
  }

  /**
   * Archives the request. A re-sent archive (after a lost answer) that is refused because the
   * request is archived counts as success; a first refusal is reported (ValidationError, 400).
   */
  archive(id: string): Promise<ChangeRequest> {
    const req = { method: 'POST', path: `/workspaces/change-requests/${e(id)}`, idempotent: false } as const;
    return this.transport.checkedWrite(async () => toChangeRequest((await this.transport.call(req, changeRequestDocumentSchema)).data), {
      settle: async (error) => {
        if (!(error instanceof ValidationError) || error.status !== 400) return undefined;
        const fresh = await this.read(id);
        return fresh.archived ? fresh : undefined;
      },
    });
  }
}
