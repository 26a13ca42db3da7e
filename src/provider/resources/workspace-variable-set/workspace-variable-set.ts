// cdkws_workspace_variable_set: a variable set applied to one workspace (application.ts).
import { applicationResource } from '../variable-set/application';
import { workspaceVariableSetNames, workspaceVariableSetSchema } from './schema';

export const workspaceVariableSetResource = applicationResource(
  { resource: 'cdkws_workspace_variable_set', attribute: 'workspace_id', prefix: 'ws-' },
  workspaceVariableSetSchema,
  workspaceVariableSetNames,
);
