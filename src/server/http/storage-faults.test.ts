import { ERRORS } from '../../contract';
import { StorageFaultError } from '../storage/faults';
import { storageFaultAnswer } from './storage-faults';

const unavailable = new StorageFaultError('unavailable', 'Connection terminated unexpectedly', false);

describe('storageFaultAnswer', () => {
  it('answers a read in an outage 503 database-unavailable with Retry-After', () => {
    const answer = storageFaultAnswer(unavailable, 'GET', 7, 9);
    expect(answer.status).toBe(503);
    expect(answer.headers).toEqual({ 'retry-after': '1' });
    expect(answer.errors[0]).toMatchObject({ status: '503', code: ERRORS.databaseUnavailable.code, detail: ERRORS.databaseUnavailable.detail });
  });

  it('answers a busy database 503 database-busy', () => {
    expect(storageFaultAnswer(new StorageFaultError('busy', 'statement timeout', false), 'POST', 1, 1).errors[0].code).toBe(ERRORS.databaseBusy.code);
  });

  it('says "nothing was changed" to a write only when no commit took effect while it ran', () => {
    expect(storageFaultAnswer(unavailable, 'POST', 3, 3).errors[0].code).toBe(ERRORS.databaseUnavailable.code);
    expect(storageFaultAnswer(unavailable, 'PATCH', 3, 4).errors[0].code).toBe(ERRORS.writeOutcomeUnknown.code);
  });

  it('reports a write whose commit may have happened as write-outcome-unknown', () => {
    const duringCommit = new StorageFaultError('unavailable', 'Connection terminated unexpectedly', true);
    const answer = storageFaultAnswer(duringCommit, 'DELETE', 3, 3);
    expect(answer.status).toBe(503);
    expect(answer.errors[0]).toMatchObject({ code: ERRORS.writeOutcomeUnknown.code });
  });
});
