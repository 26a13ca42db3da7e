import { Router } from '../http/router';
import { addEmulatorRoutes } from './emulator';
import { addWorkspaceRoutes } from './workspace';
import { addWorkspaceListRoutes } from './workspace-list';
import { addWorkspaceLockRoutes } from './workspace-lock';

export function buildRouter(): Router {
  const router = new Router();
  addWorkspaceRoutes(router);
  addWorkspaceListRoutes(router);
  addWorkspaceLockRoutes(router);
  addEmulatorRoutes(router);
  return router;
}
