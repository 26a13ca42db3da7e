// The records of who may do what (issue 34), read together for the access index (access.ts), and
// the directory shape the index keeps answering them in: an organization's `teams` (with their
// members, organization access and grants as access levels) and `projects`.
import { levelOfWorkspaceGrant, workspaceLevelOfProjectGrant } from '../contract';
import type { DirectoryOrganization, DirectoryProject, DirectoryTeam } from './bootstrap';
import type { MembershipRecord } from './organization-memberships/store';
import type { ProjectRecord } from './projects/store';
import type { TeamAccessRecord } from './team-access/store';
import type { TeamProjectAccessRecord } from './team-project-access/store';
import type { TeamRecord } from './teams/store';
import type { Store } from './store';

export interface AccessRecords {
  generation: string;
  teams: TeamRecord[];
  projects: ProjectRecord[];
  workspaceGrants: TeamAccessRecord[];
  projectGrants: TeamProjectAccessRecord[];
  memberships: MembershipRecord[];
}

/** Reads every access record; the generation first, so a change made meanwhile is read again at the next look. */
export async function readAccessRecords(store: Store): Promise<AccessRecords> {
  const generation = await store.teams.generation();
  const [teams, projects, workspaceGrants, projectGrants, memberships] = await Promise.all([
    store.teams.all(),
    store.projects.all(),
    store.teamAccess.all(),
    store.teamProjectAccess.all(),
    store.organizationMemberships.all(),
  ]);
  return { generation, teams, projects, workspaceGrants, projectGrants, memberships };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Each organization with its teams and projects taken from the records. */
export function organizationsWithRecords(organizations: DirectoryOrganization[], records: AccessRecords): DirectoryOrganization[] {
  const teamsByOrg = groupBy(records.teams, (t) => t.organization);
  const projectsByOrg = groupBy(records.projects, (p) => p.organization);
  const workspaceGrants = groupBy(records.workspaceGrants, (g) => g.teamId);
  const projectGrants = groupBy(records.projectGrants, (g) => g.teamId);
  return organizations.map((organization) => {
    const projects: DirectoryProject[] = (projectsByOrg.get(organization.name) ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      isDefault: p.isDefault,
      tagBindings: p.tagBindings,
    }));
    const projectNames = new Map(projects.map((p) => [p.id, p.name]));
    const teams = (teamsByOrg.get(organization.name) ?? []).map((team): DirectoryTeam => {
      const workspaceAccess: DirectoryTeam['workspaceAccess'] = [];
      for (const grant of workspaceGrants.get(team.id) ?? []) {
        const access = levelOfWorkspaceGrant(grant.access, grant.permissions);
        if (access === null) continue;
        if (grant.workspaceId !== null) workspaceAccess.push({ workspace: grant.workspaceName ?? grant.workspaceId, workspaceId: grant.workspaceId, access });
        else if (grant.workspaceName !== null) workspaceAccess.push({ workspace: grant.workspaceName, access });
      }
      const projectAccess: DirectoryTeam['projectAccess'] = [];
      for (const grant of projectGrants.get(team.id) ?? []) {
        const access = workspaceLevelOfProjectGrant(grant.access, grant.workspacePermissions);
        if (access === null) continue;
        const name = grant.projectId === '*' ? '*' : projectNames.get(grant.projectId);
        if (name !== undefined) projectAccess.push({ project: name, projectId: grant.projectId, access });
      }
      return {
        id: team.id,
        name: team.name,
        owners: team.owners,
        members: team.members,
        manageWorkspaces: team.organizationAccess['manage-workspaces'],
        manageProjects: team.organizationAccess['manage-projects'],
        workspaceAccess,
        projectAccess,
        notificationUrls: team.notificationUrls,
      };
    });
    return { ...organization, teams, projects: projects.length > 0 ? projects : organization.projects };
  });
}
