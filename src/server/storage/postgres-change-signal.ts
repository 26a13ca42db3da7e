import type { Db } from './db';

// PostgreSQL's change signal: what SQLite's data_version is to the show cache (show-cache.ts).
//
// Every table of the schema carries a statement-level trigger that calls pg_notify on one channel.
// A notification is sent when, and only if, the transaction that raised it commits (PostgreSQL
// folds the identical ones of one transaction into one), so every commit that changed a row, by
// any instance or any other client of the database, is announced, and nothing else is. The
// triggers are installed under the migrations' lock at every start, on every table that lacks
// one: tables added by later migrations are covered without anyone remembering to.
//
// Each instance listens on a connection of its own (ChangeListener). Its token changes with every
// notification heard, and with every loss of the connection: while it is not listening there is
// no token at all, so no cache is trusted, and a reconnection starts a new epoch, so nothing
// confirmed before the loss is trusted after it (commits made meanwhile were never heard).
//
// The one window: PostgreSQL signals the listening backends before the writer's COMMIT returns,
// but the notification still travels to each instance over its own connection. A client that saw
// another instance's write answered and at once asks this one may, if its request arrives before
// the notification does (one packet on the database's network), be served from before the write.

/** The channel every write is announced on. */
export const CHANGE_CHANNEL = 'cdkws_changes';
/** The listener connection's application_name (operators and tests find it in pg_stat_activity by it). */
export const LISTENER_APPLICATION_NAME = 'cdkws-change-listener';
export const TRIGGER = 'cdkws_notify_change';

/**
 * Puts the notifying trigger on every table of the schema that lacks it; inside the migrations'
 * transaction, after its advisory lock (two instances starting at once do not race).
 */
export async function installChangeTriggers(tx: Db): Promise<void> {
  const missing = await tx.all<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = '${TRIGGER}')
      ORDER BY c.relname`,
  );
  if (missing.length === 0) return;
  await tx.run(
    `CREATE OR REPLACE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      PERFORM pg_notify('${CHANGE_CHANNEL}', '');
      RETURN NULL;
    END $$`,
  );
  for (const { name } of missing) {
    const table = `"${name.replace(/"/g, '""')}"`;
    await tx.run(`CREATE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${TRIGGER}()`);
  }
}
