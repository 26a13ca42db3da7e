import { Db, type Param } from '../storage/db';
import type { StoragePage } from '../storage/types';
import { Cipher } from '../secrets/cipher';
import type { StoreTuning } from '../store-tuning';

// Team notification configurations (`store.notificationConfigurations`) and their delivery
// responses. The token that signs deliveries is sealed with the service's encryption key and opened
// only to sign; a configuration seeded from the bootstrap file is remembered in notification_seeds,
// so deleting it through the API is not undone by the next start. Deleting a configuration drops
// the deliveries of it not yet made (outbox-store.ts), in the same transaction.

export interface NotificationConfigurationRecord {
  id: string;
  teamId: string;
  name: string;
  destinationType: string;
  url: string | null;
  /** Whether deliveries are signed (the token itself is read with `token`). */
  hasToken: boolean;
  enabled: boolean;
  triggers: string[];
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryResponseRecord {
  configurationId: string;
  outboxId: string | null;
  attempt: number;
  url: string;
  /** The HTTP status, as a string; empty when no answer came. */
  code: string;
  successful: boolean;
  headers: Record<string, string[]>;
  body: string;
  error: string | null;
  sentAt: string;
}

/** Delivery responses kept per configuration: the oldest go as new ones come. */
export const DELIVERY_RESPONSES_KEPT = 50;

const COLUMNS = 'id, team_id, name, destination_type, url, sealed_token, enabled, triggers, created_at, updated_at';

interface Row {
  id: string;
  team_id: string;
  name: string;
  destination_type: string;
  url: string | null;
  sealed_token: Buffer | Uint8Array | null;
  enabled: number | boolean;
  triggers: string;
  created_at: string;
  updated_at: string;
}

function fromRow(row: Row): NotificationConfigurationRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    destinationType: row.destination_type,
    url: row.url,
    hasToken: row.sealed_token !== null,
    enabled: Boolean(row.enabled),
    triggers: JSON.parse(row.triggers) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface ResponseRow {
  configuration_id: string;
  outbox_id: string | null;
  attempt: number;
  url: string;
  code: string;
  successful: number | boolean;
  headers: string;
  body: string;
  error: string | null;
  sent_at: string;
}

const tokenContext = (id: string) => `notification_configurations:${id}:token`;

/** What a change may set; `token: null` removes it, absent keeps it. */
export type NotificationConfigurationChange = Partial<Pick<NotificationConfigurationRecord, 'name' | 'url' | 'enabled' | 'triggers'>> & {
  token?: string | null;
  updatedAt: string;
};

export class NotificationConfigurationStore {
  private readonly cipher: Cipher;

  constructor(
    private readonly db: Db,
    tuning: StoreTuning = {},
  ) {
    this.cipher = tuning.cipher ?? Cipher.ephemeral();
  }

  private sealed(id: string, token: string | null): Buffer | null {
    return token === null || token === '' ? null : this.cipher.seal(Buffer.from(token, 'utf8'), tokenContext(id));
  }

  async insert(record: NotificationConfigurationRecord, token: string | null): Promise<void> {
    await this.db.run(`INSERT INTO notification_configurations (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      record.id,
      record.teamId,
      record.name,
      record.destinationType,
      record.url,
      this.sealed(record.id, token),
      record.enabled ? 1 : 0,
      JSON.stringify(record.triggers),
      record.createdAt,
      record.updatedAt,
    ]);
  }

  /**
   * Inserts the configurations the bootstrap file seeds, each once ever: one whose seed is recorded
   * already (kept, changed or deleted through the API since) is left as it is.
   */
  seed(records: NotificationConfigurationRecord[]): Promise<number> {
    if (records.length === 0) return Promise.resolve(0);
    return this.db.transaction(async (tx) => {
      let added = 0;
      for (const record of records) {
        const { changes } = await tx.run('INSERT INTO notification_seeds (id) VALUES (?) ON CONFLICT (id) DO NOTHING', [record.id]);
        if (changes !== 1) continue;
        await tx.run(`INSERT INTO notification_configurations (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
          record.id,
          record.teamId,
          record.name,
          record.destinationType,
          record.url,
          null,
          record.enabled ? 1 : 0,
          JSON.stringify(record.triggers),
          record.createdAt,
          record.updatedAt,
        ]);
        added += 1;
      }
      return added;
    });
  }

  async get(id: string): Promise<NotificationConfigurationRecord | null> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM notification_configurations WHERE id = ?`, [id]);
    return row ? fromRow(row) : null;
  }

  /** The token that signs the configuration's deliveries, or null when it has none. */
  async token(id: string): Promise<string | null> {
    const row = await this.db.get<{ sealed_token: Buffer | Uint8Array | null }>('SELECT sealed_token FROM notification_configurations WHERE id = ?', [id]);
    return row?.sealed_token ? this.cipher.open(Buffer.from(row.sealed_token), tokenContext(id)).toString('utf8') : null;
  }

  async listForTeam(teamId: string, offset: number, limit: number): Promise<StoragePage<NotificationConfigurationRecord>> {
    const rows = await this.db.all<Row>(`SELECT ${COLUMNS} FROM notification_configurations WHERE team_id = ? ORDER BY seq LIMIT ? OFFSET ?`, [
      teamId,
      Math.max(0, limit),
      Math.max(0, offset),
    ]);
    const count = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notification_configurations WHERE team_id = ?', [teamId]);
    return { items: rows.map(fromRow), total: Number(count?.n ?? 0) };
  }

  /** The enabled configurations of these teams with the trigger, in creation order. */
  async enabledForTeams(teamIds: string[], trigger: string): Promise<NotificationConfigurationRecord[]> {
    if (teamIds.length === 0) return [];
    const rows = await this.db.all<Row>(
      `SELECT ${COLUMNS} FROM notification_configurations WHERE ${this.db.sql.inJsonList('team_id')} AND enabled = 1 ORDER BY seq`,
      [JSON.stringify([...new Set(teamIds)])],
    );
    return rows.map(fromRow).filter((r) => r.triggers.includes(trigger));
  }

  /** Changes the attributes given; false when there is no such configuration. */
  async update(id: string, change: NotificationConfigurationChange): Promise<boolean> {
    const sets: string[] = ['updated_at = ?'];
    const values: Param[] = [change.updatedAt];
    const set = (column: string, value: Param) => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (change.name !== undefined) set('name', change.name);
    if (change.url !== undefined) set('url', change.url);
    if (change.enabled !== undefined) set('enabled', change.enabled ? 1 : 0);
    if (change.triggers !== undefined) set('triggers', JSON.stringify(change.triggers));
    if (change.token !== undefined) set('sealed_token', this.sealed(id, change.token));
    const { changes } = await this.db.run(`UPDATE notification_configurations SET ${sets.join(', ')} WHERE id = ?`, [...values, id]);
    return changes === 1;
  }

  /** Deletes it with its responses and the deliveries not yet made; false when there was none. */
  delete(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { changes } = await tx.run('DELETE FROM notification_configurations WHERE id = ?', [id]);
      await tx.run('DELETE FROM notification_outbox WHERE configuration_id = ?', [id]);
      await tx.run('DELETE FROM notification_delivery_responses WHERE configuration_id = ?', [id]);
      return changes === 1;
    });
  }

  // ---- Delivery responses ----

  /** Records a response and drops the configuration's oldest beyond DELIVERY_RESPONSES_KEPT. */
  recordResponse(r: DeliveryResponseRecord): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.run(
        'INSERT INTO notification_delivery_responses (configuration_id, outbox_id, attempt, url, code, successful, headers, body, error, sent_at) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [r.configurationId, r.outboxId, r.attempt, r.url, r.code, r.successful ? 1 : 0, JSON.stringify(r.headers), r.body, r.error, r.sentAt],
      );
      await tx.run(
        'DELETE FROM notification_delivery_responses WHERE configuration_id = ? AND seq NOT IN ' +
          '(SELECT seq FROM notification_delivery_responses WHERE configuration_id = ? ORDER BY seq DESC LIMIT ?)',
        [r.configurationId, r.configurationId, DELIVERY_RESPONSES_KEPT],
      );
    });
  }

  /** The latest responses, newest first. */
  async responses(configurationId: string, limit: number): Promise<DeliveryResponseRecord[]> {
    const rows = await this.db.all<ResponseRow>(
      'SELECT configuration_id, outbox_id, attempt, url, code, successful, headers, body, error, sent_at FROM notification_delivery_responses ' +
        'WHERE configuration_id = ? ORDER BY seq DESC LIMIT ?',
      [configurationId, limit],
    );
    return rows.map((row) => ({
      configurationId: row.configuration_id,
      outboxId: row.outbox_id,
      attempt: Number(row.attempt),
      url: row.url,
      code: row.code,
      successful: Boolean(row.successful),
      headers: JSON.parse(row.headers) as Record<string, string[]>,
      body: row.body,
      error: row.error,
      sentAt: row.sent_at,
    }));
  }
}
