import { Router } from '../http/router';
import { addAccountRoutes } from './account';
import { addAuthenticationTokenRoutes } from './authentication-tokens';
import { addChangeRequestRoutes } from './change-requests';
import { addDataRetentionRoutes } from './data-retention';
import { addEmulatorRoutes } from './emulator';
import { addExplorerRoutes } from './explorer';
import { addOrganizationRoutes } from './organization';
import { addRemoteStateConsumerRoutes } from './remote-state-consumers';
import { addSshKeyRoutes } from './ssh-key';
import { addTagBindingRoutes } from './tag-bindings';
import { addTagRoutes } from './tags';
import { addWorkspaceRoutes } from './workspace';
import { addWorkspaceListRoutes } from './workspace-list';
import { addWorkspaceLockRoutes } from './workspace-lock';

export function buildRouter(options: { rateLimit?: number } = {}): Router {
  const router = new Router();
  addWorkspaceRoutes(router);
  addWorkspaceListRoutes(router);
  addWorkspaceLockRoutes(router);
  addEmulatorRoutes(router);
  addTagRoutes(router);
  addTagBindingRoutes(router);
  addRemoteStateConsumerRoutes(router);
  addDataRetentionRoutes(router);
  addChangeRequestRoutes(router);
  addExplorerRoutes(router);
  addOrganizationRoutes(router);
  addSshKeyRoutes(router);
  addAccountRoutes(router, options);
  addAuthenticationTokenRoutes(router);
  return router;
}
