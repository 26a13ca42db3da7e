// The endpoints of projects (issue 34), as the hosted service serves them.
import { z } from 'zod';
import { PAGE_PARAMETERS, type EndpointDefinition } from './endpoint-types';
import { projectCreateBodySchema, projectDocumentSchema, projectListDocumentSchema, projectUpdateBodySchema } from './project';

export const PROJECT_ENDPOINTS = {
  listProjects: {
    method: 'GET',
    path: '/organizations/:organization_name/projects',
    summary: 'List the projects of an organization',
    permission: 'organization-member',
    query: [
      ...PAGE_PARAMETERS,
      { name: 'filter[names]', schema: z.string().max(2000), description: 'projects with one of these names (comma-separated)' },
      { name: 'q', schema: z.string().max(255), description: 'projects whose name contains this' },
    ],
    success: [200],
    answer: projectListDocumentSchema,
    errors: ['notFound'],
  },
  createProject: {
    method: 'POST',
    path: '/organizations/:organization_name/projects',
    summary: 'Create a project',
    permission: 'manage-projects',
    body: projectCreateBodySchema,
    success: [201],
    answer: projectDocumentSchema,
    errors: ['forbidden', 'notFound', 'nameTaken'],
  },
  showProject: {
    method: 'GET',
    path: '/projects/:project_id',
    summary: 'Show a project',
    permission: 'organization-member',
    success: [200],
    answer: projectDocumentSchema,
    errors: ['notFound'],
  },
  updateProject: {
    method: 'PATCH',
    path: '/projects/:project_id',
    summary: 'Rename a project or change its description',
    permission: 'project-admin',
    body: projectUpdateBodySchema,
    success: [200],
    answer: projectDocumentSchema,
    errors: ['forbidden', 'notFound', 'nameTaken'],
  },
  deleteProject: {
    method: 'DELETE',
    path: '/projects/:project_id',
    summary: 'Delete an empty project (not the default one)',
    permission: 'manage-projects',
    destructive: true,
    success: [204],
    errors: ['forbidden', 'notFound', 'conflict'],
  },
} as const satisfies Record<string, EndpointDefinition>;
