// The one table of the service's endpoints: a stable name per endpoint, its method and path
// template, parameters, request and answer schemas, who may call it, whether its answers may be
// cached, and the errors it gives. The server registers handlers by these names, the client builds
// its paths with `pathOf`, and docs/api.md and docs/openapi.json are generated from it.
import type { z } from 'zod';
import { API_ROOT, authOf, fillPath, type EndpointDefinition, type PathParameterNames } from './endpoint-types';
import { DIRECTORY_ENDPOINTS } from './endpoints-directory';
import { CHANGE_REQUEST_ENDPOINTS } from './endpoints-change-request';
import { STATE_VERSION_ENDPOINTS } from './endpoints-state-version';
import { WORKSPACE_ENDPOINTS } from './endpoints-workspace';

export * from './endpoint-types';
export { EMULATOR_CONTENT_TYPE } from './endpoints-directory';

export const ENDPOINTS = {
  ...WORKSPACE_ENDPOINTS,
  ...STATE_VERSION_ENDPOINTS,
  ...CHANGE_REQUEST_ENDPOINTS,
  ...DIRECTORY_ENDPOINTS,
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof ENDPOINTS;
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

const namesOf = <T extends object>(table: T) => Object.keys(table) as Array<keyof T & EndpointName>;

/** The endpoints by aggregate, in the order the reference and the OpenAPI document list them. */
export const ENDPOINT_GROUPS: Readonly<Record<string, readonly EndpointName[]>> = {
  workspaces: namesOf(WORKSPACE_ENDPOINTS),
  'state versions': namesOf(STATE_VERSION_ENDPOINTS),
  'change requests': namesOf(CHANGE_REQUEST_ENDPOINTS),
  directory: namesOf(DIRECTORY_ENDPOINTS),
};

/** The path parameters an endpoint takes, by name. */
export type PathParameters<N extends EndpointName> = Readonly<Record<PathParameterNames<(typeof ENDPOINTS)[N]['path']>, string>>;

/** The request document an endpoint's handler reads, once the table's schema has parsed it. */
export type RequestBodyOf<N extends EndpointName> = (typeof ENDPOINTS)[N] extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;

/** Whether an endpoint lives under API_ROOT (the service interface) rather than beside it (emulator controls). */
export function isUnderApiRoot(name: EndpointName): boolean {
  return authOf(ENDPOINTS[name].permission) !== 'emulator';
}

/**
 * An endpoint's path with its parameters filled in, as the client's transport and the router take
 * it: relative to API_ROOT for the service interface, the whole path for emulator controls.
 */
export function pathOf<N extends EndpointName>(name: N, parameters: PathParameters<N>): string {
  return fillPath(ENDPOINTS[name].path, parameters);
}

/** An endpoint's template from the server's root (`/api/v2/workspaces/:workspace_id`): what logs and the reference show. */
export function rootTemplateOf(name: EndpointName): string {
  return (isUnderApiRoot(name) ? API_ROOT : '') + ENDPOINTS[name].path;
}

/** An endpoint's path from the server's root (`/api/v2/…`), for links in documents. */
export function rootPathOf<N extends EndpointName>(name: N, parameters: PathParameters<N>): string {
  return (isUnderApiRoot(name) ? API_ROOT : '') + pathOf(name, parameters);
}

/**
 * Links the documents carry, as the hosted service's do, to resources only the hosted service
 * serves (no handler here answers them): named once here like the endpoints.
 */
export const HOSTED_LINKS = {
  user: '/users/:user_id',
  project: '/projects/:project_id',
  entitlementSet: '/entitlement-sets/:entitlement_set_id',
} as const;

export function hostedLink<K extends keyof typeof HOSTED_LINKS>(
  name: K,
  parameters: Readonly<Record<PathParameterNames<(typeof HOSTED_LINKS)[K]>, string>>,
): string {
  return API_ROOT + fillPath(HOSTED_LINKS[name], parameters);
}
