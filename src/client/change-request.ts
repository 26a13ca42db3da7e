// Workspace change requests (spec "List/Show/Archive a change request"; decisions 1–3).
import { CHANGE_REQUEST_ATTRIBUTES, ENDPOINTS, pathOf, fromWireAttributes, type ChangeRequestResource, type ReadValues } from '../contract';
import { endpointRequest } from './endpoint-request';
import { ValidationError } from './errors';
import { fetchPage, paginate, pageQuery, type ListOptions, type Page } from './pagination';
import type { Transport } from './transport';

export interface ChangeRequestListOptions extends ListOptions {
  /** true: only archived; false: only unarchived. @default both */
  archived?: boolean;
}

/** Every attribute of the table: the answer's schema requires them all. */
type ChangeRequestValues = Required<ReadValues<typeof CHANGE_REQUEST_ATTRIBUTES>>;

export interface ChangeRequest extends ChangeRequestValues {
  id: string;
  archived: boolean;
  workspaceId: string;
  raw: ChangeRequestResource;
}

export function toChangeRequest(resource: ChangeRequestResource): ChangeRequest {
  const a = resource.attributes;
  return {
    id: resource.id,
    ...(fromWireAttributes(CHANGE_REQUEST_ATTRIBUTES, a) as ChangeRequestValues),
    archived: a['archived-at'] !== null,
    workspaceId: resource.relationships.workspace.data.id,
    raw: resource,
  };
}

export class ChangeRequestsApi {
  constructor(private readonly transport: Transport) {}

  /** `workspace` is a workspace ID, or a name that exactly one visible workspace has. */
  async list(workspace: string, options: ChangeRequestListOptions = {}): Promise<Page<ChangeRequest>> {
    const query = { ...pageQuery(options), archive: options.archived === undefined ? undefined : String(options.archived) };
    return fetchPage(this.transport, pathOf('listChangeRequests', { workspace }), query, ENDPOINTS.listChangeRequests.answer, toChangeRequest);
  }

  listAll(workspace: string, options: Omit<ChangeRequestListOptions, 'pageNumber' | 'pageSize'> = {}): AsyncGenerator<ChangeRequest, void, undefined> {
    return paginate((page) => this.list(workspace, { ...options, ...page }));
  }

  async read(id: string): Promise<ChangeRequest> {
    const doc = await this.transport.call(
      endpointRequest('showChangeRequest', { change_request_id: id }, { idempotent: true }),
      ENDPOINTS.showChangeRequest.answer,
    );
    return toChangeRequest(doc.data);
  }

  /**
   * Archives the request. A re-sent archive (after a lost answer) that is refused because the
   * request is archived counts as success; a first refusal is reported (ValidationError, 400).
   */
  archive(id: string): Promise<ChangeRequest> {
    const req = endpointRequest('archiveWorkspaceChangeRequestByPost', { change_request_id: id }, { idempotent: false });
    const answer = ENDPOINTS.archiveWorkspaceChangeRequestByPost.answer;
    return this.transport.checkedWrite(async () => toChangeRequest((await this.transport.call(req, answer)).data), {
      settle: async (error) => {
        if (!(error instanceof ValidationError) || error.status !== 400) return undefined;
        const fresh = await this.read(id);
        return fresh.archived ? fresh : undefined;
      },
    });
  }
}
