// Mapping between `cdkws_workspace` values (snake_case, Terraform state) and the client's workspace
// options and results. Pure functions: every rule about what goes into state lives here.
import type { EffectiveTagBinding, TagBinding, TagBindingOptions, VcsRepoOptions, Workspace, WorkspaceCreateOptions, WorkspaceUpdateOptions } from '../../client';
import { isExactEngineVersion, resolveEngineVersion } from '../../spec';
import { isWhollyKnown, Unknown, valuesEqual, type ObjectValue, type Value } from '../protocol/values';

export const str = (v: Value | undefined): string | null => (typeof v === 'string' ? v : null);
export const bool = (v: Value | undefined): boolean | null => (typeof v === 'boolean' ? v : null);
export const strings = (v: Value | undefined): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);
export const obj = (v: Value | undefined): ObjectValue | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as ObjectValue) : null);
export const known = (v: Value | undefined): boolean => v !== undefined && isWhollyKnown(v);

/** A map(string) value as a plain record (null values become ""). */
export function stringMap(v: Value | undefined): Record<string, string> | null {
  const o = obj(v);
  if (!o) return null;
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, typeof x === 'string' ? x : '']));
}

/**
 * The engine version for state: the version or constraint the configuration wrote while the
 * service's resolved version satisfies it (so a constraint does not plan a change for ever),
 * otherwise what the service reports.
 */
export function engineVersionForState(written: Value | undefined, actual: string | undefined): string | null {
  if (actual === undefined) return str(written);
  const w = str(written);
  if (w === null || w === actual) return actual;
  if (!isExactEngineVersion(w.trim()) && resolveEngineVersion(w, [actual]) === actual) return w;
  return actual;
}


/** The workspace's own bindings as the `tags` attribute: null (unmanaged), all, or only listed keys. */
export function tagsForState(own: TagBinding[] | undefined, reference: ObjectValue | null): Record<string, string> | null {
  const written = stringMap(reference?.tags);
  if (!reference || written === null || own === undefined) return null;
  const all = Object.fromEntries(own.map((b) => [b.key, b.value ?? '']));
  if (reference.ignore_additional_tags !== true) return all;
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
export function stateFromWorkspace(seen: Observed, reference: ObjectValue | null, address: string): ObjectValue {
  const ws = seen.workspace;
  const ref = reference ?? {};
  const raw = ws.raw.attributes as Record<string, unknown>;
  const rawVcs = (raw['vcs-repo'] ?? null) as Record<string, unknown> | null;
  const organization = ws.organization ?? str(ref.organization);
  const selfHtml = ws.raw.links?.['self-html'] ?? `/app/${encodeURIComponent(organization ?? '')}/workspaces/${encodeURIComponent(ws.name)}`;
  const overwrites = obj(ref.setting_overwrites);
  return {
    id: ws.id,
    name: ws.name,
    organization,
    description: ws.description ?? null,
    execution_mode: ws.executionMode ?? null,
    agent_pool_id: ws.agentPoolId ?? null,
    allow_destroy_plan: ws.allowDestroyPlan ?? null,
    assessments_enabled: ws.assessmentsEnabled ?? null,
    auto_apply: ws.autoApply ?? null,
    auto_apply_run_trigger: ws.autoApplyRunTrigger ?? null,
    auto_destroy_at: ws.autoDestroyAt ?? null,
    auto_destroy_activity_duration: ws.autoDestroyActivityDuration ?? null,
    engine_version: engineVersionForState(ref.engine_version, ws.engineVersion),
    file_triggers_enabled: ws.fileTriggersEnabled ?? null,
    global_remote_state: ws.globalRemoteState ?? null,
    queue_all_runs: ws.queueAllRuns ?? null,
    speculative_enabled: ws.speculativeEnabled ?? null,
    structured_run_output_enabled: ws.structuredRunOutputEnabled ?? null,
    trigger_patterns: ws.triggerPatterns,
    trigger_prefixes: ws.triggerPrefixes,
    working_directory: ws.workingDirectory ?? null,
    source_name: ws.sourceName ?? null,
    source_url: ws.sourceUrl ?? null,
    project_id: ws.projectId ?? null,
    tag_names: [...ws.tagNames].sort(),
    ssh_key_id: ws.sshKeyId ?? null,
    force_delete: bool(ref.force_delete) ?? false,
    tags: tagsForState(seen.own, reference),
    ignore_additional_tags: bool(ref.ignore_additional_tags) ?? false,
    effective_tags: Object.fromEntries(seen.effective.map((b) => [b.key, b.value ?? ''])),
    resource_count: ws.resourceCount ?? 0,
    locked: ws.locked,
    html_url: `${address}${selfHtml}`,
    vcs_repo: rawVcs
      ? {
          identifier: str(rawVcs.identifier as Value) ?? '',
          oauth_token_id: str(rawVcs['oauth-token-id'] as Value),
          vcsapp_installation_id: str(rawVcs['vcsapp-installation-id'] as Value),
          branch: str(rawVcs.branch as Value) ?? '',
          ingress_submodules: bool(rawVcs['ingress-submodules'] as Value) ?? false,
          tags_regex: str(rawVcs['tags-regex'] as Value),
        }
      : null,
    // Only managed when the configuration has the block: the service always reports it.
    setting_overwrites: overwrites
      ? { execution_mode: ws.settingOverwrites?.executionMode ?? null, agent_pool: ws.settingOverwrites?.agentPool ?? null }
      : null,
  };
}

/**
 * After apply, values the plan already knew are kept for attributes the configuration does not
 * set (Terraform requires apply to match them); values the plan left unknown come from the service.
 */
export function settleAfterApply(actual: ObjectValue, planned: ObjectValue, config: ObjectValue | null): ObjectValue {
  const out: ObjectValue = { ...actual };
  for (const [name, value] of Object.entries(planned)) {
    const configured = config !== null && config[name] !== null && config[name] !== undefined;
    if (name === 'setting_overwrites' || name === 'vcs_repo') {
      const p = obj(value);
      const a = obj(actual[name]);
      if (p && a) {
        const merged: ObjectValue = { ...a };
        const c = obj(config?.[name]);
        for (const [k, v] of Object.entries(p)) if (v !== Unknown && (c === null || c[k] === null || c[k] === undefined)) merged[k] = v;
        out[name] = merged;
      }
      continue;
    }
    if (!configured && known(value)) out[name] = value;
  }
  return out;
}

// ---- state → client options ------------------------------------------------------------------

type Scalar = [attr: string, option: keyof WorkspaceUpdateOptions];
const SCALARS: Scalar[] = [
  ['name', 'name'],
  ['description', 'description'],
  ['execution_mode', 'executionMode'],
  ['agent_pool_id', 'agentPoolId'],
  ['allow_destroy_plan', 'allowDestroyPlan'],
  ['assessments_enabled', 'assessmentsEnabled'],
  ['auto_apply', 'autoApply'],
  ['auto_apply_run_trigger', 'autoApplyRunTrigger'],
  ['auto_destroy_at', 'autoDestroyAt'],
  ['auto_destroy_activity_duration', 'autoDestroyActivityDuration'],
  ['engine_version', 'engineVersion'],
  ['file_triggers_enabled', 'fileTriggersEnabled'],
  ['global_remote_state', 'globalRemoteState'],
  ['queue_all_runs', 'queueAllRuns'],
  ['speculative_enabled', 'speculativeEnabled'],
  ['structured_run_output_enabled', 'structuredRunOutputEnabled'],
  ['trigger_patterns', 'triggerPatterns'],
  ['trigger_prefixes', 'triggerPrefixes'],
  ['working_directory', 'workingDirectory'],
  ['project_id', 'projectId'],
];

/** Attributes that may be sent as null to clear them (others are simply not sent when null). */
const NULLABLE = new Set(['description', 'agent_pool_id', 'auto_destroy_at', 'auto_destroy_activity_duration', 'working_directory']);

export function bindingsOf(tags: Record<string, string>): TagBindingOptions[] {
  return Object.entries(tags).map(([key, value]) => ({ key, value }));
}

function vcsOptions(v: ObjectValue): VcsRepoOptions {
  const out: VcsRepoOptions = {};
  if (known(v.identifier) && str(v.identifier) !== null) out.identifier = str(v.identifier)!;
  if (known(v.oauth_token_id) && str(v.oauth_token_id) !== null) out.oauthTokenId = str(v.oauth_token_id)!;
  if (known(v.vcsapp_installation_id) && str(v.vcsapp_installation_id) !== null) out.vcsappInstallationId = str(v.vcsapp_installation_id)!;
  if (known(v.branch) && str(v.branch) !== null) out.branch = str(v.branch)!;
  if (known(v.ingress_submodules) && bool(v.ingress_submodules) !== null) out.ingressSubmodules = bool(v.ingress_submodules)!;
  if (known(v.tags_regex) && str(v.tags_regex) !== null) out.tagsRegex = str(v.tags_regex);
  return out;
}

function overwriteOptions(v: ObjectValue | null, prior: ObjectValue | null): { executionMode?: boolean; agentPool?: boolean } | undefined {
  if (!v) return undefined;
  const out: { executionMode?: boolean; agentPool?: boolean } = {};
  if (bool(v.execution_mode) !== null && !valuesEqual(v.execution_mode, prior?.execution_mode)) out.executionMode = bool(v.execution_mode)!;
  if (bool(v.agent_pool) !== null && !valuesEqual(v.agent_pool, prior?.agent_pool)) out.agentPool = bool(v.agent_pool)!;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The create request for a planned workspace; unknown and null values are left to the service. */
export function createOptions(planned: ObjectValue): WorkspaceCreateOptions {
  const options: Record<string, unknown> = { name: str(planned.name) ?? '' };
  for (const [attr, option] of SCALARS) {
    const v = planned[attr];
    if (v !== null && known(v)) options[option] = v;
  }
  if (known(planned.source_name) && str(planned.source_name) !== null) options.sourceName = str(planned.source_name);
  if (known(planned.source_url) && str(planned.source_url) !== null) options.sourceUrl = str(planned.source_url);
  const vcs = obj(planned.vcs_repo);
  if (vcs) options.vcsRepo = vcsOptions(vcs);
  const so = overwriteOptions(obj(planned.setting_overwrites), null);
  if (so) options.settingOverwrites = so;
  const tags = stringMap(planned.tags);
  if (tags && Object.keys(tags).length > 0) options.tagBindings = bindingsOf(tags);
  return options as unknown as WorkspaceCreateOptions;
}

/** Which attributes changed (for the lock reason and for tests). */
export function changedAttributes(prior: ObjectValue, planned: ObjectValue): string[] {
  return Object.keys(planned).filter((k) => planned[k] !== Unknown && known(planned[k]) && !sameValue(k, prior[k], planned[k]));
}

function sameValue(attr: string, a: Value | undefined, b: Value | undefined): boolean {
  if (attr === 'tag_names') {
    const x = (strings(a) ?? []).map((s) => s.toLowerCase()).sort();
    const y = (strings(b) ?? []).map((s) => s.toLowerCase()).sort();
    return valuesEqual(x, y);
  }
  return valuesEqual(a, b);
}

/** Settings PATCH options for the attributes that change; undefined when none do. */
export function updateOptions(prior: ObjectValue, planned: ObjectValue): WorkspaceUpdateOptions | undefined {
  const options: Record<string, unknown> = {};
  for (const [attr, option] of SCALARS) {
    const v = planned[attr];
    if (!known(v) || valuesEqual(prior[attr], v)) continue;
    if (v === null && !NULLABLE.has(attr)) continue;
    options[option] = v;
  }
  const p = obj(prior.vcs_repo);
  const n = obj(planned.vcs_repo);
  if (p && !n) options.vcsRepo = null;
  else if (n && !p) options.vcsRepo = vcsOptions(n);
  else if (p && n && !valuesEqual(p, n)) {
    // Only the members that change (spec); the service drops the other credential when one is set.
    const changed: ObjectValue = {};
    for (const k of Object.keys(n)) if (known(n[k]) && !valuesEqual(p[k], n[k])) changed[k] = n[k];
    const out = vcsOptions(changed);
    if ('tags_regex' in changed && changed.tags_regex === null) out.tagsRegex = null;
    if (Object.keys(out).length > 0) options.vcsRepo = out;
  }
  const so = overwriteOptions(obj(planned.setting_overwrites), obj(prior.setting_overwrites));
  if (so) options.settingOverwrites = so;
  // A constraint the current version already satisfies (e.g. after import) changes nothing remotely.
  const engine = str(prior.engine_version);
  if (options.engineVersion !== undefined && engine !== null && isExactEngineVersion(engine) && engineVersionForState(planned.engine_version, engine) !== engine) {
    delete options.engineVersion;
  }
  return Object.keys(options).length > 0 ? (options as WorkspaceUpdateOptions) : undefined;
}

/** Flat tag names to add and to remove (compared case-insensitively, as the service stores them). */
export function tagNameChanges(prior: Value | undefined, planned: Value | undefined): { add: string[]; remove: string[] } {
  if (!known(planned)) return { add: [], remove: [] };
  const before = new Set((strings(prior) ?? []).map((s) => s.toLowerCase()));
  const after = new Set((strings(planned) ?? []).map((s) => s.toLowerCase()));
  return { add: [...after].filter((t) => !before.has(t)), remove: [...before].filter((t) => !after.has(t)) };
}

/**
 * The workspace's own bindings after applying `tags`: exactly `tags`, or with
 * ignore_additional_tags, `current` with the listed keys set and keys dropped from `tags` removed.
 * Undefined when `tags` is unmanaged or nothing changes.
 */
export function desiredBindings(current: TagBinding[], prior: ObjectValue | null, planned: ObjectValue): Record<string, string> | undefined {
  const tags = stringMap(planned.tags);
  if (tags === null || !known(planned.tags)) return undefined;
  const now = Object.fromEntries(current.map((b) => [b.key, b.value ?? '']));
  let want: Record<string, string>;
  if (planned.ignore_additional_tags === true) {
    const before = stringMap(prior?.tags) ?? {};
    want = { ...now };
    for (const key of Object.keys(before)) if (!(key in tags)) delete want[key];
    Object.assign(want, tags);
  } else {
    want = tags;
  }
  return valuesEqual(sortKeys(want), sortKeys(now)) ? undefined : want;
}

function sortKeys(m: Record<string, string>): ObjectValue {
  return Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
