// The rows of variables, shared by a workspace's variables (`variables`, owned by a workspace) and a
// variable set's (`variable_set_variables`, owned by a set). Every value is sealed with the
// service's key before it reaches the database, sensitive or not, so a variable made sensitive
// later leaves no readable copy behind. A sensitive value is never opened: records carry null in
// its place, so nothing above the store can answer, log or render it; nothing here opens one.
import { randomBytes } from 'node:crypto';
import type { VariableCategory, VariableWireAttributes } from '../../contract';
import type { Cipher } from '../secrets/cipher';
import { UniqueViolationError, type Db } from '../storage/db';

export interface VariableRecord {
  id: string;
  /** The workspace (`ws-…`) or the variable set (`varset-…`) the variable belongs to. */
  ownerId: string;
  key: string;
  /** null when the variable is sensitive: its value is never opened. */
  value: string | null;
  description: string | null;
  category: VariableCategory;
  hcl: boolean;
  sensitive: boolean;
  versionId: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewVariable {
  id: string;
  ownerId: string;
  key: string;
  value: string;
  description: string | null;
  category: VariableCategory;
  hcl: boolean;
  sensitive: boolean;
  at: string;
}

/** What an update gives (undefined: unchanged). */
/** What an update may change: the request's attributes, which the contract defines once. */
export type VariableChanges = VariableWireAttributes;

/** The rule checks of the route, run on the variable as it would be, inside the write's transaction. */
export type VariableCheck = (after: VariableRecord, before: VariableRecord) => void;

export type CreateVariableResult = { kind: 'created'; record: VariableRecord } | { kind: 'key-taken' } | { kind: 'owner-missing' };
export type UpdateVariableResult = { kind: 'updated'; record: VariableRecord } | { kind: 'key-taken' } | { kind: 'not-found' };

interface VariableRow {
  id: string;
  owner_id: string;
  key: string;
  category: string;
  sealed_value: Buffer;
  description: string | null;
  hcl: number;
  sensitive: number;
  version_id: string;
  created_at: string;
  updated_at: string;
}

/** Where a sealed value belongs: it opens only in its own row. */
const valueContext = (id: string) => `variable:${id}`;
/** A new version ID: random, so it says nothing about the value it stands for. */
export const newVersionId = () => randomBytes(16).toString('hex');

export class VariableRows {
  private readonly columns: string;

  /**
   * `table` holds the rows, `ownerColumn` the owner's ID, `ownerTable` the owners (for the row
   * lock). `listedOnOwner`: the owner's column that lists its variables' IDs (the workspace
   * document's `vars`), kept in step in the transaction of every create and delete, which also
   * counts a new version of the owner (so its cached documents are read again).
   */
  constructor(
    private readonly db: Db,
    private readonly cipher: Cipher,
    private readonly table: 'variables' | 'variable_set_variables',
    private readonly ownerColumn: 'workspace_id' | 'varset_id',
    private readonly ownerTable: 'workspaces' | 'variable_sets',
    private readonly listedOnOwner?: 'variable_ids',
  ) {
    this.columns = `id, ${ownerColumn} AS owner_id, key, category, sealed_value, description, hcl, sensitive, version_id, created_at, updated_at`;
  }

  private toRecord(row: VariableRow): VariableRecord {
    const sensitive = Number(row.sensitive) === 1;
    return {
      id: row.id,
      ownerId: row.owner_id,
      key: row.key,
      value: sensitive ? null : this.cipher.open(Buffer.from(row.sealed_value), valueContext(row.id)).toString('utf8'),
      description: row.description,
      category: row.category as VariableCategory,
      hcl: Number(row.hcl) === 1,
      sensitive,
      versionId: row.version_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** The unique index on (owner, category, key): SQLite names its columns, PostgreSQL the index (`…_key_unique`). */
  private keyTaken(err: unknown): boolean {
    return err instanceof UniqueViolationError && /\.key\b|_key_unique$/.test(err.detail);
  }

  async create(input: NewVariable): Promise<CreateVariableResult> {
    try {
      return await this.db.transaction(async (tx) => {
        // The owner's row lock orders this insert after a concurrent delete of the owner.
        const owner = await tx.get(`SELECT id FROM ${this.ownerTable} WHERE id = ?${tx.sql.forUpdate(true)}`, [input.ownerId]);
        if (!owner) return { kind: 'owner-missing' } as const;
        await tx.run(
          `INSERT INTO ${this.table} (id, ${this.ownerColumn}, key, category, sealed_value, description, hcl, sensitive, version_id, created_at, updated_at) ` +
            'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [
            input.id,
            input.ownerId,
            input.key,
            input.category,
            this.cipher.seal(Buffer.from(input.value, 'utf8'), valueContext(input.id)),
            input.description,
            input.hcl ? 1 : 0,
            input.sensitive ? 1 : 0,
            newVersionId(),
            input.at,
            input.at,
          ],
        );
        await this.listOnOwner(tx, input.ownerId);
        const row = await tx.get<VariableRow>(`SELECT ${this.columns} FROM ${this.table} WHERE id = ?`, [input.id]);
        return { kind: 'created', record: this.toRecord(row!) } as const;
      });
    } catch (err) {
      if (this.keyTaken(err)) return { kind: 'key-taken' };
      throw err;
    }
  }

  /**
   * Changes a variable in one transaction with its row locked, so two instances changing it at
   * once apply one change after the other. `check` may throw to refuse the change (rules).
   * Every update gives a new version ID, as the hosted service's do (go-tfe's tests check it even
   * of an update that changes nothing): a changed value always shows as a new version.
   */
  async update(ownerId: string | null, id: string, changes: VariableChanges, at: string, check: VariableCheck): Promise<UpdateVariableResult> {
    try {
      return await this.db.transaction(async (tx) => {
        const row = await tx.get<VariableRow>(`SELECT ${this.columns} FROM ${this.table} WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
        if (!row || (ownerId !== null && row.owner_id !== ownerId)) return { kind: 'not-found' } as const;
        const before = this.toRecord(row);
        const sensitive = changes.sensitive ?? before.sensitive;
        const after: VariableRecord = {
          ...before,
          key: changes.key ?? before.key,
          description: changes.description === undefined ? before.description : changes.description,
          category: changes.category ?? before.category,
          hcl: changes.hcl ?? before.hcl,
          sensitive,
          // A value made sensitive is no longer answered; a sensitive one stays unopened.
          value: sensitive ? null : (changes.value ?? before.value),
          versionId: newVersionId(),
          updatedAt: at,
        };
        check(after, before);
        // The sealed value stays as it is unless a new one is given (it is sealed for its row, which keeps its ID).
        const sealed = changes.value === undefined ? Buffer.from(row.sealed_value) : this.cipher.seal(Buffer.from(changes.value, 'utf8'), valueContext(id));
        await tx.run(
          `UPDATE ${this.table} SET key = ?, category = ?, sealed_value = ?, description = ?, hcl = ?, sensitive = ?, version_id = ?, updated_at = ? WHERE id = ?`,
          [after.key, after.category, sealed, after.description, after.hcl ? 1 : 0, after.sensitive ? 1 : 0, after.versionId, at, id],
        );
        return { kind: 'updated', record: after } as const;
      });
    } catch (err) {
      if (this.keyTaken(err)) return { kind: 'key-taken' };
      throw err;
    }
  }

  /** Deletes a variable (of `ownerId` when given); whether it was there. */
  delete(ownerId: string | null, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<{ owner_id: string }>(`SELECT ${this.ownerColumn} AS owner_id FROM ${this.table} WHERE id = ?`, [id]);
      if (!row || (ownerId !== null && row.owner_id !== ownerId)) return false;
      // The owner's row first, as a create takes it: two writers of one owner's list take their locks in one order.
      await tx.get(`SELECT id FROM ${this.ownerTable} WHERE id = ?${tx.sql.forUpdate(true)}`, [row.owner_id]);
      const { changes } = await tx.run(`DELETE FROM ${this.table} WHERE id = ?`, [id]);
      await this.listOnOwner(tx, row.owner_id);
      return changes > 0;
    });
  }

  /** Writes the owner's list of its variables' IDs, where the owner keeps one. */
  private async listOnOwner(tx: Db, ownerId: string): Promise<void> {
    if (!this.listedOnOwner) return;
    const ids = await tx.all<{ id: string }>(`SELECT id FROM ${this.table} WHERE ${this.ownerColumn} = ? ORDER BY seq`, [ownerId]);
    await tx.run(`UPDATE ${this.ownerTable} SET ${this.listedOnOwner} = ?, version = version + 1 WHERE id = ?`, [
      JSON.stringify(ids.map((r) => r.id)),
      ownerId,
    ]);
  }

  async get(id: string): Promise<VariableRecord | null> {
    const row = await this.db.get<VariableRow>(`SELECT ${this.columns} FROM ${this.table} WHERE id = ?`, [id]);
    return row ? this.toRecord(row) : null;
  }

  /** One page of an owner's variables in the order they were created, and how many it has. */
  async list(ownerId: string, offset: number, limit: number): Promise<{ records: VariableRecord[]; total: number }> {
    const rows = await this.db.all<VariableRow>(`SELECT ${this.columns} FROM ${this.table} WHERE ${this.ownerColumn} = ? ORDER BY seq LIMIT ? OFFSET ?`, [
      ownerId,
      limit,
      offset,
    ]);
    const count = await this.db.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${this.table} WHERE ${this.ownerColumn} = ?`, [ownerId]);
    return { records: rows.map((row) => this.toRecord(row)), total: Number(count?.n ?? 0) };
  }

  /** Every variable of these owners, in the order they were created. */
  async ofOwners(ownerIds: readonly string[]): Promise<VariableRecord[]> {
    if (ownerIds.length === 0) return [];
    const rows = await this.db.all<VariableRow>(`SELECT ${this.columns} FROM ${this.table} WHERE ${this.db.sql.inJsonList(this.ownerColumn)} ORDER BY seq`, [
      JSON.stringify(ownerIds),
    ]);
    return rows.map((row) => this.toRecord(row));
  }

  /** The IDs of each owner's variables, in the order they were created (`db`: the transaction asking, if any). */
  async idsByOwner(ownerIds: readonly string[], db: Db = this.db): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (ownerIds.length === 0) return out;
    const rows = await db.all<{ owner_id: string; id: string }>(
      `SELECT ${this.ownerColumn} AS owner_id, id FROM ${this.table} WHERE ${db.sql.inJsonList(this.ownerColumn)} ORDER BY seq`,
      [JSON.stringify(ownerIds)],
    );
    for (const row of rows) out.set(row.owner_id, [...(out.get(row.owner_id) ?? []), row.id]);
    return out;
  }
}
