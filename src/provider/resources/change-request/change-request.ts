// cdkws_change_request: a to-do item on each of a set of workspaces (spec "Create change requests
// (explorer bulk action)", "Change request lifecycle"). Invariants:
// - Requests are created only through the bulk action; the created IDs are kept per workspace.
// - A new workspace in workspace_ids gets a request of its own; a removed one has its request archived.
// - A request archived by someone else is completed work: it stays in state, is never re-created,
//   and every plan says so. Destroy archives what is still open.
// - Subject, message, query and organization cannot change in place: they force replacement.
import { NotFoundError, ValidationError, type ChangeRequest, type Client, type ExplorerCondition } from '../../../client';
import { changeRequestMessageSchema, changeRequestSubjectSchema, explorerQuerySchema } from '../../../contract';
import { configured, type ProviderData } from '../../context';
import { DiagnosticError, error, warning, type Diagnostic } from '../../protocol/diagnostics';
import { Unknown, type ObjectValue, type Value } from '../../protocol/values';
import { defineResource, type ModelOf } from '../../resource';
import { byWorkspace, findCreatedRequests, queryCandidates } from './targets';
import { changeRequestNames, changeRequestSchema, type CHANGE_REQUEST_ATTRIBUTES } from './schema';

type RequestMap = Record<string, string>;

const isObject = (v: Value | undefined): v is ObjectValue => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: Value | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const requestMap = (v: Value | undefined): RequestMap =>
  isObject(v) ? (Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as RequestMap) : {};

type ChangeRequestModel = ModelOf<typeof CHANGE_REQUEST_ATTRIBUTES>;
const RESOURCE = 'cdkws_change_request';

/** A planned value Terraform guarantees (required, or filled in by the plan). */
function given<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Provider bug: the plan left ${what} unset.`);
  return value;
}

/** The `query` attribute (JSON of an explorer query, either filter shape) as conditions. */
export function parseQuery(query: Value | undefined): { conditions: ExplorerCondition[] } | { problem: string } {
  if (typeof query !== 'string') return { problem: 'query is not set' };
  let json: unknown;
  try {
    json = JSON.parse(query);
  } catch {
    return { problem: 'query is not valid JSON; write it with jsonencode({ filter = [...] })' };
  }
  const r = explorerQuerySchema.safeParse(json);
  if (!r.success) return { problem: r.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ') };
  if (r.data.conditions.length === 0) return { problem: 'query has no filter conditions; it would target every workspace of the organization' };
  return { conditions: r.data.conditions };
}

/** Config checks that need no service; unknown values are left to later. */
export function checkConfig(config: ObjectValue): Diagnostic[] {
  const out: Diagnostic[] = [];
  const hasIds = config.workspace_ids !== null && config.workspace_ids !== undefined;
  const hasQuery = config.query !== null && config.query !== undefined;
  if (hasIds === hasQuery)
    out.push(
      error(
        'Give exactly one of workspace_ids and query',
        'set workspace_ids to target workspaces by ID, or query (an explorer query as JSON) to target them by name, project or tags',
      ),
    );
  if (Array.isArray(config.workspace_ids) && config.workspace_ids.length === 0)
    out.push(error('workspace_ids is empty', 'list at least one workspace ID', ['workspace_ids']));
  if (typeof config.query === 'string') {
    const q = parseQuery(config.query);
    if ('problem' in q) out.push(error('Invalid query', q.problem, ['query']));
  }
  for (const [name, schema] of [
    ['subject', changeRequestSubjectSchema],
    ['message', changeRequestMessageSchema],
  ] as const) {
    const v = config[name];
    if (typeof v !== 'string') continue;
    const r = schema.safeParse(v);
    if (!r.success) out.push(error(`Invalid ${name}`, r.error.issues[0].message, [name]));
  }
  return out;
}

/** What an update must do: workspaces to create requests for, and requests to archive. */
export function workspaceChanges(desired: readonly string[], requests: RequestMap): { add: string[]; remove: string[] } {
  const want = new Set(desired);
  return {
    add: [...want].filter((id) => !(id in requests)).sort(),
    remove: Object.keys(requests)
      .filter((id) => !want.has(id))
      .sort(),
  };
}

/** Creates requests on `targets` (or the query's matches) and returns them by workspace. */
async function create(
  client: Client,
  organization: string,
  subject: string,
  message: string,
  target: { ids: string[] } | { conditions: ExplorerCondition[] },
): Promise<{ actionId: string | null; requests: Map<string, string> }> {
  const startedAt = Date.now();
  let result;
  try {
    result = await client.explorer.createChangeRequests(
      organization,
      'ids' in target ? { targetIds: target.ids, subject, message } : { query: target.conditions, subject, message },
    );
  } catch (err) {
    if (err instanceof NotFoundError)
      throw new DiagnosticError(
        'Workspace or organization not found',
        `${err.detail ?? err.message}: check that every workspace exists, that organization "${organization}" is on the plus tier, and that the token can see them`,
      );
    if (err instanceof ValidationError) throw new DiagnosticError('The service refused the change request', err.detail ?? err.message);
    throw err;
  }
  const idsOf = (found: Map<string, ChangeRequest>) => new Map([...found].map(([ws, cr]) => [ws, cr.id]));
  if (result.recoveredChangeRequests) return { actionId: null, requests: idsOf(byWorkspace(result.recoveredChangeRequests)) };
  // The answer names what it created when the service says so; otherwise the requests are looked up.
  if (result.created) return { actionId: result.id, requests: new Map(result.created.map((c) => [c.workspaceId, c.changeRequestId])) };
  const candidates = 'ids' in target ? target.ids : await queryCandidates(client, organization, target.conditions);
  return { actionId: result.id, requests: idsOf(await findCreatedRequests(client, candidates, { subject, message, startedAt })) };
}

/** Archives a request; one already archived, or gone with its workspace, counts as done. */
async function archive(client: Client, id: string): Promise<void> {
  try {
    await client.changeRequests.archive(id);
  } catch (err) {
    if (err instanceof NotFoundError) return;
    if (err instanceof ValidationError && err.status === 400) {
      const fresh = await client.changeRequests.read(id).catch(() => null);
      if (fresh === null || fresh.archived) return;
    }
    throw err;
  }
}

function archivedWarning(planned: ObjectValue): Diagnostic[] {
  const archived = strings(planned.archived_workspace_ids);
  if (archived.length === 0) return [];
  const ids = requestMap(planned.change_request_ids);
  const list = archived.map((ws) => (ids[ws] ? `${ids[ws]} (${ws})` : ws)).join(', ');
  return [
    warning(
      'Change requests archived outside Terraform count as completed',
      `${list} ${archived.length === 1 ? 'was' : 'were'} archived by someone else; ${archived.length === 1 ? 'it is' : 'they are'} kept as completed and will not be re-created`,
    ),
  ];
}

export const changeRequestResource = defineResource<ChangeRequestModel, ProviderData>({
  schema: changeRequestSchema,
  names: changeRequestNames,

  validate: (config) => checkConfig(config.value),

  async plan({ prior, planned, config, requiresReplace }, ctx) {
    const out: ObjectValue = { ...planned };
    if (config.organization === null) {
      const fallback = prior && requiresReplace.length === 0 ? prior.organization : (ctx.providerData?.organization ?? null);
      if (fallback === null && ctx.providerData) {
        return { diagnostics: [error('No organization', 'set organization on the resource or in the provider block', ['organization'])] };
      }
      out.organization = fallback ?? Unknown;
    }
    if (!prior || requiresReplace.length > 0) {
      return { planned: { ...out, id: Unknown, change_request_ids: Unknown, archived_workspace_ids: Unknown } };
    }
    const requests = requestMap(prior.change_request_ids);
    if (out.workspace_ids === Unknown || (Array.isArray(out.workspace_ids) && out.workspace_ids.some((x) => x === Unknown))) {
      out.change_request_ids = Unknown;
      out.archived_workspace_ids = Unknown;
    } else if (Array.isArray(out.workspace_ids)) {
      const desired = strings(out.workspace_ids);
      const { add, remove } = workspaceChanges(desired, requests);
      if (add.length > 0 || remove.length > 0) {
        out.change_request_ids = Unknown;
        out.archived_workspace_ids = strings(prior.archived_workspace_ids).filter((ws) => desired.includes(ws));
      }
    }
    return { planned: out, diagnostics: archivedWarning(out) };
  },

  async create({ planned }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const m = planned.model;
    const organization = given(m.organization, 'organization');
    const subject = given(m.subject, 'subject');
    const message = given(m.message, 'message');
    const targetIds = m.workspaceIds ? [...m.workspaceIds].sort() : null;
    let target: { ids: string[] } | { conditions: ExplorerCondition[] };
    if (targetIds) target = { ids: targetIds };
    else {
      const query = parseQuery(m.query ?? undefined);
      if ('problem' in query) throw new DiagnosticError('Invalid query', query.problem, ['query']);
      target = query;
    }
    const { actionId, requests } = await create(client, organization, subject, message, target);
    const ids: RequestMap = Object.fromEntries(requests);
    const missing = (targetIds ?? []).filter((ws) => !(ws in ids));
    const first = Object.values(ids).sort()[0];
    const state = { ...planned.value, id: actionId ?? first ?? `${organization}/${subject}`, change_request_ids: ids, archived_workspace_ids: [] };
    if (missing.length > 0) {
      return {
        state,
        diagnostics: [
          warning('Some change requests were not found after creation', `no request was found on ${missing.join(', ')}; the next plan will create them`),
        ],
      };
    }
    return { state };
  },

  // Only workspace_ids changes in place.
  async update({ prior, planned }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const m = planned.model;
    const requests = prior.model.changeRequestIds ?? {};
    const archived = new Set(prior.model.archivedWorkspaceIds ?? []);
    const next: RequestMap = { ...requests };
    if (m.workspaceIds) {
      const { add, remove } = workspaceChanges(m.workspaceIds, requests);
      for (const ws of remove) {
        if (!archived.has(ws)) await archive(client, requests[ws]);
        delete next[ws];
        archived.delete(ws);
      }
      if (add.length > 0) {
        const { requests: created } = await create(client, given(m.organization, 'organization'), given(m.subject, 'subject'), given(m.message, 'message'), {
          ids: add,
        });
        for (const [ws, id] of created) next[ws] = id;
      }
    }
    return { state: { ...planned.value, id: prior.model.id ?? null, change_request_ids: next, archived_workspace_ids: [...archived].sort() } };
  },

  async delete({ prior }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const requests = prior.model.changeRequestIds ?? {};
    const done = new Set(prior.model.archivedWorkspaceIds ?? []);
    await Promise.all(
      Object.entries(requests)
        .filter(([ws]) => !done.has(ws))
        .map(([, id]) => archive(client, id)),
    );
    return { state: null };
  },

  async read({ state }, ctx) {
    const { client } = configured(ctx, RESOURCE);
    const requests = state.model.changeRequestIds ?? {};
    const next: RequestMap = {};
    const archived: string[] = [];
    await Promise.all(
      Object.entries(requests).map(async ([ws, id]) => {
        try {
          const cr = await client.changeRequests.read(id);
          next[ws] = id;
          if (cr.archived) archived.push(ws);
        } catch (err) {
          // Gone with its workspace: forget it.
          if (!(err instanceof NotFoundError)) throw err;
        }
      }),
    );
    if (Object.keys(next).length === 0 && Object.keys(requests).length > 0) return { state: null };
    return { state: { ...state.value, change_request_ids: next, archived_workspace_ids: archived.sort() } };
  },

  async importState(id, ctx) {
    const { client, workspaces } = configured(ctx, RESOURCE);
    const ids = id
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0 || ids.some((x) => !x.startsWith('wscr-'))) {
      throw new DiagnosticError(
        'Invalid cdkws_change_request import ID',
        `expected change request IDs separated by commas, e.g. "wscr-abc,wscr-def", got ${JSON.stringify(id)}`,
      );
    }
    const found = await Promise.all(ids.map((x) => client.changeRequests.read(x)));
    const [first] = found;
    if (found.some((cr) => cr.subject !== first.subject || cr.message !== first.message)) {
      throw new DiagnosticError('Change requests differ', 'every imported change request must have the same subject and message');
    }
    const organization = (await workspaces.read(first.workspaceId))?.organization ?? null;
    const requests = byWorkspace(found);
    return {
      state: {
        id,
        organization,
        workspace_ids: [...requests.keys()].sort(),
        subject: first.subject,
        message: first.message,
        change_request_ids: Object.fromEntries([...requests].map(([ws, cr]) => [ws, cr.id])),
        archived_workspace_ids: [...requests]
          .filter(([, cr]) => cr.archived)
          .map(([ws]) => ws)
          .sort(),
        query: null,
      },
    };
  },
});
