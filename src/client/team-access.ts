// A team's access to a workspace (team-workspaces) and to a project (team-projects), issue 34.
import { ENDPOINTS, type ProjectGrant, type WorkspaceGrant, type WorkspacePermissionSet } from '../contract';
import { endpointRequest } from './endpoint-request';
import type { Transport } from './transport';

export interface TeamAccess {
  id: string;
  access: WorkspaceGrant;
  teamId: string;
  workspaceId: string;
  /** What the grant allows, key by key (wire names). */
  permissions: Record<string, unknown>;
}

type TeamAccessResource = (typeof ENDPOINTS)['showTeamAccess']['answer']['_zod']['output']['data'];

function toTeamAccess(resource: TeamAccessResource): TeamAccess {
  const { access, ...permissions } = resource.attributes;
  return { id: resource.id, access, teamId: resource.relationships.team.data.id, workspaceId: resource.relationships.workspace.data.id, permissions };
}

export class TeamAccessApi {
  constructor(private readonly transport: Transport) {}

  async list(workspaceId: string): Promise<TeamAccess[]> {
    const query = { 'filter[workspace][id]': workspaceId, 'page[size]': 100 };
    const doc = await this.transport.call(endpointRequest('listTeamAccess', {}, { query, idempotent: true }), ENDPOINTS.listTeamAccess.answer);
    return doc.data.map(toTeamAccess);
  }

  /** Gives a team access; `permissions` only with `custom`. */
  async add(teamId: string, workspaceId: string, access: WorkspaceGrant, permissions: Partial<WorkspacePermissionSet> = {}): Promise<TeamAccess> {
    const body = {
      data: {
        type: 'team-workspaces',
        attributes: { access, ...permissions },
        relationships: { team: { data: { type: 'teams', id: teamId } }, workspace: { data: { type: 'workspaces', id: workspaceId } } },
      },
    };
    return toTeamAccess((await this.transport.call(endpointRequest('addTeamAccess', {}, { body, idempotent: false }), ENDPOINTS.addTeamAccess.answer)).data);
  }

  async get(id: string): Promise<TeamAccess> {
    return toTeamAccess(
      (await this.transport.call(endpointRequest('showTeamAccess', { team_access_id: id }, { idempotent: true }), ENDPOINTS.showTeamAccess.answer)).data,
    );
  }

  async update(id: string, access: WorkspaceGrant, permissions: Partial<WorkspacePermissionSet> = {}): Promise<TeamAccess> {
    const body = { data: { type: 'team-workspaces', attributes: { access, ...permissions } } };
    return toTeamAccess(
      (await this.transport.call(endpointRequest('updateTeamAccess', { team_access_id: id }, { body, idempotent: true }), ENDPOINTS.updateTeamAccess.answer))
        .data,
    );
  }

  async remove(id: string): Promise<void> {
    await this.transport.request(endpointRequest('removeTeamAccess', { team_access_id: id }, { idempotent: true }));
  }
}

export interface TeamProjectAccess {
  id: string;
  access: ProjectGrant;
  teamId: string;
  projectId: string;
  projectAccess: Record<string, unknown>;
  workspaceAccess: Record<string, unknown>;
}

type TeamProjectAccessResource = (typeof ENDPOINTS)['showTeamProjectAccess']['answer']['_zod']['output']['data'];

function toTeamProjectAccess(resource: TeamProjectAccessResource): TeamProjectAccess {
  const id = (name: string) => {
    const data = resource.relationships[name]?.data;
    return data && !Array.isArray(data) ? data.id : '';
  };
  return {
    id: resource.id,
    access: resource.attributes.access,
    teamId: id('team'),
    projectId: id('project'),
    projectAccess: resource.attributes['project-access'],
    workspaceAccess: resource.attributes['workspace-access'],
  };
}

export interface ProjectGrantOptions {
  projectAccess?: { settings?: 'read' | 'update' | 'delete'; teams?: 'none' | 'read' | 'manage' };
  workspaceAccess?: Partial<WorkspacePermissionSet> & { create?: boolean; move?: boolean; delete?: boolean; locking?: boolean };
}

const projectGrantAttributes = (access: ProjectGrant, options: ProjectGrantOptions) => ({
  access,
  ...(options.projectAccess ? { 'project-access': options.projectAccess } : {}),
  ...(options.workspaceAccess ? { 'workspace-access': options.workspaceAccess } : {}),
});

export class TeamProjectAccessApi {
  constructor(private readonly transport: Transport) {}

  async list(projectId: string): Promise<TeamProjectAccess[]> {
    const query = { 'filter[project][id]': projectId, 'page[size]': 100 };
    const doc = await this.transport.call(endpointRequest('listTeamProjectAccess', {}, { query, idempotent: true }), ENDPOINTS.listTeamProjectAccess.answer);
    return doc.data.map(toTeamProjectAccess);
  }

  async add(teamId: string, projectId: string, access: ProjectGrant, options: ProjectGrantOptions = {}): Promise<TeamProjectAccess> {
    const body = {
      data: {
        type: 'team-projects',
        attributes: projectGrantAttributes(access, options),
        relationships: { team: { data: { type: 'teams', id: teamId } }, project: { data: { type: 'projects', id: projectId } } },
      },
    };
    return toTeamProjectAccess(
      (await this.transport.call(endpointRequest('addTeamProjectAccess', {}, { body, idempotent: false }), ENDPOINTS.addTeamProjectAccess.answer)).data,
    );
  }

  async get(id: string): Promise<TeamProjectAccess> {
    return toTeamProjectAccess(
      (
        await this.transport.call(
          endpointRequest('showTeamProjectAccess', { team_project_access_id: id }, { idempotent: true }),
          ENDPOINTS.showTeamProjectAccess.answer,
        )
      ).data,
    );
  }

  async update(id: string, access: ProjectGrant, options: ProjectGrantOptions = {}): Promise<TeamProjectAccess> {
    const body = { data: { type: 'team-projects', attributes: projectGrantAttributes(access, options) } };
    return toTeamProjectAccess(
      (
        await this.transport.call(
          endpointRequest('updateTeamProjectAccess', { team_project_access_id: id }, { body, idempotent: true }),
          ENDPOINTS.updateTeamProjectAccess.answer,
        )
      ).data,
    );
  }

  async remove(id: string): Promise<void> {
    await this.transport.request(endpointRequest('removeTeamProjectAccess', { team_project_access_id: id }, { idempotent: true }));
  }
}
