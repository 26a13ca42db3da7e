// The endpoints of change requests: the list per workspace, and show and archive, each under both
// bases the hosted service has used (spec "List/Show/Archive a change request").
import { changeRequestArchiveFilterSchema, changeRequestDocumentSchema, changeRequestListDocumentSchema } from './change-request';
import { PAGE_PARAMETERS, type EndpointDefinition } from './endpoint-types';

/** The three ways to archive differ only in method and path. */
const ARCHIVING = {
  permission: 'workspace-write',
  destructive: true,
  success: [200],
  answer: changeRequestDocumentSchema,
  errors: ['badRequest', 'forbidden', 'notFound'],
} as const;

/** Show and archive are answered under both bases the hosted service has used. */
const changeRequest = (base: '' | '/workspaces') =>
  ({
    show: {
      method: 'GET',
      path: `${base}/change-requests/:change_request_id`,
      summary: 'Show a change request',
      permission: 'workspace-read',
      success: [200],
      answer: changeRequestDocumentSchema,
      errors: ['notFound'],
    },
    archive: {
      method: 'POST',
      path: `${base}/change-requests/:change_request_id/actions/archive`,
      summary: 'Archive a change request (any body is ignored)',
      ...ARCHIVING,
    },
    archiveByPost: {
      method: 'POST',
      path: `${base}/change-requests/:change_request_id`,
      summary: 'Archive a change request (the same as `actions/archive`)',
      ...ARCHIVING,
    },
    archiveByPatch: {
      method: 'PATCH',
      path: `${base}/change-requests/:change_request_id`,
      summary: 'Archive a change request (the same as `actions/archive`)',
      ...ARCHIVING,
    },
  }) as const satisfies Record<string, EndpointDefinition>;

const atRoot = changeRequest('');
const underWorkspaces = changeRequest('/workspaces');

/** Where its group comes in the reference and the OpenAPI document. */
export const CHANGE_REQUEST_ENDPOINTS_ORDER = 2;

export const CHANGE_REQUEST_ENDPOINTS = {
  listChangeRequests: {
    method: 'GET',
    path: '/workspaces/:workspace/change-requests',
    summary: 'List the change requests of a workspace (organizations of the plus tier)',
    permission: 'workspace-read',
    query: [
      ...PAGE_PARAMETERS,
      { name: 'archive', schema: changeRequestArchiveFilterSchema.unwrap(), description: '`true`: archived requests only; `false`: the others' },
    ],
    success: [200],
    answer: changeRequestListDocumentSchema,
    errors: ['badRequest', 'notFound'],
  },
  showChangeRequest: atRoot.show,
  archiveChangeRequest: atRoot.archive,
  archiveChangeRequestByPost: atRoot.archiveByPost,
  archiveChangeRequestByPatch: atRoot.archiveByPatch,
  showWorkspaceChangeRequest: underWorkspaces.show,
  archiveWorkspaceChangeRequest: underWorkspaces.archive,
  archiveWorkspaceChangeRequestByPost: underWorkspaces.archiveByPost,
  archiveWorkspaceChangeRequestByPatch: underWorkspaces.archiveByPatch,
} as const satisfies Record<string, EndpointDefinition>;
