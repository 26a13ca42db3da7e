import { Db } from '../storage/db';

// Remote state consumers (`store.consumers`): for each workspace, the set of workspaces that may read its state, in
// the order added.

export class ConsumerStore {
  constructor(private readonly db: Db) {}

  async list(workspaceId: string): Promise<string[]> {
    const rows = await this.db.all<{ consumer_id: string }>('SELECT consumer_id FROM workspace_consumers WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows.map((r) => r.consumer_id);
  }

  /** Ignores duplicates, and IDs (subject or consumer) of workspaces that do not exist. */
  private async insertConsumers(tx: Db, workspaceId: string, consumerIds: string[]): Promise<void> {
    for (const consumerId of new Set(consumerIds)) {
      await tx.run(
        'INSERT INTO workspace_consumers (workspace_id, consumer_id) SELECT s.id, c.id FROM workspaces s, workspaces c ' +
          'WHERE s.id = ? AND c.id = ? ON CONFLICT (workspace_id, consumer_id) DO NOTHING',
        [workspaceId, consumerId],
      );
    }
  }

  add(workspaceId: string, consumerIds: string[]): Promise<void> {
    if (consumerIds.length === 0) return Promise.resolve();
    return this.db.transaction((tx) => this.insertConsumers(tx, workspaceId, consumerIds));
  }

  async remove(workspaceId: string, consumerIds: string[]): Promise<void> {
    if (consumerIds.length === 0) return;
    await this.db.run(`DELETE FROM workspace_consumers WHERE workspace_id = ? AND ${this.db.sql.inJsonList('consumer_id')}`, [
      workspaceId,
      JSON.stringify(consumerIds),
    ]);
  }

  /** The set becomes exactly `consumerIds`; those already present keep their place. */
  replace(workspaceId: string, consumerIds: string[]): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.run(`DELETE FROM workspace_consumers WHERE workspace_id = ? AND NOT ${tx.sql.inJsonList('consumer_id')}`, [
        workspaceId,
        JSON.stringify(consumerIds),
      ]);
      await this.insertConsumers(tx, workspaceId, consumerIds);
    });
  }
}
