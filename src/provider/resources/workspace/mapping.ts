// Mapping between workspace values in HCL (snake_case, Terraform state) and the client's workspace
// options and results, driven by the spec's attribute table (rows with an HCL name): one answer →
// values mapping for the resource and the data source, and one values → options mapping for create
// and update. Pure functions: every rule about what goes into state lives here.
import type { EffectiveTagBinding, TagBinding, TagBindingOptions, Workspace, WorkspaceCreateOptions, WorkspaceUpdateOptions } from '../../../client';
import type { AttributeRow, AttributeTable } from '../../../contract/attribute-table';
import { isExactEngineVersion, resolveEngineVersion } from '../../../contract/engine-version';
import { normalizeFlatTagName } from '../../../contract/tag';
import { WORKSPACE_ATTRIBUTES } from '../../../contract/workspace-attributes';
import { decodeModel } from '../../resource';
import { Unknown, isWhollyKnown, valuesEqual, type ObjectValue, type Value } from '../../protocol/values';
import { hclRows, type HclRow } from '../../table-schema';
import { workspaceNames, workspaceSchema, type WorkspaceModel } from './schema';

const ROWS = hclRows(WORKSPACE_ATTRIBUTES);
const BLOCKS = workspaceSchema.blocks ?? {};

/** A configuration, plan or state as the hooks' typed model. */
export const workspaceModel = (v: ObjectValue): WorkspaceModel => decodeModel<WorkspaceModel>(workspaceSchema, workspaceNames, v);

export const known = (v: Value | undefined): boolean => v !== undefined && isWhollyKnown(v);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Key-value tag bindings as a map(string) value. */
export function bindingMap(bindings: ReadonlyArray<TagBinding | EffectiveTagBinding>): Record<string, string> {
  return Object.fromEntries(bindings.map((b) => [b.key, b.value ?? '']));
}

export function bindingsOf(tagBindings: Record<string, string>): TagBindingOptions[] {
  return Object.entries(tagBindings).map(([key, value]) => ({ key, value }));
}

// ---- answer → values ------------------------------------------------------------------------

/** A value of the client's workspace as Terraform holds it: objects by their HCL members (a member left out takes its default). */
function toValue(row: AttributeRow, answered: unknown): Value {
  if (answered === undefined || answered === null) return null;
  if (row.kind !== 'object') return answered as Value;
  const members = answered as Readonly<Record<string, unknown>>;
  const out: ObjectValue = {};
  for (const member of hclRows(row.attributes ?? {})) out[member.snake] = (members[member.path[0]] ?? member.row.default ?? null) as Value;
  return out;
}

/**
 * The workspace's values for every row with an HCL name, from the client's typed workspace (which
 * holds every row of the table by its key, relationships included). Flat tags come in name order:
 * the service keeps none.
 */
export function answeredValues(ws: Workspace): ObjectValue {
  const out: ObjectValue = {};
  for (const { path, snake, row } of ROWS) out[snake] = toValue(row, ws[path[0] as keyof Workspace]);
  out.tag_names = [...ws.tagNames].sort();
  return out;
}

// ---- resource state -------------------------------------------------------------------------

/**
 * The engine version for state: the version or constraint the configuration wrote while the
 * service's resolved version satisfies it (so a constraint does not plan a change for ever),
 * otherwise what the service reports.
 */
export function engineVersionForState(written: string | null | undefined, actual: string | undefined): string | null {
  if (actual === undefined) return written ?? null;
  if (written === null || written === undefined || written === actual) return actual;
  if (!isExactEngineVersion(written.trim()) && resolveEngineVersion(written, [actual]) === actual) return written;
  return actual;
}

/** The workspace's own bindings as the `tags` attribute: null (unmanaged), all, or only listed keys. */
export function tagBindingsForState(own: TagBinding[] | undefined, referenceValue: ObjectValue | null): Record<string, string> | null {
  const reference = referenceValue && workspaceModel(referenceValue);
  const written = reference?.tags;
  if (!written || own === undefined) return null;
  const all = bindingMap(own);
  if (reference.ignoreAdditionalTags !== true) return all;
  return Object.fromEntries(Object.entries(all).filter(([k]) => k in written));
}

export interface Observed {
  workspace: Workspace;
  /** Own bindings; undefined when `tags` is not managed (not read). */
  own?: TagBinding[];
  effective: EffectiveTagBinding[];
}

/**
 * The state for an observed workspace. `reference` is the state or plan being refreshed or applied:
 * it decides what is managed (tags, setting_overwrites) and how values are spelled.
 */
export function stateFromWorkspace(seen: Observed, referenceValue: ObjectValue | null, address: string): ObjectValue {
  const ws = seen.workspace;
  const reference = referenceValue && workspaceModel(referenceValue);
  const organization = ws.organization ?? reference?.organization ?? null;
  const selfHtml = ws.selfHtml ?? `/app/${encodeURIComponent(organization ?? '')}/workspaces/${encodeURIComponent(ws.name)}`;
  const values = answeredValues(ws);
  // An empty answer that means "unset" is null in state (what a configuration leaving the attribute
  // out plans, and what Terraform's generated configuration writes), unless the reference holds "".
  for (const { snake, row } of ROWS) if (row.emptyIsUnset && values[snake] === '' && referenceValue?.[snake] !== '') values[snake] = null;
  return {
    ...values,
    id: ws.id,
    organization,
    engine_version: engineVersionForState(reference?.engineVersion, ws.engineVersion),
    // Only managed when the configuration has the block: the service always reports it.
    setting_overwrites: reference?.settingOverwrites ? values.setting_overwrites : null,
    resource_count: values.resource_count ?? 0,
    ssh_key_id: ws.sshKeyId ?? null,
    force_delete: reference?.forceDelete ?? false,
    tags: tagBindingsForState(seen.own, referenceValue),
    ignore_additional_tags: reference?.ignoreAdditionalTags ?? false,
    effective_tags: bindingMap(seen.effective),
    html_url: `${address}${selfHtml}`,
  };
}

/**
 * After apply, values the plan already knew are kept for attributes the configuration does not
 * set (Terraform requires apply to match them); values the plan left unknown come from the service.
 */
export function settleAfterApply(actual: ObjectValue, planned: ObjectValue, config: ObjectValue | null): ObjectValue {
  const out: ObjectValue = { ...actual };
  const unset = (c: Value | undefined, name: string) => !isObject(c) || c[name] === null || c[name] === undefined;
  for (const [name, value] of Object.entries(planned)) {
    if (name in BLOCKS) {
      // A block: member by member, when both the plan and the service have it.
      const a = actual[name];
      if (isObject(value) && isObject(a)) {
        const merged: ObjectValue = { ...a };
        for (const [k, v] of Object.entries(value)) if (v !== Unknown && unset(config?.[name], k)) merged[k] = v;
        out[name] = merged;
      }
      continue;
    }
    if (unset(config, name) && known(value)) out[name] = value;
  }
  return out;
}

// ---- values → client options -----------------------------------------------------------------

/** Members of a block value that are known and not null, as camelCase options. */
function blockOptions(members: AttributeTable, v: ObjectValue, changedFrom?: ObjectValue | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { path, snake } of hclRows(members)) {
    const x = v[snake];
    if (x === null || !known(x) || (changedFrom && valuesEqual(changedFrom[snake], x))) continue;
    out[path[0]] = x;
  }
  return out;
}

const isSet = (v: Value | undefined) => v !== null && v !== undefined;

/** The create request for a planned workspace; unknown and null values are left to the service. */
export function createOptions(planned: ObjectValue): WorkspaceCreateOptions {
  const options: Record<string, unknown> = {};
  for (const { path, snake, row } of ROWS) {
    const v = planned[snake];
    if (row.create !== true || !isSet(v) || (row.kind === 'object' ? v === Unknown : !known(v))) continue;
    if (row.kind === 'object') {
      const members = blockOptions(row.attributes ?? {}, v as ObjectValue);
      if (row.nullable === true || Object.keys(members).length > 0) options[path[0]] = members;
    } else {
      options[path[0]] = v;
    }
  }
  const model = planned.tags;
  if (isObject(model) && Object.keys(model).length > 0) options.tagBindings = bindingsOf(model as Record<string, string>);
  options.name ??= '';
  return options as unknown as WorkspaceCreateOptions;
}

/** The options of one updatable row, or undefined when the row does not change. */
function updateOption({ snake, row }: HclRow, prior: ObjectValue, planned: ObjectValue): { value: unknown } | undefined {
  const before = prior[snake];
  const after = planned[snake];
  // A block may hold unknown members (left to the service); other values are sent whole or not at all.
  if (row.kind === 'object' ? after === Unknown || after === undefined : !known(after)) return undefined;
  if (valuesEqual(before, after)) return undefined;
  if (row.kind !== 'object') return after === null && row.nullable !== true ? undefined : { value: after };
  if (after === null) return isSet(before) && row.nullable === true ? { value: null } : undefined;
  if (!isObject(before)) return { value: blockOptions(row.attributes ?? {}, after as ObjectValue) };
  // Only the members that change (spec); a nullable member set to null is sent as null to clear it.
  const members = blockOptions(row.attributes ?? {}, after as ObjectValue, before);
  for (const member of hclRows(row.attributes ?? {})) {
    const x = (after as ObjectValue)[member.snake];
    if (x === null && member.row.nullable === true && isSet(before[member.snake])) members[member.path[0]] = null;
  }
  return Object.keys(members).length > 0 ? { value: members } : undefined;
}

/** Settings PATCH options for the attributes that change; undefined when none do. */
export function updateOptions(prior: ObjectValue, planned: ObjectValue): WorkspaceUpdateOptions | undefined {
  const options: Record<string, unknown> = {};
  for (const r of ROWS) {
    if (r.row.update !== true) continue;
    const option = updateOption(r, prior, planned);
    if (option) options[r.path[0]] = option.value;
  }
  // A constraint the current version already satisfies (e.g. after import) changes nothing remotely.
  const engine = typeof prior.engine_version === 'string' ? prior.engine_version : null;
  const written = typeof planned.engine_version === 'string' ? planned.engine_version : null;
  if (options.engineVersion !== undefined && engine !== null && isExactEngineVersion(engine) && engineVersionForState(written, engine) !== engine) {
    delete options.engineVersion;
  }
  return Object.keys(options).length > 0 ? options : undefined;
}

// ---- changes ----------------------------------------------------------------------------------

const flatTagSet = (v: Value | undefined): string[] =>
  [...new Set((Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []).map(normalizeFlatTagName))].sort();

/** Which attributes changed (for the lock reason and for tests); flat tags compare as the service stores them. */
export function changedAttributes(prior: ObjectValue, planned: ObjectValue): string[] {
  return Object.keys(planned).filter((k) => {
    if (!known(planned[k])) return false;
    return k === 'tag_names' ? !valuesEqual(flatTagSet(prior[k]), flatTagSet(planned[k])) : !valuesEqual(prior[k], planned[k]);
  });
}

/** Flat tag names to add and to remove (compared as the service stores them). */
export function flatTagChanges(
  prior: readonly string[] | null | undefined,
  planned: readonly string[] | null | undefined,
): { add: string[]; remove: string[] } {
  if (planned === undefined) return { add: [], remove: [] };
  const before = new Set(flatTagSet(prior ? [...prior] : []));
  const after = new Set(flatTagSet(planned ? [...planned] : []));
  return { add: [...after].filter((t) => !before.has(t)), remove: [...before].filter((t) => !after.has(t)) };
}

/**
 * The workspace's own bindings after applying `tags`: exactly `tags`, or with
 * ignore_additional_tags, `current` with the listed keys set and keys dropped from `tags` removed.
 * Undefined when `tags` is unmanaged or nothing changes.
 */
export function desiredBindings(current: TagBinding[], priorValue: ObjectValue | null, plannedValue: ObjectValue): Record<string, string> | undefined {
  const prior = priorValue && workspaceModel(priorValue);
  const planned = workspaceModel(plannedValue);
  const tagBindings = planned.tags;
  if (!tagBindings) return undefined;
  const now = bindingMap(current);
  let want: Record<string, string>;
  if (planned.ignoreAdditionalTags === true) {
    const before = prior?.tags ?? {};
    want = { ...now };
    for (const key of Object.keys(before)) if (!(key in tagBindings)) delete want[key];
    Object.assign(want, tagBindings);
  } else {
    want = tagBindings;
  }
  return valuesEqual(sortKeys(want), sortKeys(now)) ? undefined : want;
}

function sortKeys(m: Record<string, string>): ObjectValue {
  return Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
