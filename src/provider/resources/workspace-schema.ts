// The `cdkws_workspace` schema: the spec's create/update attributes in snake_case, plus what only
// the provider needs (force_delete, tags, ignore_additional_tags) and computed observations.
// Plain data only: this file is loaded at every provider start, before the handshake.
import type { Schema } from '../protocol/server';

/**
 * Defaults applied at plan time when the configuration leaves the attribute unset. They are the
 * spec's create defaults, so an unset attribute both matches a new workspace and reverts a removed
 * setting, without a perpetual diff.
 */
export const STATIC_DEFAULTS = {
  allow_destroy_plan: true,
  auto_apply: false,
  auto_apply_run_trigger: false,
  file_triggers_enabled: true,
  queue_all_runs: false,
  speculative_enabled: true,
  structured_run_output_enabled: true,
  trigger_patterns: [] as string[],
  trigger_prefixes: [] as string[],
  force_delete: false,
  ignore_additional_tags: false,
} as const;

export const VCS_REPO_DEFAULTS = { branch: '', ingress_submodules: false } as const;

const str = (description: string) => ({ type: 'string' as const, optional: true, description });
const defaulted = (type: 'bool', description: string) => ({ type, optional: true, computed: true, description });
const fromService = (type: 'string' | 'bool', description: string) => ({ type, optional: true, computed: true, description });

export const workspaceSchema: Schema = {
  version: 0,
  description: 'A workspace of the workspace service. Updates lock the workspace; deletes are safe deletes unless force_delete is true.',
  attributes: {
    id: { type: 'string', computed: true, description: 'Workspace ID (ws-…).' },
    name: { type: 'string', required: true, description: 'Letters, numbers, "-" and "_"; unique in the organization.' },
    organization: {
      type: 'string',
      optional: true,
      computed: true,
      requiresReplace: true,
      description: "Organization name; defaults to the provider's organization. Changing it replaces the workspace.",
    },
    description: str('Free text.'),
    execution_mode: fromService('string', '"remote", "local" or "agent"; defaults to the organization default.'),
    agent_pool_id: fromService('string', 'Agent pool (apool-…) for execution_mode "agent".'),
    allow_destroy_plan: defaulted('bool', 'Whether destroy plans can be queued. Default true.'),
    assessments_enabled: fromService('bool', 'Health assessments (hosted service, plus tier).'),
    auto_apply: defaulted('bool', 'Auto-apply runs started by VCS, UI or CLI. Default false.'),
    auto_apply_run_trigger: defaulted('bool', 'Auto-apply runs started by run triggers. Default false.'),
    auto_destroy_at: str('ISO 8601 timestamp of a scheduled destroy run.'),
    auto_destroy_activity_duration: str('Inactivity before a destroy run, e.g. "14d" or "12h".'),
    engine_version: fromService('string', 'Exact version or constraint (kept as written while the resolved version satisfies it). Default: latest.'),
    file_triggers_enabled: defaulted('bool', 'Start runs only for changes under the trigger prefixes/patterns. Default true.'),
    global_remote_state: fromService('bool', 'All workspaces of the organization may read this state.'),
    queue_all_runs: defaulted('bool', 'Queue VCS runs before a first manual run. Default false.'),
    speculative_enabled: defaulted('bool', 'Automatic speculative plans. Default true.'),
    structured_run_output_enabled: defaulted('bool', 'Structured run output. Default true.'),
    trigger_patterns: { type: ['list', 'string'], optional: true, computed: true, description: 'Glob patterns that trigger runs. Default [].' },
    trigger_prefixes: { type: ['list', 'string'], optional: true, computed: true, description: 'Paths that trigger runs. Default [].' },
    working_directory: str('Relative path the engine runs in.'),
    source_name: { ...fromService('string', 'Name of the tool that created the workspace (create only).'), requiresReplace: true },
    source_url: { ...fromService('string', 'URL of the tool that created the workspace (create only).'), requiresReplace: true },
    project_id: fromService('string', 'Project (prj-…); defaults to the organization default project.'),
    tag_names: {
      type: ['set', 'string'],
      optional: true,
      computed: true,
      description: 'Flat (legacy) tags, stored lowercased. Unset leaves the tags alone.',
    },
    ssh_key_id: str('SSH key (sshkey-…) for private modules.'),
    force_delete: defaulted('bool', 'Delete even while the workspace manages resources (needs an owner). Default false: safe delete.'),
    tags: {
      type: ['map', 'string'],
      optional: true,
      description: "Key-value tag bindings of the workspace itself. Unset leaves bindings alone (for cdkws_tag_binding); set manages them exactly.",
    },
    ignore_additional_tags: defaulted('bool', 'With tags set: leave keys not listed in tags alone. Default false.'),
    effective_tags: { type: ['map', 'string'], computed: true, description: 'Own plus project-inherited tag bindings.' },
    resource_count: { type: 'number', computed: true, description: 'Resources the workspace manages (as of the last refresh).' },
    locked: { type: 'bool', computed: true, description: 'Whether the workspace was locked at the last refresh.' },
    html_url: { type: 'string', computed: true, description: "The workspace's page in the service's UI." },
  },
  blocks: {
    vcs_repo: {
      nesting: 'single',
      block: {
        description: 'VCS repository; removing the block detaches it.',
        attributes: {
          identifier: { type: 'string', required: true, description: '":org/:repo" (or ":org/:project/_git/:repo").' },
          oauth_token_id: str('VCS OAuth token (ot-…); exactly one of this and vcsapp_installation_id.'),
          vcsapp_installation_id: str('VCS app installation; exactly one of this and oauth_token_id.'),
          branch: { type: 'string', optional: true, computed: true, description: 'Branch; "" (default) is the repository default.' },
          ingress_submodules: { type: 'bool', optional: true, computed: true, description: 'Fetch submodules. Default false.' },
          tags_regex: str('Start runs for Git tags matching this regular expression.'),
        },
      },
    },
    setting_overwrites: {
      nesting: 'single',
      block: {
        description: 'Whether execution_mode / the agent pool are set on the workspace (true) or follow the organization default (false).',
        attributes: {
          execution_mode: { type: 'bool', optional: true, computed: true },
          agent_pool: { type: 'bool', optional: true, computed: true },
        },
      },
    },
  },
};

/** Attributes the configuration cannot set: observations of the service. */
export const COMPUTED_ONLY = ['id', 'effective_tags', 'resource_count', 'locked', 'html_url'] as const;
