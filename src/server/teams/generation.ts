import type { Db } from '../storage/db';

// The access generation (issue 34): one counter in `meta`, raised in the transaction of every change
// to teams, members, memberships, projects and grants. A process compares it where it compares the
// directory's digest, so a change made by any process is indexed by every other within one poll.

export const ACCESS_GENERATION_KEY = 'access-generation';

/** Raises the counter inside the caller's transaction (the row lock orders concurrent writers). */
export async function raiseAccessGeneration(tx: Db): Promise<void> {
  const { changes } = await tx.run("UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'access-generation'");
  if (changes === 0) await tx.run("INSERT INTO meta (key, value) VALUES ('access-generation', '1') ON CONFLICT (key) DO NOTHING");
}

export async function readAccessGeneration(db: Db): Promise<string> {
  const row = await db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'access-generation'");
  return row?.value ?? '0';
}

/**
 * Runs a change in one transaction that raises the generation first: the counter's row lock then
 * orders every access change of every process (checks and writes of one change see no other's
 * half-done work), and a seed that finds nothing to do still costs only this one row.
 */
export function accessChange<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await raiseAccessGeneration(tx);
    return change(tx);
  });
}
