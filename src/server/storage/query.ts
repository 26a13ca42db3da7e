import { normalizeFlatTagName } from '../../spec';
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

/**
 * `search[tags]` (every tag): ONE subquery whatever the number of tags. The tags are found by
 * their (organization, name) key, their links by the tag index, and a workspace qualifies when it
 * links to all of them: links are unique per (workspace, tag) and names are distinct, so counting
 * them is enough. A condition per tag instead nests one subquery per entry, which grew the plan
 * (and PostgreSQL's planning time) with every entry and broke SQLite's expression depth limit.
 * CROSS JOIN keeps SQLite's join order (tags first, then their links from the covering (tag_id,
 * workspace_id) index of migration 8); PostgreSQL plans it like an inner join.
 */
function allFlatTagsCondition(dialect: Dialect, organization: string, names: string[]): Condition {
  return {
    sql:
      'w.id IN (SELECT wt.workspace_id FROM tags t CROSS JOIN workspace_tags wt ' +
      `WHERE t.organization = ? AND ${inJsonList(dialect, 't.name')} AND wt.tag_id = t.id GROUP BY wt.workspace_id HAVING COUNT(*) = ?)`,
    params: [organization, JSON.stringify(names), names.length],
  };
}

/** A JSON array parameter as a relation `e`: of (k, v) pairs, or of keys k alone. */
function jsonRelation(dialect: Dialect, shape: 'pairs' | 'keys'): string {
  if (dialect === 'postgres') return shape === 'pairs' ? 'jsonb_to_recordset(?::jsonb) AS e(k text, v text)' : 'jsonb_array_elements_text(?::jsonb) AS e(k)';
  return shape === 'pairs'
    ? "(SELECT json_extract(value, '$.k') AS k, json_extract(value, '$.v') AS v FROM json_each(?)) e"
    : '(SELECT value AS k FROM json_each(?)) e';
}

/**
 * `filter[tagged]` (every entry): ONE subquery. Entries with a value seek the (key, value,
 * workspace_id) index, key-only entries its key prefix; the two run as one UNION ALL (an OR of the
 * two made SQLite range over every value of a key). A workspace has one binding per key, so each
 * distinct entry matches at most one of its bindings, and it qualifies when all entries matched.
 * CROSS JOIN: SQLite otherwise scans every binding and probes the entries, not the other way round.
 */
function allBindingsCondition(dialect: Dialect, entries: Array<{ key: string; value?: string }>): Condition {
  const pairs = new Map<string, { k: string; v: string }>();
  const keys = new Set<string>();
  for (const { key, value } of entries) {
    if (value === undefined) keys.add(key);
    else pairs.set(JSON.stringify([key, value]), { k: key, v: value });
  }
  const matches: string[] = [];
  const params: Param[] = [];
  if (pairs.size > 0) {
    matches.push(`SELECT b.workspace_id FROM ${jsonRelation(dialect, 'pairs')} CROSS JOIN tag_bindings b WHERE b.key = e.k AND b.value = e.v`);
    params.push(JSON.stringify([...pairs.values()]));
  }
  if (keys.size > 0) {
    matches.push(`SELECT b.workspace_id FROM ${jsonRelation(dialect, 'keys')} CROSS JOIN tag_bindings b WHERE b.key = e.k`);
    params.push(JSON.stringify([...keys]));
  }
  return {
    sql: `w.id IN (SELECT m.workspace_id FROM (${matches.join(' UNION ALL ')}) m GROUP BY m.workspace_id HAVING COUNT(*) = ?)`,
    params: [...params, pairs.size + keys.size],
  };
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

/** Trigram indexes hold runs of three characters: shorter needles cannot use them. */
const TRIGRAM = 3;

/** An FTS5 phrase: the trigram tokenizer matches it as a substring. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
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
 * `name_key` LIKE `pattern`, where `needle` is the literal part the pattern must contain: on SQLite
 * the FTS5 trigram index finds the candidates (LIKE keeps the answer exact); on PostgreSQL the
 * pg_trgm index serves the LIKE itself. Needles under three characters scan.
 */
function likeThroughTrigrams(dialect: Dialect, needle: string, pattern: string): Condition {
  const like = { sql: "w.name_key LIKE ? ESCAPE '\\'", params: [pattern] };
  if (dialect !== 'sqlite' || [...needle].length < TRIGRAM) return like;
  return {
    sql: `w.rowid IN (SELECT rowid FROM workspace_name_trigrams WHERE workspace_name_trigrams MATCH ?) AND ${like.sql}`,
    params: [ftsPhrase(needle), pattern],
  };
}

/** `search[name]`: a case-insensitive substring. */
export function substringCondition(dialect: Dialect, search: string): Condition {
  const needle = search.toLowerCase();
  return likeThroughTrigrams(dialect, needle, `%${escapeLike(needle)}%`);
}

/**
 * `search[wildcard-name]`: a `*` run at either end means anything, the rest is literal. A prefix is
 * a range of the (organization, name_key) index; a suffix or a substring goes through the trigram
 * indexes; no wildcard is equality; nothing but `*` matches every name (null: no condition).
 */
export function wildcardCondition(dialect: Dialect, pattern: string): Condition | null {
  const lowered = pattern.toLowerCase();
  const leading = /^\*+/.exec(lowered)?.[0].length ?? 0;
  const rest = lowered.slice(leading);
  const trailing = /\*+$/.exec(rest)?.[0].length ?? 0;
  const core = rest.slice(0, rest.length - trailing);
  if (leading === 0 && trailing === 0) return { sql: 'w.name_key = ?', params: [core] };
  if (core === '') return null;
  const like = `${leading ? '%' : ''}${escapeLike(core)}${trailing ? '%' : ''}`;
  if (leading) return likeThroughTrigrams(dialect, core, like);
  const upper = prefixUpperBound(core);
  return upper === null
    ? { sql: "w.name_key >= ? AND w.name_key LIKE ? ESCAPE '\\'", params: [core, like] }
    : { sql: "w.name_key >= ? AND w.name_key < ? AND w.name_key LIKE ? ESCAPE '\\'", params: [core, upper, like] };
}

export function workspaceFilter(dialect: Dialect, q: WorkspaceQuery): WorkspaceFilter {
  const conditions = ['w.organization = ?'];
  const params: Param[] = [q.organization];
  if (q.visibleNames !== null) {
    conditions.push(inJsonList(dialect, 'w.name_key'));
    params.push(JSON.stringify(q.visibleNames.map((n) => n.toLowerCase())));
  }
  const nameConditions = [q.search ? substringCondition(dialect, q.search) : null, q.wildcardName ? wildcardCondition(dialect, q.wildcardName) : null];
  for (const condition of nameConditions) {
    if (!condition) continue;
    conditions.push(condition.sql);
    params.push(...condition.params);
  }
  const tags = distinct((q.tags ?? []).map(normalizeFlatTagName));
  const tagConditions = [
    tags.length > 0 ? allFlatTagsCondition(dialect, q.organization, tags) : null,
    q.tagged && q.tagged.length > 0 ? allBindingsCondition(dialect, q.tagged) : null,
  ];
  for (const condition of tagConditions) {
    if (!condition) continue;
    conditions.push(condition.sql);
    params.push(...condition.params);
  }
  const excluded = distinct((q.excludeTags ?? []).map(normalizeFlatTagName));
  if (excluded.length > 0) {
    conditions.push(
      'w.id NOT IN (SELECT wt.workspace_id FROM workspace_tags wt JOIN tags t ON t.id = wt.tag_id WHERE t.organization = ? AND ' +
        `${inJsonList(dialect, 't.name')})`,
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

/**
 * The column naming a workspace row inside the list indexes: SQLite's indexes hold the rowid, and
 * PostgreSQL's list indexes include the id, so a page's keys come from an index alone.
 */
export function rowKey(dialect: Dialect): 'rowid' | 'id' {
  return dialect === 'sqlite' ? 'rowid' : 'id';
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
