// A workspace's variables. Served in the next change; until then every endpoint answers not served.
import { ERRORS } from '../../contract';
import { ServiceError } from '../errors';
import type { EndpointHandlers, Reply } from '../http/router';

const notYet = (): Promise<Reply> => Promise.reject(new ServiceError(ERRORS.notServed, 'variables are not served yet'));

export const VARIABLE_HANDLERS = {
  listVariables: notYet,
  listEffectiveVariables: notYet,
  createVariable: notYet,
  showVariable: notYet,
  updateVariable: notYet,
  deleteVariable: notYet,
  listVariablesByWorkspaceName: notYet,
  createVariableOfWorkspace: notYet,
  updateVariableById: notYet,
  deleteVariableById: notYet,
} satisfies Partial<EndpointHandlers>;
