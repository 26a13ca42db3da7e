// A workspace's variables (`store.variables`): the rows (rows.ts) of the `variables` table, owned
// by workspaces; they go with their workspace, whose row lists their IDs (its `vars`).
import { Cipher } from '../secrets/cipher';
import type { StoreTuning } from '../store-tuning';
import type { Db } from '../storage/db';
import { VariableRows } from './rows';
import { ddl, type Migration } from '../storage/migrations';

export type { CreateVariableResult, NewVariable, UpdateVariableResult, VariableChanges, VariableCheck, VariableRecord } from './rows';

export class VariableStore extends VariableRows {
  constructor(db: Db, tuning: StoreTuning = {}) {
    super(db, tuning.cipher ?? Cipher.ephemeral(), 'variables', 'workspace_id', 'workspaces', 'variable_ids');
  }
}

/** The aggregate's tables (gathered into the one ordered schema by `npm run generate`). */
export const VARIABLES_MIGRATIONS: Migration[] = [
  {
    version: 10,
    name: 'workspace variables',
    // Every value is sealed with the service's encryption key (secrets/cipher.ts), sensitive or not,
    // so neither the database nor its write-ahead log ever holds a value. Keys are unique per
    // workspace and category, compared bytewise (case-sensitive, as the hosted service's are).
    statements: (kind) =>
      [
        `CREATE TABLE variables (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          workspace_id TEXT_C NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
          key TEXT_C NOT NULL,
          category TEXT_C NOT NULL,
          sealed_value BYTES NOT NULL,
          description TEXT,
          hcl INTEGER NOT NULL,
          sensitive INTEGER NOT NULL,
          version_id TEXT NOT NULL,
          created_at TEXT_C NOT NULL,
          updated_at TEXT_C NOT NULL
        )`,
        'CREATE UNIQUE INDEX variables_key_unique ON variables (workspace_id, category, key)',
        // The workspace document names its variables (the `vars` relationship) without a look-up of its own.
        'ALTER TABLE workspaces ADD COLUMN variable_ids TEXT',
      ].map((sql) => ddl(kind, sql)),
  },
];
