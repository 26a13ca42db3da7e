// Attribute-by-attribute changes of one resource in Terraform's JSON plan: what the plan changes,
// and what drifted outside of code. Values stay JSON values (encoded once, by whoever writes them);
// sensitive and unknown values are flags, never shown.
/** `import`: an existing object adopted as it is (an import directive and no other change). */
export type ChangeAction = 'create' | 'update' | 'delete' | 'replace' | 'import';

export interface AttributeChange {
  /** The attribute (or nested block), e.g. `auto_apply` or `vcs_repo`. */
  name: string;
  /** The value as Terraform has it (a JSON value); null when absent, sensitive or unknown. */
  before: unknown;
  after: unknown;
  /** Set when the value is sensitive: `before`/`after` are then null. */
  beforeSensitive?: true;
  afterSensitive?: true;
  /** Set when the value is known only after apply. */
  afterUnknown?: true;
  forcesReplacement: boolean;
  /** Workspace names for attributes that hold workspace IDs (`workspace_id`, `consumer_ids`, …), where known. */
  beforeNames?: string[];
  afterNames?: string[];
  /** Set when this change sets back a value that was changed outside of code (see `drift`). */
  revertsDrift?: true;
  /** A secret's change, said without any value (variable-changes.ts): `value: changed`. */
  hidden?: 'set' | 'changed';
}

export type ConfigResource = { address: string; expressions?: Record<string, { references?: string[]; constant_value?: unknown }> };

/** What the plan knows about workspaces: names by resource address and by workspace ID. */
export interface WorkspaceNames {
  byAddress: Map<string, string>;
  byId: Map<string, string>;
}

/** Workspace names an attribute refers to in the configuration (`cdkws_workspace.x.id`). */
export function referencedNames(config: ConfigResource | undefined, attribute: string, names: WorkspaceNames): string[] {
  const found: string[] = [];
  for (const ref of config?.expressions?.[attribute]?.references ?? []) {
    const name = names.byAddress.get(ref.replace(/\.id$/, ''));
    if (name !== undefined && !found.includes(name)) found.push(name);
  }
  return found;
}

export interface JsonChange {
  actions: string[];
  before?: unknown;
  after?: unknown;
  after_unknown?: unknown;
  before_sensitive?: unknown;
  after_sensitive?: unknown;
  replace_paths?: Array<Array<string | number>>;
  /** Present when an import directive adopts the object in this plan. */
  importing?: { id?: string };
}

/** Attributes whose values are workspace IDs: shown with the workspaces' names. */
const WORKSPACE_ID_ATTRIBUTES = new Set(['workspace_id', 'workspace_ids', 'consumer_ids']);

export function isWorkspaceIdAttribute(name: string): boolean {
  return WORKSPACE_ID_ATTRIBUTES.has(name);
}

/** Top-level attributes; nested blocks and collections are compared and shown as whole values. */
function topLevel(value: unknown): Map<string, unknown> {
  return new Map(value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : []);
}

/** Whether an attribute is marked (sensitive, or unknown) in Terraform's marker tree, anywhere inside it. */
function marked(tree: unknown, name: string): boolean {
  if (tree === true) return true;
  if (!tree || typeof tree !== 'object') return false;
  const node = (tree as Record<string, unknown>)[name];
  return node === true || Boolean(node && typeof node === 'object' && JSON.stringify(node).includes('true'));
}

export function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortDeep((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortDeep(a ?? null)) === JSON.stringify(sortDeep(b ?? null));

/** Names for the IDs of a workspace-ID attribute, when every ID has a known name. */
function namesOf(value: unknown, names: WorkspaceNames): string[] | undefined {
  const ids = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  if (ids.length === 0) return undefined;
  const found = ids.map((id) => names.byId.get(id));
  return found.every((n): n is string => n !== undefined) ? found : undefined;
}

function build(
  name: string,
  before: unknown,
  after: unknown,
  flags: { beforeSensitive: boolean; afterSensitive: boolean; afterUnknown: boolean; forcesReplacement: boolean },
): AttributeChange {
  const change: AttributeChange = {
    name,
    before: flags.beforeSensitive ? null : (sortDeep(before) ?? null),
    after: flags.afterSensitive || flags.afterUnknown ? null : (sortDeep(after) ?? null),
    forcesReplacement: flags.forcesReplacement,
  };
  if (flags.beforeSensitive && before != null) change.beforeSensitive = true;
  if (flags.afterSensitive && after != null) change.afterSensitive = true;
  if (flags.afterUnknown) change.afterUnknown = true;
  return change;
}

/**
 * The attributes a planned change touches. A new resource shows what its configuration sets; an
 * update or replacement leaves out values that are only computed again (`id`, `change_request_ids`
 * → known after apply) and shows what the configuration changes.
 */
export function attributeChanges(change: JsonChange, action: ChangeAction, config: ConfigResource | undefined, names: WorkspaceNames): AttributeChange[] {
  if (action === 'delete') return [];
  const configured = config?.expressions ? new Set(Object.keys(config.expressions)) : undefined;
  const before = topLevel(action === 'create' ? {} : change.before);
  const after = topLevel(change.after);
  const unknownTree = change.after_unknown ?? {};
  for (const key of topLevel(unknownTree).keys()) if (!after.has(key) && marked(unknownTree, key)) after.set(key, undefined);
  const replaced = new Set((change.replace_paths ?? []).map((p) => String(p[0])));
  const out: AttributeChange[] = [];
  for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const afterUnknown = marked(unknownTree, name);
    const b = before.get(name);
    const a = after.get(name);
    if (!afterUnknown && same(b, a)) continue;
    if (action === 'create' && configured && !configured.has(name)) continue;
    // Computed-only: unknown after apply and not set by the configuration.
    if (afterUnknown && !replaced.has(name) && (configured ? !configured.has(name) : action === 'create' || name === 'id')) continue;
    const attribute = build(name, b, a, {
      beforeSensitive: marked(change.before_sensitive, name),
      afterSensitive: marked(change.after_sensitive, name),
      afterUnknown,
      forcesReplacement: replaced.has(name),
    });
    if (isWorkspaceIdAttribute(name)) {
      const beforeNames = namesOf(b, names);
      if (beforeNames) attribute.beforeNames = beforeNames;
      // IDs of workspaces created by this plan are unknown: name them from the configuration.
      const afterNames = afterUnknown ? referencedNames(config, name, names) : namesOf(a, names);
      if (afterNames && afterNames.length > 0) attribute.afterNames = afterNames;
    }
    out.push(attribute);
  }
  return out;
}

/** What changed outside of code: `before` is the state of the last deploy, `after` the refreshed value. */
export function driftChanges(
  change: JsonChange,
  action: 'update' | 'delete',
  names: WorkspaceNames,
  readOnly: ReadonlySet<string> = new Set(),
): AttributeChange[] {
  if (action === 'delete') return [];
  const before = topLevel(change.before);
  const after = topLevel(change.after);
  const out: AttributeChange[] = [];
  for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const b = before.get(name);
    const a = after.get(name);
    if (same(b, a) || readOnly.has(name)) continue;
    const attribute = build(name, b, a, {
      beforeSensitive: marked(change.before_sensitive, name),
      afterSensitive: marked(change.after_sensitive, name),
      afterUnknown: false,
      forcesReplacement: false,
    });
    if (isWorkspaceIdAttribute(name)) {
      const beforeNames = namesOf(b, names);
      const afterNames = namesOf(a, names);
      if (beforeNames) attribute.beforeNames = beforeNames;
      if (afterNames) attribute.afterNames = afterNames;
    }
    out.push(attribute);
  }
  return out;
}
