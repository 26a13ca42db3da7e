// Variable sets. Served in the next change; until then every endpoint answers not served.
import { ERRORS } from '../../contract';
import { ServiceError } from '../errors';
import type { EndpointHandlers, Reply } from '../http/router';

const notYet = (): Promise<Reply> => Promise.reject(new ServiceError(ERRORS.notServed, 'variable sets are not served yet'));

export const VARIABLE_SET_HANDLERS = {
  listVariableSets: notYet,
  createVariableSet: notYet,
  listWorkspaceVariableSets: notYet,
  listProjectVariableSets: notYet,
  showVariableSet: notYet,
  updateVariableSet: notYet,
  deleteVariableSet: notYet,
  applyVariableSetToWorkspaces: notYet,
  removeVariableSetFromWorkspaces: notYet,
  applyVariableSetToProjects: notYet,
  removeVariableSetFromProjects: notYet,
  listVariableSetVariables: notYet,
  createVariableSetVariable: notYet,
  showVariableSetVariable: notYet,
  updateVariableSetVariable: notYet,
  deleteVariableSetVariable: notYet,
} satisfies Partial<EndpointHandlers>;
