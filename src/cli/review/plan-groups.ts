// How the summary names resources and groups them by workspace. A resource is named by the construct
// path a person wrote (from the `//` metadata cdktf and cdktn synth write into cdk.tf.json), never by
// its generated address (`cdkws_tag_binding.big-data-102_tag-env_EC11313E`). A resource that belongs
// to one workspace (its tag bindings, consumers, a change request of that workspace alone) goes in
// that workspace's row, named relative to the workspace's path.
import type { AttributeChange, ChangeAction } from './plan-attributes';

export interface ResourceChangeSummary {
  /** Terraform's address: for tools; the summary shows `name`. */
  address: string;
  type: string;
  /** How the summary names it: the construct path (relative to its workspace's inside a row), or what it is and its key when the code no longer declares it. */
  name: string;
  /** The construct path in the app, e.g. `platform/networking-prod/tag-env` (absent when the code no longer declares it). */
  path?: string;
  action: ChangeAction;
  /** The workspace's name (`before → after` on a rename); for other resources, the workspaces they belong to or target. */
  workspace?: string;
  attributes: AttributeChange[];
  /** Adopted by an import directive in this plan (with `update`, it is also changed). */
  importing?: boolean;
}

/** One row of the summary: a workspace, its own changes and those of the resources that belong to it. */
export interface WorkspaceChange {
  /** The workspace's name; `old → new` on a rename. */
  workspace: string;
  path?: string;
  address?: string;
  /** What happens to the workspace itself; absent when only resources of it change. */
  action?: ChangeAction;
  importing?: boolean;
  attributes: AttributeChange[];
  /** Its tag bindings, consumers and change requests that change, named relative to the workspace. */
  resources: ResourceChangeSummary[];
}

export const WORKSPACE_RESOURCE_TYPE = 'cdkws_workspace';

// Numbers inside names compare as numbers (`big-data-12` before `big-data-102`), as people number
// their workspaces; a fixed locale keeps the same plan's summary the same on every machine.
const NATURAL = new Intl.Collator('en', { numeric: true });
/** Natural order of names: digit runs by their value. */
export const naturalCompare = (a: string, b: string): number => NATURAL.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
export const ORDER: Record<ChangeAction, number> = { delete: 0, replace: 1, update: 2, create: 3, import: 4 };

export interface SynthesizedStack {
  resource?: Record<string, Record<string, { '//'?: { metadata?: { path?: unknown } } }>>;
}

/**
 * Construct paths by resource address, from a synthesized stack (`cdk.tf.json`). The resource itself
 * is the `Default` child of the construct a person wrote: the path is that construct's.
 */
export function constructPaths(stack: SynthesizedStack): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [type, blocks] of Object.entries(stack.resource ?? {})) {
    for (const [name, block] of Object.entries(blocks ?? {})) {
      const written = block?.['//']?.metadata?.path;
      if (typeof written === 'string') paths.set(`${type}.${name}`, written.replace(/\/Default$/, ''));
    }
  }
  return paths;
}

/** What a resource no longer in the code is: `tag binding "env"`, `remote state consumers`. */
function describeRemoved(type: string, values: Record<string, unknown>): string {
  const kind = type.replace(/^cdkws_/, '').replace(/_/g, ' ');
  const key = ['key', 'subject', 'name'].map((k) => values[k]).find((v): v is string => typeof v === 'string');
  return key === undefined ? kind : `${kind} ${JSON.stringify(key)}`;
}

/** The name the summary gives a resource (the workspace's own name for a workspace). */
export function resourceName(type: string, path: string | undefined, workspace: string | undefined, values: Record<string, unknown>): string {
  if (type === WORKSPACE_RESOURCE_TYPE && workspace !== undefined) return workspace;
  return path ?? describeRemoved(type, values);
}

/** A resource's most severe action first (destroys, replacements, updates, creates, imports). */
const rank = (row: WorkspaceChange) => Math.min(row.action ? ORDER[row.action] : ORDER.update, ...row.resources.map((r) => ORDER[r.action]));

/** The row a workspace's resource goes in when the workspace itself is unchanged. */
function rowOf(rows: Map<string, WorkspaceChange>, workspace: string, path: string | undefined): WorkspaceChange {
  let row = rows.get(workspace);
  if (!row) {
    row = { workspace, ...(path ? { path } : {}), attributes: [], resources: [] };
    rows.set(workspace, row);
  }
  return row;
}

/** `workspace_id: "a"` on a new tag binding of workspace a says nothing its row does not. */
function withoutOwnWorkspace(resource: ResourceChangeSummary, workspace: string): ResourceChangeSummary {
  if (resource.action !== 'create' && resource.action !== 'import') return resource;
  const attributes = resource.attributes.filter((a) => !(a.name === 'workspace_id' && a.afterNames?.length === 1 && a.afterNames[0] === workspace));
  return { ...resource, attributes };
}

/**
 * Rows by workspace (most severe first, then by name), and the resources that belong to no single
 * workspace (a change request of several, say). `workspacePaths` gives the path of a workspace the
 * plan does not change, by name.
 */
export function groupByWorkspace(
  resources: ResourceChangeSummary[],
  workspacePaths: ReadonlyMap<string, string>,
): { workspaces: WorkspaceChange[]; others: ResourceChangeSummary[] } {
  const rows = new Map<string, WorkspaceChange>();
  for (const r of resources) {
    if (r.type !== WORKSPACE_RESOURCE_TYPE || r.workspace === undefined) continue;
    const row = rowOf(rows, r.workspace, r.path);
    Object.assign(row, {
      ...(r.path ? { path: r.path } : {}),
      address: r.address,
      action: r.action,
      ...(r.importing ? { importing: true } : {}),
      attributes: r.attributes.filter((a) => a.name !== 'name' || r.action !== 'create'),
    });
  }
  const others: ResourceChangeSummary[] = [];
  for (const r of resources) {
    if (r.type === WORKSPACE_RESOURCE_TYPE && r.workspace !== undefined) continue;
    // Workspace names hold no ", " (letters, digits, - and _): the joined list splits back safely.
    const targets = r.workspace?.split(', ') ?? [];
    if (targets.length !== 1) {
      others.push(r);
      continue;
    }
    const row = rowOf(rows, targets[0], workspacePaths.get(targets[0]));
    const inside = row.path && r.path?.startsWith(`${row.path}/`) ? r.path.slice(row.path.length + 1) : r.name;
    row.resources.push({ ...withoutOwnWorkspace(r, targets[0]), name: inside });
  }
  for (const row of rows.values()) row.resources.sort((a, b) => ORDER[a.action] - ORDER[b.action] || naturalCompare(a.name, b.name));
  const workspaces = [...rows.values()].sort((a, b) => rank(a) - rank(b) || naturalCompare(a.workspace, b.workspace));
  return { workspaces, others };
}
