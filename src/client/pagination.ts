// Paginated lists (spec "Pagination envelope"): one-page results and async iterators that walk
// every page at the largest page size (decision 5: 100).
import type { z } from 'zod';
import { MAX_PAGE_SIZE, type WirePagination } from '../contract';
import type { QueryValue, Transport } from './transport';

export interface ListOptions {
  /** Page to fetch. @default 1 */
  pageNumber?: number;
  /** Items per page, at most 100. @default 20 (the service's default) */
  pageSize?: number;
}

export interface Pagination {
  currentPage: number;
  pageSize?: number;
  prevPage: number | null;
  nextPage: number | null;
  totalPages: number;
  totalCount: number;
}

/** A related resource sent along with a list (`include`), as the service sent it. */
export interface IncludedResource {
  id: string;
  type: string;
  attributes?: Record<string, unknown>;
}

/** One page of a list. `pagination` is absent when the service sent none. */
export interface Page<T> {
  items: T[];
  pagination?: Pagination;
  /** Related resources asked for with `include`; absent when none were sent. */
  included?: IncludedResource[];
}

export function toPagination(meta: { pagination: WirePagination } | undefined): Pagination | undefined {
  const p = meta?.pagination;
  if (!p) return undefined;
  return {
    currentPage: p['current-page'],
    ...(p['page-size'] === undefined ? {} : { pageSize: p['page-size'] }),
    prevPage: p['prev-page'],
    nextPage: p['next-page'],
    totalPages: p['total-pages'],
    totalCount: p['total-count'],
  };
}

export function pageQuery(options: ListOptions | undefined): Record<string, number | undefined> {
  return { 'page[number]': options?.pageNumber, 'page[size]': options?.pageSize };
}

/** Every item of every page, fetching the next page only when the caller gets there. */
export async function* paginate<T>(fetchPage: (options: ListOptions) => Promise<Page<T>>, pageSize = MAX_PAGE_SIZE): AsyncGenerator<T, void, undefined> {
  let pageNumber = 1;
  for (;;) {
    const page = await fetchPage({ pageNumber, pageSize });
    yield* page.items;
    const next = page.pagination ? page.pagination.nextPage : page.items.length >= pageSize ? pageNumber + 1 : null;
    // A next page that does not move forward would loop for ever.
    if (next === null || next <= pageNumber || page.items.length === 0) return;
    pageNumber = next;
  }
}

/** A list document: its resources and, when the service sends it, the pagination envelope. */
type ListDocumentSchema<R> = z.ZodType<{ data: R[]; meta?: { pagination: WirePagination } }>;

/** One page of the list answered at `path` (from the spec's `pathOf`), its resources mapped by `toItem`. */
export async function fetchPage<R, T>(
  transport: Transport,
  path: string,
  query: Record<string, QueryValue>,
  schema: ListDocumentSchema<R>,
  toItem: (resource: R) => T,
): Promise<Page<T>> {
  const doc = await transport.call({ method: 'GET', path, query, idempotent: true }, schema);
  return { items: doc.data.map(toItem), pagination: toPagination(doc.meta) };
}

/** The API of a list that belongs to one parent (e.g. a workspace's flat tags). */
export abstract class ChildListApi<R, T> {
  constructor(
    protected readonly transport: Transport,
    private readonly listPath: (parentId: string) => string,
    private readonly schema: ListDocumentSchema<R>,
    private readonly toItem: (resource: R) => T,
  ) {}

  /** One page of the list. */
  list(parentId: string, options: ListOptions = {}): Promise<Page<T>> {
    return fetchPage(this.transport, this.listPath(parentId), pageQuery(options), this.schema, this.toItem);
  }

  /** Every item, 100 per request. */
  listAll(parentId: string): AsyncGenerator<T, void, undefined> {
    return paginate((page) => this.list(parentId, page));
  }
}

/** Collects an async iterable into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
