// cdkws_project_variable_set: a variable set applied to one project (application.ts).
import { applicationResource } from '../variable-set/application';
import { projectVariableSetNames, projectVariableSetSchema } from './schema';

export const projectVariableSetResource = applicationResource(
  { resource: 'cdkws_project_variable_set', attribute: 'project_id', prefix: 'prj-' },
  projectVariableSetSchema,
  projectVariableSetNames,
);
