// Teams, projects, memberships and grants made through the API for tests (issue 34): each helper
// makes what it names in `acme` as its owner and answers its ID.
import { randomBytes } from 'node:crypto';
import { createWorkspace, expectStatus, uniqueFixtureName } from './fixtures';
import { ORG, TOKENS, type TestService } from './service';

export async function createTeam(
  service: TestService,
  name: string = uniqueFixtureName('team'),
  organization: string = ORG,
  token: string = TOKENS.owner,
): Promise<string> {
  const body = { data: { type: 'teams', attributes: { name, 'organization-access': { 'manage-policies': true } } } };
  const created = await expectStatus(service.request('POST', `/organizations/${organization}/teams`, { token, body }), 201, `creating team ${name}`);
  return created.body.data.id;
}

export async function createProject(
  service: TestService,
  name: string = uniqueFixtureName('prj'),
  organization: string = ORG,
  token: string = TOKENS.owner,
): Promise<string> {
  const body = { data: { type: 'projects', attributes: { name, description: 'made by a fixture' } } };
  const created = await expectStatus(service.request('POST', `/organizations/${organization}/projects`, { token, body }), 201, `creating project ${name}`);
  return created.body.data.id;
}

export async function inviteMember(service: TestService, organization: string = ORG): Promise<string> {
  const body = { data: { type: 'organization-memberships', attributes: { email: `m-${randomBytes(4).toString('hex')}@example.com` } } };
  const created = await expectStatus(service.request('POST', `/organizations/${organization}/organization-memberships`, { body }), 201, 'inviting a member');
  return created.body.data.id;
}

export const teamAccessBody = (teamId: string, workspaceId: string, access = 'read', extra: Record<string, unknown> = {}) => ({
  data: {
    type: 'team-workspaces',
    attributes: { access, ...extra },
    relationships: { team: { data: { type: 'teams', id: teamId } }, workspace: { data: { type: 'workspaces', id: workspaceId } } },
  },
});

export const teamProjectAccessBody = (teamId: string, projectId: string, access = 'read', extra: Record<string, unknown> = {}) => ({
  data: {
    type: 'team-projects',
    attributes: { access, ...extra },
    relationships: { team: { data: { type: 'teams', id: teamId } }, project: { data: { type: 'projects', id: projectId } } },
  },
});

/** A new team's access to a new workspace of `acme`. */
export async function createTeamAccess(service: TestService, access = 'read'): Promise<{ id: string; teamId: string; workspaceId: string }> {
  const [teamId, workspace] = await Promise.all([createTeam(service), createWorkspace(service)]);
  const created = await expectStatus(
    service.request('POST', '/team-workspaces', { body: teamAccessBody(teamId, workspace.id, access) }),
    201,
    'granting a team access',
  );
  return { id: created.body.data.id, teamId, workspaceId: workspace.id };
}

export async function createTeamProjectAccess(service: TestService, access = 'read'): Promise<{ id: string; teamId: string; projectId: string }> {
  const [teamId, projectId] = await Promise.all([createTeam(service), createProject(service)]);
  const created = await expectStatus(
    service.request('POST', '/team-projects', { body: teamProjectAccessBody(teamId, projectId, access) }),
    201,
    'granting a team a project',
  );
  return { id: created.body.data.id, teamId, projectId };
}
