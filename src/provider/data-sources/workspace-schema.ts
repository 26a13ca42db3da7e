// The schema of the `cdkws_workspace` data source, apart from its hooks so the provider's start-up
// loads no client code.
import type { Attribute, Schema } from '../protocol/schema';

const computed = (type: Attribute['type'], description?: string): Attribute => ({ type, computed: true, ...(description ? { description } : {}) });

const vcsRepoType = ['object', { identifier: 'string', branch: 'string', oauth_token_id: 'string', ingress_submodules: 'bool', tags_regex: 'string' }] as const;

/** The workspace's attributes as data sources report them, keyed by snake_case name. */
export const workspaceAttributes: Record<string, Attribute> = {
  id: computed('string'),
  description: computed('string'),
  project_id: computed('string'),
  execution_mode: computed('string'),
  agent_pool_id: computed('string'),
  auto_apply: computed('bool'),
  auto_apply_run_trigger: computed('bool'),
  allow_destroy_plan: computed('bool'),
  assessments_enabled: computed('bool'),
  auto_destroy_at: computed('string'),
  auto_destroy_activity_duration: computed('string'),
  file_triggers_enabled: computed('bool'),
  global_remote_state: computed('bool'),
  queue_all_runs: computed('bool'),
  speculative_enabled: computed('bool'),
  structured_run_output_enabled: computed('bool'),
  engine_version: computed('string'),
  working_directory: computed('string'),
  trigger_prefixes: computed(['list', 'string']),
  trigger_patterns: computed(['list', 'string']),
  tag_names: computed(['set', 'string'], 'Flat tags.'),
  tags: computed(['map', 'string'], 'The workspace\'s own key-value tag bindings.'),
  effective_tags: computed(['map', 'string'], 'Own tag bindings plus those inherited from the project.'),
  ssh_key_id: computed('string'),
  source_name: computed('string'),
  source_url: computed('string'),
  vcs_repo: computed(vcsRepoType),
  locked: computed('bool'),
  resource_count: computed('number'),
};

export const workspaceDataSourceSchema: Schema = {
  description: 'Reads one workspace by name.',
  attributes: {
    name: { type: 'string', required: true, description: 'The workspace name.' },
    organization: { type: 'string', optional: true, computed: true, description: 'Defaults to the provider\'s organization.' },
    ...workspaceAttributes,
  },
};
