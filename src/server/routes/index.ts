// Every endpoint of the spec's table and its handler. The map's type names every endpoint, so an
// endpoint added to the table without a handler here does not compile.
import { type EndpointHandlers, Router } from '../http/router';
import { accountHandlers } from './account';
import { AUTHENTICATION_TOKEN_HANDLERS } from './authentication-tokens';
import { CHANGE_REQUEST_HANDLERS } from './change-requests';
import { DATA_RETENTION_HANDLERS } from './data-retention';
import { EMULATOR_HANDLERS } from './emulator';
import { EXPLORER_HANDLERS } from './explorer';
import { OPENAPI_HANDLERS } from './openapi';
import { ORGANIZATION_HANDLERS } from './organization';
import { REMOTE_STATE_CONSUMER_HANDLERS } from './remote-state-consumers';
import { SSH_KEY_HANDLERS } from './ssh-key';
import { TAG_BINDING_HANDLERS } from './tag-bindings';
import { TAG_HANDLERS } from './tags';
import { WORKSPACE_HANDLERS } from './workspace';
import { WORKSPACE_LIST_HANDLERS } from './workspace-list';
import { WORKSPACE_LOCK_HANDLERS } from './workspace-lock';

export function endpointHandlers(options: { rateLimit?: number } = {}): EndpointHandlers {
  return {
    ...WORKSPACE_HANDLERS,
    ...WORKSPACE_LIST_HANDLERS,
    ...WORKSPACE_LOCK_HANDLERS,
    ...EMULATOR_HANDLERS,
    ...TAG_HANDLERS,
    ...TAG_BINDING_HANDLERS,
    ...REMOTE_STATE_CONSUMER_HANDLERS,
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
