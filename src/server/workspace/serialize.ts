// The workspace document: one shape for show, list items and every write's answer
// (decisions 14, 21, 22). Attributes the spec lists but this service never produces
// (runs, assessments, metrics) are present with null or neutral values.
import { type AccessLevel, permissionsFor } from '../../spec';
import type { DirectoryIndex } from '../access';
import type { DirectoryOrganization } from '../bootstrap';
import type { WorkspaceRecord } from '../storage/types';

export interface SerializeContext {
  organization: DirectoryOrganization;
  index: DirectoryIndex;
  edition: 'hosted' | 'self-hosted';
  level: AccessLevel | null;
  canForceDelete: boolean;
  /** Present on single-workspace answers only. */
  unarchivedChangeRequests?: number;
}

const related = (path: string) => ({ links: { related: `/api/v2${path}` } });
const ref = (type: string, id: string | null | undefined) => ({ data: id ? { id, type } : null });

function lockedBy(principal: string | null): { data: { id: string; type: string } | null } {
  if (!principal || !principal.startsWith('user-')) return { data: null };
  return { data: { id: principal, type: 'users' } };
}

function vcsRepoDocument(stored: Record<string, unknown> | null, organization: DirectoryOrganization): Record<string, unknown> | null {
  if (!stored) return null;
  const identifier = String(stored.identifier ?? '');
  const token = organization.oauthTokens.find((t) => t.id === stored['oauth-token-id']);
  const provider = token?.serviceProvider ?? 'github';
  const document: Record<string, unknown> = {
    branch: stored.branch ?? '',
    'display-identifier': identifier,
    identifier,
    'ingress-submodules': stored['ingress-submodules'] ?? false,
    'oauth-token-id': stored['oauth-token-id'] ?? null,
    'repository-http-url': provider === 'github' ? `https://github.com/${identifier}` : identifier,
    'service-provider': provider,
    'tags-regex': stored['tags-regex'] ?? null,
    'webhook-url': `https://localhost/webhooks/vcs/${String(stored['webhook-id'] ?? '')}`,
  };
  if (stored['vcsapp-installation-id'] !== undefined) document['vcsapp-installation-id'] = stored['vcsapp-installation-id'];
  return document;
}

export function workspaceDocument(ws: WorkspaceRecord, ctx: SerializeContext): Record<string, unknown> {
  const s = ws.settings;
  const vcsRepo = vcsRepoDocument((s['vcs-repo'] as Record<string, unknown> | null | undefined) ?? null, ctx.organization);
  const executionMode = s['execution-mode'] as string;
  const token = vcsRepo ? ctx.organization.oauthTokens.find((t) => t.id === vcsRepo['oauth-token-id']) : undefined;
  const attributes: Record<string, unknown> = {
    actions: { 'is-destroyable': true },
    'allow-destroy-plan': s['allow-destroy-plan'],
    'apply-duration-average': null,
    ...(ctx.edition === 'hosted' ? { 'assessments-enabled': s['assessments-enabled'] } : {}),
    'auto-apply': s['auto-apply'],
    'auto-apply-run-trigger': s['auto-apply-run-trigger'],
    'auto-destroy-activity-duration': s['auto-destroy-activity-duration'] ?? null,
    'auto-destroy-at': s['auto-destroy-at'] ?? null,
    'auto-destroy-status': null,
    'created-at': ws.createdAt,
    description: s.description ?? null,
    'engine-version': s['engine-version'],
    environment: 'default',
    'execution-mode': executionMode,
    'file-triggers-enabled': s['file-triggers-enabled'],
    'global-remote-state': s['global-remote-state'],
    'inherits-project-auto-destroy': null,
    'last-assessment-result-at': null,
    'latest-change-at': ws.latestChangeAt,
    locked: ws.locked,
    'locked-reason': ws.locked ? (ws.lockedReason ?? '') : null,
    name: ws.name,
    'oauth-client-name': vcsRepo ? (token?.oauthClientName ?? token?.serviceProvider ?? 'github') : null,
    operations: executionMode !== 'local',
    permissions: permissionsFor(ctx.level, ctx.canForceDelete),
    'plan-duration-average': null,
    'policy-check-failures': null,
    'queue-all-runs': s['queue-all-runs'],
    'resource-count': ws.resourceCount,
    'run-failures': null,
    'setting-overwrites': s['setting-overwrites'],
    source: s.source ?? 'tfe-api',
    'source-name': s['source-name'] ?? null,
    'source-url': s['source-url'] ?? null,
    'speculative-enabled': s['speculative-enabled'],
    'structured-run-output-enabled': s['structured-run-output-enabled'],
    'tag-names': ws.tagNames,
    // The hosted service's name for engine-version, for clients that read only that.
    'terraform-version': s['engine-version'],
    'trigger-patterns': s['trigger-patterns'],
    'trigger-prefixes': s['trigger-prefixes'],
    'updated-at': ws.updatedAt,
    'vcs-repo': vcsRepo,
    'vcs-repo-identifier': vcsRepo ? vcsRepo.identifier : null,
    'working-directory': s['working-directory'] ?? null,
    'workspace-kpis-runs-count': null,
  };
  if (ctx.unarchivedChangeRequests !== undefined) attributes['unarchived-workspace-change-requests-count'] = ctx.unarchivedChangeRequests;
  const base = `/workspaces/${ws.id}`;
  return {
    id: ws.id,
    type: 'workspaces',
    attributes,
    relationships: {
      'agent-pool': ref('agent-pools', s['agent-pool-id'] as string | null),
      'current-configuration-version': { data: null },
      'current-run': { data: null },
      'latest-run': { data: null },
      'current-state-version': ws.currentStateVersionId
        ? { ...ref('state-versions', ws.currentStateVersionId), ...related(`${base}/current-state-version`) }
        : { data: null },
      'current-assessment-result': { data: null },
      organization: ref('organizations', ws.organization),
      outputs: { data: [], ...related(`${base}/current-state-version-outputs`) },
      project: ref('projects', ws.projectId),
      readme: { data: null },
      'remote-state-consumers': related(`${base}/relationships/remote-state-consumers`),
      'ssh-key': ws.sshKeyId ? { ...ref('ssh-keys', ws.sshKeyId), ...related(`/ssh-keys/${ws.sshKeyId}`) } : { data: null },
      'locked-by': ws.locked && lockedBy(ws.lockedBy).data ? { ...lockedBy(ws.lockedBy), ...related(`/users/${ws.lockedBy}`) } : { data: null },
      'tag-bindings': related(`${base}/tag-bindings`),
      'effective-tag-bindings': related(`${base}/effective-tag-bindings`),
      vars: { data: [] },
    },
    links: {
      self: `/api/v2/organizations/${encodeURIComponent(ws.organization)}/workspaces/${encodeURIComponent(ws.name)}`,
      'self-html': `/app/${encodeURIComponent(ws.organization)}/workspaces/${encodeURIComponent(ws.name)}`,
    },
  };
}

/** Resources for `include` (decision: only the ones this service has data for are added). */
export function includedFor(ws: WorkspaceRecord, include: Set<string>, ctx: SerializeContext): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  if (include.has('organization')) out.push({ id: ws.organization, type: 'organizations', attributes: { name: ws.organization } });
  if (include.has('project')) {
    const project = ctx.organization.projects.find((p) => p.id === ws.projectId);
    if (project) out.push({ id: project.id, type: 'projects', attributes: { name: project.name }, relationships: { organization: ref('organizations', ws.organization) } });
  }
  if (include.has('locked_by') && ws.locked && ws.lockedBy?.startsWith('user-')) {
    out.push({ id: ws.lockedBy, type: 'users', attributes: { username: ctx.index.username(ws.lockedBy) ?? null } });
  }
  return out;
}
