// What a plan changes, from `terraform show -json <plan>`: counts, one row per changed resource
// (with the workspace name where there is one), attribute changes with sensitive values masked,
// and warnings for deletes and replacements. Everything is sorted, so the same plan always gives
// the same summary.

/** `import`: an existing object adopted as it is (an import directive and no other change). */
export type ChangeAction = 'create' | 'update' | 'delete' | 'replace' | 'import';

export interface AttributeChange {
  /** The attribute (or nested block), e.g. `auto_apply` or `vcs_repo`. */
  name: string;
  /** Rendered values: JSON, `(sensitive)`, `(known after apply)`, or `null` when absent. */
  before: string | null;
  after: string | null;
  forcesReplacement: boolean;
}

export interface ResourceChangeSummary {
  address: string;
  type: string;
  action: ChangeAction;
  /** The workspace's name (`before → after` on a rename); for other resources, the workspaces they belong to or target. */
  workspace?: string;
  attributes: AttributeChange[];
  /** Adopted by an import directive in this plan (with `update`, it is also changed). */
  importing?: boolean;
}

export interface PlanSummary {
  stack: string;
  /** Existing objects adopted by import directives. */
  import: number;
  add: number;
  change: number;
  destroy: number;
  resources: ResourceChangeSummary[];
  warnings: string[];
}

/** The parts of Terraform's JSON plan representation this summary reads. */
interface JsonPlan {
  resource_changes?: Array<{
    address: string;
    mode?: string;
    type: string;
    change: {
      actions: string[];
      before?: unknown;
      after?: unknown;
      after_unknown?: unknown;
      before_sensitive?: unknown;
      after_sensitive?: unknown;
      replace_paths?: Array<Array<string | number>>;
      /** Present when an import directive adopts the object in this plan. */
      importing?: { id?: string };
    };
  }>;
  prior_state?: { values?: { root_module?: JsonModule } };
  configuration?: { root_module?: { resources?: ConfigResource[] } };
}
interface JsonModule {
  resources?: Array<{ address: string; type: string; values?: Record<string, unknown> }>;
}

const WORKSPACE_TYPE = 'cdkws_workspace';

function actionOf(actions: string[]): ChangeAction | null {
  const key = [...actions].sort().join(',');
  switch (key) {
    case 'create':
      return 'create';
    case 'update':
      return 'update';
    case 'delete':
      return 'delete';
    case 'create,delete':
      return 'replace';
    default:
      return null; // no-op, read
  }
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

function render(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(sortDeep(value));
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortDeep((value as Record<string, unknown>)[k])]));
  }
  return value;
}

function attributeChanges(change: NonNullable<JsonPlan['resource_changes']>[number]['change'], action: ChangeAction): AttributeChange[] {
  if (action === 'delete') return [];
  const before = topLevel(action === 'create' ? {} : change.before);
  const after = topLevel(change.after);
  const unknownTree = change.after_unknown ?? {};
  for (const key of topLevel(unknownTree).keys()) if (!after.has(key) && marked(unknownTree, key)) after.set(key, undefined);
  const replaced = new Set((change.replace_paths ?? []).map((p) => String(p[0])));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const out: AttributeChange[] = [];
  for (const name of names) {
    const unknown = marked(unknownTree, name);
    const b = before.get(name);
    const a = after.get(name);
    if (!unknown && JSON.stringify(sortDeep(b ?? null)) === JSON.stringify(sortDeep(a ?? null))) continue;
    // A new resource's computed attributes say nothing a reviewer needs.
    if (action === 'create' && unknown) continue;
    const sensitiveBefore = marked(change.before_sensitive, name);
    const sensitiveAfter = marked(change.after_sensitive, name);
    out.push({
      name,
      before: sensitiveBefore && b != null ? '(sensitive)' : render(b),
      after: unknown ? '(known after apply)' : sensitiveAfter && a != null ? '(sensitive)' : render(a),
      forcesReplacement: replaced.has(name),
    });
  }
  return out;
}

/** Workspace names by resource address: from the prior state and the planned changes. */
function workspaceNames(plan: JsonPlan): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of plan.prior_state?.values?.root_module?.resources ?? []) {
    if (r.type === WORKSPACE_TYPE && typeof r.values?.name === 'string') names.set(r.address, r.values.name);
  }
  for (const rc of plan.resource_changes ?? []) {
    if (rc.type !== WORKSPACE_TYPE) continue;
    const before = (rc.change.before as Record<string, unknown> | null)?.name;
    const after = (rc.change.after as Record<string, unknown> | null)?.name;
    const name = typeof after === 'string' ? after : before;
    if (typeof name === 'string') names.set(rc.address, name);
  }
  return names;
}

type ConfigResource = { address: string; expressions?: Record<string, { references?: string[]; constant_value?: unknown }> };

/** The resource's block in the configuration (addresses there carry no instance key). */
function configOf(plan: JsonPlan, address: string): ConfigResource | undefined {
  const base = address.replace(/\[[^\]]*\]$/, '');
  return plan.configuration?.root_module?.resources?.find((r) => r.address === base);
}

/**
 * The workspaces a resource belongs to or targets (`workspace_id`, `workspace_ids`): from references
 * in the configuration (IDs of new workspaces are unknown at plan time), else from known IDs.
 */
function referencedWorkspaces(config: ConfigResource | undefined, values: Record<string, unknown>, names: Map<string, string>, byId: Map<string, string>): string[] {
  const found: string[] = [];
  for (const key of ['workspace_id', 'workspace_ids']) {
    for (const ref of config?.expressions?.[key]?.references ?? []) {
      const name = names.get(ref.replace(/\.id$/, ''));
      if (name !== undefined && !found.includes(name)) found.push(name);
    }
    const value = values[key];
    for (const id of Array.isArray(value) ? value : [value]) {
      const name = typeof id === 'string' ? byId.get(id) : undefined;
      if (name !== undefined && !found.includes(name)) found.push(name);
    }
  }
  return found;
}

export function summarizePlan(stack: string, plan: JsonPlan): PlanSummary {
  const names = workspaceNames(plan);
  const byId = new Map<string, string>();
  for (const r of plan.prior_state?.values?.root_module?.resources ?? []) {
    if (r.type === WORKSPACE_TYPE && typeof r.values?.id === 'string' && typeof r.values?.name === 'string') byId.set(r.values.id, r.values.name);
  }
  const resources: ResourceChangeSummary[] = [];
  for (const rc of plan.resource_changes ?? []) {
    if (rc.mode === 'data') continue;
    const importing = Boolean(rc.change.importing);
    const action = actionOf(rc.change.actions) ?? (importing ? 'import' : null);
    if (!action) continue;
    const values = ((rc.change.after ?? rc.change.before) as Record<string, unknown> | null) ?? {};
    const config = configOf(plan, rc.address);
    let workspace: string | undefined;
    if (rc.type === WORKSPACE_TYPE) {
      const before = (rc.change.before as Record<string, unknown> | null)?.name;
      const after = (rc.change.after as Record<string, unknown> | null)?.name;
      workspace = typeof before === 'string' && typeof after === 'string' && before !== after ? `${before} → ${after}` : (names.get(rc.address) ?? undefined);
    } else {
      const targets = referencedWorkspaces(config, values, names, byId);
      workspace = targets.length > 0 ? targets.join(', ') : undefined;
    }
    // A new resource shows what its configuration sets, not every default the provider fills in.
    const configured = action === 'create' && config?.expressions ? new Set(Object.keys(config.expressions)) : undefined;
    const attributes = attributeChanges(rc.change, action).filter((a) => !configured || configured.has(a.name));
    resources.push({ address: rc.address, type: rc.type, action, workspace, attributes, ...(importing ? { importing } : {}) });
  }
  resources.sort((a, b) => a.address.localeCompare(b.address));
  const count = (...actions: ChangeAction[]) => resources.filter((r) => actions.includes(r.action)).length;
  const warnings: string[] = [];
  for (const r of resources) {
    const what = r.workspace ? ` (workspace ${r.workspace})` : '';
    if (r.action === 'delete') {
      warnings.push(`${r.address}${what} will be destroyed${r.type === WORKSPACE_TYPE ? ': the workspace and its state are deleted' : ''}`);
    } else if (r.action === 'replace') {
      const causes = r.attributes.filter((a) => a.forcesReplacement).map((a) => a.name);
      warnings.push(`${r.address}${what} will be replaced (destroyed, then created)${causes.length ? `: ${causes.join(', ')} cannot change in place` : ''}`);
    }
  }
  const imports = resources.filter((r) => r.importing).length;
  return { stack, import: imports, add: count('create', 'replace'), change: count('update'), destroy: count('delete', 'replace'), resources, warnings };
}

export function hasChanges(summary: PlanSummary): boolean {
  return summary.resources.length > 0;
}

/** Terraform's own wording; "to import" only when the plan imports something, as Terraform does. */
export function countsLine(summary: PlanSummary): string {
  return `${summary.import > 0 ? `${summary.import} to import, ` : ''}${summary.add} to add, ${summary.change} to change, ${summary.destroy} to destroy`;
}
