// Query-string parsing shared by the list endpoints: pages, includes and the pagination envelope.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, WORKSPACE_INCLUDES, listParameterProblem } from '../../contract';
import { badRequest } from '../errors';

export interface PageRequest {
  number: number;
  size: number;
  offset: number;
}

function positiveInteger(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest(`${name} must be a whole number of at least 1, not "${raw.slice(0, 40)}"`, name);
  return Number(raw);
}

/** `page[number]` (default 1) and `page[size]` (default 20, at most 100; larger sizes are capped). */
export function parsePage(query: URLSearchParams): PageRequest {
  const number = positiveInteger(query, 'page[number]') ?? 1;
  const size = Math.min(positiveInteger(query, 'page[size]') ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { number, size, offset: (number - 1) * size };
}

/** Refuses a list parameter with more entries than the spec allows (400 naming the parameter). */
export function checkListSize(parameter: string, count: number): void {
  const problem = listParameterProblem(parameter, count);
  if (problem) throw badRequest(problem, parameter);
}

/** The non-empty, trimmed entries of a comma-separated list parameter, within the spec's bound. */
export function commaSeparated(query: URLSearchParams, parameter: string): string[] {
  const raw = query.get(parameter);
  if (!raw) return [];
  const entries = raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  checkListSize(parameter, entries.length);
  return entries;
}

/** What a request without `include` includes: one shared empty set, not one a request. */
const NO_INCLUDES: ReadonlySet<string> = new Set();

export function parseInclude(query: URLSearchParams): ReadonlySet<string> {
  if (!query.has('include')) return NO_INCLUDES;
  const values = commaSeparated(query, 'include');
  for (const value of values) {
    if (!(WORKSPACE_INCLUDES as readonly string[]).includes(value)) {
      throw badRequest(`include "${value.slice(0, 60)}" is not supported; use one of ${WORKSPACE_INCLUDES.join(', ')}`, 'include');
    }
  }
  return new Set(values);
}

/**
 * `links` and `meta.pagination` of a page. The links keep the other parameters and are relative
 * (path and query): built from the Host header, a caller could make the service hand others links
 * to a host of its choosing (issue 37), and the service knows no public address of its own.
 */
export function paginationEnvelope(
  url: URL,
  page: PageRequest,
  total: number,
): { links: Record<string, string | null>; meta: { pagination: Record<string, number | null> } } {
  const totalPages = Math.max(1, Math.ceil(total / page.size));
  const link = (number: number) => {
    const next = new URL(url.toString());
    next.searchParams.set('page[number]', String(number));
    next.searchParams.set('page[size]', String(page.size));
    return next.pathname + next.search;
  };
  const prev = page.number > 1 ? Math.min(page.number - 1, totalPages) : null;
  const next = page.number < totalPages ? page.number + 1 : null;
  return {
    links: {
      self: link(page.number),
      first: link(1),
      prev: prev === null ? null : link(prev),
      next: next === null ? null : link(next),
      last: link(totalPages),
    },
    meta: {
      pagination: {
        'current-page': page.number,
        'page-size': page.size,
        'prev-page': prev,
        'next-page': next,
        'total-pages': totalPages,
        'total-count': total,
      },
    },
  };
}
