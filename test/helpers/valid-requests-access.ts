// Requests the access endpoints answer with a success (issue 34), each on targets of its own.
import type { EndpointName } from '../../src/contract';
import { createTeam, createProject, createTeamAccess, createTeamProjectAccess, inviteMember, teamAccessBody, teamProjectAccessBody } from './access-fixtures';
import { createWorkspace, uniqueFixtureName } from './fixtures';
import { ORG, TOKENS, type TestService } from './service';
import type { RequestFactory } from './valid-requests';

const inOrg = { organization_name: ORG };
const membersBody = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });

export const ACCESS_REQUESTS = {
  listTeams: async () => ({ parameters: inOrg, query: { include: 'users' } }),
  createTeam: async () => ({ parameters: inOrg, body: { data: { type: 'teams', attributes: { name: uniqueFixtureName('team') } } } }),
  showTeam: async (service: TestService) => ({ parameters: { team_id: await createTeam(service) } }),
  updateTeam: async (service: TestService) => ({
    parameters: { team_id: await createTeam(service) },
    body: { data: { type: 'teams', attributes: { visibility: 'organization', 'organization-access': { 'manage-workspaces': true } } } },
  }),
  deleteTeam: async (service: TestService) => ({ parameters: { team_id: await createTeam(service) } }),
  addTeamUsers: async (service: TestService) => ({ parameters: { team_id: await createTeam(service) }, body: membersBody('users', ['dave']) }),
  removeTeamUsers: async (service: TestService) => ({ parameters: { team_id: await createTeam(service) }, body: membersBody('users', ['dave']) }),
  addTeamMemberships: async (service: TestService) => {
    const [teamId, membershipId] = await Promise.all([createTeam(service), inviteMember(service)]);
    return { parameters: { team_id: teamId }, body: membersBody('organization-memberships', [membershipId]) };
  },
  removeTeamMemberships: async (service: TestService) => {
    const [teamId, membershipId] = await Promise.all([createTeam(service), inviteMember(service)]);
    return { parameters: { team_id: teamId }, body: membersBody('organization-memberships', [membershipId]) };
  },
  listOrganizationMemberships: async () => ({ parameters: inOrg, query: { include: 'user' } }),
  createOrganizationMembership: async () => ({
    parameters: inOrg,
    body: { data: { type: 'organization-memberships', attributes: { email: `${uniqueFixtureName('invitee')}@example.com` } } },
  }),
  showOrganizationMembership: async (service: TestService) => ({ parameters: { organization_membership_id: await inviteMember(service) } }),
  deleteOrganizationMembership: async (service: TestService) => ({ parameters: { organization_membership_id: await inviteMember(service) } }),
  showUser: async () => ({ parameters: { user_id: 'user-bob' } }),
  updateAccount: async () => ({ parameters: {}, body: { data: { type: 'users', attributes: { email: 'dave@example.com' } } }, token: TOKENS.reader }),
  listProjects: async () => ({ parameters: inOrg, query: { q: 'plat' } }),
  createProject: async () => ({ parameters: inOrg, body: { data: { type: 'projects', attributes: { name: uniqueFixtureName('prj') } } } }),
  showProject: async (service: TestService) => ({ parameters: { project_id: await createProject(service) } }),
  updateProject: async (service: TestService) => ({
    parameters: { project_id: await createProject(service) },
    body: { data: { type: 'projects', attributes: { description: 'changed' } } },
  }),
  deleteProject: async (service: TestService) => ({ parameters: { project_id: await createProject(service) } }),
  listTeamAccess: async (service: TestService) => ({ parameters: {}, query: { 'filter[workspace][id]': (await createTeamAccess(service)).workspaceId } }),
  addTeamAccess: async (service: TestService) => {
    const [teamId, workspace] = await Promise.all([createTeam(service), createWorkspace(service)]);
    return { parameters: {}, body: teamAccessBody(teamId, workspace.id, 'custom', { runs: 'plan', 'state-versions': 'read' }) };
  },
  showTeamAccess: async (service: TestService) => ({ parameters: { team_access_id: (await createTeamAccess(service)).id } }),
  updateTeamAccess: async (service: TestService) => ({
    parameters: { team_access_id: (await createTeamAccess(service)).id },
    body: { data: { type: 'team-workspaces', attributes: { access: 'write' } } },
  }),
  removeTeamAccess: async (service: TestService) => ({ parameters: { team_access_id: (await createTeamAccess(service)).id } }),
  listTeamProjectAccess: async (service: TestService) => ({
    parameters: {},
    query: { 'filter[project][id]': (await createTeamProjectAccess(service)).projectId },
  }),
  addTeamProjectAccess: async (service: TestService) => {
    const [teamId, projectId] = await Promise.all([createTeam(service), createProject(service)]);
    return { parameters: {}, body: teamProjectAccessBody(teamId, projectId, 'maintain') };
  },
  showTeamProjectAccess: async (service: TestService) => ({ parameters: { team_project_access_id: (await createTeamProjectAccess(service)).id } }),
  updateTeamProjectAccess: async (service: TestService) => ({
    parameters: { team_project_access_id: (await createTeamProjectAccess(service)).id },
    body: { data: { type: 'team-projects', attributes: { access: 'custom', 'workspace-access': { runs: 'apply', create: true } } } },
  }),
  removeTeamProjectAccess: async (service: TestService) => ({ parameters: { team_project_access_id: (await createTeamProjectAccess(service)).id } }),
} satisfies Partial<Record<EndpointName, RequestFactory>>;
