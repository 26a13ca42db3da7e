// A database fault becomes an answer, not a crash (issue 22): 503 with Retry-After and the code
// that tells a client whether repeating the request is safe.
import { ERRORS } from '../../contract';
import { ServiceError } from '../errors';
import type { StorageFaultError } from '../storage/faults';

/** Seconds a client waits before trying again: outages here end within about a second of the database returning. */
export const STORAGE_RETRY_AFTER_SECONDS = 1;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The answer to a request that met `fault`. A write is reported `write-outcome-unknown` when the
 * failing statement may have committed, or when any commit took effect in this process while the
 * request ran (`commitsBefore` against `commitsNow`): conservative, as a commit of another request
 * counts too, but never "nothing was changed" for a write that was done.
 */
export function storageFaultAnswer(fault: StorageFaultError, method: string | undefined, commitsBefore: number, commitsNow: number): ServiceError {
  const headers = { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) };
  const write = !READ_METHODS.has(method ?? 'GET');
  if (write && (fault.mayHaveCommitted || commitsNow !== commitsBefore)) return new ServiceError(ERRORS.writeOutcomeUnknown, undefined, { headers });
  return new ServiceError(fault.kind === 'busy' ? ERRORS.databaseBusy : ERRORS.databaseUnavailable, undefined, { headers });
}
