import { installChangeTriggers } from './postgres-change-signal';
import { DatabaseKind, Db } from './db';

// Versioned schema migrations, applied when a store opens. All pending migrations run in one
// transaction that first takes a database-wide lock (SQLite: BEGIN IMMEDIATE, which Db.transaction
// uses; PostgreSQL: a transaction-scoped advisory lock), so processes opening one database at the
// same time apply each migration exactly once.

/** Arbitrary constant naming our advisory lock. */
const ADVISORY_LOCK_KEY = 0x63646b7773; // "cdkws"

/**
 * One step of the schema. Versions are global across the service: an aggregate declares its own
 * next to its store (`export const <NAME>_MIGRATIONS: Migration[]` in `src/server/<aggregate>/store.ts`,
 * gathered by `npm run generate` into src/server/migrations.generated.ts); a change spanning several
 * aggregates, and the history before aggregates declared theirs, is MIGRATIONS below.
 */
export interface Migration {
  version: number;
  name: string;
  statements(kind: DatabaseKind): string[];
}

/**
 * DDL spelled once: `TEXT_C` is text compared bytewise (PostgreSQL's default collation would order
 * names by locale rules, unlike SQLite), `SERIAL_PK` an increasing integer key that records
 * insertion order.
 */
export function ddl(kind: DatabaseKind, sql: string): string {
  return sql
    .replace(/\bTEXT_C\b/g, kind === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT')
    .replace(/\bSERIAL_PK\b/g, kind === 'postgres' ? 'BIGSERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY')
    .replace(/\bBYTES\b/g, kind === 'postgres' ? 'BYTEA' : 'BLOB');
}

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements: (kind) =>
      [
        `CREATE TABLE meta (key TEXT_C PRIMARY KEY, value TEXT NOT NULL)`,
        `CREATE TABLE workspaces (
          id TEXT_C PRIMARY KEY,
          organization TEXT_C NOT NULL,
          name TEXT NOT NULL,
          name_key TEXT_C NOT NULL,
          project_id TEXT_C NOT NULL,
          created_at TEXT_C NOT NULL,
          updated_at TEXT_C NOT NULL,
          latest_change_at TEXT_C NOT NULL,
          locked INTEGER NOT NULL DEFAULT 0,
          locked_by TEXT,
          locked_reason TEXT,
          resource_count INTEGER NOT NULL DEFAULT 0,
          ssh_key_id TEXT,
          current_state_version_id TEXT,
          settings TEXT NOT NULL,
          version INTEGER NOT NULL DEFAULT 1
        )`,
        // name_key is the lowercased name: the case-insensitive uniqueness rule and the default sort.
        `CREATE UNIQUE INDEX workspaces_org_name_key ON workspaces (organization, name_key)`,
        `CREATE INDEX workspaces_org_latest_change ON workspaces (organization, latest_change_at, name_key)`,
        `CREATE INDEX workspaces_org_project ON workspaces (organization, project_id, name_key)`,
        // Keeps the unfiltered list total O(1) instead of a scan of the organization.
        `CREATE TABLE organization_counters (organization TEXT_C PRIMARY KEY, workspace_count INTEGER NOT NULL)`,
        `CREATE TABLE tags (
          id TEXT_C PRIMARY KEY,
          organization TEXT_C NOT NULL,
          name TEXT_C NOT NULL,
          created_at TEXT_C NOT NULL,
          UNIQUE (organization, name)
        )`,
        `CREATE TABLE workspace_tags (
          seq SERIAL_PK,
          workspace_id TEXT_C NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
          tag_id TEXT_C NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
          UNIQUE (workspace_id, tag_id)
        )`,
        `CREATE INDEX workspace_tags_tag ON workspace_tags (tag_id)`,
        `CREATE TABLE tag_bindings (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          workspace_id TEXT_C NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
          key TEXT_C NOT NULL,
          value TEXT NOT NULL,
          created_at TEXT_C NOT NULL,
          UNIQUE (workspace_id, key)
        )`,
        `CREATE TABLE workspace_consumers (
          seq SERIAL_PK,
          workspace_id TEXT_C NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
          consumer_id TEXT_C NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
          UNIQUE (workspace_id, consumer_id)
        )`,
        `CREATE INDEX workspace_consumers_consumer ON workspace_consumers (consumer_id)`,
        `CREATE TABLE state_versions (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          workspace_id TEXT_C NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
          finalized INTEGER NOT NULL,
          created_at TEXT_C NOT NULL
        )`,
        `CREATE INDEX state_versions_workspace ON state_versions (workspace_id, seq)`,
        `CREATE TABLE change_requests (
          id TEXT_C PRIMARY KEY,
          workspace_id TEXT_C NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
          subject TEXT NOT NULL,
          message TEXT NOT NULL,
          archived_by TEXT,
          archived_at TEXT_C,
          created_at TEXT_C NOT NULL,
          updated_at TEXT_C NOT NULL
        )`,
        `CREATE INDEX change_requests_workspace ON change_requests (workspace_id, created_at, id)`,
        // A record of what was sent: kept when its workspace or change request goes away.
        `CREATE TABLE notifications (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          team TEXT NOT NULL,
          workspace_id TEXT NOT NULL,
          change_request_id TEXT NOT NULL,
          subject TEXT NOT NULL,
          created_at TEXT_C NOT NULL,
          deliveries TEXT NOT NULL
        )`,
        `CREATE TABLE data_retention_policies (
          workspace_id TEXT_C PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
          id TEXT_C NOT NULL,
          kind TEXT NOT NULL,
          delete_older_than_n_days INTEGER,
          created_at TEXT_C NOT NULL,
          updated_at TEXT_C NOT NULL
        )`,
      ].map((sql) => ddl(kind, sql)),
  },
  {
    version: 2,
    name: 'tag binding look-up by key and value',
    // filter[tagged] starts from the matching bindings instead of probing every workspace.
    statements: () => ['CREATE INDEX tag_bindings_key_value ON tag_bindings (key, value, workspace_id)'],
  },
  {
    version: 3,
    name: 'trigram name indexes; page ids from covering indexes',
    statements: (kind) => (kind === 'postgres' ? POSTGRES_NAME_INDEXES : SQLITE_NAME_INDEXES),
  },
  {
    version: 4,
    name: 'organization list version for page bookmarks',
    // Inserts and deletes raise it beside workspace_count; the trigger catches every change of the
    // columns an unfiltered list is ordered by (see page-bookmarks.ts).
    statements: (kind) => [
      'ALTER TABLE organization_counters ADD COLUMN list_version BIGINT NOT NULL DEFAULT 0',
      ...(kind === 'postgres' ? POSTGRES_LIST_VERSION_TRIGGER : SQLITE_LIST_VERSION_TRIGGER),
    ],
  },
  {
    version: 5,
    name: 'name trigram index updated on every write (PostgreSQL)',
    // A GIN index's fast-update mode parks new entries in a pending list that every search reads
    // until vacuum or the list's size limit merges them: after a bulk import a substring search
    // took 2.5 ms instead of 0.3 ms. Workspaces are written rarely and searched often.
    statements: (kind) =>
      kind === 'postgres'
        ? ['ALTER INDEX workspaces_name_key_trigrams SET (fastupdate = off)', "SELECT gin_clean_pending_list('workspaces_name_key_trigrams'::regclass)"]
        : [],
  },
  {
    version: 6,
    name: 'console sessions recorded on the server; the signing key leaves the database',
    // A session ends when its row goes (sign-out, revocation, expiry). The cookie's signing key
    // now lives in a file only the owner reads (console/session-key.ts): a key readable in the
    // database let anyone who could read the file forge a session, so the stored one is dropped.
    statements: (kind) => [
      ddl(
        kind,
        `CREATE TABLE console_sessions (
          id_digest TEXT_C PRIMARY KEY,
          principal TEXT NOT NULL,
          token_hash TEXT_C NOT NULL,
          csrf_nonce TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          last_seen_at BIGINT NOT NULL,
          expires_at BIGINT NOT NULL
        )`,
      ),
      'CREATE INDEX console_sessions_expiry ON console_sessions (expires_at)',
      "DELETE FROM meta WHERE key = 'console-session-key'",
    ],
  },
  {
    version: 7,
    name: 'SSH keys of organizations',
    // The key itself is never stored: only its SHA-256 digest, so a copy of the database holds no key.
    statements: (kind) =>
      [
        `CREATE TABLE ssh_keys (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          organization TEXT_C NOT NULL,
          name TEXT NOT NULL,
          value_digest TEXT,
          created_at TEXT_C NOT NULL,
          updated_at TEXT_C NOT NULL
        )`,
        `CREATE INDEX ssh_keys_organization ON ssh_keys (organization, seq)`,
      ].map((sql) => ddl(kind, sql)),
  },
  {
    version: 8,
    name: 'tag links covering (tag_id, workspace_id)',
    // search[tags] reads the links of every named tag at once (query.ts): from this index alone,
    // without a table look-up per link. It also serves every look-up the old (tag_id) index did.
    statements: () => ['CREATE INDEX workspace_tags_tag_workspace ON workspace_tags (tag_id, workspace_id)', 'DROP INDEX workspace_tags_tag'],
  },
  {
    version: 9,
    name: 'state versions that hold states; their outputs; leases of periodic work',
    // The state and its JSON rendering live in a table of their own, sealed with the service's
    // encryption key (secrets/cipher.ts), as does every output value: the database alone reveals
    // none of them. An upload address's key is kept only as its SHA-256 digest.
    statements: (kind) =>
      [
        'ALTER TABLE state_versions ADD COLUMN discarded INTEGER NOT NULL DEFAULT 0',
        'ALTER TABLE state_versions ADD COLUMN serial BIGINT NOT NULL DEFAULT 0',
        'ALTER TABLE state_versions ADD COLUMN lineage TEXT',
        "ALTER TABLE state_versions ADD COLUMN md5 TEXT NOT NULL DEFAULT ''",
        'ALTER TABLE state_versions ADD COLUMN size BIGINT NOT NULL DEFAULT 0',
        'ALTER TABLE state_versions ADD COLUMN state_format INTEGER',
        'ALTER TABLE state_versions ADD COLUMN terraform_version TEXT',
        "ALTER TABLE state_versions ADD COLUMN resources TEXT NOT NULL DEFAULT '[]'",
        'ALTER TABLE state_versions ADD COLUMN resource_count INTEGER NOT NULL DEFAULT 0',
        'ALTER TABLE state_versions ADD COLUMN has_json_state INTEGER NOT NULL DEFAULT 0',
        'ALTER TABLE state_versions ADD COLUMN upload_key_digest TEXT',
        'ALTER TABLE state_versions ADD COLUMN json_upload_key_digest TEXT',
        'ALTER TABLE state_versions ADD COLUMN upload_expires_at TEXT',
        'ALTER TABLE state_versions ADD COLUMN created_by TEXT',
        'ALTER TABLE state_versions ADD COLUMN force INTEGER NOT NULL DEFAULT 0',
        `CREATE TABLE state_blobs (
          state_version_id TEXT_C NOT NULL REFERENCES state_versions (id) ON DELETE CASCADE,
          kind TEXT_C NOT NULL,
          sealed BYTES NOT NULL,
          PRIMARY KEY (state_version_id, kind)
        )`,
        `CREATE TABLE state_version_outputs (
          id TEXT_C PRIMARY KEY,
          state_version_id TEXT_C NOT NULL REFERENCES state_versions (id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          name TEXT NOT NULL,
          sensitive INTEGER NOT NULL,
          type TEXT NOT NULL,
          detailed_type TEXT NOT NULL,
          sealed_value BYTES NOT NULL
        )`,
        'CREATE INDEX state_version_outputs_version ON state_version_outputs (state_version_id, position)',
        `CREATE TABLE leases (name TEXT_C PRIMARY KEY, holder TEXT NOT NULL, expires_at BIGINT NOT NULL)`,
        // The workspace document names its current outputs without a look-up of its own.
        'ALTER TABLE workspaces ADD COLUMN current_output_ids TEXT',
      ].map((sql) => ddl(kind, sql)),
  },
  {
    version: 12,
    name: 'teams, memberships, projects and access as records',
    // Each access aggregate gets its own rows (issue 34); the directory keeps only what the bootstrap
    // file seeds. `access_seeds` remembers the digest of each entry a seed last wrote, so a start with
    // the same file leaves alone what the API changed since. `access-generation` is raised in the
    // transaction of every change, so every process notices it with one indexed read.
    statements: (kind) =>
      [
        `CREATE TABLE teams (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          organization TEXT_C NOT NULL,
          name TEXT NOT NULL,
          name_key TEXT_C NOT NULL,
          owners INTEGER NOT NULL DEFAULT 0,
          organization_access TEXT NOT NULL,
          visibility TEXT NOT NULL,
          sso_team_id TEXT,
          notification_urls TEXT NOT NULL DEFAULT '[]',
          created_at TEXT_C NOT NULL
        )`,
        'CREATE UNIQUE INDEX teams_organization_name ON teams (organization, name_key)',
        `CREATE TABLE team_members (
          team_id TEXT_C NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
          user_id TEXT_C NOT NULL,
          seq SERIAL_PK,
          UNIQUE (team_id, user_id)
        )`,
        `CREATE TABLE organization_memberships (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          organization TEXT_C NOT NULL,
          user_id TEXT_C NOT NULL,
          email TEXT,
          status TEXT_C NOT NULL,
          created_at TEXT_C NOT NULL,
          UNIQUE (organization, user_id)
        )`,
        `CREATE TABLE projects (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          organization TEXT_C NOT NULL,
          name TEXT NOT NULL,
          name_key TEXT_C NOT NULL,
          description TEXT NOT NULL DEFAULT '',
          is_default INTEGER NOT NULL DEFAULT 0,
          tag_bindings TEXT NOT NULL DEFAULT '{}',
          created_at TEXT_C NOT NULL
        )`,
        'CREATE UNIQUE INDEX projects_organization_name ON projects (organization, name_key)',
        // workspace_name holds a grant the bootstrap file makes by name ('*': every workspace); the API's grants name a workspace_id.
        `CREATE TABLE team_workspace_access (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          organization TEXT_C NOT NULL,
          team_id TEXT_C NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
          workspace_id TEXT_C,
          workspace_name TEXT,
          access TEXT_C NOT NULL,
          permissions TEXT NOT NULL DEFAULT '{}',
          created_at TEXT_C NOT NULL
        )`,
        'CREATE UNIQUE INDEX team_workspace_access_pair ON team_workspace_access (team_id, workspace_id)',
        'CREATE INDEX team_workspace_access_workspace ON team_workspace_access (workspace_id, seq)',
        `CREATE TABLE team_project_access (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          organization TEXT_C NOT NULL,
          team_id TEXT_C NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
          project_id TEXT_C NOT NULL,
          access TEXT_C NOT NULL,
          permissions TEXT NOT NULL DEFAULT '{}',
          created_at TEXT_C NOT NULL,
          UNIQUE (team_id, project_id)
        )`,
        'CREATE INDEX team_project_access_project ON team_project_access (project_id, seq)',
        `CREATE TABLE access_seeds (
          organization TEXT_C NOT NULL,
          seed_key TEXT_C NOT NULL,
          digest TEXT NOT NULL,
          PRIMARY KEY (organization, seed_key)
        )`,
        "INSERT INTO meta (key, value) VALUES ('access-generation', '0') ON CONFLICT (key) DO NOTHING",
      ].map((sql) => ddl(kind, sql)),
  },
  {
    version: 15,
    name: 'notification configurations of teams',
    // The token that signs deliveries is sealed like state (secrets/cipher.ts). A configuration
    // seeded from the bootstrap file's notification-urls leaves its ID in notification_seeds, so
    // one deleted through the API is not seeded again at the next start.
    statements: (kind) =>
      [
        `CREATE TABLE notification_configurations (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          team_id TEXT_C NOT NULL,
          name TEXT NOT NULL,
          destination_type TEXT NOT NULL,
          url TEXT,
          sealed_token BYTES,
          enabled INTEGER NOT NULL,
          triggers TEXT NOT NULL,
          created_at TEXT_C NOT NULL,
          updated_at TEXT_C NOT NULL
        )`,
        'CREATE INDEX notification_configurations_team ON notification_configurations (team_id, seq)',
        'CREATE TABLE notification_seeds (id TEXT_C PRIMARY KEY)',
      ].map((sql) => ddl(kind, sql)),
  },
  {
    version: 16,
    name: 'notification outbox and delivery responses',
    // Rows are written in the transaction that creates the change request; any instance claims a
    // due row for a lease (claim_token, claim_expires_at in ms) and delivers it (outbox.ts).
    statements: (kind) =>
      [
        `CREATE TABLE notification_outbox (
          seq SERIAL_PK,
          id TEXT_C NOT NULL UNIQUE,
          configuration_id TEXT_C NOT NULL,
          notification_id TEXT_C,
          body TEXT NOT NULL,
          state TEXT_C NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at BIGINT NOT NULL,
          claim_token TEXT,
          claim_expires_at BIGINT NOT NULL DEFAULT 0,
          last_error TEXT,
          created_at TEXT_C NOT NULL,
          finished_at TEXT_C
        )`,
        'CREATE INDEX notification_outbox_due ON notification_outbox (state, next_attempt_at)',
        'CREATE INDEX notification_outbox_configuration ON notification_outbox (configuration_id)',
        `CREATE TABLE notification_delivery_responses (
          seq SERIAL_PK,
          configuration_id TEXT_C NOT NULL,
          outbox_id TEXT_C,
          attempt INTEGER NOT NULL,
          url TEXT NOT NULL,
          code TEXT NOT NULL,
          successful INTEGER NOT NULL,
          headers TEXT NOT NULL,
          body TEXT NOT NULL,
          error TEXT,
          sent_at TEXT_C NOT NULL
        )`,
        'CREATE INDEX notification_delivery_responses_configuration ON notification_delivery_responses (configuration_id, seq)',
      ].map((sql) => ddl(kind, sql)),
  },
];

const LIST_ORDER_CHANGED = 'new.name_key <> old.name_key OR new.latest_change_at <> old.latest_change_at';
const RAISE_LIST_VERSION = 'UPDATE organization_counters SET list_version = list_version + 1 WHERE organization = new.organization;';

const SQLITE_LIST_VERSION_TRIGGER = [
  `CREATE TRIGGER workspaces_list_version AFTER UPDATE OF name_key, latest_change_at ON workspaces WHEN ${LIST_ORDER_CHANGED} BEGIN
    ${RAISE_LIST_VERSION}
  END`,
];

const POSTGRES_LIST_VERSION_TRIGGER = [
  `CREATE FUNCTION workspaces_raise_list_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    ${RAISE_LIST_VERSION}
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER workspaces_list_version AFTER UPDATE OF name_key, latest_change_at ON workspaces
    FOR EACH ROW WHEN (${LIST_ORDER_CHANGED}) EXECUTE FUNCTION workspaces_raise_list_version()`,
];

/**
 * SQLite: an FTS5 trigram index over name_key (already lowercased, hence case_sensitive 1) finds
 * substrings of 3 characters or more; contentless, it holds only the index and is keyed by the
 * workspace's rowid, kept in step by triggers. SQLite's indexes already hold the rowid, so a page's
 * rowids come from the index alone. The service never runs VACUUM, which may renumber the rowids of
 * a table without an INTEGER PRIMARY KEY; docs/service.md says how to refill the index after one.
 */
const SQLITE_NAME_INDEXES = [
  "CREATE VIRTUAL TABLE workspace_name_trigrams USING fts5(name_key, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')",
  'INSERT INTO workspace_name_trigrams (rowid, name_key) SELECT rowid, name_key FROM workspaces',
  `CREATE TRIGGER workspaces_name_trigrams_insert AFTER INSERT ON workspaces BEGIN
    INSERT INTO workspace_name_trigrams (rowid, name_key) VALUES (new.rowid, new.name_key);
  END`,
  `CREATE TRIGGER workspaces_name_trigrams_delete AFTER DELETE ON workspaces BEGIN
    DELETE FROM workspace_name_trigrams WHERE rowid = old.rowid;
  END`,
  `CREATE TRIGGER workspaces_name_trigrams_rename AFTER UPDATE OF name_key ON workspaces WHEN new.name_key <> old.name_key BEGIN
    DELETE FROM workspace_name_trigrams WHERE rowid = old.rowid;
    INSERT INTO workspace_name_trigrams (rowid, name_key) VALUES (new.rowid, new.name_key);
  END`,
];

/**
 * PostgreSQL: pg_trgm's GIN index serves LIKE '%…%' and '%…' (a trusted extension since
 * PostgreSQL 13: the database owner may create it). The list's three orders get indexes that also
 * carry the workspace id, so a deep page's ids come from an index-only scan.
 */
const POSTGRES_NAME_INDEXES = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE INDEX workspaces_name_key_trigrams ON workspaces USING gin (name_key gin_trgm_ops)',
  'CREATE UNIQUE INDEX workspaces_org_name_key_with_id ON workspaces (organization, name_key) INCLUDE (id)',
  'DROP INDEX workspaces_org_name_key',
  'CREATE INDEX workspaces_org_latest_change_with_id ON workspaces (organization, latest_change_at, name_key) INCLUDE (id)',
  'DROP INDEX workspaces_org_latest_change',
  'CREATE INDEX workspaces_org_project_with_id ON workspaces (organization, project_id, name_key) INCLUDE (id)',
  'DROP INDEX workspaces_org_project',
];

/** The migrations written in this file, in version order. */
export const HISTORY: readonly Migration[] = MIGRATIONS;

/**
 * One schema from this file's history and the aggregates' own lists (by where they are declared):
 * every migration once, in version order, the order a database applies them. Two migrations of one
 * version are a mistake of numbering, refused here (and by a unit test) rather than applied as one.
 */
export function schemaInVersionOrder(lists: Readonly<Record<string, readonly Migration[]>>): readonly Migration[] {
  const seen = new Map<number, string>();
  const all: Migration[] = [];
  for (const [where, list] of Object.entries(lists)) {
    for (const migration of list) {
      const other = seen.get(migration.version);
      if (other !== undefined) throw new Error(`two migrations have version ${migration.version}: ${other} and ${where} "${migration.name}"`);
      seen.set(migration.version, `${where} "${migration.name}"`);
      all.push(migration);
    }
  }
  return all.sort((a, b) => a.version - b.version);
}

/** Whether the database has every migration of `schema` applied (for readiness probes). */
export async function schemaIsCurrent(db: Db, schema: readonly Migration[]): Promise<boolean> {
  const rows = await db.all<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((r) => Number(r.version)));
  return schema.every((migration) => applied.has(migration.version));
}

/** Applies the migrations of `schema` (in version order) that the database has not applied yet. */
export async function migrate(db: Db, schema: readonly Migration[]): Promise<void> {
  const latest = Math.max(0, ...schema.map((m) => m.version));
  await db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?::bigint)', [ADVISORY_LOCK_KEY]);
    await tx.run(ddl(tx.kind, 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT_C NOT NULL)'));
    const rows = await tx.all<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => Number(r.version)));
    const newest = Math.max(0, ...applied);
    if (newest > latest) {
      throw new Error(`the database schema (version ${newest}) is newer than this program supports (${latest}); upgrade cdk-workspaces`);
    }
    for (const migration of [...schema].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      for (const sql of migration.statements(tx.kind)) {
        try {
          await tx.run(sql);
        } catch (err) {
          throw explainMigrationError(sql, err);
        }
      }
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [migration.version, migration.name, new Date().toISOString()]);
    }
    // PostgreSQL's change signal covers every table, including those the migrations just added.
    if (tx.kind === 'postgres') await installChangeTriggers(tx);
  });
}

/** The one failure an operator can fix by hand: PostgreSQL without its contrib extensions. */
function explainMigrationError(sql: string, err: unknown): unknown {
  if (!sql.includes('pg_trgm')) return err;
  return new Error(
    `the database needs the PostgreSQL extension pg_trgm (${(err as Error).message}); install PostgreSQL's contrib modules ` +
      "(Debian: postgresql-contrib, part of the postgresql package) or have a superuser run 'CREATE EXTENSION pg_trgm' in this database",
    { cause: err },
  );
}
