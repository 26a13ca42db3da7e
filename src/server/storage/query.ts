import { Db, Dialect, Param, escapeLike, inJsonList } from './db';
import type { WorkspaceQuery } from './types';

// The workspace list's WHERE and ORDER BY. Every filter is a condition on `w` (workspaces), so the
// default sort walks the (organization, name_key) index and stops after one page.

export interface WorkspaceFilter {
  where: string;
  params: Param[];
  /** True when anything beyond the organization narrows the list (the total then needs a count). */
  narrowed: boolean;
}

// Tag conditions start from the tag's own links (indexed by tag), so the planner can drive a count
// from the few tagged workspaces instead of probing every workspace of the organization.
const HAS_FLAT_TAG =
  'w.id IN (SELECT wt.workspace_id FROM workspace_tags wt WHERE wt.tag_id = (SELECT t.id FROM tags t WHERE t.organization = ? AND t.name = ?))';

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

/** `search[wildcard-name]`: a `*` run at either end means anything, the rest is literal. */
export function wildcardCondition(pattern: string): { sql: string; param: string } {
  const lowered = pattern.toLowerCase();
  const leading = /^\*+/.exec(lowered)?.[0].length ?? 0;
  const rest = lowered.slice(leading);
  const trailing = /\*+$/.exec(rest)?.[0].length ?? 0;
  const core = rest.slice(0, rest.length - trailing);
  if (leading === 0 && trailing === 0) return { sql: 'w.name_key = ?', param: core };
  const like = `${leading ? '%' : ''}${escapeLike(core)}${trailing ? '%' : ''}`;
  return { sql: "w.name_key LIKE ? ESCAPE '\\'", param: like };
}

export function workspaceFilter(dialect: Dialect, q: WorkspaceQuery): WorkspaceFilter {
  const conditions = ['w.organization = ?'];
  const params: Param[] = [q.organization];
  if (q.visibleNames !== null) {
    conditions.push(inJsonList(dialect, 'w.name_key'));
    params.push(JSON.stringify(q.visibleNames.map((n) => n.toLowerCase())));
  }
  if (q.search) {
    conditions.push("w.name_key LIKE ? ESCAPE '\\'");
    params.push(`%${escapeLike(q.search.toLowerCase())}%`);
  }
  if (q.wildcardName !== undefined && q.wildcardName !== '') {
    const { sql, param } = wildcardCondition(q.wildcardName);
    conditions.push(sql);
    params.push(param);
  }
  for (const tag of distinct((q.tags ?? []).map((t) => t.toLowerCase()))) {
    conditions.push(HAS_FLAT_TAG);
    params.push(q.organization, tag);
  }
  const excluded = distinct((q.excludeTags ?? []).map((t) => t.toLowerCase()));
  if (excluded.length > 0) {
    conditions.push(
      'w.id NOT IN (SELECT wt.workspace_id FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE t.organization = ? AND ' +
        `${inJsonList(dialect, 't.name')})`,
    );
    params.push(q.organization, JSON.stringify(excluded));
  }
  for (const entry of q.tagged ?? []) {
    if (entry.value === undefined) {
      conditions.push('w.id IN (SELECT b.workspace_id FROM tag_bindings b WHERE b.key = ?)');
      params.push(entry.key);
    } else {
      conditions.push('w.id IN (SELECT b.workspace_id FROM tag_bindings b WHERE b.key = ? AND b.value = ?)');
      params.push(entry.key, entry.value);
    }
  }
  if (q.projectId !== undefined) {
    conditions.push('w.project_id = ?');
    params.push(q.projectId);
  }
  return { where: conditions.join(' AND '), params, narrowed: conditions.length > 1 };
}

/** Name order is case-insensitive (name_key); names are unique per organization, so it is total. */
export function workspaceOrder(q: WorkspaceQuery): string {
  const dir = q.sort?.descending ? 'DESC' : 'ASC';
  if (q.sort?.field === 'latest-change-at') return `w.latest_change_at ${dir}, w.name_key ${dir}`;
  // `current-run.created-at`: no workspace has runs, so it orders like the name.
  return `w.name_key ${dir}`;
}

/** Flat tag names of many workspaces in one query, each list in the order the tags were added. */
export async function tagNamesOf(db: Db, workspaceIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(workspaceIds.map((id) => [id, []]));
  if (workspaceIds.length === 0) return result;
  const rows =
    workspaceIds.length === 1
      ? await db.all<{ workspace_id: string; name: string }>(
          'SELECT wt.workspace_id, t.name FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.workspace_id = ? ORDER BY wt.seq',
          [workspaceIds[0]],
        )
      : await db.all<{ workspace_id: string; name: string }>(
          'SELECT wt.workspace_id, t.name FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE ' +
            `${inJsonList(db.dialect, 'wt.workspace_id')} ORDER BY wt.seq`,
          [JSON.stringify(workspaceIds)],
        );
  for (const row of rows) result.get(row.workspace_id)?.push(row.name);
  return result;
}
