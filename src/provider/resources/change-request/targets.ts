// Finding the change requests a bulk action created. The action's answer names no requests the
// client hands on, and after a lost answer there is no answer at all; the requests themselves are
// the record: unarchived, with our subject and message, created since we started, on a target.
import { NotFoundError, type ChangeRequest, type Client, type ExplorerCondition } from '../../../client';
import { matchesExplorerQuery } from '../../../contract';

/** How far the service's clock may be from ours when telling our requests from older ones. */
export const CLOCK_TOLERANCE_MS = 5_000;

export interface CreatedRequestQuery {
  subject: string;
  message: string;
  /** Our clock when the bulk action was first sent. */
  startedAt: number;
}

/** The newest matching unarchived request of each candidate workspace. */
export async function findCreatedRequests(client: Client, candidates: readonly string[], query: CreatedRequestQuery): Promise<Map<string, ChangeRequest>> {
  const since = query.startedAt - CLOCK_TOLERANCE_MS;
  const found = new Map<string, ChangeRequest>();
  await Promise.all(
    candidates.map(async (workspaceId) => {
      try {
        for await (const cr of client.changeRequests.listAll(workspaceId, { archived: false })) {
          if (cr.subject !== query.subject || cr.message !== query.message || Date.parse(cr.createdAt) < since) continue;
          const prev = found.get(workspaceId);
          if (!prev || Date.parse(cr.createdAt) >= Date.parse(prev.createdAt)) found.set(workspaceId, cr);
        }
      } catch (err) {
        // A workspace gone or hidden got no request from us either.
        if (!(err instanceof NotFoundError)) throw err;
      }
    }),
  );
  return found;
}

/**
 * Workspaces of the organization a query may have matched. Project names are not in workspace
 * documents, so project conditions are dropped: that only widens the candidates.
 */
export async function queryCandidates(client: Client, organization: string, conditions: readonly ExplorerCondition[]): Promise<string[]> {
  const usable = conditions.filter((c) => c.field !== 'project_name').map((c) => ({ ...c, values: c.values ?? [] }));
  const out: string[] = [];
  for await (const ws of client.workspaces.listAll(organization)) {
    if (matchesExplorerQuery({ name: ws.name, projectName: '', tagNames: ws.tagNames }, usable)) out.push(ws.id);
  }
  return out;
}

/** Requests found after a lost answer, by workspace (the newest when a workspace has several). */
export function byWorkspace(requests: readonly ChangeRequest[]): Map<string, ChangeRequest> {
  const out = new Map<string, ChangeRequest>();
  for (const cr of requests) {
    const prev = out.get(cr.workspaceId);
    if (!prev || Date.parse(cr.createdAt) >= Date.parse(prev.createdAt)) out.set(cr.workspaceId, cr);
  }
  return out;
}
