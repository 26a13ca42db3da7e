// What the service writes about requests. Client errors (4xx) are the caller's business: one line
// each, no stack, and a burst of the same error becomes one line plus a count, so a misbehaving
// client cannot flood the log. Only internal errors (500: a bug) carry a stack. With the JSON
// format (pino), every request is also one JSON object; the text format adds no per-request work.
import pino, { type Logger } from 'pino';

export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** How long a burst of one client error is counted before its summary line is written. */
export const ERROR_SUMMARY_WINDOW_MS = 10_000;
/** Distinct client errors tracked at once; beyond this, new kinds are written without summarising. */
const MAX_TRACKED_ERRORS = 1_000;

/** One answered request, as the JSON format writes it. Never the token or the query string. */
export interface RequestRecord {
  requestId: string;
  method: string;
  /** The route's template (`/workspaces/:workspace_id`), never the path with its values. */
  route: string;
  status: number;
  durationMs: number;
  callerKind: string;
  /** The error's stable code, when the answer is an error. */
  code?: string;
}

interface Burst {
  firstLine: string;
  startedAt: number;
  more: number;
}

export interface RequestLogOptions {
  format: LogFormat;
  /** Text lines (the text format), e.g. to stderr. */
  write: (line: string) => void;
  /** Where JSON objects go (the JSON format; default stderr). */
  destination?: NodeJS.WritableStream;
  summaryWindowMs?: number;
}

export class RequestLog {
  readonly json: Logger | null;
  private readonly bursts = new Map<string, Burst>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly windowMs: number;

  constructor(private readonly options: RequestLogOptions) {
    this.windowMs = options.summaryWindowMs ?? ERROR_SUMMARY_WINDOW_MS;
    this.json =
      options.format === 'json'
        ? pino(
            { base: null, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } },
            options.destination ?? pino.destination(2),
          )
        : null;
  }

  /** A message that is not about one request (start-up, notifications, outages). */
  message(line: string): void {
    if (this.json) this.json.info(line);
    else this.options.write(line);
  }

  /** One answered request (JSON format only: the caller checks `json` to skip the work otherwise). */
  request(record: RequestRecord): void {
    this.json?.info(record, 'request');
  }

  /**
   * A refused request (4xx, or a deliberate 5xx such as 503): one line, no stack, summarised when
   * the same error repeats within the window. The JSON format writes nothing here: the request's
   * own object carries its status and code.
   */
  refused(method: string, route: string, status: number, code: string, detail: string | undefined): void {
    if (this.json) return;
    const key = `${status} ${code} ${method} ${route}`;
    const burst = this.bursts.get(key);
    const now = Date.now();
    if (burst && now - burst.startedAt < this.windowMs) {
      burst.more += 1;
      return;
    }
    if (burst) this.summarise(key, burst);
    const line = `answered ${status} ${code} to ${method} ${route}${detail ? `: ${escapeControls(detail.slice(0, 200))}` : ''}`;
    if (this.bursts.size < MAX_TRACKED_ERRORS) {
      this.bursts.set(key, { firstLine: line, startedAt: now, more: 0 });
      this.sweeper ??= setInterval(() => this.sweep(), this.windowMs).unref();
    }
    this.options.write(line);
  }

  /** A bug: the one kind of entry with a stack (its own lines; the text a client sent is not in a stack's frames). */
  internalError(method: string, route: string, error: unknown): void {
    const stack = (error as Error | null)?.stack ?? String(error);
    if (this.json) this.json.error({ method, route, err: error instanceof Error ? error : { message: String(error) } }, 'internal error');
    else this.options.write(`internal error on ${method} ${route}: ${stack}`);
  }

  /** Writes the summaries still pending (on shutdown) and stops the sweeper. */
  close(): void {
    for (const [key, burst] of this.bursts) this.summarise(key, burst);
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.json?.flush();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, burst] of this.bursts) if (now - burst.startedAt >= this.windowMs) this.summarise(key, burst);
    if (this.bursts.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  private summarise(key: string, burst: Burst): void {
    this.bursts.delete(key);
    if (burst.more === 0) return;
    const seconds = this.windowMs / 1000;
    this.options.write(`${burst.firstLine} … and ${burst.more} more like it in the last ${seconds} s`);
  }
}

/**
 * A refusal's detail may quote what the client sent (a name, a path): its line breaks and other
 * control characters are written escaped, so a client cannot start a forged line of the log.
 */
export function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
