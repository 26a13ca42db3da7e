// A workspace's variables (`store.variables`): the rows (rows.ts) of the `variables` table, owned
// by workspaces; they go with their workspace.
import { Cipher } from '../secrets/cipher';
import type { StoreTuning } from '../store-tuning';
import type { Db } from '../storage/db';
import { VariableRows } from './rows';

export type { CreateVariableResult, NewVariable, UpdateVariableResult, VariableChanges, VariableCheck, VariableRecord } from './rows';

export class VariableStore extends VariableRows {
  constructor(db: Db, tuning: StoreTuning = {}) {
    super(db, tuning.cipher ?? Cipher.ephemeral(), 'variables', 'workspace_id', 'workspaces');
  }
}
