import type { Db } from '../storage/db';
import { PageBookmarks, PageStart, PagedList } from './page-bookmarks';
import { orderBy, workspaceFilter, workspaceOrder } from './list-query';
import { WORKSPACE_COLUMNS, WorkspaceRow } from './rows';
import type { WorkspaceQuery } from './records';

// One page of the workspace list and its total. An unfiltered deep page starts from a page
// bookmark (page-bookmarks.ts); every other page skips with OFFSET.

export class WorkspacePages {
  private readonly bookmarks: PageBookmarks;

  constructor(
    private readonly db: Db,
    bookmarkEvery?: number,
  ) {
    this.bookmarks = new PageBookmarks(bookmarkEvery);
  }

  /** `db`: the store's, or a view of it that cancels on the caller's signal. */
  async read(q: WorkspaceQuery, db: Db = this.db): Promise<{ rows: WorkspaceRow[]; total: number }> {
    const { where, params, narrowed } = workspaceFilter(db.sql, q);
    const list: PagedList = { organization: q.organization, where, params, order: workspaceOrder(q) };
    const offset = Math.max(0, q.offset);
    const limit = Math.max(0, q.limit);
    if (narrowed) {
      // A filter may lead the planner away from the order's index (tags, bindings, trigrams), and
      // bookmarks gathered by hopping along the order would then filter and sort once per hop.
      const rows = await this.rows(db, list, offset, limit, null);
      const count = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM workspaces w WHERE ${where}`, params);
      return { rows, total: Number(count?.n ?? 0) };
    }
    const start = await this.bookmarks.start(db, list, offset);
    let rows = await this.rows(db, list, offset, limit, start);
    // The unfiltered total comes from the counter kept with inserts and deletes: no scan. Read
    // after the page, its list version tells whether the page's bookmark still held.
    const counter = await db.get<{ n: number; v: number }>('SELECT workspace_count AS n, list_version AS v FROM organization_counters WHERE organization = ?', [
      q.organization,
    ]);
    if (start && !this.bookmarks.confirm(start, counter && Number(counter.v))) rows = await this.rows(db, list, offset, limit, null);
    return { rows, total: Number(counter?.n ?? 0) };
  }

  /**
   * A later page finds its keys in an index first, so the rows it skips are never read; then it
   * reads its own rows. From a bookmark, it skips only the rows after the bookmark.
   */
  private rows(db: Db, list: PagedList, offset: number, limit: number, start: PageStart | null): Promise<WorkspaceRow[]> {
    const order = orderBy(list.order);
    if (offset === 0) {
      return db.all<WorkspaceRow>(`SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE ${list.where} ORDER BY ${order} LIMIT ?`, [...list.params, limit]);
    }
    const key = `w.${db.sql.rowKey}`;
    const where = start ? `${list.where} AND ${start.condition}` : list.where;
    return db.all<WorkspaceRow>(
      `SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE ${key} IN ` +
        `(SELECT ${key} FROM workspaces w WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`,
      [...list.params, ...(start?.params ?? []), limit, start ? start.skip : offset],
    );
  }
}
