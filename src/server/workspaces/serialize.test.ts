import { WORKSPACE_ATTRIBUTES, workspaceAttributesSchema } from '../../contract';
import { userCaller, type DirectoryIndex } from '../access';
import type { DirectoryOrganization } from '../bootstrap';
import type { WorkspaceRecord } from './records';
import { applyWorkspaceAttributes } from './settings';
import { workspaceAttributes, type SerializeContext } from './serialize';

const organization = {
  name: 'acme',
  tier: 'plus',
  tokenHash: null,
  settings: {},
  projects: [],
  agentPools: [],
  sshKeys: [],
  oauthTokens: [{ id: 'ot-github', serviceProvider: 'github', oauthClientName: 'GitHub.com' }],
  teams: [],
} satisfies DirectoryOrganization;

function record(attributes: Record<string, unknown> = {}): WorkspaceRecord {
  const settings = applyWorkspaceAttributes(null, { name: 'networking', ...attributes }, { organization, edition: 'hosted', engineReleases: null });
  return {
    id: 'ws-1',
    organization: 'acme',
    name: 'networking',
    projectId: 'prj-1',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    latestChangeAt: '2030-01-01T00:00:00.000Z',
    locked: false,
    lockedBy: null,
    lockedReason: null,
    resourceCount: 0,
    sshKeyId: null,
    currentStateVersionId: null,
    settings,
    tagNames: ['prod'],
    version: 1,
  };
}

const context = (overrides: Partial<SerializeContext> = {}): SerializeContext => ({
  organization,
  index: {} as DirectoryIndex,
  caller: userCaller('user-alice', 'alice'),
  edition: 'hosted',
  level: 'admin',
  canForceDelete: true,
  ...overrides,
});

/** Every member the table says an answer carries (under both names where the hosted service's differs), plus the members that are not rows. */
const ANSWERED = [
  ...Object.values(WORKSPACE_ATTRIBUTES)
    .filter((row) => !('readRelationship' in row))
    .flatMap((row) => ('hosted' in row ? [row.wire, row.hosted] : [row.wire])),
  'actions',
  'permissions',
];

describe('workspaceAttributes', () => {
  it('answers every row of the table, and the result satisfies the spec answer schema', () => {
    const attributes = workspaceAttributes(
      record({ 'vcs-repo': { identifier: 'acme/networking', 'oauth-token-id': 'ot-github' } }),
      context({ unarchivedChangeRequests: 2 }),
    );
    expect(Object.keys(attributes).sort()).toEqual([...ANSWERED].sort());
    expect(workspaceAttributesSchema.safeParse(attributes).error).toBeUndefined();
    expect(attributes).toMatchObject({ 'vcs-repo-identifier': 'acme/networking', 'oauth-client-name': 'GitHub.com', 'tag-names': ['prod'], operations: true });
    expect(attributes['terraform-version']).toBe(attributes['engine-version']);
  });

  it('answers only the hosted names in the hosted dialect, with the same values', () => {
    const stored = record({ 'engine-version': '1.9.0', 'vcs-repo': { identifier: 'acme/networking', 'vcsapp-installation-id': 'ghain-1' } });
    const hosted = workspaceAttributes(stored, context({ dialect: 'hosted' }));
    expect(hosted['terraform-version']).toBe('1.9.0');
    expect(hosted).not.toHaveProperty('engine-version');
    expect(hosted['vcs-repo']).toMatchObject({ 'github-app-installation-id': 'ghain-1' });
    expect(hosted['vcs-repo']).not.toHaveProperty('vcsapp-installation-id');
    const both = workspaceAttributes(stored, context());
    expect(both['vcs-repo']).toMatchObject({ 'github-app-installation-id': 'ghain-1', 'vcsapp-installation-id': 'ghain-1' });
  });

  it('answers assessments-enabled on the hosted edition only, and the change request count on single answers only', () => {
    const attributes = workspaceAttributes(record(), context({ edition: 'self-hosted' }));
    // Members as a client receives them: JSON leaves out what is undefined.
    expect(Object.keys(JSON.parse(JSON.stringify(attributes)) as object).sort()).toEqual(
      ANSWERED.filter((m) => m !== 'assessments-enabled' && m !== 'unarchived-workspace-change-requests-count').sort(),
    );
  });

  it('answers null for what this service never observes, and the stored settings as they are', () => {
    const attributes = workspaceAttributes(record({ description: 'x', 'queue-all-runs': true }), context());
    for (const member of ['apply-duration-average', 'plan-duration-average', 'run-failures', 'auto-destroy-status', 'last-assessment-result-at']) {
      expect([member, attributes[member]]).toEqual([member, null]);
    }
    expect(attributes).toMatchObject({ description: 'x', 'queue-all-runs': true, 'vcs-repo': null, 'locked-reason': null, source: 'tfe-api' });
  });

  it('answers a repository reached through an app installation with a null token', () => {
    const attributes = workspaceAttributes(record({ 'vcs-repo': { identifier: 'acme/networking', 'vcsapp-installation-id': 'ghain-1' } }), context());
    expect(attributes['vcs-repo']).toMatchObject({
      'oauth-token-id': null,
      'vcsapp-installation-id': 'ghain-1',
      branch: '',
      'ingress-submodules': false,
      'tags-regex': null,
    });
    expect(workspaceAttributesSchema.safeParse(attributes).error).toBeUndefined();
  });
});
