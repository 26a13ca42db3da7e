// Database faults are outages, not crashes: the errors of either driver that say "the database
// cannot do this now" become one StorageFaultError, which the HTTP layer answers 503 with
// Retry-After. The outage they start is logged once when it begins and once when it ends.

/**
 * `unavailable`: the database cannot be reached or cannot write (restart, stop, lost connection,
 * read-only or full file); `busy`: it answers, but not in time (pool exhausted, statement timeout,
 * lock wait, another process holding the SQLite write lock).
 */
export type StorageFaultKind = 'unavailable' | 'busy';

export class StorageFaultError extends Error {
  constructor(
    readonly kind: StorageFaultKind,
    /** One line naming the cause, safe to log and to answer (no SQL, no credentials). */
    readonly reason: string,
    /**
     * The failing statement was a commit (or a write outside a transaction) whose outcome the
     * database never confirmed: it may have taken effect.
     */
    readonly mayHaveCommitted: boolean,
    options?: { cause?: unknown },
  ) {
    super(`database ${kind}: ${reason}`, options);
    this.name = 'StorageFaultError';
  }
}

interface DriverError {
  code?: unknown;
  message?: unknown;
}

/** SQLSTATE classes and codes meaning "not now" rather than "this request is wrong". */
const PG_UNAVAILABLE_CLASSES = ['08', '53', '58'];
const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57P04', '25006']);
/** 57014: statement timeout (or our own cancel); 55P03: lock_timeout; 53300 is "too many connections". */
const PG_BUSY_CODES = new Set(['57014', '55P03', '53300']);
/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
/** pg's own words for a connection that is gone (it gives these errors no code). */
const PG_CONNECTION_WORDS =
  /connection terminated|not queryable|connection error|timeout exceeded when trying to connect|terminating connection|server closed the connection|query read timeout/i;

/** The fault kind of a pg error, or undefined for an error that is the request's own. */
export function postgresFaultKind(error: unknown): StorageFaultKind | undefined {
  const { code, message } = (error ?? {}) as DriverError;
  if (typeof code === 'string') {
    if (PG_BUSY_CODES.has(code)) return 'busy';
    if (PG_UNAVAILABLE_CODES.has(code) || PG_UNAVAILABLE_CLASSES.includes(code.slice(0, 2)) || SOCKET_CODES.has(code)) return 'unavailable';
  }
  if (typeof message === 'string' && PG_CONNECTION_WORDS.test(message)) return 'unavailable';
  return undefined;
}

/** The fault kind of a better-sqlite3 error (codes are SQLITE_<primary>[_<extended>]). */
export function sqliteFaultKind(error: unknown): StorageFaultKind | undefined {
  const { code } = (error ?? {}) as DriverError;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  const primary = code.split('_')[1];
  if (primary === 'BUSY' || primary === 'LOCKED') return 'busy';
  if (['READONLY', 'FULL', 'IOERR', 'CANTOPEN', 'PROTOCOL', 'NOLFS', 'NOMEM'].includes(primary)) return 'unavailable';
  return undefined;
}

/** A short cause for the log and the answer: the driver's code and first line, bounded. */
export function describeFault(error: unknown): string {
  const { code, message } = (error ?? {}) as DriverError;
  const text = typeof message === 'string' ? message.split('\n')[0].slice(0, 200) : String(error).slice(0, 200);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}

/** What a metrics endpoint or readiness probe reads: the storage's state now. */
export interface StorageHealth {
  /** False from the first connection-class fault until the database answers again. */
  available: boolean;
  /** Outages since the store opened. */
  outages: number;
  /** PostgreSQL only: the connection pool. */
  pool?: { size: number; inUse: number; idle: number; waiting: number };
}

/**
 * The outage state of one store. `fault` starts an outage (one log line), `recovered` ends it (one
 * log line with its length); every fault in between is silent, so an outage under load writes two
 * lines, not one a request. `probe`, when given, is tried every `probeMs` during an outage, so the
 * end is noticed (and logged) even when no request arrives.
 */
export class OutageTracker {
  /** A fault this soon after an outage ended belongs to it (connections dying one by one), not to a new one. */
  static readonly SETTLE_MS = 2_000;
  private downSince: number | undefined;
  private endedAt = Number.NEGATIVE_INFINITY;
  /** The outage resumed within SETTLE_MS: its end was logged already. */
  private resumed = false;
  private outageCount = 0;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly log: (line: string) => void,
    private readonly probe?: () => Promise<unknown>,
    private readonly probeMs = 250,
  ) {}

  get available(): boolean {
    return this.downSince === undefined;
  }

  get outages(): number {
    return this.outageCount;
  }

  fault(fault: StorageFaultError): void {
    if (fault.kind !== 'unavailable' || this.downSince !== undefined || this.closed) return;
    this.downSince = Date.now();
    this.resumed = this.downSince - this.endedAt < OutageTracker.SETTLE_MS;
    if (!this.resumed) {
      this.outageCount += 1;
      this.log(`database unavailable: ${fault.reason}; answering 503 until it is back`);
    }
    this.scheduleProbe();
  }

  recovered(): void {
    if (this.downSince === undefined) return;
    const ms = Date.now() - this.downSince;
    this.downSince = undefined;
    this.endedAt = Date.now();
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    if (!this.resumed) this.log(`database available again after ${(ms / 1000).toFixed(1)} s`);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.probeTimer);
  }

  private scheduleProbe(): void {
    if (!this.probe || this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.probe!().then(
        () => this.recovered(),
        () => {
          if (this.downSince !== undefined) this.scheduleProbe();
        },
      );
    }, this.probeMs);
    // The probe never keeps a stopping process alive.
    this.probeTimer.unref();
  }
}
