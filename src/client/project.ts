// Projects (issue 34): GET/POST /organizations/:name/projects, GET/PATCH/DELETE /projects/:id.
import { ENDPOINTS } from '../contract';
import { endpointRequest } from './endpoint-request';
import type { Transport } from './transport';

export interface Project {
  id: string;
  name: string;
  description: string;
  isDefault: boolean;
}

type ProjectResource = (typeof ENDPOINTS)['showProject']['answer']['_zod']['output']['data'];

const toProject = (resource: ProjectResource): Project => ({
  id: resource.id,
  name: resource.attributes.name,
  description: resource.attributes.description,
  isDefault: resource.attributes['is-default'] ?? false,
});

export class ProjectsApi {
  constructor(private readonly transport: Transport) {}

  async list(organization: string, options: { names?: string[]; query?: string; pageNumber?: number; pageSize?: number } = {}): Promise<Project[]> {
    const query = { 'filter[names]': options.names?.join(','), q: options.query, 'page[number]': options.pageNumber, 'page[size]': options.pageSize };
    const doc = await this.transport.call(
      endpointRequest('listProjects', { organization_name: organization }, { query, idempotent: true }),
      ENDPOINTS.listProjects.answer,
    );
    return doc.data.map(toProject);
  }

  async create(organization: string, options: { name: string; description?: string }): Promise<Project> {
    const body = { data: { type: 'projects', attributes: options } };
    const doc = await this.transport.call(
      endpointRequest('createProject', { organization_name: organization }, { body, idempotent: false }),
      ENDPOINTS.createProject.answer,
    );
    return toProject(doc.data);
  }

  async get(projectId: string): Promise<Project> {
    return toProject(
      (await this.transport.call(endpointRequest('showProject', { project_id: projectId }, { idempotent: true }), ENDPOINTS.showProject.answer)).data,
    );
  }

  async update(projectId: string, options: { name?: string; description?: string }): Promise<Project> {
    const body = { data: { type: 'projects', attributes: options } };
    return toProject(
      (await this.transport.call(endpointRequest('updateProject', { project_id: projectId }, { body, idempotent: true }), ENDPOINTS.updateProject.answer)).data,
    );
  }

  async delete(projectId: string): Promise<void> {
    await this.transport.request(endpointRequest('deleteProject', { project_id: projectId }, { idempotent: true }));
  }
}
