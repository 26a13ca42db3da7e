// The endpoints of the directory: organizations, SSH keys, the caller's account and tokens, the
// explorer's bulk action, the emulator controls and the OpenAPI document itself.
import { z } from 'zod';
import { accountDetailsDocumentSchema } from './account';
import { authenticationTokenCreateDocumentSchema, authenticationTokenDocumentSchema, authenticationTokenListDocumentSchema } from './authentication-token';
import { PAGE_PARAMETERS, type EndpointDefinition } from './endpoint-types';
import { bulkActionBodySchema, explorerBulkActionDocumentSchema } from './explorer';
import {
  entitlementSetDocumentSchema,
  organizationCreateBodySchema,
  organizationDocumentSchema,
  organizationListDocumentSchema,
  organizationUpdateBodySchema,
} from './organization';
import { sshKeyCreateBodySchema, sshKeyDocumentSchema, sshKeyListDocumentSchema, sshKeyUpdateBodySchema } from './ssh-key';

/** Emulator controls answer plain JSON: they are not part of the service interface. */
export const EMULATOR_CONTENT_TYPE = 'application/json';

export const emulatorResourceCountBodySchema = z.object({ count: z.number().int().min(0).max(1_000_000_000) });
export const emulatorStateVersionBodySchema = z.object({ finalized: z.boolean().default(false) });
const emulatorStateVersionSchema = z.looseObject({ id: z.string(), finalized: z.boolean() });
const emulatorNotificationsSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      team: z.string(),
      'workspace-id': z.string(),
      'change-request-id': z.string().nullable(),
      subject: z.string(),
      'created-at': z.string(),
      deliveries: z.unknown(),
    }),
  ),
});

/** The parts of an OpenAPI 3.1 document a reader checks first; the rest is free-form. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Its group in the reference (a name of its own: the plural of the file's name would not read). */
export const DIRECTORY_ENDPOINTS_GROUP = 'directory';
/** Where its group comes in the reference and the OpenAPI document. */
export const DIRECTORY_ENDPOINTS_ORDER = 3;

export const DIRECTORY_ENDPOINTS = {
  listOrganizations: {
    method: 'GET',
    path: '/organizations',
    summary: 'List the organizations the caller can see',
    permission: 'any-token',
    query: PAGE_PARAMETERS,
    success: [200],
    answer: organizationListDocumentSchema,
    errors: [],
  },
  createOrganization: {
    method: 'POST',
    path: '/organizations',
    summary: 'Create an organization',
    permission: 'site-admin',
    body: organizationCreateBodySchema,
    success: [201],
    answer: organizationDocumentSchema,
    errors: ['siteAdminRequired', 'organizationNameTaken'],
  },
  showOrganization: {
    method: 'GET',
    path: '/organizations/:organization_name',
    summary: 'Show an organization',
    permission: 'organization-member',
    success: [200],
    answer: organizationDocumentSchema,
    errors: ['notFound'],
  },
  updateOrganization: {
    method: 'PATCH',
    path: '/organizations/:organization_name',
    summary: 'Update (or rename) an organization',
    permission: 'organization-owner-or-site-admin',
    destructive: true,
    body: organizationUpdateBodySchema,
    success: [200],
    answer: organizationDocumentSchema,
    errors: ['forbidden', 'notFound', 'organizationNameTaken'],
  },
  deleteOrganization: {
    method: 'DELETE',
    path: '/organizations/:organization_name',
    summary: 'Delete an organization and everything it holds',
    permission: 'site-admin',
    destructive: true,
    success: [204],
    errors: ['siteAdminRequired', 'notFound'],
  },
  showEntitlementSet: {
    method: 'GET',
    path: '/organizations/:organization_name/entitlement-set',
    summary: 'Show the features an organization is entitled to',
    permission: 'organization-member',
    success: [200],
    answer: entitlementSetDocumentSchema,
    errors: ['notFound'],
  },
  listSshKeys: {
    method: 'GET',
    path: '/organizations/:organization_name/ssh-keys',
    summary: 'List the SSH keys of an organization (names only)',
    permission: 'organization-member',
    query: PAGE_PARAMETERS,
    success: [200],
    answer: sshKeyListDocumentSchema,
    errors: ['notFound'],
  },
  createSshKey: {
    method: 'POST',
    path: '/organizations/:organization_name/ssh-keys',
    summary: 'Create an SSH key (its value is kept as a digest only)',
    permission: 'organization-owner',
    body: sshKeyCreateBodySchema,
    success: [201],
    answer: sshKeyDocumentSchema,
    errors: ['forbidden', 'notFound'],
  },
  showSshKey: {
    method: 'GET',
    path: '/ssh-keys/:ssh_key_id',
    summary: 'Show an SSH key',
    permission: 'organization-member',
    success: [200],
    answer: sshKeyDocumentSchema,
    errors: ['notFound'],
  },
  updateSshKey: {
    method: 'PATCH',
    path: '/ssh-keys/:ssh_key_id',
    summary: 'Rename an SSH key or replace its value',
    permission: 'organization-owner',
    body: sshKeyUpdateBodySchema,
    success: [200],
    answer: sshKeyDocumentSchema,
    errors: ['forbidden', 'notFound'],
  },
  deleteSshKey: {
    method: 'DELETE',
    path: '/ssh-keys/:ssh_key_id',
    summary: 'Delete an SSH key (workspaces that had it lose it)',
    permission: 'organization-owner',
    destructive: true,
    success: [204],
    errors: ['forbidden', 'notFound'],
  },
  createBulkAction: {
    method: 'POST',
    path: '/organizations/:organization_name/explorer/bulk-actions',
    summary: 'Create change requests on the workspaces listed or matched (organizations of the plus tier)',
    permission: 'workspace-read',
    body: bulkActionBodySchema,
    success: [201],
    answer: explorerBulkActionDocumentSchema,
    errors: ['notFound'],
  },
  showAccountDetails: {
    method: 'GET',
    path: '/account/details',
    summary: 'Show the user the token belongs to (an organization token: its service user)',
    permission: 'any-token',
    success: [200],
    answer: accountDetailsDocumentSchema,
    errors: [],
  },
  ping: {
    method: 'GET',
    path: '/ping',
    summary: 'Answer the headers clients configure themselves from (API version, product name, rate limit)',
    permission: 'any-token',
    success: [204],
    errors: [],
  },
  listAuthenticationTokens: {
    method: 'GET',
    path: '/users/:user_id/authentication-tokens',
    summary: 'List a user’s own API tokens (empty to anyone else)',
    permission: 'any-token',
    success: [200],
    answer: authenticationTokenListDocumentSchema,
    errors: [],
  },
  createAuthenticationToken: {
    method: 'POST',
    path: '/users/:user_id/authentication-tokens',
    summary: 'Create an API token for the caller (its value is in this answer only)',
    permission: 'token-owner',
    body: authenticationTokenCreateDocumentSchema,
    success: [201],
    answer: authenticationTokenDocumentSchema,
    errors: ['notFound'],
  },
  showAuthenticationToken: {
    method: 'GET',
    path: '/authentication-tokens/:token_id',
    summary: 'Show one of the caller’s API tokens',
    permission: 'token-owner',
    success: [200],
    answer: authenticationTokenDocumentSchema,
    errors: ['notFound'],
  },
  deleteAuthenticationToken: {
    method: 'DELETE',
    path: '/authentication-tokens/:token_id',
    summary: 'Revoke one of the caller’s API tokens',
    permission: 'token-owner',
    destructive: true,
    success: [204],
    errors: ['notFound'],
  },
  showOpenApiDocument: {
    method: 'GET',
    path: '/openapi.json',
    summary: 'This interface as an OpenAPI 3.1 document',
    permission: 'public',
    contentType: 'application/json',
    success: [200],
    answer: openApiDocumentSchema,
    errors: [],
  },
  setResourceCount: {
    method: 'POST',
    path: '/_emulator/workspaces/:workspace_id/resources',
    summary: 'Set how many resources a workspace manages (safe delete refuses while above 0)',
    permission: 'emulator-admin',
    contentType: EMULATOR_CONTENT_TYPE,
    body: emulatorResourceCountBodySchema,
    success: [200],
    answer: z.looseObject({ id: z.string(), 'resource-count': z.number() }),
    errors: ['notFound'],
  },
  addIntermediateStateVersion: {
    method: 'POST',
    path: '/_emulator/workspaces/:workspace_id/intermediate-state-versions',
    summary: 'Add an intermediate state version (unlock answers 503 until it is finalized)',
    permission: 'emulator-admin',
    contentType: EMULATOR_CONTENT_TYPE,
    body: emulatorStateVersionBodySchema,
    success: [201],
    answer: emulatorStateVersionSchema,
    errors: ['notFound'],
  },
  finalizeStateVersion: {
    method: 'POST',
    path: '/_emulator/state-versions/:state_version_id/finalize',
    summary: 'Finalize a state version',
    permission: 'emulator-admin',
    contentType: EMULATOR_CONTENT_TYPE,
    success: [200],
    answer: emulatorStateVersionSchema,
    errors: ['notFound'],
  },
  listNotifications: {
    method: 'GET',
    path: '/_emulator/notifications',
    summary: 'Every team notification so far',
    permission: 'emulator-admin',
    contentType: EMULATOR_CONTENT_TYPE,
    success: [200],
    answer: emulatorNotificationsSchema,
    errors: [],
  },
} as const satisfies Record<string, EndpointDefinition>;
