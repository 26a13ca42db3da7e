// Terminal output of the cdkws commands: colours (off with NO_COLOR or when not a terminal),
// progress for long work (a spinner on a terminal, plain lines otherwise), and token redaction.

export interface Output {
  /** Whether colours and spinners are used. */
  readonly tty: boolean;
  readonly color: boolean;
  out(text: string): void;
  err(text: string): void;
}

export function terminalOutput(stream: NodeJS.WriteStream = process.stderr): Output {
  const tty = Boolean(stream.isTTY) && process.env.TERM !== 'dumb';
  // https://no-color.org: any non-empty NO_COLOR turns colours off.
  const color = tty && !process.env.NO_COLOR;
  return {
    tty,
    color,
    out: (text) => process.stdout.write(redact(text)),
    err: (text) => process.stderr.write(redact(text)),
  };
}

const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;
export type Style = keyof typeof CODES;

export function paint(output: Pick<Output, 'color'>, style: Style, text: string): string {
  if (!output.color) return text;
  const [on, off] = CODES[style];
  return `\u001b[${on}m${text}\u001b[${off}m`;
}

/** Values that must never be printed or written: the tokens Terraform will find in the environment. */
function secrets(): string[] {
  return [process.env.CDKWS_TOKEN, process.env.TFE_TOKEN].filter((v): v is string => typeof v === 'string' && v.length >= 4);
}

/** Replaces every token value in `text` (architecture "CLI": the token never appears in summaries or logs). */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets()) out = out.split(secret).join('[redacted]');
  return out;
}

/** True when `text` holds a token value. */
export function containsSecret(text: string): boolean {
  return secrets().some((secret) => text.includes(secret));
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** What long work can tell the user while it runs. */
export interface Progress {
  /** A line of its own (above the spinner on a terminal; a plain line otherwise). */
  note(line: string): void;
  /** Where the work is, e.g. "3 of 20": shown beside the spinner on a terminal only (notes carry it in logs). */
  status(text: string): void;
}

/**
 * Runs `work` while showing `label`: a spinner with elapsed time on a terminal, or a start and an
 * end line otherwise (CI logs keep one line per step, no control characters). The end mark is ✔
 * only when `work` returns; a failure (thrown) ends with ✘.
 */
export async function withProgress<T>(output: Output, label: string, work: (note: (line: string) => void, progress: Progress) => Promise<T>): Promise<T> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let state = '';
  const draw = (frame: number) =>
    output.err(
      `\r\u001b[2K${paint(output, 'cyan', FRAMES[frame % FRAMES.length])} ${label}${state ? ` ${state}` : ''} ${paint(output, 'dim', seconds(Date.now() - started))}`,
    );
  if (output.tty) {
    let frame = 0;
    draw(frame++);
    timer = setInterval(() => draw(frame++), 100);
  } else {
    output.err(`${label}...\n`);
  }
  const finish = (ok: boolean) => {
    if (timer) clearInterval(timer);
    const mark = ok ? paint(output, 'green', '✔') : paint(output, 'red', '✘');
    const line = `${mark} ${label}${ok ? '' : ' failed'}${state ? ` (${state})` : ''} (${seconds(Date.now() - started)})\n`;
    output.err(output.tty ? `\r\u001b[2K${line}` : line);
  };
  // A line printed while the spinner runs: clear the spinner's line first; it redraws on its next tick.
  const note = (line: string) => output.err(output.tty ? `\r\u001b[2K${line}\n` : `${line}\n`);
  const progress: Progress = { note, status: (text) => (state = text) };
  try {
    const result = await work(note, progress);
    finish(true);
    return result;
  } catch (error) {
    finish(false);
    throw error;
  }
}

/** An error whose message is for the user as is (no stack trace), with the exit code to use. */
export class CliError extends Error {
  constructor(
    message: string,
    public readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A step of a command that failed (synth, policy, init, plan, show, apply): the summary names it. */
export class StepError extends CliError {
  constructor(
    public readonly step: string,
    message: string,
    /** The stack the step was for, when it was for one. */
    public readonly stackName?: string,
  ) {
    super(message);
    this.name = 'StepError';
  }
}
