// Teams, memberships, projects and team access through the client (issue 34): what the API
// changes is what every access decision reads, at once.
import { ConflictError, ForbiddenError, NameTakenError, NotFoundError, ValidationError } from '../../src/client';
import { ORG, TOKENS, defaultBootstrap } from '../helpers/service';
import { useService } from '../helpers/use-service';
import { uniqueName } from '../helpers/workspace-assertions';

const ZOE = 'zoe-token';
const service = useService(() => {
  const bootstrap = defaultBootstrap();
  // A user of no team: everything she may do comes from what the tests grant.
  bootstrap.users.push({ username: 'zoe', id: 'user-zoe', email: 'zoe@example.com', tokens: [ZOE] });
  return { bootstrap };
});

const zoe = () => service.clientFor(ZOE);
const workspace = () => service.client.workspaces.create(ORG, { name: uniqueName('acc') });

describe('teams', () => {
  it('creates, lists, renames and deletes a team; names are unique without case; members read, owners change', async () => {
    const name = uniqueName('team');
    const team = await service.client.teams.create(ORG, { name, organizationAccess: { 'manage-policies': true } });
    expect(team).toMatchObject({ id: expect.stringMatching(/^team-/), name, visibility: 'secret', usersCount: 0 });
    expect(team.organizationAccess).toMatchObject({ 'manage-policies': true, 'manage-workspaces': false });
    await expect(service.client.teams.create(ORG, { name: name.toUpperCase() })).rejects.toBeInstanceOf(NameTakenError);
    expect((await service.clientFor(TOKENS.reader).teams.list(ORG, { names: [name] })).map((t) => t.id)).toEqual([team.id]);
    await expect(service.clientFor(TOKENS.reader).teams.create(ORG, { name: uniqueName('team') })).rejects.toBeInstanceOf(ForbiddenError);
    const renamed = await service.client.teams.update(team.id, { name: `${name}-2`, visibility: 'organization' });
    expect(renamed).toMatchObject({ name: `${name}-2`, visibility: 'organization' });
    expect((await service.client.teams.get(team.id)).name).toBe(`${name}-2`);
    await service.client.teams.delete(team.id);
    await expect(service.client.teams.get(team.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(zoe().teams.list(ORG)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('keeps the owners team and its last member', async () => {
    const owners = (await service.client.teams.list(ORG, { names: ['owners'] }))[0];
    await expect(service.client.teams.delete(owners.id)).rejects.toBeInstanceOf(ConflictError);
    await expect(service.client.teams.removeUsers(owners.id, ['alice'])).rejects.toBeInstanceOf(ConflictError);
    await expect(service.client.teams.update(owners.id, { organizationAccess: { 'manage-workspaces': false } })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('team access to a workspace', () => {
  it('a grant, its change and its removal decide at once what a member may do; custom permissions count as the level they hold', async () => {
    const ws = await workspace();
    const team = await service.client.teams.create(ORG, { name: uniqueName('team') });
    await service.client.teams.addUsers(team.id, ['zoe']);
    expect((await service.client.teams.get(team.id)).userIds).toEqual(['user-zoe']);
    await expect(zoe().workspaces.readById(ws.id)).rejects.toBeInstanceOf(NotFoundError);

    const grant = await service.client.teamAccess.add(team.id, ws.id, 'custom', { runs: 'plan', 'state-versions': 'read', variables: 'read' });
    expect(grant).toMatchObject({ id: expect.stringMatching(/^tws-/), access: 'custom', teamId: team.id, workspaceId: ws.id });
    expect(grant.permissions).toMatchObject({ runs: 'plan', 'state-versions': 'read', 'workspace-locking': false });
    const planner = (await zoe().workspaces.readById(ws.id)).raw.attributes.permissions as Record<string, boolean>;
    expect(planner).toMatchObject({ 'can-queue-run': true, 'can-lock': false, 'can-update': false });
    expect((await zoe().workspaces.list(ORG)).items.map((w) => w.id)).toContain(ws.id);

    // A permission beside a fixed level is refused as the hosted service does.
    await expect(service.client.teamAccess.update(grant.id, 'read', { runs: 'apply' })).rejects.toThrow(/Runs is read-only when access level is 'read'/);
    await expect(service.client.teamAccess.add(team.id, ws.id, 'admin')).rejects.toBeInstanceOf(ConflictError);
    expect((await service.client.teamAccess.update(grant.id, 'write')).permissions).toMatchObject({ runs: 'apply', 'workspace-locking': true });
    expect(((await zoe().workspaces.readById(ws.id)).raw.attributes.permissions as Record<string, boolean>)['can-lock']).toBe(true);
    // A writer does not administer: it cannot hand out access.
    await expect(zoe().teamAccess.add(team.id, ws.id, 'admin')).rejects.toBeInstanceOf(ForbiddenError);
    expect((await service.client.teamAccess.list(ws.id)).map((g) => g.id)).toEqual([grant.id]);

    await service.client.teamAccess.remove(grant.id);
    await expect(zoe().workspaces.readById(ws.id)).rejects.toBeInstanceOf(NotFoundError);
    await service.client.teams.removeUsers(team.id, ['zoe']);
  });
});

describe('projects', () => {
  it('creates, filters, renames and deletes projects; the default and a project in use stay', async () => {
    const name = uniqueName('prj');
    const project = await service.client.projects.create(ORG, { name, description: 'for the test' });
    expect(project).toMatchObject({ id: expect.stringMatching(/^prj-/), name, description: 'for the test', isDefault: false });
    await expect(service.client.projects.create(ORG, { name: name.toUpperCase() })).rejects.toBeInstanceOf(NameTakenError);
    expect((await service.client.projects.list(ORG, { names: [name] })).map((p) => p.id)).toEqual([project.id]);
    expect((await service.client.projects.list(ORG, { query: name.slice(0, 8) })).map((p) => p.id)).toContain(project.id);
    expect((await service.client.projects.update(project.id, { name: `${name}-2` })).name).toBe(`${name}-2`);
    const inside = await service.client.workspaces.create(ORG, { name: uniqueName('in'), projectId: project.id });
    await expect(service.client.projects.delete(project.id)).rejects.toBeInstanceOf(ConflictError);
    const defaultProject = (await service.client.projects.list(ORG)).find((p) => p.isDefault)!;
    await expect(service.client.projects.delete(defaultProject.id)).rejects.toBeInstanceOf(ConflictError);
    await service.client.workspaces.updateById(inside.id, { projectId: defaultProject.id });
    await service.client.projects.delete(project.id);
    await expect(service.client.projects.get(project.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('moves a workspace between projects only for an admin of both (rule 8), granted through team project access', async () => {
    const [from, to] = await Promise.all([
      service.client.projects.create(ORG, { name: uniqueName('from') }),
      service.client.projects.create(ORG, { name: uniqueName('to') }),
    ]);
    const ws = await service.client.workspaces.create(ORG, { name: uniqueName('mv'), projectId: from.id });
    const team = await service.client.teams.create(ORG, { name: uniqueName('movers') });
    await service.client.teams.addUsers(team.id, ['zoe']);
    const onFrom = await service.client.teamProjectAccess.add(team.id, from.id, 'admin');
    expect(onFrom).toMatchObject({ access: 'admin', projectId: from.id, teamId: team.id });
    const onTo = await service.client.teamProjectAccess.add(team.id, to.id, 'write');
    await expect(zoe().workspaces.updateById(ws.id, { projectId: to.id })).rejects.toBeInstanceOf(ForbiddenError);
    await service.client.teamProjectAccess.update(onTo.id, 'admin');
    expect((await zoe().workspaces.updateById(ws.id, { projectId: to.id })).projectId).toBe(to.id);
    expect((await service.client.teamProjectAccess.list(to.id)).map((g) => g.access)).toEqual(['admin']);
    await service.client.teamProjectAccess.remove(onTo.id);
    await expect(zoe().workspaces.readById(ws.id)).rejects.toBeInstanceOf(NotFoundError);
    await service.client.teams.removeUsers(team.id, ['zoe']);
  });
});

describe('organization memberships and users', () => {
  it('invites by email, adds the invitee to a team by membership, and removing the membership takes it out of the team', async () => {
    const email = `${uniqueName('inv')}@example.com`;
    const membership = await service.client.organizationMemberships.invite(ORG, email);
    expect(membership).toMatchObject({ id: expect.stringMatching(/^ou-/), status: 'invited', email, teamIds: [] });
    expect((await service.client.organizationMemberships.list(ORG, { emails: [email] })).map((m) => m.id)).toEqual([membership.id]);
    expect((await service.client.organizationMemberships.list(ORG, { status: 'active' })).map((m) => m.userId)).toContain('user-alice');
    expect(await service.client.users.get(membership.userId)).toEqual({ id: membership.userId, username: null, email });
    const team = await service.client.teams.create(ORG, { name: uniqueName('team') });
    await service.client.teams.addMemberships(team.id, [membership.id]);
    expect((await service.client.organizationMemberships.get(membership.id)).teamIds).toEqual([team.id]);
    await service.client.organizationMemberships.delete(membership.id);
    expect((await service.client.teams.get(team.id)).userIds).toEqual([]);
    await expect(service.client.organizationMemberships.get(membership.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await service.client.users.get('user-bob')).toMatchObject({ username: 'bob' });
  });
});
