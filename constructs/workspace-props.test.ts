// The Workspace props come from the attribute table (workspace-props.generated.ts) but are public
// API: every prop written by hand before the table must stay, with its type. The member-by-member
// pin (new optional props allowed, removals and changed types refused) is constructs/public-api.test.ts
// over public-api.baseline.json; here the 0.1 props are all in that baseline, and each is written
// to the resource at run time.
import type { ExecutionMode } from '../src/contract';
import { Workspace, type WorkspaceProps } from './workspace';
import { resources, testStack } from './test-support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readBaseline, CONSTRUCTS_BASELINE } = require('../scripts/public-api.js');

/** The props as written by hand before the table (cdk-workspaces 0.1). */
interface HandWrittenVcsRepo {
  readonly identifier: string;
  readonly oauthTokenId?: string;
  readonly vcsappInstallationId?: string;
  readonly branch?: string;
  readonly ingressSubmodules?: boolean;
  readonly tagsRegex?: string;
}
interface HandWrittenSettingOverwrites {
  readonly executionMode?: boolean;
  readonly agentPool?: boolean;
}
interface HandWrittenProps {
  readonly name: string;
  readonly organization?: string;
  readonly projectId?: string;
  readonly description?: string;
  readonly executionMode?: ExecutionMode;
  readonly agentPoolId?: string;
  readonly allowDestroyPlan?: boolean;
  readonly assessmentsEnabled?: boolean;
  readonly autoApply?: boolean;
  readonly autoApplyRunTrigger?: boolean;
  readonly autoDestroyAt?: string;
  readonly autoDestroyActivityDuration?: string;
  readonly engineVersion?: string;
  readonly fileTriggersEnabled?: boolean;
  readonly globalRemoteState?: boolean;
  readonly queueAllRuns?: boolean;
  readonly speculativeEnabled?: boolean;
  readonly structuredRunOutputEnabled?: boolean;
  readonly sourceName?: string;
  readonly sourceUrl?: string;
  readonly triggerPatterns?: string[];
  readonly triggerPrefixes?: string[];
  readonly workingDirectory?: string;
  readonly sshKeyId?: string;
  readonly vcsRepo?: HandWrittenVcsRepo;
  readonly settingOverwrites?: HandWrittenSettingOverwrites;
  readonly tagNames?: string[];
  readonly tags?: Record<string, string>;
  readonly forceDelete?: boolean;
  readonly preventDestroy?: boolean;
}

/** Every prop given (valid together): the hand-written type is accepted where WorkspaceProps is. */
const everyProp: Required<HandWrittenProps> = {
  name: 'every-prop',
  organization: 'acme',
  projectId: 'prj-1',
  description: 'all props',
  executionMode: 'remote',
  agentPoolId: '',
  allowDestroyPlan: false,
  assessmentsEnabled: false,
  autoApply: true,
  autoApplyRunTrigger: true,
  autoDestroyAt: '2030-01-31T12:00:00Z',
  autoDestroyActivityDuration: '14d',
  engineVersion: '1.9.8',
  fileTriggersEnabled: false,
  globalRemoteState: true,
  queueAllRuns: true,
  speculativeEnabled: false,
  structuredRunOutputEnabled: false,
  sourceName: 'tool',
  sourceUrl: 'https://tool.example',
  triggerPatterns: ['**/*.tf'],
  triggerPrefixes: ['modules/'],
  workingDirectory: 'infra',
  sshKeyId: 'sshkey-1',
  vcsRepo: { identifier: 'acme/net', oauthTokenId: 'ot-1', vcsappInstallationId: undefined, branch: 'main', ingressSubmodules: true, tagsRegex: 'v.*' },
  settingOverwrites: { executionMode: true, agentPool: false },
  tagNames: ['prod'],
  tags: { team: 'net' },
  forceDelete: true,
  preventDestroy: true,
};

describe('WorkspaceProps', () => {
  it('are pinned, every hand-written prop with its optionality, in the public API baseline', () => {
    const pinned: Record<string, Record<string, string>> = readBaseline(CONSTRUCTS_BASELINE);
    const kind = (pin: string | undefined) => pin?.replace(/^readonly (required|optional) .*$/, '$1');
    const expected = (names: readonly string[], required: readonly string[]) => names.map((n) => [n, required.includes(n) ? 'required' : 'optional']);
    const actual = (type: string, names: readonly string[]) => names.map((n) => [n, kind(pinned[type]?.[n])]);
    expect(actual('WorkspaceProps', Object.keys(everyProp))).toEqual(expected(Object.keys(everyProp), ['name']));
    expect(actual('WorkspaceVcsRepo', Object.keys(everyProp.vcsRepo))).toEqual(expected(Object.keys(everyProp.vcsRepo), ['identifier']));
    expect(actual('WorkspaceSettingOverwrites', Object.keys(everyProp.settingOverwrites))).toEqual(expected(Object.keys(everyProp.settingOverwrites), []));
  });

  it('accept every prop and write each to the resource under its HCL name', () => {
    const stack = testStack();
    const props: WorkspaceProps = { ...everyProp, agentPoolId: undefined };
    new Workspace(stack, 'every', props);
    const resource = resources(stack, 'cdkws_workspace').every;
    expect(resource).toMatchObject({
      name: 'every-prop',
      organization: 'acme',
      project_id: 'prj-1',
      execution_mode: 'remote',
      allow_destroy_plan: false,
      auto_destroy_at: '2030-01-31T12:00:00Z',
      auto_destroy_activity_duration: '14d',
      engine_version: '1.9.8',
      queue_all_runs: true,
      source_url: 'https://tool.example',
      trigger_patterns: ['**/*.tf'],
      working_directory: 'infra',
      ssh_key_id: 'sshkey-1',
      vcs_repo: { identifier: 'acme/net', oauth_token_id: 'ot-1', branch: 'main', ingress_submodules: true, tags_regex: 'v.*' },
      setting_overwrites: { execution_mode: true, agent_pool: false },
      tag_names: ['prod'],
      force_delete: true,
      lifecycle: { prevent_destroy: true },
    });
    // Every given prop but tags (bindings) and preventDestroy (lifecycle) is one attribute.
    expect(Object.keys(resource).length).toBe(Object.keys(everyProp).length - 3 + 1);
  });
});
