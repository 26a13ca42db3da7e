// Workspace options and results on our side (camelCase), derived from the spec's attribute table,
// and their mapping to and from the wire (spec "Workspace", "Create a workspace", "Update a
// workspace"). No attribute is mapped by hand: adding one to WORKSPACE_ATTRIBUTES adds it to the
// options, the result and both mappings. Only the members every result carries are named.
import {
  rowsOf,
  wireReaderOf,
  TAG_BINDING_ATTRIBUTES,
  TAG_BINDING_TYPE,
  toWireAttributes,
  WORKSPACE_ATTRIBUTES,
  WORKSPACE_TYPE,
  type AttributeRow,
  type AttributeTable,
  type CreateValues,
  type ReadValues,
  type VCS_REPO_ATTRIBUTES,
  type WorkspaceCreateValues,
  type WorkspacePermissions,
  type WorkspaceReadValues,
  type WorkspaceResource,
  type WorkspaceUpdateValues,
} from '../contract';
import type { ListOptions } from './pagination';

/** A repository to attach, or on update the members to change. */
export type VcsRepoOptions = NonNullable<WorkspaceUpdateValues['vcsRepo']>;

/** A key-value tag binding to set: `key` is required; no value (or null) is a key-only binding. */
export interface TagBindingOptions extends CreateValues<typeof TAG_BINDING_ATTRIBUTES> {
  key: string;
}

/** What the client takes besides the table's values. */
interface WorkspaceOptionExtras {
  /** ISO 8601 timestamp or a Date; null to clear (update). */
  autoDestroyAt?: string | Date | null;
  /** The workspace's own key-value tag bindings (on update: replaces them all; `[]` removes them). */
  tagBindings?: TagBindingOptions[];
}

/** The settings of a new workspace; `name` is required, the rest default as the spec says. */
export interface WorkspaceCreateOptions extends Omit<WorkspaceCreateValues, 'name' | keyof WorkspaceOptionExtras>, WorkspaceOptionExtras {
  /** Letters, numbers, `-` and `_`; unique in the organization. */
  name: string;
}

/** The settings to change; members left undefined keep their value, null clears a nullable one. */
export interface WorkspaceUpdateOptions extends Omit<WorkspaceUpdateValues, keyof WorkspaceOptionExtras>, WorkspaceOptionExtras {}

export type WorkspaceInclude =
  | 'current_configuration_version'
  | 'current_configuration_version.ingress_attributes'
  | 'current_run'
  | 'current_run.configuration_version'
  | 'current_run.configuration_version.ingress_attributes'
  | 'current_run.plan'
  | 'locked_by'
  | 'organization'
  | 'outputs'
  | 'project'
  | 'readme';

export interface WorkspaceReadOptions {
  include?: WorkspaceInclude[];
}

export interface WorkspaceListOptions extends ListOptions, WorkspaceReadOptions {
  /** Case-insensitive substring of the name (`search[name]`). */
  search?: string;
  /** Workspaces carrying every one of these flat tags. */
  tags?: string[];
  /** Workspaces carrying none of these flat tags. */
  excludeTags?: string[];
  /** `*` at either end matches anything (`search[wildcard-name]`). */
  wildcardName?: string;
  sort?: 'name' | '-name' | 'current-run.created-at' | '-current-run.created-at' | 'latest-change-at' | '-latest-change-at';
  projectId?: string;
  currentRunStatus?: string;
  /** Key-value tag filters, combined with AND (`filter[tagged][i][key|value]`). */
  tagBindings?: TagBindingOptions[];
}

export interface WorkspaceLockOptions {
  /** @default "" */
  reason?: string;
}

/** A workspace's repository as answered. */
export type VcsRepo = ReadValues<typeof VCS_REPO_ATTRIBUTES>;

/** Members every Workspace has, with the value taken when the answer leaves them out. */
const ALWAYS_PRESENT = { locked: false, tagNames: [] as string[], triggerPrefixes: [] as string[], triggerPatterns: [] as string[], vcsRepo: null };
type AlwaysPresent = { [K in keyof typeof ALWAYS_PRESENT]: NonNullable<WorkspaceReadValues[K]> | (typeof ALWAYS_PRESENT)[K] };

export interface Workspace extends Omit<WorkspaceReadValues, 'name' | keyof AlwaysPresent>, AlwaysPresent {
  id: string;
  name: string;
  /** Organization name, from the `organization` relationship. */
  organization?: string;
  isDestroyable?: boolean;
  /** The user holding the lock, when a user does. */
  lockedBy?: { id: string; type: string; username?: string } | null;
  /** The caller's rights on the workspace. */
  permissions?: Partial<WorkspacePermissions>;
  sshKeyId?: string | null;
  currentRunId?: string | null;
  currentStateVersionId?: string | null;
  /** The workspace's page in the service's UI (`links.self-html`): a path on the service's address. */
  selfHtml?: string;
  /** The validated wire resource, for members this type does not name. */
  raw: WorkspaceResource;
}

/** A tag binding's wire document member (`data[]` of a tag binding request). */
export function tagBindingData(bindings: readonly TagBindingOptions[]): Array<{ type: typeof TAG_BINDING_TYPE; attributes: Record<string, unknown> }> {
  // null and absent both mean a key-only binding; the service's request leaves value out for it.
  return bindings.map((b) => ({ type: TAG_BINDING_TYPE, attributes: toWireAttributes(TAG_BINDING_ATTRIBUTES, { ...b, value: b.value ?? undefined }) }));
}

/** The relationships a row is written as (`writeRelationship`), for the values given. */
function relationshipsOf(table: AttributeTable, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, row] of Object.entries(table)) {
    const value = values[name];
    if (!row.writeRelationship || value === undefined) continue;
    out[row.writeRelationship.name] = { data: value === null ? null : { id: value, type: row.writeRelationship.type } };
  }
  return out;
}

/** The table's camelCase values of create or update options (the Date made a timestamp). */
export function workspaceValues(options: WorkspaceCreateOptions | WorkspaceUpdateOptions): WorkspaceCreateValues | WorkspaceUpdateValues {
  const { autoDestroyAt, tagBindings: _bindings, ...values } = options;
  return { ...values, ...(autoDestroyAt === undefined ? {} : { autoDestroyAt: autoDestroyAt instanceof Date ? autoDestroyAt.toISOString() : autoDestroyAt }) };
}

/** The JSON:API body of a create or update; members left undefined are not sent. */
export function workspaceBody(options: WorkspaceCreateOptions | WorkspaceUpdateOptions): { data: Record<string, unknown> } {
  const values = workspaceValues(options);
  const relationships = relationshipsOf(WORKSPACE_ATTRIBUTES, values);
  if (options.tagBindings !== undefined) relationships['tag-bindings'] = { data: tagBindingData(options.tagBindings) };
  // The hosted service's names (terraform-version, …): the hosted service reads only those, ours reads both.
  const data: Record<string, unknown> = { type: WORKSPACE_TYPE, attributes: toWireAttributes(WORKSPACE_ATTRIBUTES, values, { hostedNames: true }) };
  if (Object.keys(relationships).length > 0) data.relationships = relationships;
  return { data };
}

export function workspaceListQuery(options: WorkspaceListOptions = {}): Record<string, string | number | undefined | readonly string[]> {
  const query: Record<string, string | number | undefined | readonly string[]> = {
    'page[number]': options.pageNumber,
    'page[size]': options.pageSize,
    'search[name]': options.search,
    'search[tags]': options.tags,
    'search[exclude-tags]': options.excludeTags,
    'search[wildcard-name]': options.wildcardName,
    sort: options.sort,
    'filter[project][id]': options.projectId,
    'filter[current-run][status]': options.currentRunStatus,
    include: options.include,
  };
  options.tagBindings?.forEach((binding, i) => {
    query[`filter[tagged][${i}][key]`] = binding.key;
    if (binding.value !== undefined && binding.value !== null) query[`filter[tagged][${i}][value]`] = binding.value;
  });
  return query;
}

type Relationship = { data?: { id: string; type: string } | Array<{ id: string; type: string }> | null } | undefined;
const relatedId = (rel: Relationship): string | null | undefined => {
  if (!rel || rel.data === undefined) return undefined;
  return Array.isArray(rel.data) ? undefined : rel.data === null ? null : rel.data.id;
};

/**
 * The table's values of an answer: attributes by wire name, and the rows answered as a
 * relationship (`readRelationship`) from its `data.id` (null kept only where null is a value).
 */
const RELATIONSHIP_ROWS = new WeakMap<AttributeTable, ReadonlyArray<readonly [string, AttributeRow]>>();
const relationshipRowsOf = (table: AttributeTable) => {
  let rows = RELATIONSHIP_ROWS.get(table);
  if (!rows) RELATIONSHIP_ROWS.set(table, (rows = rowsOf(table).filter(([, row]) => row.readRelationship !== undefined)));
  return rows;
};

function readValues(
  table: AttributeTable,
  attributes: Readonly<Record<string, unknown>>,
  relationships: Readonly<Record<string, Relationship>>,
): Record<string, unknown> {
  const values = wireReaderOf(table)(attributes);
  for (const [name, row] of relationshipRowsOf(table)) {
    const id = relatedId(relationships[row.readRelationship!]);
    if (id !== undefined && (id !== null || row.nullable)) values[name] = id;
  }
  return values;
}

/** Our view of a validated workspace resource. */
export function toWorkspace(resource: WorkspaceResource): Workspace {
  const a = resource.attributes;
  const rel = (resource.relationships ?? {}) as Record<string, Relationship>;
  const lockedBy = rel['locked-by']?.data;
  // The answer was validated against the schema derived from the same table.
  const values = readValues(WORKSPACE_ATTRIBUTES, a, rel);
  // Filled in place, not spread into a new object: the client maps every answer (bench "client").
  // Members every result has, even when the answer leaves them out.
  values.locked ??= ALWAYS_PRESENT.locked;
  values.tagNames ??= [];
  values.triggerPrefixes ??= [];
  values.triggerPatterns ??= [];
  values.vcsRepo ??= ALWAYS_PRESENT.vcsRepo;
  values.id = resource.id;
  values.name = a.name;
  values.organization = relatedId(rel.organization) ?? undefined;
  values.isDestroyable = a.actions?.['is-destroyable'];
  values.lockedBy = lockedBy === undefined || Array.isArray(lockedBy) ? undefined : lockedBy;
  values.permissions = a.permissions;
  values.sshKeyId = relatedId(rel['ssh-key']);
  values.currentRunId = relatedId(rel['current-run']);
  values.currentStateVersionId = relatedId(rel['current-state-version']);
  values.selfHtml = resource.links?.['self-html'];
  values.raw = resource;
  return values as unknown as Workspace;
}
