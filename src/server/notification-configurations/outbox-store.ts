import { Db } from '../storage/db';

// The durable outbox of notification deliveries (`store.notificationOutbox`). A row is written in
// the transaction that creates its change request (insertOutboxRows, called by the change requests'
// store), so a delivery exists exactly when its change request does. Any instance claims a due row
// for a lease: the claim is one conditional update per row, so two instances never both hold a row
// while its lease runs; a claimant that dies leaves the row to be claimed again when the lease
// lapses (deliveries are at least once: the idempotency key lets a receiver drop a repeat).

export type OutboxState = 'pending' | 'failed';

export interface OutboxRow {
  id: string;
  configurationId: string;
  /** The team notification it delivers (the emulator's record), when there is one. */
  notificationId: string | null;
  /** The JSON body, exactly as it is sent and signed. */
  body: string;
  /** Attempts claimed so far, this one included once claimed. */
  attempts: number;
  createdAt: string;
}

export interface NewOutboxRow {
  id: string;
  configurationId: string;
  notificationId: string | null;
  body: string;
  createdAt: string;
  /** When it is first due (ms since the epoch). */
  dueAt: number;
}

export interface OutboxClaim extends OutboxRow {
  /** What this claim's holder presents to finish it; a claim taken again after its lease has another. */
  claimToken: string;
}

/** Writes outbox rows inside the caller's transaction. */
export async function insertOutboxRows(tx: Db, rows: NewOutboxRow[]): Promise<void> {
  for (const r of rows) {
    await tx.run(
      'INSERT INTO notification_outbox (id, configuration_id, notification_id, body, state, attempts, next_attempt_at, claim_expires_at, created_at) ' +
        "VALUES (?, ?, ?, ?, 'pending', 0, ?, 0, ?)",
      [r.id, r.configurationId, r.notificationId, r.body, r.dueAt, r.createdAt],
    );
  }
}

interface Row {
  id: string;
  configuration_id: string;
  notification_id: string | null;
  body: string;
  attempts: number;
  created_at: string;
}

const fromRow = (row: Row): OutboxRow => ({
  id: row.id,
  configurationId: row.configuration_id,
  notificationId: row.notification_id,
  body: row.body,
  attempts: Number(row.attempts),
  createdAt: row.created_at,
});

export class NotificationOutboxStore {
  static readonly door = 'notificationOutbox';

  constructor(private readonly db: Db) {}

  insert(rows: NewOutboxRow[]): Promise<void> {
    return this.db.transaction((tx) => insertOutboxRows(tx, rows));
  }

  /**
   * Claims up to `limit` due rows whose lease is free (never claimed, or lapsed) until `leaseUntil`,
   * counting the attempt. Each row is taken by a conditional update that checks the lease again, so
   * of two instances reaching for one row only one gets it.
   */
  async claimDue(nowMs: number, leaseUntil: number, limit: number, claimToken: string): Promise<OutboxClaim[]> {
    const candidates = await this.db.all<{ id: string }>(
      "SELECT id FROM notification_outbox WHERE state = 'pending' AND next_attempt_at <= ? AND claim_expires_at <= ? ORDER BY next_attempt_at, seq LIMIT ?",
      [nowMs, nowMs, limit],
    );
    const claimed: OutboxClaim[] = [];
    for (const { id } of candidates) {
      const { changes } = await this.db.run(
        'UPDATE notification_outbox SET claim_token = ?, claim_expires_at = ?, attempts = attempts + 1 ' +
          "WHERE id = ? AND state = 'pending' AND next_attempt_at <= ? AND claim_expires_at <= ?",
        [claimToken, leaseUntil, id, nowMs, nowMs],
      );
      if (changes !== 1) continue;
      const row = await this.db.get<Row>(
        'SELECT id, configuration_id, notification_id, body, attempts, created_at FROM notification_outbox WHERE id = ? AND claim_token = ?',
        [id, claimToken],
      );
      if (row) claimed.push({ ...fromRow(row), claimToken });
    }
    return claimed;
  }

  /** Delivered: the row goes. False when the claim was lost (its lease lapsed and another took it). */
  async delivered(id: string, claimToken: string): Promise<boolean> {
    const { changes } = await this.db.run('DELETE FROM notification_outbox WHERE id = ? AND claim_token = ?', [id, claimToken]);
    return changes === 1;
  }

  /** Failed this attempt: due again at `retryAt`, or, with `retryAt` null, given up (kept as failed). */
  async failed(id: string, claimToken: string, error: string, retryAt: number | null, now: string): Promise<boolean> {
    const { changes } =
      retryAt === null
        ? await this.db.run(
            "UPDATE notification_outbox SET state = 'failed', last_error = ?, finished_at = ?, claim_token = NULL, claim_expires_at = 0 WHERE id = ? AND claim_token = ?",
            [error, now, id, claimToken],
          )
        : await this.db.run(
            'UPDATE notification_outbox SET next_attempt_at = ?, last_error = ?, claim_token = NULL, claim_expires_at = 0 WHERE id = ? AND claim_token = ?',
            [retryAt, error, id, claimToken],
          );
    return changes === 1;
  }

  /** Drops a row whose configuration is gone or off. */
  async drop(id: string, claimToken: string): Promise<void> {
    await this.db.run('DELETE FROM notification_outbox WHERE id = ? AND claim_token = ?', [id, claimToken]);
  }

  /** Pending and failed rows, for operators (metrics, logs); `oldestPendingAt` is a creation time. */
  async counts(): Promise<{ pending: number; failed: number; oldestPendingAt: string | null }> {
    const rows = await this.db.all<{ state: string; n: number; oldest: string | null }>(
      'SELECT state, COUNT(*) AS n, MIN(created_at) AS oldest FROM notification_outbox GROUP BY state',
    );
    const of = (state: OutboxState) => rows.find((r) => r.state === state);
    return { pending: Number(of('pending')?.n ?? 0), failed: Number(of('failed')?.n ?? 0), oldestPendingAt: of('pending')?.oldest ?? null };
  }

  /** The earliest time a pending row is due (its lease considered), or null when none is pending. */
  async nextDueAt(): Promise<number | null> {
    const row = await this.db.get<{ due: number | null }>(
      `SELECT MIN(CASE WHEN claim_expires_at > next_attempt_at THEN claim_expires_at ELSE next_attempt_at END) AS due FROM notification_outbox WHERE state = 'pending'`,
    );
    return row?.due === null || row?.due === undefined ? null : Number(row.due);
  }
}
