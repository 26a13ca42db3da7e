// Every endpoint of the spec's table and its handler. The map's type names every endpoint, so an
// endpoint added to the table without a handler here does not compile.
import { type EndpointHandlers, Router } from './http/router';
import { accountHandlers } from './directory/account-routes';
import { AUTHENTICATION_TOKEN_HANDLERS } from './directory/token-routes';
import { CHANGE_REQUEST_HANDLERS } from './change-requests/routes';
import { DATA_RETENTION_HANDLERS } from './data-retention/routes';
import { EMULATOR_HANDLERS } from './emulator/routes';
import { EXPLORER_HANDLERS } from './explorer/routes';
import { OPENAPI_HANDLERS } from './http/openapi';
import { ORGANIZATION_HANDLERS } from './organizations/routes';
import { REMOTE_STATE_CONSUMER_HANDLERS } from './remote-state-consumers/routes';
import { SSH_KEY_HANDLERS } from './directory/ssh-key-routes';
import { STATE_VERSION_HANDLERS } from './state-versions/routes';
import { TAG_BINDING_HANDLERS } from './tags/binding-routes';
import { TAG_HANDLERS } from './tags/routes';
import { WORKSPACE_HANDLERS } from './workspaces/routes';
import { WORKSPACE_LIST_HANDLERS } from './workspaces/list-routes';
import { WORKSPACE_LOCK_HANDLERS } from './workspaces/lock-routes';

export function endpointHandlers(options: { rateLimit?: number } = {}): EndpointHandlers {
  return {
    ...WORKSPACE_HANDLERS,
    ...WORKSPACE_LIST_HANDLERS,
    ...WORKSPACE_LOCK_HANDLERS,
    ...EMULATOR_HANDLERS,
    ...TAG_HANDLERS,
    ...TAG_BINDING_HANDLERS,
    ...REMOTE_STATE_CONSUMER_HANDLERS,
    ...STATE_VERSION_HANDLERS,
    ...DATA_RETENTION_HANDLERS,
    ...CHANGE_REQUEST_HANDLERS,
    ...EXPLORER_HANDLERS,
    ...ORGANIZATION_HANDLERS,
    ...SSH_KEY_HANDLERS,
    ...accountHandlers(options),
    ...AUTHENTICATION_TOKEN_HANDLERS,
    ...OPENAPI_HANDLERS,
  };
}

export function buildRouter(options: { rateLimit?: number } = {}): Router {
  return new Router(endpointHandlers(options));
}
