// Explorer bulk actions that create change requests (spec "Create change requests"; decision 4).
// A bulk action is never re-sent before looking for the change requests it may have created.
import { ENDPOINTS, bulkActionAttributesSchema, matchesExplorerQuery, type ParsedExplorerCondition } from '../contract';
import type { ChangeRequestsApi, ChangeRequest } from './change-request';
import { endpointRequest } from './endpoint-request';
import { NotFoundError, ValidationError } from './errors';
import type { Transport } from './transport';
import type { WorkspacesApi } from './workspace';

/** One condition of a query, as the caller gives it. */
export interface ExplorerCondition extends Omit<ParsedExplorerCondition, 'values'> {
  /** Not needed for `is_empty` and `is_not_empty`. */
  values?: string[];
}

interface ChangeRequestContent {
  /** Subject line. Required. */
  subject: string;
  /** Markdown. Required. */
  message: string;
}

/** Exactly one of `targetIds` and `query`. */
export type ExplorerChangeRequestCreateOptions = ChangeRequestContent &
  ({ targetIds: string[]; query?: never } | { query: ExplorerCondition[]; targetIds?: never });

export interface ExplorerBulkAction {
  /** Null when the action's answer was lost and it was found done by its change requests. */
  id: string | null;
  organizationId?: string;
  actionType: string;
  subject: string;
  message: string;
  createdBy?: { id: string; type: string } | null;
  /** The change requests found when the answer was lost. */
  recoveredChangeRequests?: ChangeRequest[];
  /**
   * The requests the action created, by workspace, when the service lists them in the answer's
   * `meta` (our service does; the hosted one's documents show no such member).
   */
  created?: Array<{ changeRequestId: string; workspaceId: string }>;
}

/** `meta.change-request-ids` and `meta.workspace-ids`, paired, when both are lists of strings. */
function createdFromMeta(meta: unknown): ExplorerBulkAction['created'] {
  if (!meta || typeof meta !== 'object') return undefined;
  const ids = (meta as Record<string, unknown>)['change-request-ids'];
  const workspaces = (meta as Record<string, unknown>)['workspace-ids'];
  if (!Array.isArray(ids) || !Array.isArray(workspaces) || ids.length !== workspaces.length) return undefined;
  const all: unknown[] = [...(ids as unknown[]), ...(workspaces as unknown[])];
  if (!all.every((v) => typeof v === 'string')) return undefined;
  return ids.map((id, i) => ({ changeRequestId: id as string, workspaceId: workspaces[i] as string }));
}

/** How far the service's clock may be from ours when telling our writes from older ones. */
const CLOCK_TOLERANCE_MS = 5_000;

export class ExplorerApi {
  constructor(
    private readonly transport: Transport,
    private readonly workspaces: WorkspacesApi,
    private readonly changeRequests: ChangeRequestsApi,
  ) {}

  /** Creates one change request on each targeted workspace; team notifications may follow. */
  async createChangeRequests(organization: string, options: ExplorerChangeRequestCreateOptions): Promise<ExplorerBulkAction> {
    const attributes: Record<string, unknown> = { action_type: 'change_requests', action_inputs: { subject: options.subject, message: options.message } };
    if (options.targetIds !== undefined) attributes.target_ids = options.targetIds;
    if (options.query !== undefined) {
      // The newer documented filter shape: [{"<field>": {"<operator>": [values]}}].
      attributes.query = { type: 'workspaces', filter: options.query.map((c) => ({ [c.field]: { [c.operator]: c.values ?? [] } })) };
    }
    const req = endpointRequest(
      'createBulkAction',
      { organization_name: organization },
      { body: { data: { type: 'bulk_actions', attributes } }, idempotent: false },
    );
    const checked = bulkActionAttributesSchema.safeParse(attributes);
    if (!checked.success) {
      const errors = checked.error.issues.map((i) => ({
        status: '422',
        title: 'invalid attribute',
        detail: `${i.path.join('.') || 'bulk action'}: ${i.message}`,
        source: { pointer: ['/data/attributes', ...i.path].join('/') },
      }));
      throw new ValidationError({
        status: 0,
        errors,
        request: this.transport.summary(req),
        message: `invalid change request options: ${errors.map((e) => e.detail).join('; ')}`,
      });
    }
    const startedAt = this.transport.serverNow();
    return this.transport.checkedWrite<ExplorerBulkAction>(
      async () => {
        const document = await this.transport.call(req, ENDPOINTS.createBulkAction.answer);
        const a = document.data;
        const created = createdFromMeta((document as { meta?: unknown }).meta);
        return {
          id: a.id,
          organizationId: a.attributes.organization_id,
          actionType: a.attributes.action_type,
          subject: a.attributes.action_inputs.subject,
          message: a.attributes.action_inputs.message,
          createdBy: a.attributes.created_by,
          ...(created ? { created } : {}),
        };
      },
      {
        verify: async () => {
          const found = await this.findCreated(organization, options, startedAt - CLOCK_TOLERANCE_MS);
          return found.length === 0
            ? undefined
            : { id: null, actionType: 'change_requests', subject: options.subject, message: options.message, recoveredChangeRequests: found };
        },
      },
    );
  }

  /** Unarchived change requests with this subject and message, created since `since`, on the targets. */
  private async findCreated(organization: string, options: ExplorerChangeRequestCreateOptions, since: number): Promise<ChangeRequest[]> {
    let targets: string[];
    if (options.targetIds) targets = options.targetIds;
    else {
      // Project names are not in workspace documents: project conditions are dropped, which only widens the search.
      const conditions = options.query.filter((c) => c.field !== 'project_name').map((c) => ({ ...c, values: c.values ?? [] }));
      targets = [];
      for await (const ws of this.workspaces.listAll(organization)) {
        if (matchesExplorerQuery({ name: ws.name, projectName: '', tagNames: ws.tagNames }, conditions)) targets.push(ws.id);
      }
    }
    const found: ChangeRequest[] = [];
    for (const id of targets) {
      try {
        for await (const cr of this.changeRequests.listAll(id, { archived: false })) {
          if (cr.subject === options.subject && cr.message === options.message && Date.parse(cr.createdAt) >= since) found.push(cr);
        }
      } catch (error) {
        // A target that is gone or hidden got no change request from us either.
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return found;
  }
}
