import { StoreDoors, type StoreTuning } from './doors.generated';
import { SCHEMA } from './migrations.generated';
import { type DatabaseKind, type Db, type StorageHealth, type StorageOptions, openDatabase, schemaIsCurrent } from './storage';

// The composition root of the service's storage: one store per aggregate over one database. Callers
// go through the door of the aggregate whose rows they want (`store.workspaces.get(id)`,
// `store.locks.lock(…)`); each door's type and records live beside its code in the aggregate's
// folder. `npm run generate` gathers the doors into doors.generated.ts: an aggregate's store.ts by
// its folder's name, any other store by its `static readonly door`. Only what belongs to the
// database itself is answered here: its kind, health, commits, change token, schema and closing.
// The schema is storage/migrations.ts's history merged with each aggregate's `<NAME>_MIGRATIONS`
// (gathered into migrations.generated.ts), in version order.

export class Store extends StoreDoors {
  readonly kind: DatabaseKind;

  /** `tuning`: for tests (see doors.generated.ts). */
  constructor(
    private readonly db: Db,
    tuning: StoreTuning = {},
  ) {
    super(db, tuning);
    this.kind = db.kind;
  }

  close(): Promise<void> {
    return this.db.close();
  }

  /** Changes whenever anything is committed, by any process; undefined where that is not cheap to know (see Db). */
  changeToken(): string | undefined {
    return this.db.changeToken?.();
  }

  /** Answers only when the database does: whether every migration of this program is applied. */
  schemaIsCurrent(): Promise<boolean> {
    return schemaIsCurrent(this.db, SCHEMA);
  }

  /** Outage state and pool use, for readiness and metrics (storage/faults.ts). */
  health(): StorageHealth {
    return this.db.health();
  }

  /** Commits that took effect or may have (see Db); unchanged across a failed request means it changed nothing. */
  commitCount(): number {
    return this.db.commitCount();
  }
}

/** Opens the database, applies pending migrations, and returns the store over it (`tuning`: for tests). */
export async function openStore(options: StorageOptions, tuning: StoreTuning = {}): Promise<Store> {
  return new Store(await openDatabase(options, SCHEMA), tuning);
}
