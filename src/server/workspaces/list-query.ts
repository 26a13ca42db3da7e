import { normalizeFlatTagName } from '../../contract';
import { Db, KindSql, Param, escapeLike } from '../storage/db';
import type { WorkspaceQuery } from './records';

// The workspace list's WHERE and ORDER BY. Every filter is a condition on `w` (workspaces), so the
// default sort walks the (organization, name_key) index and stops after one page.

export interface WorkspaceFilter {
  where: string;
  params: Param[];
  /** True when anything beyond the organization narrows the list (the total then needs a count). */
  narrowed: boolean;
}

/**
 * `search[tags]` (every tag) and `filter[tagged]` (every entry), alone or together: ONE grouped
 * subquery whatever the number of tags and entries. Each source lists the workspaces it matches,
 * once per matched tag or entry, and a workspace qualifies when it was listed as many times as
 * there are tags and entries:
 * - a tag is found by its (organization, name) key and its links from the covering (tag_id,
 *   workspace_id) index of migration 8; links are unique per (workspace, tag) and names distinct;
 * - entries with a value seek the (key, value, workspace_id) index, key-only entries its key
 *   prefix, in separate branches (an OR of the two made SQLite range over every value of a key); a
 *   workspace has one binding per key, so each distinct entry matches at most one of its bindings.
 * One condition per tag or entry instead nested a subquery per entry, which grew the plan with
 * every entry and broke SQLite's expression depth limit; one grouped subquery per filter made
 * PostgreSQL join the two groups in a nested loop, whose cost grew with the square of the
 * workspaces matching both (issue 37: 30 s at 12,000).
 * CROSS JOIN keeps SQLite's join order (the named tags and entries first, then their links);
 * PostgreSQL plans it like an inner join.
 */
function allTagsCondition(sql: KindSql, organization: string, names: string[], entries: Array<{ key: string; value?: string }>): Condition | null {
  const pairs = new Map<string, { k: string; v: string }>();
  const keys = new Set<string>();
  for (const { key, value } of entries) {
    if (value === undefined) keys.add(key);
    else pairs.set(JSON.stringify([key, value]), { k: key, v: value });
  }
  const matches: string[] = [];
  const params: Param[] = [];
  if (names.length > 0) {
    matches.push(
      `SELECT wt.workspace_id FROM tags t CROSS JOIN workspace_tags wt WHERE t.organization = ? AND ${sql.inJsonList('t.name')} AND wt.tag_id = t.id`,
    );
    params.push(organization, JSON.stringify(names));
  }
  if (pairs.size > 0) {
    matches.push(`SELECT b.workspace_id FROM ${sql.jsonRelation('pairs')} CROSS JOIN tag_bindings b WHERE b.key = e.k AND b.value = e.v`);
    params.push(JSON.stringify([...pairs.values()]));
  }
  if (keys.size > 0) {
    matches.push(`SELECT b.workspace_id FROM ${sql.jsonRelation('keys')} CROSS JOIN tag_bindings b WHERE b.key = e.k`);
    params.push(JSON.stringify([...keys]));
  }
  if (matches.length === 0) return null;
  return {
    sql: `w.id IN (SELECT m.workspace_id FROM (${matches.join(' UNION ALL ')}) m GROUP BY m.workspace_id HAVING COUNT(*) = ?)`,
    params: [...params, names.length + pairs.size + keys.size],
  };
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * The smallest string above every string that starts with `prefix`, in code point order (which is
 * SQLite's BINARY and PostgreSQL's "C" order of UTF-8), or null when there is none.
 */
export function prefixUpperBound(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length > 0) {
    let next = chars.pop()!.codePointAt(0)! + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) return chars.join('') + String.fromCodePoint(next);
  }
  return null;
}

interface Condition {
  sql: string;
  params: Param[];
}

/**
 * `name_key` LIKE `pattern`, where `needle` is the literal part the pattern must contain: where
 * the database has a trigram index of its own, it finds the candidates (LIKE keeps the answer exact).
 */
function likeThroughTrigrams(sql: KindSql, needle: string, pattern: string): Condition {
  const like = { sql: "w.name_key LIKE ? ESCAPE '\\'", params: [pattern] };
  const candidates = sql.trigramCandidates(needle);
  return candidates ? { sql: `${candidates.sql} AND ${like.sql}`, params: [...candidates.params, pattern] } : like;
}

/** `search[name]`: a case-insensitive substring. */
export function substringCondition(sql: KindSql, search: string): Condition {
  const needle = search.toLowerCase();
  return likeThroughTrigrams(sql, needle, `%${escapeLike(needle)}%`);
}

/**
 * `search[wildcard-name]`: a `*` run at either end means anything, the rest is literal. A prefix is
 * a range of the (organization, name_key) index; a suffix or a substring goes through the trigram
 * indexes; no wildcard is equality; nothing but `*` matches every name (null: no condition).
 */
export function wildcardCondition(sql: KindSql, pattern: string): Condition | null {
  const lowered = pattern.toLowerCase();
  const leading = /^\*+/.exec(lowered)?.[0].length ?? 0;
  const rest = lowered.slice(leading);
  const trailing = /\*+$/.exec(rest)?.[0].length ?? 0;
  const core = rest.slice(0, rest.length - trailing);
  if (leading === 0 && trailing === 0) return { sql: 'w.name_key = ?', params: [core] };
  if (core === '') return null;
  const like = `${leading ? '%' : ''}${escapeLike(core)}${trailing ? '%' : ''}`;
  if (leading) return likeThroughTrigrams(sql, core, like);
  const upper = prefixUpperBound(core);
  return upper === null
    ? { sql: "w.name_key >= ? AND w.name_key LIKE ? ESCAPE '\\'", params: [core, like] }
    : { sql: "w.name_key >= ? AND w.name_key < ? AND w.name_key LIKE ? ESCAPE '\\'", params: [core, upper, like] };
}

export function workspaceFilter(sql: KindSql, q: WorkspaceQuery): WorkspaceFilter {
  const conditions = ['w.organization = ?'];
  const params: Param[] = [q.organization];
  if (q.visibleNames !== null) {
    conditions.push(sql.inJsonList('w.name_key'));
    params.push(JSON.stringify(q.visibleNames.map((n) => n.toLowerCase())));
  }
  const nameConditions = [q.search ? substringCondition(sql, q.search) : null, q.wildcardName ? wildcardCondition(sql, q.wildcardName) : null];
  for (const condition of nameConditions) {
    if (!condition) continue;
    conditions.push(condition.sql);
    params.push(...condition.params);
  }
  const tagCondition = allTagsCondition(sql, q.organization, distinct((q.tags ?? []).map(normalizeFlatTagName)), q.tagged ?? []);
  if (tagCondition) {
    conditions.push(tagCondition.sql);
    params.push(...tagCondition.params);
  }
  const excluded = distinct((q.excludeTags ?? []).map(normalizeFlatTagName));
  if (excluded.length > 0) {
    conditions.push(
      'w.id NOT IN (SELECT wt.workspace_id FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE t.organization = ? AND ' +
        `${sql.inJsonList('t.name')})`,
    );
    params.push(q.organization, JSON.stringify(excluded));
  }
  if (q.projectId !== undefined) {
    conditions.push('w.project_id = ?');
    params.push(q.projectId);
  }
  return { where: conditions.join(' AND '), params, narrowed: conditions.length > 1 };
}

/** A list's order: columns of `w`, compared left to right, all in one direction. */
export interface ListOrder {
  columns: string[];
  descending: boolean;
}

/**
 * Name order is case-insensitive (name_key). Every order ends in name_key, unique per organization,
 * so it is total: a page, and a page bookmark, is one exact place in it.
 */
export function workspaceOrder(q: WorkspaceQuery): ListOrder {
  const descending = q.sort?.descending ?? false;
  if (q.sort?.field === 'latest-change-at') return { columns: ['latest_change_at', 'name_key'], descending };
  // `current-run.created-at`: no workspace has runs, so it orders like the name.
  return { columns: ['name_key'], descending };
}

export function orderBy(order: ListOrder): string {
  return order.columns.map((column) => `w.${column} ${order.descending ? 'DESC' : 'ASC'}`).join(', ');
}

/** `w` comes after the row whose order columns hold `values` (SQL expressions), in `order`. */
export function comesAfter(order: ListOrder, values: string[]): string {
  return `(${order.columns.map((column) => `w.${column}`).join(', ')}) ${order.descending ? '<' : '>'} (${values.join(', ')})`;
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
            `${db.sql.inJsonList('wt.workspace_id')} ORDER BY wt.seq`,
          [JSON.stringify(workspaceIds)],
        );
  for (const row of rows) result.get(row.workspace_id)?.push(row.name);
  return result;
}
