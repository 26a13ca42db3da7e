// The identity of every error our service answers: a stable `code` (the JSON:API error object's
// member), its status and title, and the fixed wording where clients of the hosted service match
// on words (architecture "Errors"). Our client classifies by `code`; only an answer without one
// (the hosted service) is classified by status, path and wording, in the client's one function.

export interface ErrorIdentity {
  readonly code: string;
  readonly status: number;
  readonly title: string;
  /** The fixed detail, where the hosted service's wording is part of the contract. */
  readonly detail?: string;
}

export const ERRORS = {
  badRequest: { code: 'bad-request', status: 400, title: 'bad request' },
  unauthorized: { code: 'unauthorized', status: 401, title: 'unauthorized', detail: 'A valid API token is required: send "Authorization: Bearer <token>"' },
  forbidden: { code: 'forbidden', status: 403, title: 'forbidden' },
  /** Creating or deleting an organization: only a site administrator may. */
  siteAdminRequired: {
    code: 'site-admin-required',
    status: 403,
    title: 'forbidden',
    detail: 'Only a site administrator may create or delete organizations',
  },
  notFound: { code: 'not-found', status: 404, title: 'not found', detail: 'The resource was not found, or you are not authorized to access it' },
  /** A path the hosted service may have but this service does not serve (no endpoint of the table). */
  notServed: { code: 'not-served', status: 404, title: 'not found' },
  methodNotAllowed: { code: 'method-not-allowed', status: 405, title: 'method not allowed' },
  conflict: { code: 'conflict', status: 409, title: 'conflict' },
  /** Lock: the workspace is locked already (by anyone, the caller included). */
  workspaceAlreadyLocked: { code: 'workspace-already-locked', status: 409, title: 'conflict', detail: 'Workspace is already locked' },
  /** Unlock or force unlock: the workspace is not locked. */
  workspaceNotLocked: { code: 'workspace-not-locked', status: 409, title: 'conflict', detail: 'Workspace is already unlocked' },
  /** Unlock: someone else holds the lock; `meta["locked-by"]` names the holder. */
  workspaceLockedByOther: { code: 'workspace-locked-by-other', status: 409, title: 'conflict' },
  /** Safe delete: the workspace is locked. */
  workspaceLockedForDelete: {
    code: 'workspace-locked-for-delete',
    status: 409,
    title: 'conflict',
    detail: 'Workspace is currently locked. Workspace must be unlocked before it can be safely deleted',
  },
  /** Safe delete: the workspace still manages resources. */
  workspaceManagesResources: {
    code: 'workspace-manages-resources',
    status: 409,
    title: 'conflict',
    detail: 'workspace cannot be safely deleted because it is still managing resources',
  },
  payloadTooLarge: { code: 'payload-too-large', status: 413, title: 'payload too large' },
  /** A state (or its JSON rendering) larger than STATE_MAX_BYTES. */
  stateTooLarge: { code: 'state-too-large', status: 413, title: 'payload too large' },
  /** Create a state version: the workspace is not locked by the caller (Terraform locks it first). */
  stateVersionNeedsLock: {
    code: 'state-version-needs-lock',
    status: 409,
    title: 'conflict',
    detail: 'The workspace must be locked by you before you create a state version: lock it first (terraform locks it itself)',
  },
  /** Create a state version, or its upload: the state's lineage or serial conflicts with the current state. */
  stateVersionConflict: { code: 'state-version-conflict', status: 409, title: 'conflict' },
  /** The state is not what the state version promised: not JSON, not a Terraform state, or another MD5 digest. */
  stateInvalid: { code: 'state-invalid', status: 422, title: 'invalid attribute' },
  unsupportedMediaType: { code: 'unsupported-media-type', status: 415, title: 'unsupported media type' },
  invalidAttribute: { code: 'invalid-attribute', status: 422, title: 'invalid attribute' },
  /** Create or rename: another workspace of the organization has the name. */
  nameTaken: { code: 'name-taken', status: 422, title: 'invalid attribute', detail: 'Name has already been taken' },
  /** Create or rename an organization: another organization has the name (the hosted service's words). */
  organizationNameTaken: { code: 'organization-name-taken', status: 422, title: 'invalid attribute', detail: 'Name has already been taken' },
  /** Show or revoke an organization or team token: there is none (never made, or revoked). */
  authenticationTokenAbsent: { code: 'authentication-token-absent', status: 404, title: 'not found' },
  /** A notification configuration whose destination type this service does not deliver to (only generic webhooks). */
  notificationDestinationUnsupported: { code: 'notification-destination-unsupported', status: 422, title: 'invalid attribute' },
  /** A team notification configuration's trigger other than change_request:created. */
  notificationTriggerUnsupported: { code: 'notification-trigger-unsupported', status: 422, title: 'invalid attribute' },
  rateLimited: { code: 'rate-limited', status: 429, title: 'Too many requests', detail: "You have exceeded the API's rate limit." },
  /** Too many failed authentications from the caller's address; `Retry-After` says when to try again. */
  authenticationThrottled: {
    code: 'authentication-throttled',
    status: 429,
    title: 'Too many requests',
    detail: 'Too many failed authentications from this address; try again after the time in Retry-After',
  },
  internal: { code: 'internal', status: 500, title: 'internal server error', detail: 'the service failed to handle the request; see its log' },
  /**
   * Unlock: the latest state version is not finalized yet; retry shortly. Terraform matches the
   * words "latest state version is still pending" to retry by itself.
   */
  stateVersionPending: {
    code: 'state-version-pending',
    status: 503,
    title: 'service unavailable',
    detail: 'Unable to unlock workspace: the latest state version is still pending; retry shortly',
  },
  /** The database cannot be reached or written (an outage); nothing was changed. Retry after `Retry-After`. */
  databaseUnavailable: {
    code: 'database-unavailable',
    status: 503,
    title: 'service unavailable',
    detail: 'the database is unavailable; nothing was changed: retry after the Retry-After seconds',
  },
  /** The database answers, but not in time: connection pool exhausted, statement timeout, this caller's share in use. */
  databaseBusy: {
    code: 'database-busy',
    status: 503,
    title: 'service unavailable',
    detail: 'the database is busy; nothing was changed: retry after the Retry-After seconds',
  },
  /** A write met a database fault after it may have been committed: read before repeating it. */
  writeOutcomeUnknown: {
    code: 'write-outcome-unknown',
    status: 503,
    title: 'service unavailable',
    detail: 'the database failed while this write was being committed, so it may or may not have been done: read the resource before repeating the write',
  },
  /** Create or change a variable: the workspace (or set) has a variable of that key and category (keys are case-sensitive). */
  variableKeyTaken: { code: 'variable-key-taken', status: 422, title: 'invalid attribute', detail: 'Key has already been taken' },
  /** Change a variable: a sensitive variable cannot be made non-sensitive. */
  variableStaysSensitive: {
    code: 'variable-stays-sensitive',
    status: 422,
    title: 'invalid attribute',
    detail: 'a sensitive variable cannot be made non-sensitive; delete it and create it again',
  },
} as const satisfies Record<string, ErrorIdentity>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];

const BY_CODE: ReadonlyMap<string, ErrorName> = new Map(Object.entries(ERRORS).map(([name, e]) => [e.code, name as ErrorName]));

/** The error a `code` names, or undefined for a code this version does not know. */
export function errorNameOf(code: string | undefined): ErrorName | undefined {
  return code === undefined ? undefined : BY_CODE.get(code);
}

/** The member of an error object's `meta` that names the lock holder (e.g. "User alice"). */
export const LOCK_HOLDER_META = 'locked-by';
