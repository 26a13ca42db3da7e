// What a plan changes, from `terraform show -json <plan>`: counts, one row per changed resource
// (with the workspace name where there is one), attribute changes with sensitive values masked,
// warnings for deletes and replacements, and apart from those the drift Terraform found (changes
// made outside of code since the last deploy). Everything is sorted, so the same plan always gives
// the same summary. The shape is the `--json` output of `cdkws diff` (docs/guide-review.md).
import {
  attributeChanges,
  driftChanges,
  isWorkspaceIdAttribute,
  referencedNames,
  type AttributeChange,
  type ChangeAction,
  type ConfigResource,
  type JsonChange,
  type WorkspaceNames,
} from './plan-attributes';
import {
  constructPaths,
  groupByWorkspace,
  naturalCompare,
  ORDER,
  resourceName,
  WORKSPACE_RESOURCE_TYPE,
  type ResourceChangeSummary,
  type SynthesizedStack,
  type WorkspaceChange,
} from './plan-groups';
import { withVariableValues } from './variable-changes';

export type { AttributeChange, ChangeAction, ConfigResource, ResourceChangeSummary, SynthesizedStack, WorkspaceChange, WorkspaceNames };
export { constructPaths, WORKSPACE_RESOURCE_TYPE };

/** A resource changed outside of code since the last deploy: `update` (attributes: deployed → now) or `delete` (gone). */
export interface DriftSummary {
  address: string;
  type: string;
  /** As in `ResourceChangeSummary`: the workspace's name, or the construct path. */
  name: string;
  action: 'update' | 'delete';
  workspace?: string;
  attributes: AttributeChange[];
}

export interface PlanSummary {
  stack: string;
  /** Existing objects adopted by import directives. */
  import: number;
  add: number;
  change: number;
  destroy: number;
  /** Every changed resource: destroys first, then replacements, updates and creates; by workspace name, then address. */
  resources: ResourceChangeSummary[];
  /** The same changes by workspace: one row per workspace with the resources that belong to it. */
  workspaces: WorkspaceChange[];
  /** Changed resources that belong to no single workspace. */
  others: ResourceChangeSummary[];
  warnings: string[];
  drift: DriftSummary[];
}

/** The parts of Terraform's JSON plan representation this summary reads. */
export interface JsonPlan {
  resource_changes?: JsonResourceChange[];
  resource_drift?: JsonResourceChange[];
  prior_state?: { values?: { root_module?: JsonModule } };
  configuration?: { root_module?: { resources?: ConfigResource[] } };
}
interface JsonResourceChange {
  address: string;
  mode?: string;
  type: string;
  change: JsonChange;
}
interface JsonModule {
  resources?: Array<{ address: string; type: string; values?: Record<string, unknown> }>;
  child_modules?: JsonModule[];
}

function actionOf(actions: string[]): ChangeAction | null {
  switch ([...actions].sort().join(',')) {
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

function stateResources(module: JsonModule | undefined): NonNullable<JsonModule['resources']> {
  if (!module) return [];
  return [...(module.resources ?? []), ...(module.child_modules ?? []).flatMap(stateResources)];
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Workspace names from the prior state, the drift and the planned changes. */
export function workspaceNames(plan: JsonPlan, known: ReadonlyMap<string, string> = new Map()): WorkspaceNames {
  const byAddress = new Map<string, string>();
  const byId = new Map<string, string>(known);
  const note = (address: string, values: Record<string, unknown>) => {
    if (typeof values.name !== 'string') return;
    byAddress.set(address, values.name);
    if (typeof values.id === 'string') byId.set(values.id, values.name);
  };
  for (const r of stateResources(plan.prior_state?.values?.root_module)) if (r.type === WORKSPACE_RESOURCE_TYPE) note(r.address, record(r.values));
  for (const rc of [...(plan.resource_drift ?? []), ...(plan.resource_changes ?? [])]) {
    if (rc.type !== WORKSPACE_RESOURCE_TYPE) continue;
    note(rc.address, record(rc.change.before));
    note(rc.address, { id: record(rc.change.before).id, ...record(rc.change.after) });
  }
  return { byAddress, byId };
}

/** The resource's block in the configuration (addresses there carry no instance key). */
function configOf(plan: JsonPlan, address: string): ConfigResource | undefined {
  const base = address.replace(/\[[^\]]*\]$/, '');
  return plan.configuration?.root_module?.resources?.find((r) => r.address === base);
}

/** The workspaces a resource belongs to or targets, from its workspace-ID attributes (names already resolved). */
function targetsOf(config: ConfigResource | undefined, values: Record<string, unknown>, names: WorkspaceNames): string[] {
  const found: string[] = [];
  const add = (name: string) => {
    if (!found.includes(name)) found.push(name);
  };
  for (const key of ['workspace_id', 'workspace_ids']) {
    for (const name of referencedNames(config, key, names)) add(name);
    const value = values[key];
    for (const id of Array.isArray(value) ? value : [value]) {
      const name = typeof id === 'string' ? names.byId.get(id) : undefined;
      if (name !== undefined) add(name);
    }
  }
  return found;
}

function workspaceLabel(rc: JsonResourceChange, names: WorkspaceNames): string | undefined {
  const before = record(rc.change.before).name;
  const after = record(rc.change.after).name;
  if (typeof before === 'string' && typeof after === 'string' && before !== after) return `${before} → ${after}`;
  return names.byAddress.get(rc.address);
}

/** By action, then workspace in natural order (resources of no workspace last), then address. */
function compareRows(a: { action: ChangeAction; workspace?: string; address: string }, b: typeof a): number {
  const byWorkspace =
    a.workspace === b.workspace ? 0 : a.workspace === undefined ? 1 : b.workspace === undefined ? -1 : naturalCompare(a.workspace, b.workspace);
  return ORDER[a.action] - ORDER[b.action] || byWorkspace || naturalCompare(a.address, b.address);
}

export interface SummaryOptions {
  /** Workspace IDs → names found elsewhere (one list call), for IDs neither the state nor the plan names. */
  knownNames?: ReadonlyMap<string, string>;
  /**
   * Read-only attributes by resource type (computed, not settable, e.g. `effective_tags`): their
   * drift follows from other changes, so it is left out of the drift.
   */
  readOnly?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Construct paths by address, from the synthesized stack (`constructPaths`). */
  constructPaths?: ReadonlyMap<string, string>;
}

/** Summarizes a plan (Terraform's JSON representation). */
export function summarizePlan(stack: string, plan: JsonPlan, options: SummaryOptions = {}): PlanSummary {
  const names = workspaceNames(plan, options.knownNames);
  const paths = options.constructPaths ?? new Map<string, string>();
  const drift: DriftSummary[] = [];
  for (const rd of plan.resource_drift ?? []) {
    if (rd.mode === 'data') continue;
    const action = actionOf(rd.change.actions);
    if (action !== 'update' && action !== 'delete') continue;
    const attributes = driftChanges(rd.change, action, names, options.readOnly?.get(rd.type));
    if (action === 'update' && attributes.length === 0) continue;
    const targets = rd.type === WORKSPACE_RESOURCE_TYPE ? [] : targetsOf(configOf(plan, rd.address), record(rd.change.before), names);
    const workspace = rd.type === WORKSPACE_RESOURCE_TYPE ? workspaceLabel(rd, names) : targets.join(', ') || undefined;
    const name = resourceName(rd.type, paths.get(rd.address), workspace, record(rd.change.before));
    drift.push({ address: rd.address, type: rd.type, name, action, workspace, attributes });
  }
  drift.sort((a, b) => compareRows(a, b));
  const driftByAddress = new Map(drift.map((d) => [d.address, d]));

  const resources: ResourceChangeSummary[] = [];
  for (const rc of plan.resource_changes ?? []) {
    if (rc.mode === 'data') continue;
    const importing = Boolean(rc.change.importing);
    const action = actionOf(rc.change.actions) ?? (importing ? 'import' : null);
    if (!action) continue;
    const config = configOf(plan, rc.address);
    const attributes = withVariableValues(rc.type, rc.change, action, attributeChanges(rc.change, action, config, names));
    for (const attribute of attributes) {
      const drifted = driftByAddress.get(rc.address)?.attributes.find((d) => d.name === attribute.name);
      if (drifted && action === 'update' && JSON.stringify(drifted.before) === JSON.stringify(attribute.after) && !attribute.afterUnknown)
        attribute.revertsDrift = true;
    }
    const values = record(rc.change.after ?? rc.change.before);
    const workspace =
      rc.type === WORKSPACE_RESOURCE_TYPE
        ? workspaceLabel(rc, names)
        : targetsOf(config, { ...record(rc.change.before), ...values }, names).join(', ') || undefined;
    const path = paths.get(rc.address);
    const name = resourceName(rc.type, path, workspace, { ...record(rc.change.before), ...values });
    resources.push({ address: rc.address, type: rc.type, name, ...(path ? { path } : {}), action, workspace, attributes, ...(importing ? { importing } : {}) });
  }
  resources.sort(compareRows);
  const workspacePaths = new Map<string, string>();
  for (const [address, name] of names.byAddress) {
    const path = paths.get(address);
    if (path) workspacePaths.set(name, path);
  }
  const { workspaces, others } = groupByWorkspace(resources, workspacePaths);
  const count = (...actions: ChangeAction[]) => resources.filter((r) => actions.includes(r.action)).length;
  const warnings: string[] = [];
  // A resource of a destroyed workspace alone (its tag bindings, say) goes with the workspace: one
  // warning per workspace, so a large removal still fits the summary's limit.
  const destroyedWorkspaces = new Set(resources.filter((r) => r.action === 'delete' && r.type === WORKSPACE_RESOURCE_TYPE).map((r) => r.workspace));
  const goesWithWorkspace = (r: ResourceChangeSummary) =>
    r.action === 'delete' && r.type !== WORKSPACE_RESOURCE_TYPE && r.workspace !== undefined && destroyedWorkspaces.has(r.workspace);
  const alongWith = new Map<string | undefined, string[]>();
  for (const r of resources.filter(goesWithWorkspace)) alongWith.set(r.workspace, [...(alongWith.get(r.workspace) ?? []), r.type]);
  for (const r of resources) {
    const isWorkspace = r.type === WORKSPACE_RESOURCE_TYPE;
    const what = isWorkspace ? `workspace ${r.name}` : `${r.name}${r.workspace ? ` (workspace ${r.workspace})` : ''}`;
    if (r.action === 'delete') {
      if (goesWithWorkspace(r)) continue;
      const along = isWorkspace ? alongWith.get(r.workspace) : undefined;
      const alongText = along ? `, with ${along.length} resource${along.length === 1 ? '' : 's'} of its own (${[...new Set(along)].sort().join(', ')})` : '';
      warnings.push(`${what} will be destroyed${isWorkspace ? `: the workspace and its state are deleted${alongText}` : ''}`);
    } else if (r.action === 'replace') {
      const causes = r.attributes.filter((a) => a.forcesReplacement).map((a) => a.name);
      warnings.push(`${what} will be replaced (destroyed, then created)${causes.length ? `: ${causes.join(', ')} cannot change in place` : ''}`);
    }
  }
  const imports = resources.filter((r) => r.importing).length;
  return {
    stack,
    import: imports,
    add: count('create', 'replace'),
    change: count('update'),
    destroy: count('delete', 'replace'),
    resources,
    workspaces,
    others,
    warnings,
    drift,
  };
}

/** Workspace IDs the summary shows without a name (candidates for one list call). */
export function unnamedWorkspaceIds(plan: JsonPlan): string[] {
  const names = workspaceNames(plan);
  const ids = new Set<string>();
  for (const rc of [...(plan.resource_changes ?? []), ...(plan.resource_drift ?? [])]) {
    for (const side of [rc.change.before, rc.change.after]) {
      for (const [key, value] of Object.entries(record(side))) {
        if (!isWorkspaceIdAttribute(key)) continue;
        for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string' && /^ws-/.test(id) && !names.byId.has(id)) ids.add(id);
      }
    }
  }
  return [...ids].sort();
}

export function hasChanges(summary: PlanSummary): boolean {
  return summary.resources.length > 0;
}

/** Terraform's own wording; "to import" only when the plan imports something, as Terraform does. */
export function countsLine(summary: Pick<PlanSummary, 'add' | 'change' | 'destroy'> & { import?: number }): string {
  const imports = summary.import ?? 0;
  return `${imports > 0 ? `${imports} to import, ` : ''}${summary.add} to add, ${summary.change} to change, ${summary.destroy} to destroy`;
}
