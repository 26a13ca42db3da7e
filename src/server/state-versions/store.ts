// State versions, their states and outputs (`store.stateVersions`). Every write that can change a
// workspace's current state runs in one transaction with the workspace row locked, so two
// instances serving one workspace never lose or reorder a state; the commit happens before the
// answer, so an acknowledged state version survives a crash. States and output values are sealed
// with the service's key before they reach the database.
import type { StateResourceSummary, StateVersionStatus } from '../../contract';
import type { Cipher } from '../secrets/cipher';
import type { Db } from '../storage/db';
import type { StateFacts } from './state-check';

export type StateKind = 'raw' | 'json';

export interface StateVersionRecord {
  id: string;
  workspaceId: string;
  status: StateVersionStatus;
  serial: number;
  lineage: string | null;
  md5: string;
  size: number;
  stateFormat: number | null;
  terraformVersion: string | null;
  resources: StateResourceSummary[];
  resourceCount: number;
  hasJsonState: boolean;
  /** While pending: whether each upload address is still unused and unexpired. */
  rawUploadOpen: boolean;
  jsonUploadOpen: boolean;
  createdAt: string;
  createdBy: string | null;
}

export interface StateVersionOutputRecord {
  id: string;
  stateVersionId: string;
  name: string;
  sensitive: boolean;
  type: string;
  detailedType: unknown;
  value: unknown;
}

/** A state arrived and checked: its bytes, its facts, and the IDs its outputs take. */
export interface ArrivedState {
  raw: Buffer;
  facts: StateFacts;
  outputIds: string[];
  json?: Buffer;
}

export interface NewStateVersion {
  id: string;
  workspaceId: string;
  principal: string;
  serial: number;
  lineage: string | null;
  md5: string;
  force: boolean;
  createdAt: string;
  /** The state, inline: the version is finalized at once. */
  state?: ArrivedState;
  /** No state yet: the digests of the upload addresses' keys, and when they lapse. */
  upload?: { keyDigest: string; jsonKeyDigest: string; expiresAt: string };
}

export type CreateResult =
  { kind: 'created'; record: StateVersionRecord } | { kind: 'not-found' } | { kind: 'needs-lock' } | { kind: 'conflict'; detail: string };

export type UploadResult = { kind: 'stored'; record: StateVersionRecord } | { kind: 'not-found' } | { kind: 'conflict'; detail: string };

interface StateVersionRow {
  id: string;
  workspace_id: string;
  finalized: number;
  discarded: number;
  serial: number | string;
  lineage: string | null;
  md5: string;
  size: number | string;
  state_format: number | null;
  terraform_version: string | null;
  resources: string;
  resource_count: number;
  has_json_state: number;
  upload_key_digest: string | null;
  json_upload_key_digest: string | null;
  upload_expires_at: string | null;
  force: number;
  created_at: string;
  created_by: string | null;
}

const COLUMNS =
  'id, workspace_id, finalized, discarded, serial, lineage, md5, size, state_format, terraform_version, resources, resource_count, ' +
  'has_json_state, upload_key_digest, json_upload_key_digest, upload_expires_at, force, created_at, created_by';

const open = (row: StateVersionRow, digest: string | null, at: string) => digest !== null && row.upload_expires_at !== null && row.upload_expires_at > at;

function toRecord(row: StateVersionRow, at = new Date().toISOString()): StateVersionRecord {
  const finalized = Number(row.finalized) === 1;
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    status: Number(row.discarded) === 1 ? 'discarded' : finalized ? 'finalized' : 'pending',
    serial: Number(row.serial),
    lineage: row.lineage,
    md5: row.md5,
    size: Number(row.size),
    stateFormat: row.state_format === null ? null : Number(row.state_format),
    terraformVersion: row.terraform_version,
    resources: JSON.parse(row.resources) as StateResourceSummary[],
    resourceCount: Number(row.resource_count),
    hasJsonState: Number(row.has_json_state) === 1,
    rawUploadOpen: !finalized && open(row, row.upload_key_digest, at),
    jsonUploadOpen: open(row, row.json_upload_key_digest, at),
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

/** Where a sealed value belongs: it opens only there. */
const blobContext = (stateVersionId: string, kind: StateKind) => `state:${stateVersionId}:${kind}`;
const outputContext = (outputId: string) => `output:${outputId}`;

/** Why a state cannot follow the current one (null when it may): the lineage must match, the serial must not go back. */
function conflictWith(current: { serial: number; lineage: string | null } | undefined, serial: number, lineage: string | null): string | null {
  if (!current) return null;
  if (current.lineage !== null && lineage !== null && current.lineage !== lineage) {
    return `the state's lineage "${lineage}" is not the current state's ("${current.lineage}"); send it with force to replace the state`;
  }
  if (serial < current.serial) return `the state's serial ${serial} is older than the current state's (${current.serial}); send it with force to go back`;
  return null;
}

export class StateVersionStore {
  constructor(
    private readonly db: Db,
    private readonly cipher: Cipher,
  ) {}

  /** The current state version's serial and lineage, under the workspace row's lock. */
  private async current(tx: Db, stateVersionId: string | null): Promise<{ serial: number; lineage: string | null } | undefined> {
    if (!stateVersionId) return undefined;
    const row = await tx.get<{ serial: number | string; lineage: string | null }>('SELECT serial, lineage FROM state_versions WHERE id = ?', [stateVersionId]);
    return row ? { serial: Number(row.serial), lineage: row.lineage } : undefined;
  }

  create(input: NewStateVersion): Promise<CreateResult> {
    return this.db.transaction(async (tx) => {
      const ws = await tx.get<{ locked: number; locked_by: string | null; current_state_version_id: string | null }>(
        `SELECT locked, locked_by, current_state_version_id FROM workspaces WHERE id = ?${tx.sql.forUpdate(true)}`,
        [input.workspaceId],
      );
      if (!ws) return { kind: 'not-found' };
      if (Number(ws.locked) !== 1 || ws.locked_by !== input.principal) return { kind: 'needs-lock' };
      if (!input.force) {
        const detail = conflictWith(await this.current(tx, ws.current_state_version_id), input.serial, input.lineage);
        if (detail) return { kind: 'conflict', detail };
      }
      // A state version still waiting for its state is replaced by this one.
      await tx.run(
        'UPDATE state_versions SET discarded = 1, upload_key_digest = NULL, json_upload_key_digest = NULL WHERE workspace_id = ? AND finalized = 0',
        [input.workspaceId],
      );
      const state = input.state;
      await tx.run(`INSERT INTO state_versions (${COLUMNS}) VALUES (?, ?, ?, 0, ?, ?, ?, 0, NULL, NULL, '[]', 0, 0, ?, ?, ?, ?, ?, ?)`, [
        input.id,
        input.workspaceId,
        0,
        input.serial,
        input.lineage ?? state?.facts.lineage ?? null,
        input.md5,
        input.upload?.keyDigest ?? null,
        input.upload?.jsonKeyDigest ?? null,
        input.upload?.expiresAt ?? null,
        input.force ? 1 : 0,
        input.createdAt,
        input.principal,
      ]);
      if (state) await this.finalize(tx, input.id, input.workspaceId, state, input.createdAt);
      return { kind: 'created', record: toRecord((await tx.get<StateVersionRow>(`SELECT ${COLUMNS} FROM state_versions WHERE id = ?`, [input.id]))!) };
    });
  }

  /** Stores the state, its outputs and facts, and makes the version the workspace's current state. */
  private async finalize(tx: Db, id: string, workspaceId: string, state: ArrivedState, at: string): Promise<void> {
    const { facts } = state;
    await tx.run('INSERT INTO state_blobs (state_version_id, kind, sealed) VALUES (?, ?, ?)', [id, 'raw', this.cipher.seal(state.raw, blobContext(id, 'raw'))]);
    if (state.json) await this.storeJson(tx, id, state.json);
    for (const [position, output] of facts.outputs.entries()) {
      const outputId = state.outputIds[position];
      await tx.run(
        'INSERT INTO state_version_outputs (id, state_version_id, position, name, sensitive, type, detailed_type, sealed_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [
          outputId,
          id,
          position,
          output.name,
          output.sensitive ? 1 : 0,
          output.type,
          JSON.stringify(output.detailedType),
          this.cipher.seal(Buffer.from(JSON.stringify(output.value), 'utf8'), outputContext(outputId)),
        ],
      );
    }
    await tx.run(
      'UPDATE state_versions SET finalized = 1, size = ?, state_format = 4, terraform_version = ?, resources = ?, resource_count = ?, ' +
        'upload_key_digest = NULL WHERE id = ?',
      [state.raw.length, facts.terraformVersion, JSON.stringify(facts.resources), facts.resourceCount, id],
    );
    await tx.run(
      'UPDATE workspaces SET current_state_version_id = ?, current_output_ids = ?, resource_count = ?, latest_change_at = ?, updated_at = ?, ' +
        'version = version + 1 WHERE id = ?',
      [id, JSON.stringify(state.outputIds), facts.resourceCount, at, at, workspaceId],
    );
  }

  private async storeJson(tx: Db, id: string, json: Buffer): Promise<void> {
    await tx.run(
      'INSERT INTO state_blobs (state_version_id, kind, sealed) VALUES (?, ?, ?) ON CONFLICT (state_version_id, kind) DO UPDATE SET sealed = excluded.sealed',
      [id, 'json', this.cipher.seal(json, blobContext(id, 'json'))],
    );
    await tx.run('UPDATE state_versions SET has_json_state = 1, json_upload_key_digest = NULL WHERE id = ?', [id]);
  }

  /**
   * The raw state through an upload address: accepted once, while the version is pending and the
   * address has not lapsed, and only while it may still follow the current state.
   */
  uploadState(id: string, keyDigest: string, state: ArrivedState, at: string): Promise<UploadResult> {
    return this.db.transaction(async (tx) => {
      const sv = await tx.get<StateVersionRow>(`SELECT ${COLUMNS} FROM state_versions WHERE id = ?`, [id]);
      if (!sv || !toRecord(sv, at).rawUploadOpen || sv.upload_key_digest !== keyDigest) return { kind: 'not-found' };
      const ws = await tx.get<{ current_state_version_id: string | null }>(
        `SELECT current_state_version_id FROM workspaces WHERE id = ?${tx.sql.forUpdate(true)}`,
        [sv.workspace_id],
      );
      if (!ws) return { kind: 'not-found' };
      // A version created without a lineage takes the state's own.
      const lineage = sv.lineage ?? state.facts.lineage;
      if (Number(sv.force) !== 1) {
        const detail = conflictWith(await this.current(tx, ws.current_state_version_id), Number(sv.serial), lineage);
        if (detail) return { kind: 'conflict', detail };
      }
      if (sv.lineage === null) await tx.run('UPDATE state_versions SET lineage = ? WHERE id = ?', [lineage, id]);
      await this.finalize(tx, id, sv.workspace_id, state, at);
      return { kind: 'stored', record: toRecord((await tx.get<StateVersionRow>(`SELECT ${COLUMNS} FROM state_versions WHERE id = ?`, [id]))!, at) };
    });
  }

  /**
   * The JSON rendering through its address: once, before the address lapses. Terraform sends it
   * beside the raw state, so it may arrive after the raw state has finalized the version.
   */
  uploadJsonState(id: string, keyDigest: string, json: Buffer, at: string): Promise<UploadResult> {
    return this.db.transaction(async (tx) => {
      const sv = await tx.get<StateVersionRow>(`SELECT ${COLUMNS} FROM state_versions WHERE id = ?${tx.sql.forUpdate(true)}`, [id]);
      if (!sv || Number(sv.discarded) === 1 || !toRecord(sv, at).jsonUploadOpen || sv.json_upload_key_digest !== keyDigest) return { kind: 'not-found' };
      await this.storeJson(tx, id, json);
      return { kind: 'stored', record: toRecord((await tx.get<StateVersionRow>(`SELECT ${COLUMNS} FROM state_versions WHERE id = ?`, [id]))!, at) };
    });
  }

  /** The state version an upload address names, when the address is good now (its key's digest, unused, unlapsed). */
  async openUpload(id: string, kind: StateKind, keyDigest: string): Promise<StateVersionRecord | null> {
    const row = await this.db.get<StateVersionRow>(`SELECT ${COLUMNS} FROM state_versions WHERE id = ?`, [id]);
    if (!row || Number(row.discarded) === 1) return null;
    const record = toRecord(row);
    const good =
      kind === 'raw' ? record.rawUploadOpen && row.upload_key_digest === keyDigest : record.jsonUploadOpen && row.json_upload_key_digest === keyDigest;
    return good ? record : null;
  }

  async get(id: string): Promise<StateVersionRecord | null> {
    const row = await this.db.get<StateVersionRow>(`SELECT ${COLUMNS} FROM state_versions WHERE id = ?`, [id]);
    return row ? toRecord(row) : null;
  }

  /** A workspace's state versions, newest first, and how many there are. */
  async list(workspaceId: string, offset: number, limit: number): Promise<{ records: StateVersionRecord[]; total: number }> {
    const rows = await this.db.all<StateVersionRow>(`SELECT ${COLUMNS} FROM state_versions WHERE workspace_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?`, [
      workspaceId,
      limit,
      offset,
    ]);
    const count = await this.db.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM state_versions WHERE workspace_id = ?', [workspaceId]);
    return { records: rows.map((row) => toRecord(row)), total: Number(count?.n ?? 0) };
  }

  /** The state's bytes (raw or JSON), opened and checked; null when there are none. */
  async state(id: string, kind: StateKind): Promise<Buffer | null> {
    const row = await this.db.get<{ sealed: Buffer }>('SELECT sealed FROM state_blobs WHERE state_version_id = ? AND kind = ?', [id, kind]);
    return row ? this.cipher.open(Buffer.from(row.sealed), blobContext(id, kind)) : null;
  }

  async outputs(stateVersionId: string): Promise<StateVersionOutputRecord[]> {
    const rows = await this.db.all<OutputRow>(`SELECT ${OUTPUT_COLUMNS} FROM state_version_outputs WHERE state_version_id = ? ORDER BY position`, [
      stateVersionId,
    ]);
    return rows.map((row) => this.toOutput(row));
  }

  async output(id: string): Promise<StateVersionOutputRecord | null> {
    const row = await this.db.get<OutputRow>(`SELECT ${OUTPUT_COLUMNS} FROM state_version_outputs WHERE id = ?`, [id]);
    return row ? this.toOutput(row) : null;
  }

  private toOutput(row: OutputRow): StateVersionOutputRecord {
    return {
      id: row.id,
      stateVersionId: row.state_version_id,
      name: row.name,
      sensitive: Number(row.sensitive) === 1,
      type: row.type,
      detailedType: JSON.parse(row.detailed_type) as unknown,
      value: JSON.parse(this.cipher.open(Buffer.from(row.sealed_value), outputContext(row.id)).toString('utf8')) as unknown,
    };
  }

  /**
   * Data retention: deletes a workspace's state versions created before `before`, never its
   * current one nor one still waiting for its state; returns how many went.
   */
  async deleteOlderThan(workspaceId: string, before: string): Promise<number> {
    const { changes } = await this.db.run(
      'DELETE FROM state_versions WHERE workspace_id = ? AND created_at < ? AND (finalized = 1 OR discarded = 1) AND id NOT IN ' +
        '(SELECT current_state_version_id FROM workspaces WHERE id = ? AND current_state_version_id IS NOT NULL)',
      [workspaceId, before, workspaceId],
    );
    return changes;
  }

  /**
   * Data retention by an organization's default: as deleteOlderThan, for the organization's
   * workspaces that have no policy of their own.
   */
  async deleteOlderInOrganization(organization: string, before: string): Promise<number> {
    const { changes } = await this.db.run(
      'DELETE FROM state_versions WHERE created_at < ? AND (finalized = 1 OR discarded = 1) AND workspace_id IN ' +
        '(SELECT w.id FROM workspaces w WHERE w.organization = ? AND NOT EXISTS (SELECT 1 FROM data_retention_policies p WHERE p.workspace_id = w.id)) ' +
        'AND id NOT IN (SELECT current_state_version_id FROM workspaces WHERE organization = ? AND current_state_version_id IS NOT NULL)',
      [before, organization, organization],
    );
    return changes;
  }
}

interface OutputRow {
  id: string;
  state_version_id: string;
  name: string;
  sensitive: number;
  type: string;
  detailed_type: string;
  sealed_value: Buffer;
}
const OUTPUT_COLUMNS = 'id, state_version_id, name, sensitive, type, detailed_type, sealed_value';
