import { OutageTracker, StorageFaultError, postgresFaultKind, sqliteFaultKind } from './faults';

describe('postgresFaultKind', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command', 'unavailable'],
    ['57P03', 'the database system is shutting down', 'unavailable'],
    ['08006', 'connection failure', 'unavailable'],
    ['53100', 'could not extend file: No space left on device', 'unavailable'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432', 'unavailable'],
    ['ECONNRESET', 'read ECONNRESET', 'unavailable'],
    [undefined, 'Connection terminated unexpectedly', 'unavailable'],
    [undefined, 'Client has encountered a connection error and is not queryable', 'unavailable'],
    [undefined, 'timeout exceeded when trying to connect', 'unavailable'],
    ['57014', 'canceling statement due to statement timeout', 'busy'],
    ['55P03', 'could not obtain lock on row', 'busy'],
    ['53300', 'sorry, too many clients already', 'busy'],
  ])('takes %s (%s) for a fault: %s', (code, message, kind) => {
    expect(postgresFaultKind(Object.assign(new Error(message), { code }))).toBe(kind);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['42601', 'syntax error at or near'],
    ['22P02', 'invalid input syntax for type integer'],
  ])("leaves the request's own error %s alone", (code, message) => {
    expect(postgresFaultKind(Object.assign(new Error(message), { code }))).toBeUndefined();
  });
});

describe('sqliteFaultKind', () => {
  it.each([
    ['SQLITE_BUSY', 'busy'],
    ['SQLITE_BUSY_SNAPSHOT', 'busy'],
    ['SQLITE_LOCKED', 'busy'],
    ['SQLITE_READONLY', 'unavailable'],
    ['SQLITE_READONLY_DBMOVED', 'unavailable'],
    ['SQLITE_FULL', 'unavailable'],
    ['SQLITE_IOERR_WRITE', 'unavailable'],
  ])('%s is %s', (code, kind) => {
    expect(sqliteFaultKind(Object.assign(new Error('x'), { code }))).toBe(kind);
  });

  it('leaves constraint and syntax errors alone', () => {
    expect(sqliteFaultKind(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBeUndefined();
    expect(sqliteFaultKind(Object.assign(new Error('x'), { code: 'SQLITE_ERROR' }))).toBeUndefined();
    expect(sqliteFaultKind(new Error('database is closed'))).toBeUndefined();
  });
});

describe('OutageTracker', () => {
  const unavailable = new StorageFaultError('unavailable', 'Connection terminated unexpectedly', false);

  it('logs one line when an outage starts and one when it ends, however many faults come between', () => {
    const lines: string[] = [];
    const tracker = new OutageTracker((line) => lines.push(line));
    for (let i = 0; i < 100; i += 1) tracker.fault(unavailable);
    expect(tracker.available).toBe(false);
    tracker.recovered();
    tracker.recovered();
    expect(tracker.available).toBe(true);
    expect(lines).toEqual([
      'database unavailable: Connection terminated unexpectedly; answering 503 until it is back',
      expect.stringMatching(/^database available again after \d+\.\d s$/),
    ]);
    expect(tracker.outages).toBe(1);
  });

  it('starts no outage for a busy database', () => {
    const lines: string[] = [];
    const tracker = new OutageTracker((line) => lines.push(line));
    tracker.fault(new StorageFaultError('busy', 'canceling statement due to statement timeout (57014)', false));
    expect(tracker.available).toBe(true);
    expect(lines).toEqual([]);
  });

  it('takes connections failing one by one right after an outage for the same outage', () => {
    const lines: string[] = [];
    const tracker = new OutageTracker((line) => lines.push(line));
    tracker.fault(unavailable);
    tracker.recovered();
    tracker.fault(unavailable);
    expect(tracker.available).toBe(false);
    tracker.recovered();
    expect(lines).toHaveLength(2);
    expect(tracker.outages).toBe(1);
  });

  it('ends an outage by its probe when no request comes', async () => {
    const lines: string[] = [];
    let up = false;
    const tracker = new OutageTracker(
      (line) => lines.push(line),
      () => (up ? Promise.resolve() : Promise.reject(new Error('ECONNREFUSED'))),
      5,
    );
    tracker.fault(unavailable);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(tracker.available).toBe(false);
    up = true;
    while (!tracker.available) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(lines[1]).toMatch(/^database available again/);
    tracker.close();
  });
});
