// What one row of the endpoint table says (endpoints.ts), the callers a row may name, the errors
// every request can meet, and how a path is built from a row's template. The router, the client,
// the API reference and the OpenAPI document all read the rows; nothing else spells a path.
import { z } from 'zod';
import type { ErrorName } from './error-codes';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './jsonapi';

/** Where the service interface lives. */
export const API_ROOT = '/api/v2';
/** Where the emulator controls live: beside the interface, not in it (their rows' paths start here). */
export const EMULATOR_ROOT = '/_emulator';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. The router checks the kind of token (none, an API token, an emulator
 * token); the handler checks the level named here against the caller's access to the resource.
 */
export const PERMISSIONS = {
  public: 'anyone, without a token',
  'any-token': 'any API token (a user, an organization or a team token)',
  'organization-member': 'a member of the organization (or its organization token)',
  'workspace-read': 'read access to the workspace',
  'workspace-write': 'write access to the workspace',
  'workspace-admin': 'admin access to the workspace',
  'create-workspaces': 'owners, teams that manage workspaces, and admins of the target project',
  'manage-workspaces': 'owners and teams that manage every workspace of the organization',
  'force-delete': 'owners (and workspace admins, when the organization lets them force delete)',
  'organization-owner': 'owners of the organization (or its organization token)',
  'organization-owner-or-site-admin': 'owners of the organization, its organization token, or a site administrator',
  'site-admin': 'a site administrator',
  'manage-projects': 'owners of the organization, its organization token, and teams that manage projects',
  'project-admin': 'admins of the project: owners, teams that manage projects, and teams with admin access to it',
  'token-owner': 'the user the tokens belong to',
  'team-manager': 'owners of the team’s organization (or its organization token)',
  'upload-address':
    'the holder of the upload address a pending state version answered (no token: the address is the credential, good once and for a short time)',
  'emulator-admin': 'an emulator-admin token of the bootstrap file (not part of the service interface)',
} as const;
export type Permission = keyof typeof PERMISSIONS;

/** The kind of token the router demands for a permission. */
export type EndpointAuth = 'public' | 'api' | 'emulator';
export function authOf(permission: Permission): EndpointAuth {
  return permission === 'public' || permission === 'upload-address' ? 'public' : permission === 'emulator-admin' ? 'emulator' : 'api';
}

/** A query parameter as the service reads it: its value is always a string on the wire. */
export interface QueryParameter {
  readonly name: string;
  readonly schema: z.ZodType<string>;
  readonly description: string;
}

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Relative to API_ROOT (emulator controls: the whole path); `:name` marks a path parameter. */
  readonly path: string;
  readonly summary: string;
  readonly permission: Permission;
  /** A GET whose successful answer depends only on the caller, the target, the database and the directory (reply cache). */
  readonly cacheable?: boolean;
  /**
   * A success takes the target away or changes it for good: a delete or removal (every DELETE, and
   * the safe deletes sent as POST), an archive (an archived change request stays archived), or an
   * organization update (it may rename the organization, which moves every path under it). Callers
   * that try endpoints out, such as the contract test, give these throwaway targets.
   */
  readonly destructive?: boolean;
  readonly query?: readonly QueryParameter[];
  /** The request document; the service parses it with this schema when the handler first reads it. */
  readonly body?: z.ZodType;
  /** The request document when the service answers in the hosted service's wire names only (`--dialect hosted`). */
  readonly hostedBody?: z.ZodType;
  /** Successful statuses; the answer document is `answer` (none for 204). */
  readonly success: readonly number[];
  readonly answer?: z.ZodType;
  /** `application/json` for emulator controls; the JSON:API media type otherwise. */
  readonly contentType?: string;
  /**
   * The request body is bytes, not a document (a state upload): the handler streams it itself, up
   * to `maxBytes`; any content type is accepted, as Terraform sends `application/octet-stream`.
   */
  readonly rawBody?: { readonly maxBytes: number };
  /** The answer is bytes of this media type (a state download), not a document. */
  readonly rawAnswer?: string;
  /** The largest request document this endpoint accepts, where it differs from the service's default. */
  readonly maxBodyBytes?: number;
  /** The refusals particular to this endpoint; those every request can meet are in `errorsOf`. */
  readonly errors: readonly ErrorName[];
}

/** Refusals any request can meet: a throttled address, a bad URL, an exhausted rate limit, a database outage. */
const EVERY_REQUEST: readonly ErrorName[] = ['badRequest', 'authenticationThrottled', 'databaseUnavailable', 'databaseBusy'];
const WITH_TOKEN: readonly ErrorName[] = ['unauthorized', 'rateLimited'];
const WITH_BODY: readonly ErrorName[] = ['payloadTooLarge', 'unsupportedMediaType', 'invalidAttribute'];

/** Every error an endpoint can answer, its own and the common ones, without repeats. */
export function errorsOf(endpoint: EndpointDefinition): ErrorName[] {
  const auth = authOf(endpoint.permission);
  const all = [
    ...EVERY_REQUEST,
    ...(auth === 'public' ? [] : WITH_TOKEN),
    ...(auth === 'emulator' ? (['forbidden'] as const) : []),
    ...(endpoint.body ? WITH_BODY : []),
    ...(endpoint.method === 'GET' ? [] : (['writeOutcomeUnknown'] as const)),
    ...endpoint.errors,
  ];
  return [...new Set(all)];
}

/** The names of a template's path parameters, as a type: `'/workspaces/:workspace_id'` → `'workspace_id'`. */
export type PathParameterNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameterNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The names of a template's path parameters, in order. */
export function pathParameterNames(template: string): string[] {
  return template
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/** A template with its parameters filled in, each encoded as one path segment. */
export function fillPath(template: string, parameters: Readonly<Record<string, string>>): string {
  return template.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`path parameter "${name}" of ${template} is missing`);
    return encodeURIComponent(value);
  });
}

/** What the path parameters mean (one description per name, shared by every endpoint that has it). */
export const PATH_PARAMETERS: Readonly<Record<string, string>> = {
  organization_name: 'the organization’s name',
  workspace_id: 'the workspace’s ID (`ws-…`)',
  name: 'the workspace’s name',
  workspace: 'the workspace’s ID, or a name exactly one workspace the caller can read carries',
  change_request_id: 'the change request’s ID (`wscr-…`)',
  ssh_key_id: 'the SSH key’s ID (`sshkey-…`)',
  agent_pool_id: 'the agent pool’s ID (`apool-…`)',
  tag_id: 'the flat tag’s ID (`tag-…`)',
  user_id: 'the user’s ID (`user-…`)',
  token_id: 'the authentication token’s ID (`at-…`)',
  state_version_id: 'the state version’s ID (`sv-…`)',
  state_version_output_id: 'the state version output’s ID (`wsout-…`)',
  upload_key: 'the single-use key of an upload address (given only in a pending state version’s answer)',
  variable_id: 'the variable’s ID (`var-…`)',
  variable_set_id: 'the variable set’s ID (`varset-…`)',
  notification_configuration_id: 'the notification configuration’s ID (`nc-…`)',
  project_id: 'the project’s ID (`prj-…`)',
  team_id: 'the team’s ID (`team-…`)',
  organization_membership_id: 'the organization membership’s ID (`ou-…`)',
  team_access_id: 'the team access’s ID (`tws-…`)',
  team_project_access_id: 'the team project access’s ID (`tprj-…`)',
};

/** A whole number of at least 1, in at most nine digits. */
const pageNumberSchema = z.string().regex(/^(?!0+$)\d{1,9}$/);

/** The page parameters of every paginated list. */
export const PAGE_PARAMETERS: readonly QueryParameter[] = [
  { name: 'page[number]', schema: pageNumberSchema, description: 'the page to answer (default 1)' },
  {
    name: 'page[size]',
    schema: pageNumberSchema,
    description: `entries per page (default ${DEFAULT_PAGE_SIZE}; larger sizes are answered as ${MAX_PAGE_SIZE})`,
  },
];
