// The endpoints of state versions and their outputs: what Terraform's `cloud` and `remote` backends
// and go-tfe call (see state-version.ts for the documents).
import { z } from 'zod';
import { PAGE_PARAMETERS, type EndpointDefinition, type QueryParameter } from './endpoint-types';
import {
  STATE_MAX_BYTES,
  STATE_VERSION_CREATE_BODY_MAX,
  STATE_VERSION_INCLUDES,
  stateVersionCreateBodySchema,
  stateVersionDocumentSchema,
  stateVersionListDocumentSchema,
  stateVersionOutputDocumentSchema,
  stateVersionOutputListDocumentSchema,
} from './state-version';

const includeParameter: QueryParameter = {
  name: 'include',
  schema: z.string().max(200),
  description: `related records to include, comma-separated: ${STATE_VERSION_INCLUDES.join(', ')} (only outputs are answered with records)`,
};

/** The raw state as Terraform wrote it, or its JSON rendering. */
const STATE_MEDIA_TYPE = 'application/json';

export const STATE_VERSION_ENDPOINTS = {
  createStateVersion: {
    method: 'POST',
    path: '/workspaces/:workspace_id/state-versions',
    summary:
      'Create a state version of a locked workspace: with the state inline (base64), or pending until the state arrives at the upload address the answer gives',
    permission: 'workspace-write',
    body: stateVersionCreateBodySchema,
    maxBodyBytes: STATE_VERSION_CREATE_BODY_MAX,
    success: [201],
    answer: stateVersionDocumentSchema,
    errors: ['notFound', 'stateVersionNeedsLock', 'stateVersionConflict', 'stateInvalid', 'stateTooLarge'],
  },
  listStateVersions: {
    method: 'GET',
    path: '/state-versions',
    summary: 'List the state versions of one workspace, newest first (both filters are required)',
    permission: 'any-token',
    query: [
      { name: 'filter[organization][name]', schema: z.string().max(255), description: 'the organization’s name (required)' },
      { name: 'filter[workspace][name]', schema: z.string().max(255), description: 'the workspace’s name (required)' },
      ...PAGE_PARAMETERS,
    ],
    success: [200],
    answer: stateVersionListDocumentSchema,
    errors: ['notFound'],
  },
  showStateVersion: {
    method: 'GET',
    path: '/state-versions/:state_version_id',
    summary: 'Show a state version',
    permission: 'any-token',
    query: [includeParameter],
    success: [200],
    answer: stateVersionDocumentSchema,
    errors: ['notFound'],
  },
  showCurrentStateVersion: {
    method: 'GET',
    path: '/workspaces/:workspace_id/current-state-version',
    summary: 'Show the state version that is the workspace’s current state (404 while it has none)',
    permission: 'workspace-read',
    query: [includeParameter],
    success: [200],
    answer: stateVersionDocumentSchema,
    errors: ['notFound'],
  },
  listStateVersionOutputs: {
    method: 'GET',
    path: '/state-versions/:state_version_id/outputs',
    summary: 'List a state version’s outputs (sensitive values withheld)',
    permission: 'any-token',
    query: PAGE_PARAMETERS,
    success: [200],
    answer: stateVersionOutputListDocumentSchema,
    errors: ['notFound'],
  },
  listCurrentStateVersionOutputs: {
    method: 'GET',
    path: '/workspaces/:workspace_id/current-state-version-outputs',
    summary: 'List the outputs of the workspace’s current state (sensitive values withheld)',
    permission: 'workspace-read',
    query: PAGE_PARAMETERS,
    success: [200],
    answer: stateVersionOutputListDocumentSchema,
    errors: ['notFound'],
  },
  showStateVersionOutput: {
    method: 'GET',
    path: '/state-version-outputs/:state_version_output_id',
    summary: 'Show one output, its value included even when sensitive (to callers who may read the state)',
    permission: 'any-token',
    success: [200],
    answer: stateVersionOutputDocumentSchema,
    errors: ['notFound'],
  },
  downloadState: {
    method: 'GET',
    path: '/state-versions/:state_version_id/download',
    summary: 'Read the raw state of a finalized state version (its hosted-state-download-url)',
    permission: 'any-token',
    rawAnswer: STATE_MEDIA_TYPE,
    success: [200],
    errors: ['notFound'],
  },
  downloadJsonState: {
    method: 'GET',
    path: '/state-versions/:state_version_id/json-download',
    summary: 'Read the JSON rendering of a finalized state version’s state, where one was sent (its hosted-json-state-download-url)',
    permission: 'any-token',
    rawAnswer: STATE_MEDIA_TYPE,
    success: [200],
    errors: ['notFound'],
  },
  uploadState: {
    method: 'PUT',
    path: '/state-versions/:state_version_id/upload/:upload_key',
    summary: 'Send the raw state of a pending state version (its hosted-state-upload-url); the state version is finalized once checked',
    permission: 'upload-address',
    rawBody: { maxBytes: STATE_MAX_BYTES },
    success: [200],
    errors: ['notFound', 'stateVersionConflict', 'stateInvalid', 'stateTooLarge'],
  },
  uploadJsonState: {
    method: 'PUT',
    path: '/state-versions/:state_version_id/json-upload/:upload_key',
    summary: 'Send the JSON rendering of a pending state version’s state (its hosted-json-state-upload-url)',
    permission: 'upload-address',
    rawBody: { maxBytes: STATE_MAX_BYTES },
    success: [200],
    errors: ['notFound', 'stateInvalid', 'stateTooLarge'],
  },
} as const satisfies Record<string, EndpointDefinition>;
