import { LRUCache } from 'lru-cache';
import type { Db, Param } from '../storage/db';
import { ListOrder, comesAfter, orderBy } from './list-query';

// Deep list pages that do not step through every row before them. For a list (its WHERE with its
// parameters, and its order) the order's values of every EVERY-th row are kept as bookmarks; a page
// starts right after the nearest bookmark at or before its offset and skips fewer than EVERY index
// entries. Bookmarks are gathered lazily, only as deep as a page asks, by one query that hops
// EVERY rows at a time along the order's index, so gathering costs what the OFFSET it replaces
// costs, once.
//
// Invalidation: a set of bookmarks serves a page only when the organization's list version
// (organization_counters.list_version), read after the page, equals the version read with the set;
// otherwise the set is dropped and the page read again with a plain OFFSET. Every insert and delete
// of a workspace raises the version in its own transaction (store.ts), and so does, by trigger,
// every change of a workspace's name_key or latest_change_at (migration 4): all that an unfiltered
// list's rows and order depend on. Versions only grow, so an equal version after the page means no
// such write was committed between the set's query and the page's, by any process. Beyond SETS
// sets, the least recently used go.

const EVERY = 500;
const SETS = 64;

/** A list as the store queries it: conditions on `w` (workspaces) within one organization. */
export interface PagedList {
  organization: string;
  where: string;
  params: Param[];
  order: ListOrder;
}

/** Where a page starts: after a bookmark (`condition` with `params`), then `skip` more rows. */
export interface PageStart {
  condition: string;
  params: Param[];
  skip: number;
  version: number;
  key: string;
}

interface BookmarkSet {
  version: number;
  /** The order's values of rows EVERY - 1, 2 * EVERY - 1, …, in order. */
  bookmarks: Param[][];
  /** No bookmark follows the last one: the list ends within EVERY rows of it. */
  complete: boolean;
}

const placeholders = (order: ListOrder) => order.columns.map(() => '?');

export class PageBookmarks {
  private readonly sets = new LRUCache<string, BookmarkSet>({ max: SETS });

  /** `every` is EVERY but in tests; Infinity turns bookmarks off. */
  constructor(private readonly every = EVERY) {}

  /** Where the page at `offset` of `list` starts, or null when it starts from the list's beginning. */
  async start(db: Db, list: PagedList, offset: number): Promise<PageStart | null> {
    const wanted = Math.floor(offset / this.every);
    if (wanted === 0) return null;
    const key = JSON.stringify([list.where, list.params, list.order]);
    let set: BookmarkSet | null | undefined = this.sets.get(key);
    if (!set || (set.bookmarks.length < wanted && !set.complete)) set = await this.gather(db, list, key, set, wanted);
    if (!set) return null;
    const used = Math.min(wanted, set.bookmarks.length);
    return {
      condition: comesAfter(list.order, placeholders(list.order)),
      params: set.bookmarks[used - 1],
      skip: offset - used * this.every,
      version: set.version,
      key,
    };
  }

  /** True when the page read from `start` is right under list version `version` (read after it). */
  confirm(start: PageStart, version: number | undefined): boolean {
    if (version === start.version) return true;
    if (this.sets.get(start.key)?.version === start.version) this.sets.delete(start.key);
    return false;
  }

  /** `set` extended (or a new set) to `wanted` bookmarks, or as many as the list has; null when it has none. */
  private async gather(db: Db, list: PagedList, key: string, set: BookmarkSet | undefined, wanted: number): Promise<BookmarkSet | null> {
    const from = set?.bookmarks[set.bookmarks.length - 1];
    const have = set?.bookmarks.length ?? 0;
    const rows = await db.all<Record<string, Param>>(this.gatherSql(db, list, from !== undefined), [
      ...list.params,
      ...(from ?? []),
      ...list.params,
      wanted - have,
      list.organization,
    ]);
    if (rows.length > 0 && set && Number(rows[0].list_version) !== set.version) {
      // Written since: the new bookmarks continue from a stale one. Start afresh.
      this.sets.delete(key);
      return this.gather(db, list, key, undefined, wanted);
    }
    if (rows.length === 0 && !set) return null;
    const found = rows.map((row) => list.order.columns.map((_, i) => row[`c${i}`]));
    // Marking a stale set complete only costs a longer skip until a page finds it stale.
    const next: BookmarkSet = {
      version: set?.version ?? Number(rows[0].list_version),
      bookmarks: [...(set?.bookmarks ?? []), ...found],
      complete: found.length < wanted - have,
    };
    this.sets.set(key, next);
    return next;
  }

  /**
   * Rows EVERY apart, hopping along the order: the first EVERY rows after the start (the list's
   * beginning, or `?` values of the last bookmark), then EVERY rows after each row found, at most
   * `?` rows; with the list version read in the same statement.
   */
  private gatherSql(db: Db, list: PagedList, fromBookmark: boolean): string {
    const key = db.sql.rowKey;
    const columns = list.order.columns.map((_, i) => `c${i}`);
    const values = list.order.columns.map((column) => `p.${column}`).join(', ');
    const nth = (after: string | null) =>
      `(SELECT w.${key} FROM workspaces w WHERE ${list.where}${after ? ` AND ${after}` : ''} ` +
      `ORDER BY ${orderBy(list.order)} LIMIT 1 OFFSET ${this.every - 1})`;
    // `|| ''` keeps the value but drops its column affinity, without which SQLite bounds the
    // index range by the first column alone and walks every tie of a latest-change time.
    const previous = columns.map((c) => `b.${c} || ''`);
    const afterPrevious = comesAfter(list.order, previous);
    const afterBookmark = fromBookmark ? comesAfter(list.order, placeholders(list.order)) : null;
    return (
      `WITH RECURSIVE b (n, ${columns.join(', ')}) AS (` +
      `SELECT 1, ${values} FROM workspaces p WHERE p.${key} = ${nth(afterBookmark)} ` +
      `UNION ALL SELECT b.n + 1, ${values} FROM b JOIN workspaces p ON p.${key} = ${nth(afterPrevious)} WHERE b.n < ?) ` +
      `SELECT (SELECT list_version FROM organization_counters WHERE organization = ?) AS list_version, ` +
      `${columns.map((c) => `b.${c}`).join(', ')} FROM b ORDER BY b.n`
    );
  }
}
