// The public option and result types as they were written by hand before they were derived from
// the spec's attribute table. `npm run typecheck` compiles this file: users' code that builds
// options or reads results with these members keeps compiling.
import type { ExecutionMode, WorkspacePermissions } from '../contract';
import {
  toWorkspace,
  workspaceBody,
  type TagBindingOptions,
  type VcsRepo,
  type VcsRepoOptions,
  type Workspace,
  type WorkspaceCreateOptions,
  type WorkspaceUpdateOptions,
} from './workspace-types';

interface OldVcsRepoOptions {
  identifier?: string;
  oauthTokenId?: string;
  vcsappInstallationId?: string;
  branch?: string;
  ingressSubmodules?: boolean;
  tagsRegex?: string | null;
}
interface OldTagBindingOptions {
  key: string;
  value?: string;
}
interface OldSettingsOptions {
  description?: string | null;
  agentPoolId?: string | null;
  allowDestroyPlan?: boolean;
  assessmentsEnabled?: boolean;
  autoApply?: boolean;
  autoApplyRunTrigger?: boolean;
  autoDestroyAt?: string | Date | null;
  autoDestroyActivityDuration?: string | null;
  executionMode?: ExecutionMode;
  fileTriggersEnabled?: boolean;
  globalRemoteState?: boolean;
  operations?: boolean;
  queueAllRuns?: boolean;
  speculativeEnabled?: boolean;
  structuredRunOutputEnabled?: boolean;
  engineVersion?: string;
  triggerPatterns?: string[];
  triggerPrefixes?: string[];
  workingDirectory?: string | null;
  settingOverwrites?: { executionMode?: boolean; agentPool?: boolean };
  projectId?: string;
  tagBindings?: OldTagBindingOptions[];
}
interface OldCreateOptions extends OldSettingsOptions {
  name: string;
  vcsRepo?: OldVcsRepoOptions;
  sourceName?: string;
  sourceUrl?: string;
}
interface OldUpdateOptions extends OldSettingsOptions {
  name?: string;
  vcsRepo?: OldVcsRepoOptions | null;
}
interface OldVcsRepo {
  branch?: string;
  displayIdentifier?: string;
  identifier?: string;
  ingressSubmodules?: boolean;
  oauthTokenId?: string | null;
  repositoryHttpUrl?: string;
  serviceProvider?: string;
  tagsRegex?: string | null;
  webhookUrl?: string;
}
interface OldWorkspace {
  id: string;
  name: string;
  organization?: string;
  description?: string | null;
  isDestroyable?: boolean;
  allowDestroyPlan?: boolean;
  assessmentsEnabled?: boolean;
  lastAssessmentResultAt?: string | null;
  autoApply?: boolean;
  autoApplyRunTrigger?: boolean;
  autoDestroyAt?: string | null;
  autoDestroyStatus?: string | null;
  autoDestroyActivityDuration?: string | null;
  inheritsProjectAutoDestroy?: boolean | null;
  createdAt?: string;
  updatedAt?: string;
  latestChangeAt?: string;
  environment?: string;
  executionMode?: ExecutionMode;
  operations?: boolean;
  fileTriggersEnabled?: boolean;
  globalRemoteState?: boolean;
  locked: boolean;
  lockedReason?: string | null;
  lockedBy?: { id: string; type: string; username?: string } | null;
  oauthClientName?: string | null;
  queueAllRuns?: boolean;
  speculativeEnabled?: boolean;
  structuredRunOutputEnabled?: boolean;
  resourceCount?: number;
  source?: string | null;
  sourceName?: string | null;
  sourceUrl?: string | null;
  tagNames: string[];
  engineVersion?: string;
  triggerPrefixes: string[];
  triggerPatterns: string[];
  vcsRepo: OldVcsRepo | null;
  vcsRepoIdentifier?: string | null;
  workingDirectory?: string | null;
  settingOverwrites?: { executionMode?: boolean; agentPool?: boolean };
  unarchivedChangeRequestsCount?: number;
  permissions?: Partial<WorkspacePermissions>;
  applyDurationAverage?: number | null;
  planDurationAverage?: number | null;
  policyCheckFailures?: number | null;
  runFailures?: number | null;
  runsCount?: number | null;
  projectId?: string;
  agentPoolId?: string | null;
  sshKeyId?: string | null;
  currentRunId?: string | null;
  currentStateVersionId?: string | null;
  raw: Workspace['raw'];
}

/** true when every value of A is a B (A can be passed where B is asked for). */
type Fits<A, B> = [A] extends [B] ? true : false;
/** The members of Old missing from New: `never` when none are. */
type Missing<Old, New> = Exclude<keyof Old, keyof New>;

// Options: what users wrote still goes in, and no member disappeared.
const optionsFit: [
  Fits<OldCreateOptions, WorkspaceCreateOptions>,
  Fits<OldUpdateOptions, WorkspaceUpdateOptions>,
  Fits<OldVcsRepoOptions, VcsRepoOptions>,
  Fits<OldTagBindingOptions, TagBindingOptions>,
] = [true, true, true, true];
// Results: what users read has the members and types they read it with.
const resultsFit: [Fits<Workspace, OldWorkspace>, Fits<VcsRepo, OldVcsRepo>] = [true, true];
const nothingMissing: [
  Missing<OldCreateOptions, WorkspaceCreateOptions>,
  Missing<OldUpdateOptions, WorkspaceUpdateOptions>,
  Missing<OldWorkspace, Workspace>,
  Missing<OldVcsRepo, VcsRepo>,
] = [] as never as [never, never, never, never];
// `name` stays required on create.
const nameRequired: Fits<Omit<OldCreateOptions, 'name'>, WorkspaceCreateOptions> = false;

describe('the public workspace types', () => {
  it('accept options with every member they had and answer results with every member they had', () => {
    expect([optionsFit, resultsFit, nothingMissing, nameRequired]).toEqual([[true, true, true, true], [true, true], [], false]);
    const create: OldCreateOptions = {
      name: 'net',
      description: 'd',
      agentPoolId: null,
      allowDestroyPlan: true,
      assessmentsEnabled: false,
      autoApply: true,
      autoApplyRunTrigger: false,
      autoDestroyAt: new Date('2030-01-02T03:04:05.000Z'),
      autoDestroyActivityDuration: '14d',
      executionMode: 'remote',
      fileTriggersEnabled: true,
      globalRemoteState: false,
      queueAllRuns: true,
      speculativeEnabled: true,
      structuredRunOutputEnabled: true,
      engineVersion: '1.9.0',
      triggerPatterns: ['a/**'],
      triggerPrefixes: ['b'],
      workingDirectory: null,
      settingOverwrites: { executionMode: true, agentPool: false },
      projectId: 'prj-1',
      tagBindings: [{ key: 'env', value: 'prod' }],
      vcsRepo: { identifier: 'acme/net', oauthTokenId: 'ot-1', branch: 'main', ingressSubmodules: false, tagsRegex: null },
      sourceName: 'cdkws',
      sourceUrl: 'https://example.com',
    };
    const attributes = workspaceBody(create).data.attributes as Record<string, unknown>;
    // Every option except the two sent as relationships arrives as an attribute.
    expect(Object.keys(attributes)).toHaveLength(Object.keys(create).length - 2);
    const read: OldWorkspace = toWorkspace({ id: 'ws-1', type: 'workspaces', attributes: { name: 'net' } });
    expect(read).toMatchObject({ id: 'ws-1', name: 'net', locked: false, tagNames: [], triggerPrefixes: [], triggerPatterns: [], vcsRepo: null });
  });
});
