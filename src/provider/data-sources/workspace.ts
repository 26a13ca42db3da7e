// data "cdkws_workspace": one workspace by organization and name (architecture "Names"), with its
// settings, flat tags and key-value tags (own and effective).
import { NotFoundError, type Workspace } from '../../client';
import type { ProviderData } from '../context';
import { DiagnosticError } from '../protocol/diagnostics';
import type { DataSourceImplementation, HookContext } from '../protocol/types';
import type { ObjectValue } from '../protocol/values';
import { workspaceDataSourceSchema } from './workspace-schema';



export function workspaceValues(ws: Workspace): ObjectValue {
  const v = ws.vcsRepo;
  return {
    id: ws.id,
    name: ws.name,
    organization: ws.organization ?? null,
    description: ws.description ?? null,
    project_id: ws.projectId ?? null,
    execution_mode: ws.executionMode ?? null,
    agent_pool_id: ws.agentPoolId ?? null,
    auto_apply: ws.autoApply ?? null,
    auto_apply_run_trigger: ws.autoApplyRunTrigger ?? null,
    allow_destroy_plan: ws.allowDestroyPlan ?? null,
    assessments_enabled: ws.assessmentsEnabled ?? null,
    auto_destroy_at: ws.autoDestroyAt ?? null,
    auto_destroy_activity_duration: ws.autoDestroyActivityDuration ?? null,
    file_triggers_enabled: ws.fileTriggersEnabled ?? null,
    global_remote_state: ws.globalRemoteState ?? null,
    queue_all_runs: ws.queueAllRuns ?? null,
    speculative_enabled: ws.speculativeEnabled ?? null,
    structured_run_output_enabled: ws.structuredRunOutputEnabled ?? null,
    engine_version: ws.engineVersion ?? null,
    working_directory: ws.workingDirectory ?? null,
    trigger_prefixes: ws.triggerPrefixes,
    trigger_patterns: ws.triggerPatterns,
    tag_names: [...ws.tagNames].sort(),
    ssh_key_id: ws.sshKeyId ?? null,
    source_name: ws.sourceName ?? null,
    source_url: ws.sourceUrl ?? null,
    vcs_repo: v
      ? { identifier: v.identifier ?? null, branch: v.branch ?? null, oauth_token_id: v.oauthTokenId ?? null, ingress_submodules: v.ingressSubmodules ?? null, tags_regex: v.tagsRegex ?? null }
      : null,
    locked: ws.locked,
    resource_count: ws.resourceCount ?? null,
  };
}

/** The organization a data source reads: its own, else the provider's; an error names the fix. */
export function organizationOf(config: ObjectValue, ctx: HookContext<ProviderData>, what: string): string {
  if (typeof config.organization === 'string') return config.organization;
  if (ctx.providerData?.organization) return ctx.providerData.organization;
  throw new DiagnosticError('No organization', `set organization on data.${what} or in the provider block`, ['organization']);
}

export function providerData(ctx: HookContext<ProviderData>, what: string): ProviderData {
  if (!ctx.providerData) throw new DiagnosticError('The cdkws provider is not configured', `configure the provider block (address and token) before reading data.${what}`);
  return ctx.providerData;
}

const toMap = (bindings: Array<{ key: string; value: string | null }>): Record<string, string> => Object.fromEntries(bindings.map((b) => [b.key, b.value ?? '']));

export const workspaceDataSource: DataSourceImplementation<ProviderData> = {
  schema: workspaceDataSourceSchema,

  async read(config, ctx) {
    const { client } = providerData(ctx, 'cdkws_workspace');
    const organization = organizationOf(config, ctx, 'cdkws_workspace');
    const name = config.name as string;
    let ws: Workspace;
    try {
      ws = await client.workspaces.read(organization, name);
    } catch (err) {
      if (err instanceof NotFoundError) {
        throw new DiagnosticError('Workspace not found', `no workspace "${name}" in organization "${organization}" is visible to the token; check name and organization`, ['name']);
      }
      throw err;
    }
    const [own, effective] = await Promise.all([client.tagBindings.list(ws.id), client.tagBindings.listEffective(ws.id)]);
    return { state: { ...workspaceValues(ws), organization, tags: toMap(own), effective_tags: toMap(effective) } };
  },
};
