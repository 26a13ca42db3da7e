// The endpoints of a workspace's variables: the current paths under the workspace, the effective
// variables a run would get (`all-vars`), and the older top-level `/vars` paths that earlier
// clients of the hosted service call (see variable.ts for the documents).
import { z } from 'zod';
import { PAGE_PARAMETERS, type EndpointDefinition } from './endpoint-types';
import {
  topLevelVariableCreateBodySchema,
  variableCreateBodySchema,
  variableDocumentSchema,
  variableListDocumentSchema,
  variableUpdateBodySchema,
} from './variable';

const one = { success: [200], answer: variableDocumentSchema } as const;

export const VARIABLE_ENDPOINTS = {
  listVariables: {
    method: 'GET',
    path: '/workspaces/:workspace_id/vars',
    summary: 'List a workspace’s own variables (sensitive values answered as null)',
    permission: 'workspace-write',
    query: PAGE_PARAMETERS,
    success: [200],
    answer: variableListDocumentSchema,
    errors: ['notFound', 'forbidden'],
  },
  listEffectiveVariables: {
    method: 'GET',
    path: '/workspaces/:workspace_id/all-vars',
    summary:
      'List the variables a run of the workspace gets: its own and those of the variable sets applied to it, each key once, by precedence (sensitive values answered as null)',
    permission: 'workspace-write',
    success: [200],
    answer: variableListDocumentSchema,
    errors: ['notFound', 'forbidden'],
  },
  createVariable: {
    method: 'POST',
    path: '/workspaces/:workspace_id/vars',
    summary: 'Create a variable of a workspace',
    permission: 'workspace-write',
    body: variableCreateBodySchema,
    success: [201],
    answer: variableDocumentSchema,
    errors: ['notFound', 'forbidden', 'variableKeyTaken'],
  },
  showVariable: {
    method: 'GET',
    path: '/workspaces/:workspace_id/vars/:variable_id',
    summary: 'Show a variable of a workspace (a sensitive value answered as null)',
    permission: 'workspace-write',
    ...one,
    errors: ['notFound', 'forbidden'],
  },
  updateVariable: {
    method: 'PATCH',
    path: '/workspaces/:workspace_id/vars/:variable_id',
    summary: 'Change a variable of a workspace; a changed value gets a new version-id',
    permission: 'workspace-write',
    body: variableUpdateBodySchema,
    ...one,
    errors: ['notFound', 'forbidden', 'variableKeyTaken', 'variableStaysSensitive'],
  },
  deleteVariable: {
    method: 'DELETE',
    path: '/workspaces/:workspace_id/vars/:variable_id',
    summary: 'Delete a variable of a workspace',
    permission: 'workspace-write',
    destructive: true,
    success: [204],
    errors: ['notFound', 'forbidden'],
  },
  listVariablesByWorkspaceName: {
    method: 'GET',
    path: '/vars',
    summary: 'List a workspace’s variables by organization and workspace name (the older path; both filters are required)',
    permission: 'any-token',
    query: [
      { name: 'filter[organization][name]', schema: z.string().max(255), description: 'the organization’s name (required)' },
      { name: 'filter[workspace][name]', schema: z.string().max(255), description: 'the workspace’s name (required)' },
      ...PAGE_PARAMETERS,
    ],
    success: [200],
    answer: variableListDocumentSchema,
    errors: ['notFound', 'forbidden'],
  },
  createVariableOfWorkspace: {
    method: 'POST',
    path: '/vars',
    summary: 'Create a variable of the workspace its `workspace` relationship names (the older path)',
    permission: 'any-token',
    body: topLevelVariableCreateBodySchema,
    success: [201],
    answer: variableDocumentSchema,
    errors: ['notFound', 'forbidden', 'variableKeyTaken'],
  },
  updateVariableById: {
    method: 'PATCH',
    path: '/vars/:variable_id',
    summary: 'Change a workspace variable by its ID alone (the older path)',
    permission: 'any-token',
    body: variableUpdateBodySchema,
    ...one,
    errors: ['notFound', 'forbidden', 'variableKeyTaken', 'variableStaysSensitive'],
  },
  deleteVariableById: {
    method: 'DELETE',
    path: '/vars/:variable_id',
    summary: 'Delete a workspace variable by its ID alone (the older path)',
    permission: 'any-token',
    destructive: true,
    success: [204],
    errors: ['notFound', 'forbidden'],
  },
} as const satisfies Record<string, EndpointDefinition>;
