// The endpoints of the workspace aggregate: workspaces, their locks, flat tags, tag bindings,
// remote state consumers, data retention policies and change requests (spec sections by name).
import { z } from 'zod';
import { changeRequestArchiveFilterSchema, changeRequestDocumentSchema, changeRequestListDocumentSchema } from './change-request';
import { dataRetentionPolicyBodySchema, dataRetentionPolicyDocumentSchema } from './data-retention';
import type { EndpointDefinition, QueryParameter } from './endpoint-types';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './jsonapi';
import { remoteStateConsumerListDocumentSchema, remoteStateConsumersBodySchema } from './remote-state-consumer';
import { flatTagListDocumentSchema, flatTagsBodySchema } from './tag';
import { effectiveTagBindingListDocumentSchema, tagBindingListDocumentSchema, tagBindingsBodySchema } from './tag-binding';
import {
  WORKSPACE_BODY_SCHEMAS,
  WORKSPACE_INCLUDES,
  WORKSPACE_SORT_FIELDS,
  sshKeyAssignBodySchema,
  workspaceDocumentSchema,
  workspaceListDocumentSchema,
  workspaceLockBodySchema,
} from './workspace';

/** A whole number of at least 1, in at most nine digits. */
const pageNumberSchema = z.string().regex(/^(?!0+$)\d{1,9}$/);

export const PAGE_PARAMETERS: readonly QueryParameter[] = [
  { name: 'page[number]', schema: pageNumberSchema, description: 'the page to answer (default 1)' },
  {
    name: 'page[size]',
    schema: pageNumberSchema,
    description: `entries per page (default ${DEFAULT_PAGE_SIZE}; larger sizes are answered as ${MAX_PAGE_SIZE})`,
  },
];

const commaList = (values: readonly string[]) =>
  z.string().regex(new RegExp(`^(${values.map((v) => v.replace(/\./g, '\\.')).join('|')})(,(${values.map((v) => v.replace(/\./g, '\\.')).join('|')}))*$`));

const INCLUDE_PARAMETER: QueryParameter = {
  name: 'include',
  schema: commaList(WORKSPACE_INCLUDES),
  description: `related resources to answer in \`included\`, comma-separated: ${WORKSPACE_INCLUDES.join(', ')}`,
};

const flatTagNames = z.string().regex(/^[A-Za-z0-9:_, -]{1,2000}$/);

const WORKSPACE_LIST_PARAMETERS: readonly QueryParameter[] = [
  ...PAGE_PARAMETERS,
  INCLUDE_PARAMETER,
  { name: 'search[name]', schema: z.string(), description: 'workspaces whose names contain this text' },
  { name: 'search[wildcard-name]', schema: z.string(), description: 'workspaces whose names match this pattern (`*` at either end)' },
  { name: 'search[tags]', schema: flatTagNames, description: 'workspaces with all these flat tags, comma-separated (at most 50)' },
  { name: 'search[exclude-tags]', schema: flatTagNames, description: 'workspaces with none of these flat tags, comma-separated (at most 50)' },
  { name: 'filter[project][id]', schema: z.string(), description: 'workspaces of this project' },
  { name: 'filter[current-run][status]', schema: z.string(), description: 'workspaces whose current run has this status' },
  {
    name: 'filter[tagged][0][key]',
    schema: z.string().min(1),
    description: 'workspaces with a tag binding of this key; any whole number may stand for 0 (at most 50 entries)',
  },
  { name: 'filter[tagged][0][value]', schema: z.string(), description: 'with `filter[tagged][i][key]`: the binding’s value too' },
  {
    name: 'sort',
    schema: z.string().regex(new RegExp(`^-?(${WORKSPACE_SORT_FIELDS.map((f) => f.replace(/\./g, '\\.')).join('|')})$`)),
    description: `${WORKSPACE_SORT_FIELDS.join(', ')}; a leading \`-\` sorts descending`,
  },
];

const workspaceCreate = { body: WORKSPACE_BODY_SCHEMAS.both.create, hostedBody: WORKSPACE_BODY_SCHEMAS.hosted.create } as const;
const workspaceUpdate = { body: WORKSPACE_BODY_SCHEMAS.both.update, hostedBody: WORKSPACE_BODY_SCHEMAS.hosted.update } as const;
const single = { success: [200], answer: workspaceDocumentSchema } as const;

export const WORKSPACE_ENDPOINTS = {
  createWorkspace: {
    method: 'POST',
    path: '/organizations/:organization_name/workspaces',
    summary: 'Create a workspace',
    permission: 'create-workspaces',
    ...workspaceCreate,
    success: [201],
    answer: workspaceDocumentSchema,
    errors: ['forbidden', 'notFound', 'nameTaken'],
  },
  listWorkspaces: {
    method: 'GET',
    path: '/organizations/:organization_name/workspaces',
    summary: 'List the workspaces of an organization the caller can read',
    permission: 'organization-member',
    query: WORKSPACE_LIST_PARAMETERS,
    success: [200],
    answer: workspaceListDocumentSchema,
    errors: ['notFound'],
  },
  showWorkspace: {
    method: 'GET',
    path: '/workspaces/:workspace_id',
    summary: 'Show a workspace',
    permission: 'workspace-read',
    cacheable: true,
    query: [INCLUDE_PARAMETER],
    ...single,
    errors: ['notFound'],
  },
  showWorkspaceByName: {
    method: 'GET',
    path: '/organizations/:organization_name/workspaces/:name',
    summary: 'Show a workspace by its name',
    permission: 'workspace-read',
    cacheable: true,
    query: [INCLUDE_PARAMETER],
    ...single,
    errors: ['notFound'],
  },
  updateWorkspace: {
    method: 'PATCH',
    path: '/workspaces/:workspace_id',
    summary: 'Update a workspace',
    permission: 'workspace-admin',
    ...workspaceUpdate,
    ...single,
    errors: ['forbidden', 'notFound', 'nameTaken'],
  },
  updateWorkspaceByName: {
    method: 'PATCH',
    path: '/organizations/:organization_name/workspaces/:name',
    summary: 'Update a workspace named by its name',
    permission: 'workspace-admin',
    ...workspaceUpdate,
    ...single,
    errors: ['forbidden', 'notFound', 'nameTaken'],
  },
  safeDeleteWorkspace: {
    method: 'POST',
    path: '/workspaces/:workspace_id/actions/safe-delete',
    summary: 'Delete a workspace that is unlocked and manages no resources',
    permission: 'workspace-admin',
    success: [204],
    errors: ['notFound', 'workspaceLockedForDelete', 'workspaceManagesResources'],
  },
  safeDeleteWorkspaceByName: {
    method: 'POST',
    path: '/organizations/:organization_name/workspaces/:name/actions/safe-delete',
    summary: 'Safe delete of a workspace named by its name',
    permission: 'workspace-admin',
    success: [204],
    errors: ['notFound', 'workspaceLockedForDelete', 'workspaceManagesResources'],
  },
  forceDeleteWorkspace: {
    method: 'DELETE',
    path: '/workspaces/:workspace_id',
    summary: 'Delete a workspace whatever it holds',
    permission: 'force-delete',
    success: [204],
    errors: ['forbidden', 'notFound'],
  },
  forceDeleteWorkspaceByName: {
    method: 'DELETE',
    path: '/organizations/:organization_name/workspaces/:name',
    summary: 'Force delete of a workspace named by its name',
    permission: 'force-delete',
    success: [204],
    errors: ['forbidden', 'notFound'],
  },
  lockWorkspace: {
    method: 'POST',
    path: '/workspaces/:workspace_id/actions/lock',
    summary: 'Lock a workspace',
    permission: 'workspace-write',
    body: workspaceLockBodySchema,
    ...single,
    errors: ['notFound', 'workspaceAlreadyLocked'],
  },
  unlockWorkspace: {
    method: 'POST',
    path: '/workspaces/:workspace_id/actions/unlock',
    summary: 'Unlock a workspace the caller locked',
    permission: 'workspace-write',
    ...single,
    errors: ['notFound', 'workspaceNotLocked', 'workspaceLockedByOther', 'stateVersionPending'],
  },
  forceUnlockWorkspace: {
    method: 'POST',
    path: '/workspaces/:workspace_id/actions/force-unlock',
    summary: 'Unlock a workspace whoever locked it',
    permission: 'workspace-admin',
    ...single,
    errors: ['notFound', 'workspaceNotLocked'],
  },
  assignSshKey: {
    method: 'PATCH',
    path: '/workspaces/:workspace_id/relationships/ssh-key',
    summary: 'Assign an SSH key to a workspace, or unassign it (`id: null`)',
    permission: 'workspace-admin',
    body: sshKeyAssignBodySchema,
    ...single,
    errors: ['forbidden', 'notFound'],
  },
  listWorkspaceTags: {
    method: 'GET',
    path: '/workspaces/:workspace_id/relationships/tags',
    summary: 'List the flat tags of a workspace',
    permission: 'workspace-read',
    query: PAGE_PARAMETERS,
    success: [200],
    answer: flatTagListDocumentSchema,
    errors: ['notFound'],
  },
  addWorkspaceTags: {
    method: 'POST',
    path: '/workspaces/:workspace_id/relationships/tags',
    summary: 'Add flat tags to a workspace (by name or ID)',
    permission: 'workspace-admin',
    body: flatTagsBodySchema,
    success: [204],
    errors: ['notFound'],
  },
  removeWorkspaceTags: {
    method: 'DELETE',
    path: '/workspaces/:workspace_id/relationships/tags',
    summary: 'Remove flat tags from a workspace',
    permission: 'workspace-admin',
    body: flatTagsBodySchema,
    success: [204],
    errors: ['notFound'],
  },
  listTagBindings: {
    method: 'GET',
    path: '/workspaces/:workspace_id/tag-bindings',
    summary: 'List the tag bindings a workspace has of its own',
    permission: 'workspace-read',
    success: [200],
    answer: tagBindingListDocumentSchema,
    errors: ['notFound'],
  },
  addTagBindings: {
    method: 'PATCH',
    path: '/workspaces/:workspace_id/tag-bindings',
    summary: 'Add or change tag bindings of a workspace (keys not sent are kept)',
    permission: 'workspace-admin',
    body: tagBindingsBodySchema,
    success: [200],
    answer: tagBindingListDocumentSchema,
    errors: ['forbidden', 'notFound'],
  },
  listEffectiveTagBindings: {
    method: 'GET',
    path: '/workspaces/:workspace_id/effective-tag-bindings',
    summary: 'List a workspace’s own tag bindings and those it inherits from its project',
    permission: 'workspace-read',
    success: [200],
    answer: effectiveTagBindingListDocumentSchema,
    errors: ['notFound'],
  },
  listRemoteStateConsumers: {
    method: 'GET',
    path: '/workspaces/:workspace_id/relationships/remote-state-consumers',
    summary: 'List the workspaces that may read a workspace’s state',
    permission: 'workspace-read',
    query: PAGE_PARAMETERS,
    success: [200],
    answer: remoteStateConsumerListDocumentSchema,
    errors: ['notFound'],
  },
  replaceRemoteStateConsumers: {
    method: 'PATCH',
    path: '/workspaces/:workspace_id/relationships/remote-state-consumers',
    summary: 'Replace the remote state consumers of a workspace',
    permission: 'manage-workspaces',
    body: remoteStateConsumersBodySchema,
    success: [204],
    errors: ['notFound'],
  },
  addRemoteStateConsumers: {
    method: 'POST',
    path: '/workspaces/:workspace_id/relationships/remote-state-consumers',
    summary: 'Add remote state consumers to a workspace',
    permission: 'workspace-admin',
    body: remoteStateConsumersBodySchema,
    success: [204],
    errors: ['notFound'],
  },
  removeRemoteStateConsumers: {
    method: 'DELETE',
    path: '/workspaces/:workspace_id/relationships/remote-state-consumers',
    summary: 'Remove remote state consumers from a workspace',
    permission: 'workspace-admin',
    body: remoteStateConsumersBodySchema,
    success: [204],
    errors: ['notFound'],
  },
  showDataRetentionPolicy: {
    method: 'GET',
    path: '/workspaces/:workspace_id/relationships/data-retention-policy',
    summary: 'Show the data retention policy of a workspace (self-hosted edition only)',
    permission: 'workspace-read',
    success: [200],
    answer: dataRetentionPolicyDocumentSchema,
    errors: ['notFound'],
  },
  setDataRetentionPolicy: {
    method: 'POST',
    path: '/workspaces/:workspace_id/relationships/data-retention-policy',
    summary: 'Set the data retention policy of a workspace: 201 for its first, 200 for a replacement',
    permission: 'workspace-admin',
    body: dataRetentionPolicyBodySchema,
    success: [200, 201],
    answer: dataRetentionPolicyDocumentSchema,
    errors: ['forbidden', 'notFound'],
  },
  deleteDataRetentionPolicy: {
    method: 'DELETE',
    path: '/workspaces/:workspace_id/relationships/data-retention-policy',
    summary: 'Remove the data retention policy of a workspace (the organization’s default applies again)',
    permission: 'workspace-admin',
    success: [204],
    errors: ['forbidden', 'notFound'],
  },
} as const satisfies Record<string, EndpointDefinition>;

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
      permission: 'workspace-write',
      success: [200],
      answer: changeRequestDocumentSchema,
      errors: ['badRequest', 'forbidden', 'notFound'],
    },
    archiveByPost: {
      method: 'POST',
      path: `${base}/change-requests/:change_request_id`,
      summary: 'Archive a change request (the same as `actions/archive`)',
      permission: 'workspace-write',
      success: [200],
      answer: changeRequestDocumentSchema,
      errors: ['badRequest', 'forbidden', 'notFound'],
    },
    archiveByPatch: {
      method: 'PATCH',
      path: `${base}/change-requests/:change_request_id`,
      summary: 'Archive a change request (the same as `actions/archive`)',
      permission: 'workspace-write',
      success: [200],
      answer: changeRequestDocumentSchema,
      errors: ['badRequest', 'forbidden', 'notFound'],
    },
  }) as const satisfies Record<string, EndpointDefinition>;

const atRoot = changeRequest('');
const underWorkspaces = changeRequest('/workspaces');

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
