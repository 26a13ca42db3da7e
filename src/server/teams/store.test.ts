import { WORKSPACE_LEVEL_PERMISSIONS, organizationAccessOf } from '../../contract';
import { mergeBootstrap, type Directory } from '../bootstrap';
import type { Store } from '../store';
import { BackendKind, backendKinds, freshOrg, newWorkspace, useTestDatabase } from '../test-support';
import type { TeamRecord } from './store';

jest.setTimeout(30_000);

const T0 = '2030-01-01T00:00:00.000Z';

function team(organization: string, id: string, name: string, members: string[] = []): TeamRecord {
  return {
    id,
    organization,
    name,
    owners: false,
    organizationAccess: organizationAccessOf({ 'manage-projects': true }),
    visibility: 'secret',
    ssoTeamId: null,
    notificationUrls: [],
    createdAt: T0,
    members,
  };
}

/** A directory seeding one organization with a project and a team granted access by name and by project. */
const seededDirectory = (org: string): Directory => mergeBootstrap(null, bootstrapOf(org));

describe.each(backendKinds)('teams, projects and grants on the %s store', (kind: BackendKind) => {
  let store: Store;
  useTestDatabase(kind, (main) => {
    store = main;
  });

  it('creates, lists, renames and deletes a team with its members; names are unique without case', async () => {
    const org = freshOrg();
    const before = await store.teams.generation();
    expect(await store.teams.create(team(org, 'team-a1', 'Alpha', ['user-1', 'user-2']))).toBe(true);
    expect(await store.teams.generation()).not.toBe(before);
    expect(await store.teams.create(team(org, 'team-a2', 'ALPHA'))).toBe(false);
    expect(await store.teams.create(team(org, 'team-b1', 'beta'))).toBe(true);
    expect((await store.teams.list({ organization: org, offset: 0, limit: 20 })).items.map((t) => t.name)).toEqual(['Alpha', 'beta']);
    expect((await store.teams.list({ organization: org, q: 'ALP', offset: 0, limit: 20 })).items.map((t) => t.members)).toEqual([['user-1', 'user-2']]);
    expect((await store.teams.list({ organization: org, names: ['beta'], offset: 0, limit: 20 })).total).toBe(1);
    expect(await store.teams.update('team-b1', (t) => ({ ...t, name: 'alpha' }))).toBe('taken');
    expect(await store.teams.update('team-b1', (t) => ({ ...t, name: 'gamma' }))).toMatchObject({ name: 'gamma' });
    await store.teams.removeMembers('team-a1', ['user-1']);
    expect(await store.teams.addMembers('team-a1', ['user-3', 'user-2'])).toBe(true);
    expect((await store.teams.get('team-a1'))!.members).toEqual(['user-2', 'user-3']);
    expect(await store.teams.delete('team-a1')).toBe(true);
    expect(await store.teams.get('team-a1')).toBeNull();
    expect(await store.teams.delete('team-a1')).toBe(false);
  });

  it('grants a team access to a workspace and a project, once each; deleting the team removes its grants', async () => {
    const org = freshOrg();
    await store.teams.create(team(org, `team-g-${org}`, 'granted'));
    const ws = await store.workspaces.insert(newWorkspace(org, 'granted-ws'));
    const grant = {
      id: `tws-${org}`,
      organization: org,
      teamId: `team-g-${org}`,
      workspaceId: ws.id,
      workspaceName: null,
      access: 'read' as const,
      permissions: WORKSPACE_LEVEL_PERMISSIONS.read,
      createdAt: T0,
    };
    expect(await store.teamAccess.add(grant)).toBe('added');
    expect(await store.teamAccess.add({ ...grant, id: `tws-again-${org}` })).toBe('exists');
    expect(await store.teamAccess.add({ ...grant, id: `tws-none-${org}`, teamId: 'team-missing' })).toBe('no-team');
    expect(await store.teamAccess.update(grant.id, (g) => ({ ...g, access: 'admin', permissions: WORKSPACE_LEVEL_PERMISSIONS.admin }))).toMatchObject({
      access: 'admin',
    });
    expect((await store.teamAccess.listByWorkspace(ws.id, 0, 20)).items.map((g) => g.access)).toEqual(['admin']);
    const projectGrant = {
      id: `tprj-${org}`,
      organization: org,
      teamId: `team-g-${org}`,
      projectId: 'prj-x',
      access: 'maintain' as const,
      projectPermissions: { settings: 'update' as const, teams: 'none' as const },
      workspacePermissions: { ...WORKSPACE_LEVEL_PERMISSIONS.admin, create: true, move: true, delete: true },
      createdAt: T0,
    };
    expect(await store.teamProjectAccess.add(projectGrant)).toBe('added');
    expect((await store.teamProjectAccess.listByProject('prj-x', 0, 20)).total).toBe(1);
    await store.teams.delete(`team-g-${org}`);
    expect(await store.teamAccess.get(grant.id)).toBeNull();
    expect(await store.teamProjectAccess.get(projectGrant.id)).toBeNull();
  });

  it('keeps the default project and a project holding workspaces', async () => {
    const org = freshOrg();
    const project = { id: `prj-d-${org}`, organization: org, name: 'Default Project', description: '', isDefault: true, tagBindings: {}, createdAt: T0 };
    expect(await store.projects.create(project)).toBe(true);
    expect(await store.projects.create({ ...project, id: `prj-e-${org}`, name: 'default project', isDefault: false })).toBe(false);
    expect(await store.projects.create({ ...project, id: `prj-f-${org}`, name: 'full', isDefault: false })).toBe(true);
    await store.workspaces.insert({ ...newWorkspace(org, 'inside'), projectId: `prj-f-${org}` });
    expect(await store.projects.delete(project.id)).toBe('default');
    expect(await store.projects.delete(`prj-f-${org}`)).toBe('not-empty');
    expect(await store.projects.create({ ...project, id: `prj-g-${org}`, name: 'empty', isDefault: false })).toBe(true);
    expect(await store.projects.delete(`prj-g-${org}`)).toBe('deleted');
    expect(await store.projects.delete(`prj-g-${org}`)).toBe('gone');
  });

  it('invites and removes organization members; removing one takes the user out of every team of the organization', async () => {
    const org = freshOrg();
    await store.teams.create(team(org, `team-m-${org}`, 'members', ['user-m']));
    const membership = { id: `ou-${org}`, organization: org, userId: 'user-m', email: 'm@example.com', status: 'invited' as const, createdAt: T0 };
    expect(await store.organizationMemberships.create(membership)).toBe(true);
    expect(await store.organizationMemberships.create({ ...membership, id: `ou-2-${org}` })).toBe(false);
    expect((await store.organizationMemberships.list({ organization: org, emails: ['m@example.com'], offset: 0, limit: 20 })).total).toBe(1);
    expect((await store.organizationMemberships.list({ organization: org, status: 'active', offset: 0, limit: 20 })).total).toBe(0);
    expect(await store.organizationMemberships.delete(membership.id)).toBe(true);
    expect((await store.teams.get(`team-m-${org}`))!.members).toEqual([]);
  });

  it('seeds what the directory brings, once: an API deletion stays, an edit of the entry applies', async () => {
    const org = freshOrg();
    const directory = seededDirectory(org);
    expect(await store.accessSeeds.seed(directory)).toBe(4); // project, team, workspace grant, project grant
    const seeded = await store.teams.get(`team-${org}`);
    expect(seeded).toMatchObject({ name: 'seeded', members: ['user-ann'] });
    expect((await store.teamProjectAccess.listByProject('prj-seed', 0, 20)).items.map((g) => g.access)).toEqual(['read']);
    expect((await store.organizationMemberships.list({ organization: org, offset: 0, limit: 20 })).items).toMatchObject([
      { userId: 'user-ann', status: 'active' },
    ]);
    // The same directory again writes nothing; a team deleted through the API is not brought back.
    expect(await store.accessSeeds.seed(directory)).toBe(0);
    await store.teams.delete(`team-${org}`);
    expect(await store.accessSeeds.seed(directory)).toBe(0);
    expect(await store.teams.get(`team-${org}`)).toBeNull();
    // The file's entry edited: the team comes back as the file now says.
    const edited = mergeBootstrap(directory, {
      ...bootstrapOf(org),
      organizations: [
        {
          ...bootstrapOf(org).organizations[0],
          teams: [{ ...bootstrapOf(org).organizations[0].teams[0], 'organization-access': { 'manage-workspaces': true } }],
        },
      ],
    });
    expect(await store.accessSeeds.seed(edited)).toBeGreaterThan(0);
    expect((await store.teams.get(`team-${org}`))!.organizationAccess['manage-workspaces']).toBe(true);
  });

  it('moves and deletes the records with their organization', async () => {
    const org = freshOrg();
    const directory = seededDirectory(org);
    await store.accessSeeds.seed(directory);
    const renamed = `${org}-renamed`;
    const renamedDirectory = structuredClone(directory);
    renamedDirectory.organizations[0].name = renamed;
    await store.directory.changeMeta(
      'directory',
      () => JSON.stringify(directory),
      () => ({ value: JSON.stringify(renamedDirectory), rows: { kind: 'rename-organization', from: org, to: renamed }, result: null }),
    );
    expect((await store.teams.get(`team-${org}`))!.organization).toBe(renamed);
    expect(await store.accessSeeds.seed(renamedDirectory)).toBe(0);
    await store.directory.changeMeta(
      'directory',
      () => '{}',
      () => ({ value: '{}', rows: { kind: 'delete-organization', organization: renamed }, result: null }),
    );
    expect(await store.teams.get(`team-${org}`)).toBeNull();
    expect((await store.projects.list({ organization: renamed, offset: 0, limit: 20 })).total).toBe(0);
  });
});

/** A bootstrap file with one organization, one project and one team granted access by name and by project. */
function bootstrapOf(org: string) {
  return {
    edition: 'hosted' as const,
    'emulator-admin-tokens': [],
    users: [{ username: 'ann', id: 'user-ann', tokens: [] }],
    organizations: [
      {
        name: org,
        tier: 'free' as const,
        settings: {},
        projects: [{ id: 'prj-seed', name: 'platform', 'tag-bindings': {} }],
        'agent-pools': [],
        'ssh-keys': [],
        'oauth-tokens': [],
        teams: [
          {
            id: `team-${org}`,
            name: 'seeded',
            members: ['ann'],
            'workspace-access': [{ workspace: 'web', access: 'write' as const }],
            'project-access': [{ project: 'platform', access: 'read' as const }],
            'notification-urls': [],
          },
        ],
      },
    ],
  };
}
