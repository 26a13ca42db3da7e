// List workspaces (spec "List workspaces"; decisions 11, 19).
import { WORKSPACE_SORT_FIELDS, normalizeFlatTagName } from '../../contract';
import { workspaceAccess, visibility } from '../access';
import { badRequest } from '../errors';
import type { EndpointHandlers, Reply, RouteContext } from '../http/router';
import type { WorkspaceQuery, WorkspaceSortField } from './records';
import { includedFor, workspaceDocument } from './serialize';
import { checkListSize, commaSeparated, paginationEnvelope, parseInclude, parsePage } from '../http/list-parameters';
import { serializeContextFor } from './routes';

/** `search[tags]` and `search[exclude-tags]`: comma-separated flat tag names, as the store keeps them. */
function flatTagNameList(query: URLSearchParams, parameter: string): string[] | undefined {
  const items = commaSeparated(query, parameter).map(normalizeFlatTagName).filter(Boolean);
  return items.length > 0 ? items : undefined;
}

const TAGGED_FILTER = /^filter\[tagged\]\[(\d{1,4})\]\[(key|value)\]$/;
const PLAIN_FILTERS = new Set(['filter[project][id]', 'filter[current-run][status]']);

/**
 * `filter[tagged][i][key]` / `[value]` pairs, in index order. Any other `filter[…]` parameter is a
 * mistake (a typo, a negative or named index) that would otherwise widen the answer silently: 400.
 */
function taggedFilters(query: URLSearchParams): Array<{ key: string; value?: string }> | undefined {
  const byIndex = new Map<number, { key?: string; value?: string }>();
  for (const [name, value] of query) {
    if (!name.startsWith('filter[') || PLAIN_FILTERS.has(name)) continue;
    const match = TAGGED_FILTER.exec(name);
    if (!match) {
      throw badRequest(
        `query parameter "${name.slice(0, 80)}" is not supported; use filter[project][id], filter[current-run][status] or filter[tagged][i][key] and filter[tagged][i][value] with i a whole number`,
        name.slice(0, 200),
      );
    }
    const entry = byIndex.get(Number(match[1])) ?? {};
    entry[match[2] as 'key' | 'value'] = value;
    byIndex.set(Number(match[1]), entry);
  }
  checkListSize('filter[tagged]', byIndex.size);
  if (byIndex.size === 0) return undefined;
  return [...byIndex.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([index, entry]) => {
      if (!entry.key)
        throw badRequest(`filter[tagged][${index}][key] is required when filter[tagged][${index}][value] is given`, `filter[tagged][${index}][key]`);
      // An empty value means any value, as the hosted service takes it: go-tfe sends `[value]=`
      // with every key-only filter.
      return entry.value === undefined || entry.value === '' ? { key: entry.key } : { key: entry.key, value: entry.value };
    });
}

function parseSort(raw: string | null): WorkspaceQuery['sort'] {
  if (!raw) return undefined;
  const descending = raw.startsWith('-');
  const field = descending ? raw.slice(1) : raw;
  if (!(WORKSPACE_SORT_FIELDS as readonly string[]).includes(field)) {
    throw badRequest(`sort "${raw.slice(0, 60)}" is not supported; use ${WORKSPACE_SORT_FIELDS.join(', ')} with an optional leading "-"`, 'sort');
  }
  return { field: field as WorkspaceSortField, descending };
}

async function list(ctx: RouteContext): Promise<Reply> {
  const { organization, role } = ctx.service.organizationFor(ctx.caller, ctx.params.organization_name);
  const page = parsePage(ctx.query);
  const include = parseInclude(ctx.query);
  const seen = visibility(role);
  let visibleNames: string[] | null = null;
  if (!seen.all) {
    const projectIds = new Set([...organization.projects.filter((p) => seen.projectNames.includes(p.name)).map((p) => p.id), ...seen.projectIds]);
    const ids = new Set(seen.ids);
    visibleNames = [...seen.names];
    if (projectIds.size > 0 || ids.size > 0) {
      for (const row of await ctx.service.store.workspaces.listNames(organization.name)) {
        if (projectIds.has(row.projectId) || ids.has(row.id)) visibleNames.push(row.name);
      }
    }
  }
  const q = ctx.query;
  const result = await ctx.service.store.workspaces.list({
    organization: organization.name,
    visibleNames,
    search: q.get('search[name]') || undefined,
    wildcardName: q.get('search[wildcard-name]') || undefined,
    tags: flatTagNameList(q, 'search[tags]'),
    excludeTags: flatTagNameList(q, 'search[exclude-tags]'),
    tagged: taggedFilters(q),
    projectId: q.get('filter[project][id]') || undefined,
    currentRunStatus: q.get('filter[current-run][status]') || undefined,
    sort: parseSort(q.get('sort')),
    offset: page.offset,
    limit: page.size,
    signal: ctx.signal,
  });
  const included: Array<Record<string, unknown>> = [];
  const data = result.items.map((workspace) => {
    const serializeContext = serializeContextFor(ctx, organization, role, workspaceAccess(role, organization, workspace));
    if (include.size > 0) included.push(...includedFor(workspace, include, serializeContext));
    return workspaceDocument(workspace, serializeContext);
  });
  const body: Record<string, unknown> = { data, ...paginationEnvelope(ctx.url, page, result.total) };
  if (include.size > 0) {
    const unique = new Map(included.map((r) => [`${String(r.type)}/${String(r.id)}`, r]));
    body.included = [...unique.values()];
  }
  return { status: 200, body };
}

export const WORKSPACE_LIST_HANDLERS = { listWorkspaces: list } satisfies Partial<EndpointHandlers>;
